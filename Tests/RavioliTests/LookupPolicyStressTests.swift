import Foundation
import Ravioli
import Testing

/// Captures the policy in force when it is made, and reads it at its first read.
private final class CapturingScreen {
  @Injected var service: Service
  @Injected(.lazily) var lazyService: Service
}

extension GlobalStateTests {
  /// `Container.lookupPolicy` is read without a lock by every object made with an injected
  /// property, while it may be replaced.
  @Suite struct LookupPolicyStressTests {
    @Test func objectsMadeWhileThePolicyIsReplacedResolveFromAPolicyThatWasSet() {
      let rounds = 300
      // Kept until the end, so that what a screen captured is still there at its first read.
      let containers = (0...rounds).map { round in
        let container = Container(name: "policy-\(round)")
        container.register { () -> Service in Service(id: round) }
        return container
      }
      Container.lookupPolicy = .singleton(containers[0])
      let stop = Counter()
      let strays = Counter()
      let started = Counter()
      let done = Counter()
      for _ in 0..<3 {
        Thread {
          started.increment()
          while stop.value == 0 {
            for _ in 0..<100 {
              let screen = CapturingScreen()
              if !(0...rounds).contains(screen.service.id)
                || !(0...rounds).contains(screen.lazyService.id)
              {
                strays.increment()
              }
            }
          }
          done.increment()
        }.start()
      }
      #expect(wait(until: started, reaches: 3))
      for round in 1...rounds {
        Container.lookupPolicy = .singleton(containers[round])
      }
      stop.increment()
      #expect(wait(until: done, reaches: 3))
      #expect(strays.value == 0)
      #expect(Container.lookupPolicy is SingletonContainer)

      // Every replaced setting was released: once the last is, no container is held.
      Container.lookupPolicy = nil
      let released = containers.map { container in
        let reference = WeakReference<Container>()
        reference.object = container
        return reference
      }
      _ = consume containers
      #expect(released.filter { $0.object != nil }.count == 0)
    }
  }
}
