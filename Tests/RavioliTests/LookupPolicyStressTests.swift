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
    /// The policy is replaced 300 times, by turns `.singleton` and `.enclosingType(default:)`,
    /// each with a container whose service has the round's number. An object made after a
    /// round was published must resolve from that round's policy or a later one.
    @Test func objectsMadeWhileThePolicyIsReplacedResolveFromThePolicyInForce() {
      let rounds = 300
      // Kept until the end, so that what a screen captured is still there at its first read.
      let containers = (0...rounds).map { round in
        let container = Container(name: "policy-\(round)")
        container.register { () -> Service in Service(id: round) }
        return container
      }
      func policy(_ round: Int) -> any ContainerLookupPolicy {
        round.isMultiple(of: 2)
          ? .singleton(containers[round]) : .enclosingType(default: containers[round])
      }
      Container.lookupPolicy = policy(0)
      let published = Counter()
      let stale = Counter()
      let readersRan = reading(
        {
          let floor = published.value
          let screen = CapturingScreen()
          if !(floor...rounds).contains(screen.service.id)
            || !(floor...rounds).contains(screen.lazyService.id)
          {
            stale.increment()
          }
        },
        whileRunning: {
          for round in 1...rounds {
            Container.lookupPolicy = policy(round)
            published.increment()
          }
        })
      #expect(readersRan)
      #expect(stale.value == 0)
      #expect((Container.lookupPolicy as? SingletonContainer)?.container === containers[rounds])

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
