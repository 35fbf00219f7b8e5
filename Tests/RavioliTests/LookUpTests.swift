import Ravioli
import Testing

private struct Badge: Sendable {
  let greeting: String
}

/// The road, `isResolvable` and validation find registrations with one look-up: these are the
/// cases where copies of it had drifted apart.
@Suite(.isolatedContainers) struct LookUpTests {
  @Test func anOptionalOfAnOptionalFallsBackAsFarAsTheRoadDoes() throws {
    let parent = Container(name: "parent")
    parent.register { () -> Greeter in EnglishGreeter() }
    let child = Container(parent: parent, name: "child")
    child.register(needs: [.on(Greeter??.self)]) { [unowned child] () -> Badge in
      let greeter: Greeter?? = try child.resolve()
      return Badge(greeting: greeter??.greet() ?? "nobody")
    }

    #expect(child.isResolvable(Greeter??.self))
    #expect(try (child.resolve() as Badge).greeting == EnglishGreeter().greet())
    // Validation once looked `Greeter??` up as itself and as `Greeter?` only.
    #expect(try child.validate().isValid)
  }

  @Test func aQuestionInsideAnIsolationScopeSeesTheScopesRegistrations() throws {
    let container = Container(name: "app")
    container.register { () -> Greeter in EnglishGreeter() }
    try withIsolatedContainers { () throws in
      container.removeRegistration(of: Greeter.self)
      #expect(!container.isResolvable(Greeter?.self))
      container.register { (_: Int) -> Greeter in FrenchGreeter() }
      #expect(container.isResolvable(Greeter.self))
      #expect(container.isResolvable(Greeter?.self))
      #expect(try (container.resolve(parameter: 1) as Greeter).greet() == FrenchGreeter().greet())
    }
    #expect(try (container.resolve() as Greeter).greet() == EnglishGreeter().greet())
  }
}
