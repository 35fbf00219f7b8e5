import Foundation
import Ravioli
import Testing

// Resets, replacements and removals race the creations of kept instances that need each
// other, and both promises hold together: a reset keeps nothing made from what it dropped,
// and a singleton registration's resolver runs once, again only after a reset of singletons
// (at most once for each). CI runs it five times in a release build, and under
// ThreadSanitizer and AddressSanitizer.

/// Tags that give the singleton pair and the cached pair types of their own.
private enum SingletonPair {}
private enum CachedPair {}

private final class Dependency<Pair>: Sendable {
  let registration: Int
  init(registration: Int) { self.registration = registration }
}

private final class User<Pair>: Sendable {
  let registration: Int
  let dependency: Dependency<Pair>?
  init(registration: Int, dependency: Dependency<Pair>?) {
    self.registration = registration
    self.dependency = dependency
  }
}

/// The singleton registrations of a run, how often each ran, and the resets that may make
/// one run again.
// `issued`, `runs`, `finishedBefore` and `tooOften` are only touched under `lock`.
private final class RunLedger: @unchecked Sendable {
  private let lock = NSLock()
  private var issued = 0
  /// Singleton registration → how many times its resolver ran.
  private var runs: [Int: Int] = [:]
  /// Singleton registration → resets of singletons finished before it was registered.
  private var finishedBefore: [Int: Int] = [:]
  /// Resets of singletons (or of every scope), counted before they start and after they end.
  let singletonResetsStarted = Counter()
  let singletonResetsFinished = Counter()

  func newRegistration(singleton: Bool) -> Int {
    lock.withLock {
      issued += 1
      if singleton { finishedBefore[issued] = singletonResetsFinished.value }
      return issued
    }
  }

  func ran(_ registration: Int) {
    lock.withLock { runs[registration, default: 0] += 1 }
  }

  /// Singleton registrations whose resolver ran more often than once plus the resets of
  /// singletons begun while they were registered: registration, runs, resets.
  private var tooOften: [(registration: Int, runs: Int, resets: Int)] = []

  /// Ends a round, after which nothing resolves its registrations: checks its singleton
  /// registrations against the resets of singletons begun until now, and forgets them.
  func endRound() {
    let started = singletonResetsStarted.value
    lock.withLock {
      for (registration, finished) in finishedBefore {
        let runs = runs[registration, default: 0]
        if runs > 1 + started - finished {
          tooOften.append((registration, runs, started - finished))
        }
      }
      finishedBefore = [:]
    }
  }

  var ranTooOften: [(registration: Int, runs: Int, resets: Int)] { lock.withLock { tooOften } }
}

/// Registers, replacing, a dependency and a user of `scope` that resolves it.
private func registerPair<Pair>(
  _: Pair.Type, scope: Scope, in container: Container, ledger: RunLedger
) {
  registerDependency(Pair.self, scope: scope, in: container, ledger: ledger)
  registerUser(Pair.self, scope: scope, in: container, ledger: ledger)
}

private func registerDependency<Pair>(
  _: Pair.Type, scope: Scope, in container: Container, ledger: RunLedger
) {
  let registration = ledger.newRegistration(singleton: scope == .singleton)
  container.register(scope: RegistrationScope(scope), replacing: true) { () -> Dependency<Pair> in
    ledger.ran(registration)
    return Dependency(registration: registration)
  }
}

private func registerUser<Pair>(
  _: Pair.Type, scope: Scope, in container: Container, ledger: RunLedger
) {
  let registration = ledger.newRegistration(singleton: scope == .singleton)
  container.register(scope: RegistrationScope(scope), replacing: true) {
    [unowned container] () -> User<Pair> in
    ledger.ran(registration)
    return User(registration: registration, dependency: container.resolveIfRegistered())
  }
}

/// Whether the kept user of `Pair` holds a dependency that its registration no longer keeps:
/// made before a reset that dropped it, and kept after. A user made from a registration that
/// was replaced since may hold what that one made.
private func keptUserHoldsADroppedDependency<Pair>(_: Pair.Type, in container: Container) -> Bool {
  guard let user = container.resolveIfRegistered() as User<Pair>?,
    let held = user.dependency,
    let kept = container.resolveIfRegistered() as Dependency<Pair>?,
    held.registration == kept.registration
  else { return false }
  return held !== kept
}

extension GlobalStateTests {
  /// Under `GlobalStateTests` because it installs a logger: the replacements and resets are
  /// counted instead of printed.
  @Suite final class SingletonResetStressTests {
    private let logger = CountingLogger()

    init() {
      Container.logger = logger
    }

    deinit {
      Container.logger = StandardErrorLogger()
    }

    /// In each of 80 rounds, for 25 ms: two threads resolve the users, one resets (mostly the
    /// cached scope, now and then singletons or everything), one replaces the registrations
    /// and now and then removes one and registers it again. Then, with nothing running, each
    /// kept user holds the dependency that is kept, unless that was replaced.
    @Test func resetsReplacementsAndRemovalsRacingCreations() {
      let ledger = RunLedger()
      var droppedButHeld = 0
      for _ in 0..<80 {
        let container = Container(name: "resets")
        registerPair(SingletonPair.self, scope: .singleton, in: container, ledger: ledger)
        registerPair(CachedPair.self, scope: .cached, in: container, ledger: ledger)
        let deadline = Date().addingTimeInterval(0.025)
        onThreads(4) { thread in
          var step = 0
          while Date() < deadline {
            step += 1
            switch thread {
            case 0, 1:
              _ = container.resolveIfRegistered() as User<SingletonPair>?
              _ = container.resolveIfRegistered() as User<CachedPair>?
            case 2:
              let resetsSingletons = step % 16 == 0
              if resetsSingletons { ledger.singletonResetsStarted.increment() }
              container.reset(resetsSingletons ? (step % 64 == 0 ? nil : .singleton) : .cached)
              if resetsSingletons { ledger.singletonResetsFinished.increment() }
            default:
              switch step % 4 {
              case 0:
                registerDependency(
                  SingletonPair.self, scope: .singleton, in: container, ledger: ledger)
              case 1:
                registerUser(SingletonPair.self, scope: .singleton, in: container, ledger: ledger)
              case 2:
                registerDependency(CachedPair.self, scope: .cached, in: container, ledger: ledger)
              default: registerUser(CachedPair.self, scope: .cached, in: container, ledger: ledger)
              }
              if step % 13 == 0 {
                container.removeRegistration(of: Dependency<SingletonPair>.self)
                container.removeRegistration(of: User<CachedPair>.self)
                registerPair(SingletonPair.self, scope: .singleton, in: container, ledger: ledger)
                registerPair(CachedPair.self, scope: .cached, in: container, ledger: ledger)
              }
            }
          }
        }
        if keptUserHoldsADroppedDependency(SingletonPair.self, in: container) {
          droppedButHeld += 1
        }
        if keptUserHoldsADroppedDependency(CachedPair.self, in: container) { droppedButHeld += 1 }
        ledger.endRound()
      }
      #expect(droppedButHeld == 0)
      let tooOften = ledger.ranTooOften
      #expect(
        tooOften.isEmpty,
        "Singleton resolvers that ran too often (registration, runs, resets of singletons): \(tooOften.prefix(5))"
      )
      #expect(logger.count(of: .error) == 0)
    }
  }
}
