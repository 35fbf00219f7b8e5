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

// The spelling that works from every module: a default argument.

func welcome(greeter: Greeter = injected()) -> String {
  greeter.greet()
}

private func welcomeFromModule(greeter: Greeter = injected(from: DefaultArgumentTests.module))
  -> String
{
  greeter.greet()
}

@Suite struct DefaultArgumentTests {
  static let module = Container(name: "module") { module in
    module.register { () -> Greeter in FrenchGreeter() }
  }

  @Test func resolvesThroughThePolicyOfTheScope() throws {
    let container = Container(name: "app") { container in
      container.register { () -> Greeter in EnglishGreeter() }
      container.register(alternative: .french) { () -> Greeter in FrenchGreeter() }
    }
    try withIsolatedContainers { () throws in
      Container.lookupPolicy = .singleton(container)
      print(welcome())  // resolved through the lookup policy
      print(welcome(greeter: try container.resolve(alternative: .french)))
      print(welcome(greeter: EnglishGreeter()))
      #expect(welcome() == "Hello")
      #expect(welcome(greeter: try container.resolve(alternative: .french)) == "Bonjour")
    }
  }

  @Test func resolvesFromTheContainerItNames() {
    #expect(welcomeFromModule() == "Bonjour")
    #expect(welcomeFromModule(greeter: EnglishGreeter()) == "Hello")
  }

  @Test func aMissingRegistrationNamesTheFunction() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      withIsolatedContainers {
        Container.lookupPolicy = .singleton(Container(name: "empty"))
        _ = welcome()
      }
    }
    let message = text(result?.standardErrorContent)
    #expect(message.contains("Cannot resolve `Greeter`: nothing is registered for it."))
    #expect(message.contains(#"Containers searched: "empty""#))
    #expect(
      message.contains(
        "Injected into: the default argument `injected()` of `welcome(greeter:)`, declared at "
          + "RavioliTests/FunctionParameterTests.swift:"))
  }
}
