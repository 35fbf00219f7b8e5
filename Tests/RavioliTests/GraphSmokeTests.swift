import Ravioli
import RavioliTesting
import Testing

private protocol SGreeter: Sendable {}
private final class SEnglish: SGreeter { init() {} }
private final class SClock: Sendable { init() {} }
private final class SPresenter: Sendable { init(greeter: any SGreeter, clock: SClock) {} }
private final class SCart: Sendable { init() {} }
private final class SSession: Sendable { init(cart: SCart) {} }
private final class SA: Sendable { init(b: SB) {} }
private final class SB: Sendable { init(a: SA) {} }

@Suite(.isolatedContainers) struct GraphSmokeTests {
  @Test func smoke() throws {
    let logger = RecordingLogger()
    Container.logger = logger
    let container = Container(name: "app")
    container.autoregister(initializer: SPresenter.init)
    container.autoregister((any SGreeter).self, alternative: "fr", initializer: SEnglish.init)
    container.register(scope: .cached, needs: []) { SCart() }
    container.autoregister(scope: .singleton, initializer: SSession.init)
    container.autoregister(initializer: SA.init)
    container.autoregister(initializer: SB.init)
    container.register { SClock() }
    do {
      try container.validate()
    } catch {
      print(error)
    }
    print(container.graph.mermaid)
    print(container.graph.dot)
    container.tracesResolutions = true
    let _: SSession = try container.resolve()
    let _: SSession = try container.resolve()
    container.register(needs: [.on(SCart.self)], replacing: true) { () -> SClock in
      _ = try container.resolve() as SSession
      return SClock()
    }
    let _: SClock = try container.resolve()
    for m in logger.messages { print(m.level, m.message) }
  }
}
