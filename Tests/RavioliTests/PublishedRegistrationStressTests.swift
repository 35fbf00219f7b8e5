import Dispatch
import Foundation
import Ravioli
import Testing

/// Reads one service through `@Injected`, which reads what the container publishes, as
/// `resolve()` does, but through the wrapper's own door (its container given, the enclosing
/// object passed as the request's parameter).
private final class TableReader {
  @Injected var service: Service

  init(container: Container) {
    _service = Injected(.capturingContainerOnInit(from: container))
  }
}

/// Threads that check on request that what `resolve()` and `@Injected` find without a lock
/// agrees with what a request with a parameter finds in the container's table, under its
/// lock (the container has no parametrized resolver, so the plain one answers).
// `container` is only touched under `lock`; the threads and semaphores are set up in `init`.
private final class CheckingThreads: @unchecked Sendable {
  private let lock = NSLock()
  private var container: Container?
  private let requests: [DispatchSemaphore]
  private let answers = DispatchSemaphore(value: 0)
  let disagreements = Counter()
  private let stopping = Counter()

  /// Starts `count` threads, one after another, each resolving once before it waits.
  init(count: Int) {
    requests = (0..<count).map { _ in DispatchSemaphore(value: 0) }
    let started = Counter()
    for (index, request) in requests.enumerated() {
      Thread { [self] in
        let warmUp = Container()
        warmUp.register { () -> Int in 0 }
        _ = try? warmUp.resolve() as Int
        started.increment()
        while true {
          request.wait()
          if stopping.value > 0 { return }
          check()
          answers.signal()
        }
      }.start()
      _ = wait(until: started, reaches: index + 1)
    }
  }

  /// Has every thread check `container`, and waits for them (a thread that does not answer
  /// within five seconds counts as disagreeing).
  func check(_ container: Container) {
    lock.withLock { self.container = container }
    for request in requests { request.signal() }
    for _ in requests where answers.wait(timeout: .now() + 5) == .timedOut {
      disagreements.increment()
    }
  }

  func stop() {
    stopping.increment()
    for request in requests { request.signal() }
  }

  private func check() {
    guard let container = lock.withLock({ self.container }) else { return }
    let published = (try? container.resolve() as Service)?.id
    let fromTable = (try? container.resolve(parameter: 0) as Service)?.id
    let injected = TableReader(container: container).service.id
    if published == nil || published != fromTable || fromTable != injected {
      disagreements.increment()
    }
  }
}

extension GlobalStateTests {
  /// Under `GlobalStateTests` because it installs a logger: the replacements it makes are
  /// counted instead of printed.
  @Suite final class PublishedRegistrationStressTests {
    init() {
      Container.logger = CountingLogger()
    }

    deinit {
      Container.logger = StandardErrorLogger()
    }

    /// Registering writes, under the container's lock, both the table and what is published
    /// for reading without a lock: `resolve()` and `@Injected` read what is published, a
    /// request with a parameter reads the table. After threads race to register one key, all
    /// three agree on every thread.
    @Test func afterRacingRegistrationsEveryThreadAgreesWithTheTable() {
      let readers = CheckingThreads(count: 12)
      defer { readers.stop() }
      for round in 0..<1_000 {
        let container = Container()
        DispatchQueue.concurrentPerform(iterations: 4) { index in
          container.register { () -> Service in Service(id: round * 100 + index) }
        }
        readers.check(container)
      }
      #expect(readers.disagreements.value == 0)
    }
  }
}

/// Threads that resolve without a lock while another replaces, removes and grows what they
/// read: every value they get is one that was registered, and nothing that the writer took
/// away outlives the resolutions that were running it.
@Suite struct ReadWhileWritingStressTests {
  @Test func readersGetRegisteredValuesAndReplacedResolversAreReleased() {
    let container = Container(name: "read-and-write")
    container.register { () -> Service in Service(id: 0) }
    container.register(scope: .singleton) { Journal() }
    let failures = Counter()
    let strays = Counter()
    var captures: [WeakReference<Journal>] = []
    let readersRan = reading(
      {
        guard let service = try? container.resolve() as Service,
          (try? container.resolve() as Journal) != nil
        else {
          failures.increment()
          return
        }
        if abs(service.id) > 300 {
          strays.increment()
        }
      },
      whileRunning: {
        for round in 1...300 {
          // Captured by a resolver, and never handed to a reader.
          let captured = WeakReference<Journal>()
          do {
            let token = Journal()
            captured.object = token
            container.register(replacing: true) { () -> Service in
              withExtendedLifetime(token) { Service(id: round) }
            }
            // Many keys, so that the table grows while it is read.
            container.register(alternative: RegistrationAlternative("grow-\(round)")) {
              Service()
            }
            container.reset()
            container.register(replacing: true) { () -> Service in Service(id: -round) }
            // Replaced again at once: the first closure, which holds `token`, is out of reach.
            container.register(replacing: true) { () -> Service in Service(id: round) }
          }
          captures.append(captured)
        }
      })
    #expect(readersRan)
    // A reader that was running a replaced resolver kept it until it returned; none does now.
    #expect(captures.allSatisfy(isReleasedSoon))
    #expect(failures.value == 0)
    #expect(strays.value == 0)
  }
}

/// Threads that probe the published table past other keys' registrations, which they compare
/// their key with, while another removes, adds back, replaces and clears those keys: every
/// value a reader gets is one of its own key's, as a `Service` and as a `Service?`.
@Suite struct ProbingWhileRemovingStressTests {
  @Test func readersProbingPastChangingKeysGetOnlyTheirOwnKeysValues() {
    let container = Container(name: "probing")
    let alternatives = (0..<48).map { RegistrationAlternative("probed-\($0)") }
    func register(_ key: Int, round: Int, replacing: Bool = false) {
      container.register(alternative: alternatives[key], replacing: replacing) {
        () -> Service in Service(id: round * 1_000 + key)
      }
    }
    for key in alternatives.indices {
      register(key, round: 0)
    }
    let mismatches = Counter()
    let found = Counter()
    let readersRan = reading(
      on: 2,
      {
        let key = Int.random(in: 0..<alternatives.count)
        let service = try? container.resolve(alternative: alternatives[key]) as Service
        let optional = (try? container.resolve(alternative: alternatives[key]) as Service?) ?? nil
        for value in [service, optional].compactMap({ $0 }) {
          found.increment()
          if value.id % 1_000 != key {
            mismatches.increment()
          }
        }
      },
      whileRunning: {
        for round in 1...3_000 {
          // A removal leaves a marker that probes step over; adding back takes a new slot,
          // so the table also grows.
          let removed = round % alternatives.count
          container.removeRegistration(of: Service.self, alternative: alternatives[removed])
          register(removed, round: round)
          register((round * 7) % alternatives.count, round: round, replacing: true)
          if round % 500 == 0 {
            container.removeAllRegistrations()
            for key in alternatives.indices {
              register(key, round: round)
            }
          }
        }
      })
    #expect(readersRan)
    #expect(found.value > 0)
    #expect(mismatches.value == 0)
  }
}
