import Ravioli
import Testing

// Releasing a resolver, a policy or a logger may run a `deinit` that comes back into Ravioli.
// None of them is released while a lock is held, so these finish instead of deadlocking.

/// Asks Ravioli something when it is released, and counts that it did.
private final class CallsBackOnRelease: Sendable {
  let container: Container
  let released: Counter

  init(container: Container, released: Counter) {
    self.container = container
    self.released = released
  }

  deinit {
    _ = container.isResolvable(Service.self)
    _ = Container.lookupPolicy
    _ = Container.logger
    released.increment()
  }
}

private struct HoldingPolicy: ContainerLookupPolicy {
  let held: CallsBackOnRelease

  func container<EnclosingType>(
    for instance: EnclosingType, file: StaticString, function: String, line: UInt
  ) -> Container? { held.container }
}

private struct HoldingLogger: RavioliLogger {
  let held: CallsBackOnRelease

  func log(
    _ message: @autoclosure () -> String, level: RavioliLoggingLevel,
    file: StaticString, function: String, line: UInt
  ) {}

  func die(_ message: String, file: StaticString, function: String, line: UInt) -> Never {
    fatalError(message)
  }
}

@Suite struct ReentrancyTests {
  @Test func removingRegistrationsReleasesResolversOutsideTheLock() {
    let container = Container()
    let released = Counter()
    do {
      let held = CallsBackOnRelease(container: container, released: released)
      container.register { () -> CallsBackOnRelease in held }
    }

    container.removeAllRegistrations()

    #expect(released.value == 1)
  }

  @Test func replacingARegistrationReleasesTheOldResolverOutsideTheLock() {
    let container = Container()
    let released = Counter()
    do {
      let held = CallsBackOnRelease(container: container, released: released)
      container.register { () -> CallsBackOnRelease in held }
    }

    container.register(replacing: true) { () -> CallsBackOnRelease in
      CallsBackOnRelease(container: Container(), released: Counter())
    }

    #expect(released.value == 1)
  }
}

extension GlobalStateTests {
  @Suite struct GlobalReentrancyTests {
    @Test func replacingThePolicyReleasesTheOldOneOutsideTheLock() {
      let released = Counter()
      Container.lookupPolicy = HoldingPolicy(
        held: CallsBackOnRelease(container: Container(), released: released))

      Container.lookupPolicy = nil

      #expect(released.value == 1)
    }

    @Test func replacingTheLoggerReleasesTheOldOneOutsideTheLock() {
      let released = Counter()
      Container.logger = HoldingLogger(
        held: CallsBackOnRelease(container: Container(), released: released))

      Container.logger = StandardErrorLogger()

      #expect(released.value == 1)
    }
  }
}
