import Ravioli

public protocol Greeter: Sendable {}
struct Hello: Greeter {}

public let greetings = Container(name: "greetings") { container in
  container.register { () -> Greeter in Hello() }
}

public final class Welcome {
  @Injected var greeter: Greeter
  public init() {}
}

public func useGreetings() {
  Container.lookupPolicy = .singleton(greetings)
}
