import Dispatch
import Foundation
import Ravioli
import Testing

// A registration that is replaced or removed while its resolver runs stays alive, with what
// its resolver captured, until the resolver returns; then it is released, by the thread that
// ran it. Resolution does not retain the registration it runs: its thread protects it (see
// `ReadSections`), and the writer keeps what a thread protects.

/// What a resolver captures, watched through a weak reference.
private final class Token: Sendable {}

/// A `Service` resolver, registered with `id`, that another thread resolves and stays inside
/// until let go; what the resolver captures is watched through `captured`.
private struct ParkedResolver {
  let captured = WeakReference<Token>()
  /// How many times the thread's resolution returned the service of `id`.
  let resolved = Counter()
  private let proceed = DispatchSemaphore(value: 0)
  private let finished = DispatchSemaphore(value: 0)

  /// Registers the resolver in `container` and returns once the thread is inside it.
  init(id: Int, in container: Container, replacing: Bool = false) throws {
    let started = DispatchSemaphore(value: 0)
    let (proceed, finished, resolved) = (self.proceed, self.finished, self.resolved)
    do {
      let token = Token()
      captured.object = token
      container.register(replacing: replacing) { () -> Service in
        started.signal()
        _ = proceed.wait(timeout: .now() + 10)
        return withExtendedLifetime(token) { Service(id: id) }
      }
    }
    Thread {
      if (try? container.resolve() as Service)?.id == id {
        resolved.increment()
      }
      finished.signal()
    }.start()
    try #require(started.wait(timeout: .now() + 10) == .success)
  }

  /// Lets the thread return from the resolver, and waits until it has.
  func letGo() throws {
    proceed.signal()
    try #require(finished.wait(timeout: .now() + 10) == .success)
  }
}

/// How a test takes a registration out of its container.
enum TakingAway: String, CaseIterable, CustomTestStringConvertible {
  case replacing
  case removing
  case removingAll

  var testDescription: String { rawValue }

  func takeAway(_ alternative: RegistrationAlternative?, from container: Container) {
    switch self {
    case .replacing:
      container.register(alternative: alternative, replacing: true) { Service(id: -1) }
    case .removing:
      container.removeRegistration(of: Service.self, alternative: alternative)
    case .removingAll:
      container.removeAllRegistrations()
    }
  }
}

@Suite struct RunningRegistrationTests {
  @Test(arguments: TakingAway.allCases)
  func aResolverTakenAwayWhileItRunsKeepsWhatItCapturedUntilItReturns(
    taking: TakingAway
  ) throws {
    let container = Container(name: "running")
    let captured = WeakReference<Token>()
    let aliveAfterTakingAway = Counter()
    do {
      let token = Token()
      captured.object = token
      container.register { [unowned container] () -> Service in
        taking.takeAway(nil, from: container)
        if captured.object != nil {
          aliveAfterTakingAway.increment()
        }
        return withExtendedLifetime(token) { Service(id: 1) }
      }
    }

    let service: Service = try container.resolve()

    #expect(service.id == 1)
    #expect(aliveAfterTakingAway.value == 1)
    #expect(isReleasedSoon(captured))
  }

  /// Resolutions nested deeper than a thread's first levels, and than its frames' first
  /// buffer: the innermost takes away two of the registrations that are running, each of
  /// which is released when its own resolver returns.
  @Test func registrationsTakenAwayDeepInANestedResolutionAreReleasedLevelByLevel() throws {
    let container = Container(name: "deep")
    let depth = 40
    let outer = WeakReference<Token>()
    let middle = WeakReference<Token>()
    let checks = Counter()
    @Sendable func level(_ index: Int) -> RegistrationAlternative {
      RegistrationAlternative("level-\(index)")
    }
    for index in 0..<depth {
      let token = Token()
      if index == 0 { outer.object = token }
      if index == 20 { middle.object = token }
      container.register(alternative: level(index)) { [unowned container] () -> Service in
        if index == depth - 1 {
          container.register(alternative: level(0), replacing: true) { Service(id: -1) }
          container.register(alternative: level(20), replacing: true) { Service(id: -1) }
          if outer.object != nil && middle.object != nil {
            checks.increment()
          }
          return withExtendedLifetime(token) { Service(id: index) }
        }
        let inner: Service = try container.resolve(alternative: level(index + 1))
        if index == 19 && isReleasedSoon(middle) && outer.object != nil {
          checks.increment()
        }
        return withExtendedLifetime(token) { Service(id: inner.id) }
      }
    }

    let service: Service = try container.resolve(alternative: level(0))

    #expect(service.id == depth - 1)
    #expect(checks.value == 2)
    #expect(isReleasedSoon(outer))
    #expect(isReleasedSoon(middle))
    #expect(try (container.resolve(alternative: level(0)) as Service).id == -1)
  }

  @Test func aResolverReplacedWhileItRunsOnAnotherThreadIsReleasedWhenItReturns() throws {
    let container = Container(name: "running-elsewhere")
    let parked = try ParkedResolver(id: 1, in: container)

    container.register(replacing: true) { Service(id: 2) }

    // The other thread is still running the replaced resolver.
    #expect(parked.captured.object != nil)
    #expect(try (container.resolve() as Service).id == 2)
    try parked.letGo()
    #expect(parked.resolved.value == 1)
    #expect(isReleasedSoon(parked.captured))
  }

  /// Registrations made while a thread runs a resolver grow the container's slots, and the
  /// outgrown slots hand the running registration to the writers as their own reference:
  /// replaced after that, it is still counted once for the thread, kept while the thread runs
  /// it, and released when the thread returns; the thread then runs it again, and a later
  /// replacement is released as soon as that run ends.
  @Test func aResolverRunningThroughAGrowthAndAReplacementIsReleasedWhenItReturns() throws {
    let container = Container(name: "growing-while-running")
    let first = try ParkedResolver(id: 1, in: container)
    for index in 0..<64 {
      container.register(alternative: RegistrationAlternative("filler-\(index)")) {
        Service(id: index)
      }
    }
    #expect(first.captured.object != nil)
    container.register(replacing: true) { Service(id: 2) }
    #expect(first.captured.object != nil)
    try first.letGo()
    #expect(first.resolved.value == 1)
    #expect(isReleasedSoon(first.captured))

    // The thread left nothing noted: another run and replacement release as they should.
    let second = try ParkedResolver(id: 3, in: container, replacing: true)
    container.register(replacing: true) { Service(id: 4) }
    #expect(second.captured.object != nil)
    try second.letGo()
    #expect(second.resolved.value == 1)
    #expect(isReleasedSoon(second.captured))
    #expect(try (container.resolve() as Service).id == 4)
  }

  /// Threads that run resolvers while another replaces and removes them: every resolver
  /// that was taken away, and what it captured, is released once no thread runs it.
  @Test func resolversTakenAwayWhileThreadsRunThemAreReleasedOnceTheyAreDone() {
    let container = Container(name: "running-stress")
    container.register { Service(id: 0) }
    let failures = Counter()
    var captures: [WeakReference<Token>] = []
    let readersRan = reading(
      {
        guard let service = try? container.resolve() as Service else {
          // Between a removal and the next registration.
          return
        }
        if service.id < 0 {
          failures.increment()
        }
      },
      whileRunning: {
        for round in 1...400 {
          let captured = WeakReference<Token>()
          do {
            let token = Token()
            captured.object = token
            container.register(replacing: true) { () -> Service in
              withExtendedLifetime(token) {
                // Long enough for the writer to take it away while threads run it.
                var id = round
                for step in 0..<50 { id = id &+ step &- step }
                return Service(id: id)
              }
            }
          }
          captures.append(captured)
          if round % 10 == 0 {
            container.removeRegistration(of: Service.self)
            container.register { Service(id: 0) }
          }
        }
        container.removeAllRegistrations()
      })
    #expect(readersRan)
    #expect(failures.value == 0)
    #expect(captures.allSatisfy(isReleasedSoon))
  }
}
