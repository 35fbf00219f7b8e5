import Dispatch
import Ravioli
import Testing

// Resolution walks a container's parents without retaining them: each container holds its
// parent, so the chain lives as long as the container asked. These chains are held only by
// their deepest child, and threads resolve through them while others make and drop whole
// chains. CI also runs this under ThreadSanitizer and AddressSanitizer.

/// A chain of `depth` containers under `root`, held only by the deepest one, which is returned.
private func chain(under root: Container, depth: Int) -> Container {
  var container = root
  for level in 1...depth {
    container = Container(parent: container, name: "level-\(level)")
  }
  return container
}

@Suite struct ContainerChainStressTests {
  @Test func resolvingThroughParentsHeldOnlyByTheirChildren() throws {
    let deepest: Container = {
      let root = Container(name: "root")
      root.register { () -> Service in Service(id: 7) }
      root.register(alternative: .another, scope: .singleton) { () -> Service in Service(id: 8) }
      return chain(under: root, depth: 5)
    }()
    let failures = Counter()

    DispatchQueue.concurrentPerform(iterations: 4) { thread in
      for operation in 0..<2_000 {
        if thread == 0 && operation % 10 == 0 {
          // Chains made and dropped meanwhile, so that freed containers' memory is reused.
          let root = Container(name: "scratch")
          root.register { () -> Service in Service(id: operation) }
          let scratch = chain(under: root, depth: 3)
          if (try? scratch.resolve() as Service)?.id != operation { failures.increment() }
        }
        let plain: Service? = try? deepest.resolve()
        let kept: Service? = try? deepest.resolve(alternative: .another)
        let found: Service? = deepest.resolveIfRegistered()
        if plain?.id != 7 || kept?.id != 8 || found?.id != 7 {
          failures.increment()
        }
      }
    }

    #expect(failures.value == 0)
  }
}
