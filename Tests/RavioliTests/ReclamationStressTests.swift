import Dispatch
import Foundation
import Ravioli
import Testing

/// Counts the `deinit`s of what a resolver captures: each registration lets go of its
/// resolver, and so of one `Tracked`, when it is released.
private final class Tracked: Sendable {
  let released: Counter
  init(_ released: Counter) { self.released = released }
  deinit { released.increment() }
}

private final class Made: Sendable {
  let id: Int
  init(id: Int) { self.id = id }
}

extension GlobalStateTests {
  /// What a writer takes out of readers' reach (Reclamation.swift) is released once: a
  /// registration that is never released leaves the count short; one released twice crashes,
  /// or shows under AddressSanitizer. Under `GlobalStateTests` because it installs a logger:
  /// the replacements and removals it makes are counted instead of printed.
  @Suite final class ReclamationStressTests {
    init() {
      Container.logger = CountingLogger()
    }

    deinit {
      Container.logger = StandardErrorLogger()
    }

    /// Growing the slots (which copies their entries), replacing, removing, removing all and
    /// the container's end each release every registration once.
    @Test func everyRegistrationIsReleasedOnce() {
      let released = Counter()
      var made = 0
      do {
        let container = Container(name: "slots")
        for round in 0..<12 {
          for key in 0..<50 {
            let tracked = Tracked(released)
            made += 1
            container.register(alternative: RegistrationAlternative("k\(key)")) {
              () -> Tagged in
              _ = tracked
              return Tagged(id: key)
            }
          }
          for key in stride(from: round % 3, to: 50, by: 3) {
            container.removeRegistration(
              of: Tagged.self, alternative: RegistrationAlternative("k\(key)"))
          }
          if round % 4 == 3 {
            container.removeAllRegistrations()
          }
        }
      }
      #expect(released.value == made)
    }

    /// Readers resolve without a lock while a writer grows, replaces, removes, removes all and
    /// resets: every value read is one that was registered under its key, and every
    /// registration is released once, after the readers are done with it.
    @Test func readersRacingWritersReleaseEverythingOnce() {
      let released = Counter()
      let made = Counter()
      let wrong = Counter()
      let keys = 24
      do {
        let container = Container(name: "race")
        @Sendable func register(_ key: Int, scope: RegistrationScope<Made> = .unique) {
          let tracked = Tracked(released)
          made.increment()
          container.register(alternative: RegistrationAlternative("k\(key)"), scope: scope) {
            () -> Made in
            _ = tracked
            return Made(id: key)
          }
        }
        for key in 0..<keys {
          register(key)
        }
        DispatchQueue.concurrentPerform(iterations: 3) { worker in
          guard worker == 0 else {
            for step in 0..<40_000 {
              let key = (step &* 7 &+ worker) % keys
              let alternative = RegistrationAlternative("k\(key)")
              if let value = try? container.resolve(alternative: alternative) as Made,
                value.id != key
              {
                wrong.increment()
              }
            }
            return
          }
          for step in 0..<3_000 {
            let key = step % keys
            if step % 7 == 0 {
              container.removeRegistration(
                of: Made.self, alternative: RegistrationAlternative("k\(key)"))
            }
            register(key, scope: step % 2 == 0 ? .singleton : .unique)
            if step % 50 == 0 {
              container.reset()
            }
            if step % 997 == 0 {
              container.removeAllRegistrations()
              for key in 0..<keys {
                register(key)
              }
            }
          }
        }
      }
      #expect(wrong.value == 0)
      #expect(released.value == made.value)
    }
  }
}
