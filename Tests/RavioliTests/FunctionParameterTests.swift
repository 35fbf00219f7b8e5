import Ravioli
import Testing

private func greet(@Injected greeter: Greeter) -> String {
  greeter.greet()
}

private func greetTwice(@Injected greeter: Greeter, @Injected other: Greeter) -> String {
  greeter.greet() + " / " + other.greet()
}

@Suite struct FunctionParameterTests {
  let container: Container = {
    let container = Container()
    container.register { () -> Greeter in EnglishGreeter() }
    container.register(alternative: .french) { () -> Greeter in FrenchGreeter() }
    return container
  }()

  @Test func resolvedFromAContainer() {
    #expect(greet($greeter: container.resolved()) == "Hello")
  }

  @Test func resolvedWithAnAlternative() {
    #expect(greet($greeter: container.resolved(alternative: .french)) == "Bonjour")
  }

  @Test func givenAValue() {
    #expect(greet(greeter: GermanGreeter()) == "Guten Tag")
  }

  @Test func mixed() {
    #expect(
      greetTwice($greeter: container.resolved(), other: GermanGreeter()) == "Hello / Guten Tag")
    #expect(
      greetTwice($greeter: container.resolved(alternative: .french), $other: container.resolved())
        == "Bonjour / Hello")
  }

  @Test func resolvedWhenTheFunctionIsCalled() {
    let counter = Counter()
    let container = Container()
    container.register { [counter] () -> Service in Service(id: counter.increment()) }
    func use(@Injected service: Service) -> Int { service.id }

    let resolver: Container.Resolver<Service> = container.resolved()
    #expect(counter.value == 0)
    #expect(use($service: resolver) == 1)
    #expect(use($service: resolver) == 2)
  }
}
