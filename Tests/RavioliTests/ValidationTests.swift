import Ravioli
import RavioliTesting
import Testing

private protocol PaymentGateway: Sendable {}
private final class CardGateway: PaymentGateway { init() {} }
private final class Checkout: Sendable { init(gateway: any PaymentGateway) {} }
private final class Cart: Sendable { init() {} }
private final class CartBadge: Sendable { init(cart: Cart) {} }
private final class Session: Sendable { init(badge: CartBadge) {} }
private final class Presence: Sendable { init() {} }
private final class Roster: Sendable { init(presence: Presence) {} }
private final class Node1: Sendable { init(next: Node2) {} }
private final class Node2: Sendable { init(next: Node3) {} }
private final class Node3: Sendable { init(first: Node1, second: Node2) {} }
private final class Narcissus: Sendable { init() {} }
private final class Pane: Sendable { init() {} }
private final class PaneBadge: Sendable { init() {} }
private final class Inspector: Sendable { init(badge: PaneBadge) {} }
private final class Worker: Sendable { init(cart: Cart) {} }
private final class Chain: Sendable { init() {} }

/// The kinds of the report's errors, in order.
private func kinds(_ report: ValidationReport) -> [ValidationReport.Diagnostic.Kind] {
  report.errors.map(\.kind)
}

/// The report of a graph that must have errors.
private func failingReport(of container: Container) -> ValidationReport? {
  do {
    try container.validate()
    Issue.record("validate() did not throw")
    return nil
  } catch {
    return error
  }
}

@Suite(.isolatedContainers) struct ValidationTests {
  init() {
    Container.logger = SilentLogger()
  }

  @Test func aCompleteGraphIsValid() throws {
    let container = Container(name: "shop")
    container.autoregister(PaymentGateway.self, initializer: CardGateway.init)
    container.autoregister(initializer: Checkout.init)

    let report = try container.validate()
    #expect(report.isValid)
    #expect(report.errors.isEmpty && report.opaqueRegistrations.isEmpty)
    #expect(report.description == "Container \"shop\": no errors in 2 registrations.")
  }

  @Test func aMissingDependencyNamesWhoNeedsWhatWhereAndTheNearMisses() {
    let container = Container(name: "shop")
    let gateway: UInt = #line + 1
    container.autoregister(
      PaymentGateway.self, alternative: .another, initializer: CardGateway.init)
    let checkout: UInt = #line + 1
    container.autoregister(initializer: Checkout.init)

    guard let report = failingReport(of: container) else { return }
    #expect(kinds(report) == [.missingDependency])
    let file = "RavioliTests/ValidationTests.swift"
    #expect(
      report.description == """
        \(file):\(checkout): error: `Checkout` needs `PaymentGateway`, which is not registered \
        (searched "shop"). Registered instead: `PaymentGateway (alternative "another")` at \
        \(file):\(gateway) in "shop". Register it, or correct the type or alternative that \
        `Checkout` declares.
        Container "shop": 1 error in 2 registrations (1 missing dependency).
        """)
  }

  @Test func aDependencyIsLookedUpInTheParents() throws {
    let core = Container(name: "core")
    core.autoregister(PaymentGateway.self, initializer: CardGateway.init)
    let shop = Container(parent: core, name: "shop")
    shop.autoregister(initializer: Checkout.init)

    #expect(try shop.validate().registrationCount == 2)
    // A parent is validated without what builds on it.
    let missing = Container(name: "alone")
    missing.autoregister(initializer: Checkout.init)
    let child = Container(parent: missing, name: "child")
    child.autoregister(PaymentGateway.self, initializer: CardGateway.init)
    #expect(failingReport(of: child).map(kinds) == [.missingDependency])
  }

  @Test func everyCycleIsReportedOnceWithItsPathAndSites() {
    let container = Container(name: "loops")
    let first: UInt = #line + 1
    container.autoregister(initializer: Node1.init)
    let second: UInt = #line + 1
    container.autoregister(initializer: Node2.init)
    let third: UInt = #line + 1
    container.autoregister(initializer: Node3.init)
    let itself: UInt = #line + 1
    container.register(needs: [.on(Narcissus.self)]) { Narcissus() }

    guard let report = failingReport(of: container) else { return }
    let file = "RavioliTests/ValidationTests.swift"
    // Node1 -> Node2 -> Node3 -> Node1, and Node2 -> Node3 -> Node2.
    #expect(
      report.errors.map(\.description) == [
        "\(file):\(first): error: dependency cycle: `Node1` -> `Node2` -> `Node3` -> `Node1`; "
          + "registered: `Node1` at \(file):\(first), `Node2` at \(file):\(second), `Node3` at "
          + "\(file):\(third). None of them can be made: remove one of these dependencies, or "
          + "resolve it later (an `@Injected` property, read after the object is made).",
        "\(file):\(second): error: dependency cycle: `Node2` -> `Node3` -> `Node2`; "
          + "registered: `Node2` at \(file):\(second), `Node3` at \(file):\(third). None of "
          + "them can be made: remove one of these dependencies, or resolve it later (an "
          + "`@Injected` property, read after the object is made).",
        "\(file):\(itself): error: `Narcissus` needs itself. Remove the dependency.",
      ])
  }

  @Test func aDependencyDeclaredTwiceOrAsAnOptionalIsFollowedOnce() {
    let container = Container(name: "twice")
    container.register(needs: [.on(Pane.self), .on(Pane.self)]) { Chain() }
    // An optional is looked up as itself, then as the type it wraps.
    container.register(needs: [.on(Chain?.self)]) { Pane() }

    guard let report = failingReport(of: container) else { return }
    #expect(kinds(report) == [.cycle])
    #expect(
      report.errors.first?.message.hasPrefix("dependency cycle: `Chain` -> `Pane` -> `Chain`;")
        == true)
  }

  @Test func aRegistrationDeclaringManyDependenciesIsFollowedToEachOnce() {
    let container = Container(name: "many")
    let alternatives = (0..<40).map { RegistrationAlternative("\($0)") }
    for alternative in alternatives {
      container.register(alternative: alternative, needs: []) { Pane() }
    }
    // 42 declared dependencies, one of them twice: more than are searched in place.
    let needs: [Container.Dependency] =
      alternatives.map { .on(Pane.self, alternative: $0) }
      + [.on(Narcissus.self), .on(Narcissus.self)]
    container.register(needs: needs) { Chain() }
    container.register(needs: [.on(Chain.self)]) { Narcissus() }

    guard let report = failingReport(of: container) else { return }
    #expect(kinds(report) == [.cycle])
    #expect(
      report.errors.first?.message.hasPrefix(
        "dependency cycle: `Chain` -> `Narcissus` -> `Chain`;") == true)
  }

  @Test func aKeptInstanceHoldingAShorterLivedOneIsCaptiveThroughUniqueOnes() {
    let container = Container(name: "session")
    let cart: UInt = #line + 1
    container.register(scope: .cached, needs: []) { Cart() }
    container.autoregister(initializer: CartBadge.init)
    let session: UInt = #line + 1
    container.autoregister(scope: .singleton, initializer: Session.init)
    let presence: UInt = #line + 1
    container.register(scope: .weak, needs: []) { Presence() }
    let roster: UInt = #line + 1
    container.autoregister(scope: .cached, initializer: Roster.init)

    guard let report = failingReport(of: container) else { return }
    let file = "RavioliTests/ValidationTests.swift"
    #expect(
      report.errors.map(\.description) == [
        "\(file):\(session): error: `Session` (singleton) holds `Cart` (cached, registered at "
          + "\(file):\(cart)), which is meant to live shorter, and keeps it alive past its time: "
          + "`Session` -> `CartBadge` -> `Cart`. Give `Session` a shorter scope, or have it "
          + "resolve `Cart` each time it needs one instead of keeping it.",
        "\(file):\(roster): error: `Roster` (cached) holds `Presence` (weak, registered at "
          + "\(file):\(presence)), which is meant to live shorter, and keeps it alive past its "
          + "time: `Roster` -> `Presence`. Give `Roster` a shorter scope, or have it resolve "
          + "`Presence` each time it needs one instead of keeping it.",
      ])
  }

  @Test func singletonsSharingAChainOfUniqueInstancesAreEachCaptive() {
    let container = Container()
    container.register(scope: .cached, needs: []) { Cart() }
    container.autoregister(initializer: CartBadge.init)
    container.autoregister(initializer: Worker.init)
    container.autoregister(scope: .singleton, initializer: Session.init)
    container.register(scope: .singleton, needs: [.on(CartBadge.self), .on(Worker.self)]) {
      Chain()
    }

    let messages = failingReport(of: container)?.errors.map(\.message) ?? []
    #expect(messages.count == 2)
    #expect(
      messages.first?.hasSuffix(
        "time: `Session` -> `CartBadge` -> `Cart`. Give `Session` a shorter scope, or have it resolve `Cart` each time it needs one instead of keeping it."
      ) == true)
    #expect(messages.last?.contains("time: `Chain` -> `CartBadge` -> `Cart`.") == true)
  }

  @Test func aUniqueInstanceHeldByASingletonIsNotCaptive() throws {
    let container = Container()
    container.register(needs: []) { Cart() }
    container.autoregister(scope: .singleton, initializer: Worker.init)
    container.register(scope: .singleton, needs: []) { Presence() }
    container.autoregister(scope: .singleton, initializer: Roster.init)

    #expect(try container.validate().isValid)
  }

  @Test func aDependencyOnResolversThatTakeAParameterItNeverGivesIsAnError() throws {
    let container = Container(name: "panes")
    let badge: UInt = #line + 1
    container.register(needs: []) { (pane: Pane) -> PaneBadge in PaneBadge() }
    let inspector: UInt = #line + 1
    container.autoregister(initializer: Inspector.init)

    guard let report = failingReport(of: container) else { return }
    let file = "RavioliTests/ValidationTests.swift"
    #expect(
      report.errors.map(\.description) == [
        "\(file):\(inspector): error: `Inspector` needs `PaneBadge`, whose resolvers take a "
          + "parameter (`Pane`), first registered at \(file):\(badge), but `Inspector` gives "
          + "them no parameter. Register a plain resolver of `PaneBadge`, or declare the "
          + "parameter that it is resolved with: `.on(PaneBadge.self, parameter: ...)`."
      ])

    // Declared with the parameter it is given, it is found.
    container.register(needs: [.on(PaneBadge.self, parameter: Pane.self)]) { () -> Chain in
      _ = try container.resolve(parameter: Pane()) as PaneBadge
      return Chain()
    }
    #expect(failingReport(of: container).map(kinds) == [.parameterNeverGiven])
    container.removeRegistration(of: Inspector.self)
    #expect(try container.validate().isValid)
  }

  @Test func aParameterOfTheWrongTypeIsNeverGivenEither() {
    let container = Container()
    container.register(needs: []) { (pane: Pane) -> PaneBadge in PaneBadge() }
    container.register(needs: [.on(PaneBadge.self, parameter: Cart.self)]) { Chain() }

    #expect(failingReport(of: container).map(kinds) == [.parameterNeverGiven])
    #expect(
      failingReport(of: container)?.errors.first?.message.contains(
        "`Chain` gives them a `Cart`, which none of them takes")
        == true)
  }

  @Test func resolversTakingAProtocolOrAnyTakeWhatConformsToIt() throws {
    let container = Container()
    container.register(needs: []) { (anything: Any) -> PaneBadge in PaneBadge() }
    container.register(needs: []) { (shape: any Greeter) -> Cart in Cart() }
    container.register(needs: [
      .on(PaneBadge.self, parameter: Int.self), .on(Cart.self, parameter: EnglishGreeter.self),
    ]) { () -> Chain in
      _ = try container.resolve(parameter: 1) as PaneBadge
      _ = try container.resolve(parameter: EnglishGreeter()) as Cart
      return Chain()
    }

    _ = try container.resolve() as Chain
    #expect(try container.validate().isValid)
  }

  @Test func theSearchedContainersAreTheDependentsOwnOrder() {
    let left = Container(name: "left")
    let right = Container(name: "right")
    let middle = Container(parent: left, name: "middle")
    middle.autoregister(initializer: Checkout.init)
    let top = Container(parents: [middle, right], name: "top")

    let message = failingReport(of: top)?.errors.first?.message
    #expect(message?.contains("(searched \"middle\" -> \"left\")") == true, "\(message ?? "")")
  }

  @Test func opaqueRegistrationsAreCountedAndListedAsNotes() throws {
    let container = Container(name: "app")
    let opaque: UInt = #line + 1
    container.register { Cart() }
    container.autoregister(initializer: CartBadge.init)

    let report = try container.validate()
    #expect(report.isValid)
    #expect(report.opaqueRegistrations.map(\.kind) == [.opaqueRegistration])
    #expect(
      report.description == """
        RavioliTests/ValidationTests.swift:\(opaque): note: `Cart` declares no dependencies, \
        so what its resolver needs is not checked: declare them with `register(needs:)` \
        (`needs: []` for none), or register an initializer with `autoregister`.
        Container "app": no errors in 2 registrations; 1 opaque registration.
        """)
  }

  @Test func anOpaqueParametrizedResolverIsNamedByTheTypeItTakes() throws {
    let container = Container(name: "app")
    container.register(needs: []) { (badge: CartBadge) -> String in "badge" }
    container.register { (cart: Cart) -> String in "cart" }
    container.register(needs: []) { () -> String in "plain" }

    let notes = try container.validate().opaqueRegistrations.map(\.message)
    #expect(notes.count == 1)
    #expect(
      notes.first?.hasPrefix("`String`'s resolver taking `Cart` declares no dependencies") == true)
  }

  @Test func everyKindOfProblemInOneGraphIsReportedOnce() {
    let core = Container(name: "core")
    core.register(scope: .cached, needs: []) { Cart() }
    core.autoregister(initializer: CartBadge.init)
    core.autoregister(scope: .singleton, initializer: Session.init)  // captive
    let app = Container(parent: core, name: "app")
    app.autoregister(initializer: Checkout.init)  // missing gateway
    app.autoregister(initializer: Node1.init)  // two cycles
    app.autoregister(initializer: Node2.init)
    app.autoregister(initializer: Node3.init)
    app.register(needs: []) { (pane: Pane) -> PaneBadge in PaneBadge() }
    app.autoregister(initializer: Inspector.init)  // parameter never given
    app.register { Chain() }  // opaque
    // A second dependent of the missing gateway: reported for each dependent.
    app.register(needs: [.on(PaymentGateway.self)]) { () -> Worker in Worker(cart: Cart()) }

    guard let report = failingReport(of: app) else { return }
    #expect(
      kinds(report).sorted { "\($0)" < "\($1)" } == [
        .captiveDependency, .cycle, .cycle, .missingDependency, .missingDependency,
        .parameterNeverGiven,
      ])
    #expect(Set(report.errors).count == report.errors.count)
    #expect(report.opaqueRegistrations.count == 1)
    #expect(report.registrationCount == 11)
    #expect(
      report.summary
        == "Container \"app\" -> \"core\": 6 errors in 11 registrations (2 missing dependencies, "
        + "2 cycles, 1 captive dependency, 1 parameter never given); 1 opaque registration.")
    let lines = report.description.split(separator: "\n")
    #expect(lines.count == 8)
    #expect(lines.dropLast().allSatisfy { $0.hasPrefix("RavioliTests/ValidationTests.swift:") })
  }

  @Test func validationRunsNoResolver() throws {
    let container = Container()
    container.register(needs: []) { () -> Cart in
      Issue.record("a resolver ran")
      return Cart()
    }
    container.autoregister(scope: .singleton, initializer: CartBadge.init)
    #expect(try container.validate().isValid)
  }

  @Test func aLongChainAndALongCycleDoNotOverflowTheStack() {
    // 10,000 registrations in one line: a deep graph is walked without recursion.
    let container = Container()
    for index in 0..<10_000 {
      let next = RegistrationAlternative("\(index + 1)")
      container.register(
        alternative: RegistrationAlternative("\(index)"),
        needs: index == 9_999
          ? [.on(Chain.self, alternative: "0")] : [.on(Chain.self, alternative: next)]
      ) { Chain() }
    }
    let report = failingReport(of: container)
    #expect(report.map(kinds) == [.cycle])
    #expect(
      report?.errors.first?.message.hasPrefix("dependency cycle: `Chain (alternative \"0\")` -> ")
        == true)
  }

  @Test func theReportOfAScopeSeesWhatTheScopeRegistered() throws {
    let container = Container(name: "module") { container in
      container.autoregister(initializer: Checkout.init)
    }
    #expect(failingReport(of: container).map(kinds) == [.missingDependency])
    container.autoregister(PaymentGateway.self, initializer: CardGateway.init)
    #expect(try container.validate().isValid)
  }
}

@Suite(.isolatedContainers) struct ExpectValidGraphTests {
  init() {
    Container.logger = SilentLogger()
  }

  @Test func aGraphWithErrorsFailsTheTestWithTheReport() {
    let container = Container(name: "broken")
    let registered: UInt = #line + 1
    container.autoregister(initializer: Checkout.init)
    withKnownIssue {
      let report = expectValidGraph(container)
      #expect(!report.isValid)
    } matching: { issue in
      // Each error at its registration's line; the runner marks the failure, so no `error:`.
      let text = issue.comments.map(\.rawValue).joined()
      return text.contains("ValidationTests.swift:\(registered): `Checkout` needs `PaymentGateway`")
        && text.contains(#"Container "broken": 1 error"#) && !text.contains("error:")
    }
  }

  @Test func aValidGraphPasses() {
    let container = Container()
    container.autoregister(PaymentGateway.self, initializer: CardGateway.init)
    #expect(expectValidGraph(container).isValid)
  }
}

private final class Ledgers: Sendable { init() {} }
private final class Accountant: Sendable { init(ledgers: Ledgers) {} }

@Suite(.isolatedContainers) struct AsyncDependencyValidationTests {
  init() {
    Container.logger = SilentLogger()
  }

  @Test func aSynchronousResolverCannotGetANewInstanceOfAnAsyncOne() throws {
    let container = Container(name: "books")
    container.register(needs: []) { () async -> Ledgers in Ledgers() }
    let line: UInt = #line + 1
    container.autoregister(initializer: Accountant.init)

    #expect(throws: ResolutionError.self) { try container.resolve() as Accountant }
    let report = failingReport(of: container)
    #expect(report?.errors.map(\.kind) == [.asyncDependency])
    #expect(report?.errors.first?.line == line)
    #expect(
      report?.errors.first?.message.hasPrefix(
        "`Accountant` needs `Ledgers`, whose resolver (registered at "
          + "RavioliTests/ValidationTests.swift:\(line - 2)) is async and keeps no instance")
        == true)
  }

  @Test func aKeptAsyncInstanceMadeAtStartUpIsFine() async throws {
    let container = Container(name: "books")
    container.register(scope: .singleton, needs: []) { () async -> Ledgers in Ledgers() }
    container.autoregister(initializer: Accountant.init)
    _ = try await container.resolve(Ledgers.self)

    #expect(try container.validate().isValid)
    _ = try container.resolve() as Accountant
  }
}
