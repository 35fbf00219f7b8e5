import Foundation
import Ravioli
import Testing

// A reset inside an isolation scope reads the container's registrations while it holds the
// lock that creations wait for; what that reading lets go of (a registration replaced
// meanwhile, outside the scope) is let go after the lock. Here each replaced registration's
// captured object, as it goes, resolves a kept registration, whose creation takes that lock:
// let go under the lock, it would wait for the lock its own thread holds.

private final class ResetAsItGoes: Sendable {
  let container: WeakReference<Container>

  init(_ container: Container) {
    self.container = WeakReference()
    self.container.object = container
  }

  deinit {
    guard let container = container.object else { return }
    _ = container.resolveIfRegistered() as Counter?
  }
}

@Suite struct IsolatedResetStressTests {
  @Test func aResetInsideAScopeLetsGoOfWhatItReadsAfterItsLock() {
    let container = Container(name: "isolated resets")
    container.register(scope: .cached) { Counter() }
    let deadline = Date().addingTimeInterval(1)
    // Before the fix, all of three runs deadlocked within the second.
    let finished = onThreads(2, waitingAtMost: 30) { thread in
      if thread == 0 {
        while Date() < deadline {
          let capture = ResetAsItGoes(container)
          container.register(scope: .cached, replacing: true) { () -> Counter in
            _ = capture
            return Counter()
          }
        }
      } else {
        withIsolatedContainers {
          while Date() < deadline {
            _ = container.resolveIfRegistered() as Counter?
            container.reset(.cached)
          }
        }
      }
    }
    #expect(finished, "A thread is stuck: a reset let go of what it read under its lock.")
    #expect(container.isResolvable(Counter.self))
  }
}
