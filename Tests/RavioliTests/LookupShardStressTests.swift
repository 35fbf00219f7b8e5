import Dispatch
import Foundation
import Ravioli
import Testing

/// Reads one service through `@Injected`, which looks registrations up in the container's table.
private final class ShardReader {
  @Injected var service: Service

  init(container: Container) {
    _service = Injected(.capturingContainerOnInit(from: container))
  }
}

/// Threads that each read one look-up shard, and check on request that what they resolve
/// agrees with the container's table.
// `container` is only touched under `lock`; the threads and semaphores are set up in `init`.
private final class ShardReaders: @unchecked Sendable {
  private let lock = NSLock()
  private var container: Container?
  private let requests: [DispatchSemaphore]
  private let answers = DispatchSemaphore(value: 0)
  let disagreements = Counter()
  private let stopping = Counter()

  /// Starts `count` threads, one after another: a thread's shard is given, in turn, when it
  /// first resolves, so a few more threads than shards cover every shard.
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
    let fromShard = (try? container.resolve() as Service)?.id
    let fromTable = (container.resolveIfRegistered() as Service?)?.id
    let injected = ShardReader(container: container).service.id
    if fromShard == nil || fromShard != fromTable || fromTable != injected {
      disagreements.increment()
    }
  }
}

extension GlobalStateTests {
  /// Under `GlobalStateTests` because it installs a logger: the replacements it makes are
  /// counted instead of printed.
  @Suite final class LookupShardStressTests {
    init() {
      Container.logger = CountingLogger()
    }

    deinit {
      Container.logger = StandardErrorLogger()
    }

    /// Registering writes the table and every look-up shard; `resolve()` reads the calling
    /// thread's shard, `resolveIfRegistered()` and `@Injected` read the table. After threads
    /// race to register one key, all three agree on every shard.
    @Test func afterRacingRegistrationsEveryShardAgreesWithTheTable() {
      let readers = ShardReaders(count: 12)
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
