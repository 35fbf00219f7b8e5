import Dispatch
import Foundation
import Ravioli
import Testing

// These suites run under ThreadSanitizer in CI (`swift test --sanitize=thread --filter Stress`).
// Each asserts the results too, so a lost update or a torn read fails even without it.

private let threads = 8
private let operationsPerThread = 2_000

extension GlobalStateTests {
  /// Under `GlobalStateTests` because it installs a logger: the tens of thousands of
  /// replacements it makes are counted instead of printed.
  @Suite final class ContainerStressTests {
    let logger = CountingLogger()

    init() {
      Container.logger = logger
    }

    deinit {
      Container.logger = StandardErrorLogger()
    }

    @Test func registeringAndResolvingFromManyThreads() throws {
      let root = Container(name: "root")
      let app = Container(parent: root, name: "app")
      root.register { () -> Greeter in EnglishGreeter() }
      app.register { () -> Service in Service(id: 1) }
      let failures = Counter()

      DispatchQueue.concurrentPerform(iterations: threads) { thread in
        let mine = RegistrationAlternative("thread-\(thread)")
        for operation in 0..<operationsPerThread {
          app.register(alternative: mine) { () -> Service in Service(id: operation) }
          let shared = RegistrationAlternative("shared-\(operation % 16)")
          app.register(alternative: shared) { () -> Service in Service(id: thread) }

          let stable: Service? = try? app.resolve()
          let own: Service? = try? app.resolve(alternative: mine)
          let greeter: Greeter? = try? app.resolve()
          let contended: Service? = try? app.resolve(alternative: shared)
          if stable?.id != 1 || own?.id != operation || greeter == nil || contended == nil
            || !app.isResolvable(Service.self, alternative: shared)
          {
            failures.increment()
          }
          if operation % 100 == 0 {
            let session = Container(parent: app)
            session.register { () -> Greeter in FrenchGreeter() }
            let french: Greeter? = try? session.resolve()
            if french?.greet() != "Bonjour" { failures.increment() }
            session.removeAllRegistrations()
          }
        }
      }

      #expect(failures.value == 0)
      // Each thread's own key is new once, then replaced; the 16 shared keys are new once each.
      let replacements = threads * (operationsPerThread - 1) + (threads * operationsPerThread - 16)
      #expect(logger.count(of: .warning) == replacements)
    }

    @Test func everyThreadSeesTheSameWinnerOfConcurrentRegistrations() {
      for round in 0..<50 {
        let container = Container()
        DispatchQueue.concurrentPerform(iterations: 8) { index in
          container.register { () -> Service in Service(id: round * 100 + index) }
        }
        let winner: Service? = try? container.resolve()
        let agreeing = Counter()
        let finished = Counter()
        // Threads of their own, so that the reads spread over the look-up shards.
        for _ in 0..<6 {
          Thread {
            if let seen: Service = try? container.resolve(), seen.id == winner?.id {
              agreeing.increment()
            }
            finished.increment()
          }.start()
        }
        #expect(wait(until: finished, reaches: 6))
        #expect(agreeing.value == 6)
      }
    }

    @Test func nestedResolutionOnManyThreadsIsNeverMistakenForACycle() throws {
      let container = Container()
      container.register { () -> Service in Service(id: 7) }
      container.register { [unowned container] () -> String in
        let service: Service = try container.resolve()
        return "service \(service.id)"
      }
      container.register { [unowned container] () -> [String] in
        [try container.resolve(), try container.resolve()]
      }
      let failures = Counter()

      DispatchQueue.concurrentPerform(iterations: threads) { _ in
        for _ in 0..<operationsPerThread {
          do {
            let values: [String] = try container.resolve()
            if values != ["service 7", "service 7"] { failures.increment() }
          } catch {
            failures.increment()
          }
        }
      }

      #expect(failures.value == 0)
    }

    @Test func cyclesAreReportedOnEveryThread() {
      let container = Container()
      container.register { [unowned container] () -> Service in try container.resolve() }
      let cycles = Counter()

      DispatchQueue.concurrentPerform(iterations: threads) { _ in
        for _ in 0..<operationsPerThread / 10 {
          do throws(ResolutionError) {
            let _: Service = try container.resolve()
          } catch {
            if case .cycle(let path) = error.reason, path == ["Service", "Service"] {
              cycles.increment()
            }
          }
        }
      }

      #expect(cycles.value == threads * operationsPerThread / 10)
    }
  }
}

private final class StressScreen {
  @Injected(.lazily) var service: Service
  @InjectedWeakly(.lazily) var delegate: Delegate?
}

extension GlobalStateTests {
  @Suite struct InjectionStressTests {
    @Test func policyLoggerAndInjectionFromManyThreads() {
      let delegate = SampleDelegate()
      let containers = (0..<4).map { index in
        let container = Container(name: "stress-\(index)")
        container.register { () -> Service in Service(id: index) }
        container.register { () -> Delegate in delegate }
        return container
      }
      Container.lookupPolicy = .singleton(containers[0])
      let failures = Counter()
      let counting = CountingLogger()

      DispatchQueue.concurrentPerform(iterations: threads) { thread in
        for operation in 0..<operationsPerThread {
          if operation % 50 == 0 {
            Container.lookupPolicy = .singleton(containers[(thread + operation) % containers.count])
            Container.logger = operation % 100 == 0 ? SilentLogger() : counting
          }
          // Registering logs through whichever logger is in force at that moment.
          Container(name: "scratch").register { () -> Int in operation }
          let screen = StressScreen()
          if !(0..<containers.count).contains(screen.service.id) || screen.delegate !== delegate {
            failures.increment()
          }
        }
      }
      Container.logger = StandardErrorLogger()
      Container.lookupPolicy = nil

      #expect(failures.value == 0)
      #expect(counting.count(of: .debug) > 0)
    }
  }
}

/// A class whose lazy property is given its container, read at once.
private final class LazilyGivenScreen {
  @Injected var service: Service

  init(from container: Container) {
    _service = Injected(.capturingContainerOnInit(from: container))
  }
}

@Suite struct GivenContainerStressTests {
  /// Threads make, all at once, the first objects whose properties are given a new
  /// container: one source is kept for the container, whichever thread made it, every
  /// property resolves from the container, and the container is released at the end.
  @Test func propertiesGivenANewContainerOnManyThreadsAtOnce() {
    let failures = Counter()
    let released = (0..<50).map { round in
      let container = Container(name: "given-\(round)")
      container.register { () -> Service in Service(id: round) }
      DispatchQueue.concurrentPerform(iterations: threads) { _ in
        for _ in 0..<20 where LazilyGivenScreen(from: container).service.id != round {
          failures.increment()
        }
      }
      let reference = WeakReference<Container>()
      reference.object = container
      return reference
    }
    #expect(failures.value == 0)
    #expect(released.filter { $0.object != nil }.count == 0)
  }
}
