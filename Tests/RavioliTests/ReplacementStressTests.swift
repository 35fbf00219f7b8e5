import Foundation
import Ravioli
import Testing

// Writers replace, remove and register again in a container while readers resolve through it
// and through a container built on it: every value read comes from a registration that was
// alive when its resolver ran, a singleton registration's resolver runs at most once, and
// every replaced registration lets go of what its resolver captured. CI runs it five times in
// a release build (optimised lifetimes), and under ThreadSanitizer and AddressSanitizer.

/// What the values resolved here carry: which registration made them.
private struct Made: Sendable {
  let registration: Int
  let alternative: Int
}

private protocol Labelled: Sendable { var made: Made { get } }
private struct LabelledValue: Labelled { let made: Made }
private final class Other: Sendable {
  let made: Made
  init(_ made: Made) { self.made = made }
}
private final class Single: Sendable {
  let made: Made
  init(_ made: Made) { self.made = made }
}
private struct Echo: Sendable { let made: Made }

/// The registrations of one run: which are alive, how often each singleton ran, and what
/// went wrong.
// `issued`, `captures`, `released` and `singletonRuns` are only touched under `lock`.
private final class Ledger: @unchecked Sendable {
  private let lock = NSLock()
  private var issued = 0
  private var captures = 0
  private var released = Set<Int>()
  private var singletonRuns: [Int: Int] = [:]
  let ranAfterRelease = Counter()
  let wrongValues = Counter()

  func newRegistration() -> Int {
    lock.withLock {
      issued += 1
      return issued
    }
  }

  /// Called by a resolver: its registration still holds the resolver, so what the resolver
  /// captured cannot have been released.
  func resolverRan(_ registration: Int, singleton: Bool = false) {
    lock.withLock {
      if released.contains(registration) { ranAfterRelease.increment() }
      if singleton { singletonRuns[registration, default: 0] += 1 }
    }
  }

  func captureMade() {
    lock.withLock { captures += 1 }
  }

  func captureReleased(_ registration: Int) {
    lock.withLock { _ = released.insert(registration) }
  }

  /// Checks that a value came from a registration made by this run, for the alternative asked.
  func check(_ made: Made?, alternative: Int = -1) {
    guard let made else { return }
    let issued = lock.withLock { self.issued }
    // Registration 0 is the parent's, registered once.
    if made.registration < 0 || made.registration > issued || made.alternative != alternative {
      wrongValues.increment()
    }
  }

  var capturesMade: Int { lock.withLock { captures } }
  var capturesReleased: Int { lock.withLock { released.count } }
  var singletonsMadeTwice: Int { lock.withLock { singletonRuns.values.filter { $0 > 1 }.count } }
  var mostSingletonRuns: Int { lock.withLock { singletonRuns.values.max() ?? 0 } }
}

/// What a `Labelled` resolver captures; some, as they go, resolve and register in the container
/// they were registered in.
private final class Capture: Sendable {
  let registration: Int
  let ledger: Ledger
  let container: WeakReference<Container>

  init(_ registration: Int, ledger: Ledger, container: WeakReference<Container>) {
    self.registration = registration
    self.ledger = ledger
    self.container = container
    ledger.captureMade()
  }

  deinit {
    ledger.captureReleased(registration)
    if registration % 5 == 0, let container = container.object {
      ledger.check((container.resolveIfRegistered() as Other?)?.made)
      let made = Made(registration: registration, alternative: -1)
      container.register(replacing: true) { Echo(made: made) }
    }
  }
}

private let alternatives = (0..<48).map { RegistrationAlternative("alternative-\($0)") }

/// Registers, replacing, everything the writers change in `container`.
private func registerAll(in container: Container, ledger: Ledger, round: Int) {
  let weakContainer = WeakReference<Container>()
  weakContainer.object = container
  let tagged = ledger.newRegistration()
  let capture = Capture(tagged, ledger: ledger, container: weakContainer)
  container.register(replacing: true) { () -> Labelled in
    capture.ledger.resolverRan(capture.registration)
    return LabelledValue(made: Made(registration: capture.registration, alternative: -1))
  }
  let other = ledger.newRegistration()
  container.register(replacing: true) { Other(Made(registration: other, alternative: -1)) }
  let index = round % alternatives.count
  container.register(alternative: alternatives[index], replacing: true) {
    Other(Made(registration: other, alternative: index))
  }
  let single = ledger.newRegistration()
  container.register(scope: .singleton, replacing: true) { () -> Single in
    ledger.resolverRan(single, singleton: true)
    return Single(Made(registration: single, alternative: -1))
  }
  let echo = ledger.newRegistration()
  container.register(replacing: true) { Echo(made: Made(registration: echo, alternative: -1)) }
}

/// Reads everything through `container` once.
private func readAll(through container: Container, ledger: Ledger, step: Int) {
  ledger.check((container.resolveIfRegistered() as Labelled?)?.made)
  ledger.check((container.resolveIfRegistered() as Other?)?.made)
  let index = step % alternatives.count
  ledger.check(
    (container.resolveIfRegistered(alternative: alternatives[index]) as Other?)?.made,
    alternative: index)
  ledger.check((container.resolveIfRegistered() as Single??)??.made)
  ledger.check((container.resolveIfRegistered() as Labelled???)???.made)
  ledger.check((container.resolveIfRegistered() as Echo??)??.made)
}

extension GlobalStateTests {
  /// Under `GlobalStateTests` because it installs a logger: the registrations it replaces are
  /// counted instead of printed.
  @Suite final class ReplacementStressTests {
    private let logger = CountingLogger()

    init() {
      Container.logger = logger
    }

    deinit {
      Container.logger = StandardErrorLogger()
    }

    /// The scenario of issue 39 (its `Tagged` is `Labelled` here): two writers replace
    /// registrations in a child container (and now and then remove them all and register them
    /// again) while two readers resolve through the child and a grandchild, for two seconds.
    @Test func replacementsRacingResolutions() {
      let ledger = Ledger()
      do {
        let parent = Container(name: "parent")
        parent.register { () -> Labelled in
          LabelledValue(made: Made(registration: 0, alternative: -1))
        }
        parent.register { Other(Made(registration: 0, alternative: -1)) }
        let child = Container(parent: parent, name: "child")
        let grandchild = Container(parent: child, name: "grandchild")
        registerAll(in: child, ledger: ledger, round: 0)
        let deadline = Date().addingTimeInterval(2)
        onThreads(4) { thread in
          var step = 0
          while Date() < deadline {
            step += 1
            if thread < 2 {
              registerAll(in: child, ledger: ledger, round: step * 2 + thread)
              if step % 97 == 0 {
                child.removeAllRegistrations()
                registerAll(in: child, ledger: ledger, round: step)
              }
            } else {
              readAll(through: thread == 2 ? child : grandchild, ledger: ledger, step: step)
            }
          }
        }
      }
      #expect(ledger.ranAfterRelease.value == 0)
      #expect(ledger.wrongValues.value == 0)
      #expect(
        ledger.singletonsMadeTwice == 0,
        "A singleton registration's resolver ran \(ledger.mostSingletonRuns) times.")
      #expect(ledger.capturesReleased == ledger.capturesMade)
      #expect(logger.count(of: .error) == 0)
    }
  }
}
