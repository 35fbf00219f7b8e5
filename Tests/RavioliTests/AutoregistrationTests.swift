import Ravioli
import RavioliTesting
import Testing

// Initializers of 0 to 6 parameters, each parameter a distinct type.
private final class Part1: Sendable { init() {} }
private final class Part2: Sendable { init() {} }
private final class Part3: Sendable { init() {} }
private final class Part4: Sendable { init() {} }
private final class Part5: Sendable { init() {} }
private final class Part6: Sendable { init() {} }

private final class Takes0 { init() {} }
private final class Takes1 {
  let parts: [AnyObject]
  init(_ a: Part1) { parts = [a] }
}
private final class Takes2 {
  let parts: [AnyObject]
  init(_ a: Part1, _ b: Part2) { parts = [a, b] }
}
private final class Takes3 {
  let parts: [AnyObject]
  init(_ a: Part1, _ b: Part2, _ c: Part3) { parts = [a, b, c] }
}
private final class Takes4 {
  let parts: [AnyObject]
  init(_ a: Part1, _ b: Part2, _ c: Part3, _ d: Part4) { parts = [a, b, c, d] }
}
private final class Takes5 {
  let parts: [AnyObject]
  init(_ a: Part1, _ b: Part2, _ c: Part3, _ d: Part4, _ e: Part5) { parts = [a, b, c, d, e] }
}
private final class Takes6 {
  let parts: [AnyObject]
  init(_ a: Part1, _ b: Part2, _ c: Part3, _ d: Part4, _ e: Part5, _ f: Part6) {
    parts = [a, b, c, d, e, f]
  }
}

private final class Salutation {
  let greeter: Greeter
  let formal: Greeter
  init(greeter: Greeter, formal: Greeter) {
    self.greeter = greeter
    self.formal = formal
  }
}

private final class Ledger: Sendable {
  init() {}
}

private struct OpeningFailed: Error {}

private final class FailingLedgerReader {
  init(ledger: Ledger) throws { throw OpeningFailed() }
}

private final class LoopA { init(b: LoopB) {} }
private final class LoopB { init(a: LoopA) {} }

private final class OptionalNeeds {
  let service: Service?
  init(service: Service?) { self.service = service }
}

@Suite struct AutoregistrationTests {
  /// Registers the six parts, each one a singleton so that their identity can be checked.
  private func containerWithParts() -> (Container, [AnyObject]) {
    let container = Container()
    container.register(scope: .singleton) { Part1() }
    container.register(scope: .singleton) { Part2() }
    container.register(scope: .singleton) { Part3() }
    container.register(scope: .singleton) { Part4() }
    container.register(scope: .singleton) { Part5() }
    container.register(scope: .singleton) { Part6() }
    let parts: [AnyObject] = [
      try! container.resolve() as Part1, try! container.resolve() as Part2,
      try! container.resolve() as Part3, try! container.resolve() as Part4,
      try! container.resolve() as Part5, try! container.resolve() as Part6,
    ]
    return (container, parts)
  }

  @Test func initializersOfZeroToSixParametersGetEachParameterResolved() throws {
    let (container, parts) = containerWithParts()
    container.autoregister(initializer: Takes0.init)
    container.autoregister(initializer: Takes1.init)
    container.autoregister(initializer: Takes2.init)
    container.autoregister(initializer: Takes3.init)
    container.autoregister(initializer: Takes4.init)
    container.autoregister(initializer: Takes5.init)
    container.autoregister(initializer: Takes6.init)

    _ = try container.resolve() as Takes0
    let resolved: [[AnyObject]] = [
      try (container.resolve() as Takes1).parts, try (container.resolve() as Takes2).parts,
      try (container.resolve() as Takes3).parts, try (container.resolve() as Takes4).parts,
      try (container.resolve() as Takes5).parts, try (container.resolve() as Takes6).parts,
    ]
    for (arity, got) in resolved.enumerated() {
      #expect(got.count == arity + 1)
      #expect(zip(got, parts).allSatisfy { $0 === $1 }, "arity \(arity + 1)")
    }
  }

  /// `autoregister` takes an initializer that consumes its parameters, as initializers do; a
  /// function value that borrows them, as closures and functions do, is accepted too.
  @Test func aFunctionThatBorrowsItsParametersCanBeAutoregistered() throws {
    let (container, parts) = containerWithParts()
    let makeTwo: @Sendable (Part1, Part2) throws -> Takes2 = { Takes2($0, $1) }
    container.autoregister(initializer: makeTwo)

    let two = try container.resolve() as Takes2
    #expect(two.parts.count == 2)
    #expect(two.parts.first === parts[0])
    #expect(two.parts.last === parts[1])

    // Seven parameters: the variadic `autoregister`.
    let makeSeven: @Sendable (Part1, Part2, Part3, Part4, Part5, Part6, Part1) -> Takes6 = {
      first, b, c, d, e, f, _ in Takes6(first, b, c, d, e, f)
    }
    container.autoregister(initializer: makeSeven)
    let six = try container.resolve() as Takes6
    #expect(six.parts.count == 6)
    #expect(six.parts.last === parts[5])
  }

  @Test func theParametersAreTheDeclaredDependencies() throws {
    let (container, _) = containerWithParts()
    container.autoregister(initializer: Takes6.init)
    let report = try container.validate()
    #expect(report.isValid)
    // The six parts are closures that declare nothing; the initializer is not opaque.
    #expect(report.opaqueRegistrations.count == 6)
    #expect(!report.opaqueRegistrations.contains { $0.message.contains("Takes6") })
    #expect(container.graph.dot.components(separatedBy: " -> n").count == 7)
  }

  @Test func anInitializerCanBeRegisteredAsAProtocolItConformsTo() throws {
    let container = Container()
    container.autoregister(Greeter.self, initializer: EnglishGreeter.init)
    container.autoregister(Greeter.self, alternative: .french, initializer: FrenchGreeter.init)

    #expect((try container.resolve() as Greeter).greet() == "Hello")
    #expect((try container.resolve(alternative: .french) as Greeter).greet() == "Bonjour")
  }

  @Test func aParameterCanBeResolvedUnderAnAlternative() throws {
    let container = Container()
    container.autoregister(Greeter.self, initializer: EnglishGreeter.init)
    container.autoregister(Greeter.self, alternative: .french, initializer: FrenchGreeter.init)
    container.autoregister(
      parameters: [.on(Greeter.self, alternative: .french)], initializer: Salutation.init)

    let salutation: Salutation = try container.resolve()
    // The alternative applies to every parameter of its type.
    #expect(salutation.greeter.greet() == "Bonjour")
    #expect(salutation.formal.greet() == "Bonjour")
  }

  @Test func scopesWorkAsForAClosure() throws {
    let container = Container()
    container.autoregister(scope: .singleton, initializer: Ledger.init)
    #expect(try container.resolve() as Ledger === container.resolve() as Ledger)
    container.autoregister(replacing: true, initializer: Ledger.init)
    #expect(try container.resolve() as Ledger !== container.resolve() as Ledger)
  }

  @Test func aMissingParameterNamesTheAutoregisterLineAndThePath() throws {
    let container = Container(name: "books")
    let line: UInt = #line + 1
    container.autoregister(initializer: FailingLedgerReader.init)

    let error = #expect(throws: ResolutionError.self) {
      try container.resolve() as FailingLedgerReader
    }
    guard case .notRegistered? = error?.reason else {
      Issue.record("expected .notRegistered, got \(String(describing: error?.reason))")
      return
    }
    #expect(error?.typeName == "Ledger")
    #expect(error?.requestedAt == "RavioliTests/AutoregistrationTests.swift:\(line)")
    #expect(error?.resolutionPath == ["FailingLedgerReader", "Ledger"])
  }

  @Test func whatAnInitializerThrowsFailsTheResolution() throws {
    let container = Container()
    container.autoregister(initializer: Ledger.init)
    container.autoregister(initializer: FailingLedgerReader.init)

    let error = #expect(throws: ResolutionError.self) {
      try container.resolve() as FailingLedgerReader
    }
    guard case .resolverFailed(let underlying) = error?.reason else {
      Issue.record("expected .resolverFailed, got \(String(describing: error?.reason))")
      return
    }
    #expect(underlying is OpeningFailed)
  }

  @Test func initializersThatNeedEachOtherAreACycle() throws {
    let container = Container()
    container.autoregister(initializer: LoopA.init)
    container.autoregister(initializer: LoopB.init)

    let error = #expect(throws: ResolutionError.self) { try container.resolve() as LoopA }
    guard case .cycle(let path)? = error?.reason else {
      Issue.record("expected .cycle, got \(String(describing: error?.reason))")
      return
    }
    #expect(path == ["LoopA", "LoopB", "LoopA"])
  }

  @Test func anOptionalParameterIsResolvedFromTheWrappedRegistration() throws {
    let container = Container()
    container.autoregister(initializer: OptionalNeeds.init)
    container.register { Service(id: 7) }

    #expect(try (container.resolve() as OptionalNeeds).service?.id == 7)
    #expect(try container.validate().isValid)
  }

  @Test func parametersAreResolvedFromTheRegisteringContainerAndItsParents() throws {
    let parent = Container(name: "parent")
    parent.register { () -> Greeter in EnglishGreeter() }
    parent.autoregister(initializer: Salutation.init)
    let child = Container(parent: parent, name: "child")
    child.register { () -> Greeter in FrenchGreeter() }

    // As a closure that resolves from the container it captured would.
    #expect(try (child.resolve() as Salutation).greeter.greet() == "Hello")
  }
}

@Suite(.isolatedContainers) struct AutoregistrationMessageTests {
  @Test func anAlternativeForATypeTheInitializerDoesNotTakeIsAWarning() {
    let logger = RecordingLogger()
    Container.logger = logger
    let container = Container(name: "app")
    container.autoregister(
      parameters: [.on(Service.self, alternative: .another)], initializer: Salutation.init)

    let warnings = logger.messages.filter { $0.level == .warning }.map(\.message)
    #expect(
      warnings == [
        "Container \"app\": `parameters:` gives `Service (alternative \"another\")` to an "
          + "initializer of `Salutation` that takes no `Service`; it takes `Greeter`, "
          + "`Greeter`. Remove it, or correct its type."
      ])
  }

  @Test func autoregisteredResolversAreNeverReportedForTheirNeeds() throws {
    let logger = RecordingLogger()
    Container.logger = logger
    let container = Container()
    container.autoregister(Greeter.self, initializer: EnglishGreeter.init)
    container.autoregister(initializer: Salutation.init)

    _ = try container.resolve() as Salutation
    #expect(!logger.messages.contains { $0.level == .warning })
  }
}

// Run under AddressSanitizer in CI (`--filter Ownership`): the resolvers hold their container
// `unowned(unsafe)`.
@Suite struct AutoregistrationOwnershipTests {
  @Test func anAutoregisteringContainerIsReleasedWithItsLastReference() throws {
    weak var released: Container?
    var salutation: Salutation?
    do {
      let container = Container(name: "short-lived")
      container.autoregister(Greeter.self, initializer: EnglishGreeter.init)
      container.autoregister(scope: .unchecked(.singleton), initializer: Salutation.init)
      salutation = try container.resolve()
      released = container
    }
    #expect(released == nil)
    #expect(salutation?.greeter.greet() == "Hello")
  }

  @Test func aChildResolvesItsParentsInitializersWhileItHoldsTheParent() throws {
    var child: Container?
    do {
      let parent = Container(name: "parent")
      parent.autoregister(Greeter.self, initializer: EnglishGreeter.init)
      parent.autoregister(initializer: Salutation.init)
      child = Container(parent: parent, name: "child")
    }
    // Only the child holds the parent now; the parent's resolvers still reach it.
    for _ in 0..<3 {
      #expect(try (child?.resolve() as Salutation?)?.formal.greet() == "Hello")
    }
  }
}
