import Testing

@testable import RavioliCheckKit

/// One behaviour test for each kind of one-line bug that the other tests let through when it
/// was planted in RavioliCheckKit (issue 40): each fails with that bug.
@Suite struct CheckerMutantsTests {
  let screen = """
    import Ravioli
    final class Screen {
      @Injected var greeter: Greeter
    }
    """

  /// Of two containers of one name, the one nearer the reference is meant.
  @Test func theNearerOfTwoContainersOfOneNameIsChosen() throws {
    let app = """
      import Ravioli
      let shared = Container(name: "outer")
      enum Feature {
        static let shared = Container(name: "inner") { c in
          c.register { () -> Greeter in Hello() }
        }
        static func start() { Container.lookupPolicy = .singleton(shared) }
      }
      """
    #expect(try findings(in: ["Screen.swift": screen, "App.swift": app]) == [])
    let outer =
      app.replacingOccurrences(
        of: "static func start() { Container.lookupPolicy = .singleton(shared) }", with: "")
      + "\nfunc start() { Container.lookupPolicy = .singleton(shared) }\n"
    #expect(
      try findings(in: ["Screen.swift": screen, "App.swift": outer]).first?.contains(
        "(searched \"outer\")") == true)
  }

  /// `--report-only-under App` reports App's findings, not those of `AppKit/` beside it.
  @Test func reportingOnlyUnderAFolderLeavesOutAFolderThatStartsWithItsName() throws {
    let report = try Paths.withScratchFolder { folder in
      try Paths.write(screen, to: "App/Screen.swift", in: folder)
      try Paths.write(
        screen.replacingOccurrences(of: "Screen", with: "Panel"), to: "AppKit/Panel.swift",
        in: folder)
      try Paths.write(
        "import Ravioli\nlet app = Container(name: \"app\")\n"
          + "func start() { Container.lookupPolicy = .singleton(app) }\n",
        to: "Main/main.swift", in: folder)
      return RavioliCheck.run(
        paths: [folder], options: .init(reportingOnlyUnder: [folder + "/App"]))
    }
    #expect(report.findings.map(\.line) == [3])
    #expect(report.findings.allSatisfy { $0.path.hasSuffix("/App/Screen.swift") })
  }

  /// The registered alternatives that a message lists include one that no source declares
  /// (`.french`, written at the registration only).
  @Test func registeredAlternativesIncludeOnesNoSourceDeclares() throws {
    let app = """
      import Ravioli
      let app = Container(name: "app") { c in
        c.register(alternative: .french) { () -> Greeter in Bonjour() }
        c.register { () -> Greeter in Hello() }
      }
      func start() { Container.lookupPolicy = .singleton(app) }
      """
    let typo = """
      import Ravioli
      final class Screen {
        @Injected(alternative: .italian) var greeter: Greeter
      }
      """
    let lines = try findings(in: ["Screen.swift": typo, "App.swift": app])
    #expect(lines.count == 1)
    #expect(lines.first?.contains("(registered alternatives: .french)") == true)
  }

  /// A need that two registrations could answer (one registration of its type in the
  /// container, and another) is not settled: no cycle through either, whether the container
  /// is known by name or the registrations are made on a function's parameter.
  @Test(arguments: [
    """
    import Ravioli
    let app = Container(name: "app") { c in
      c.register(needs: [.on(Greeter.self)]) { () -> Greeter in Polite() }
      c.register(replacing: true) { () -> Greeter in Hello() }
    }
    func start() { Container.lookupPolicy = .singleton(app) }
    """,
    """
    import Ravioli
    let app = Container(name: "app")
    func registerGreeters(in c: Container) {
      c.register(needs: [.on(Greeter.self)]) { () -> Greeter in Polite() }
      c.register(replacing: true) { () -> Greeter in Hello() }
    }
    func start() { registerGreeters(in: app); Container.lookupPolicy = .singleton(app) }
    """,
  ])
  func aNeedThatTwoRegistrationsCouldAnswerMakesNoCycle(app: String) throws {
    #expect(try findings(in: ["Screen.swift": screen, "App.swift": app]) == [])
    // With one registration, it is a cycle.
    let alone = app.replacingOccurrences(
      of: "  c.register(replacing: true) { () -> Greeter in Hello() }\n", with: "")
    #expect(
      try findings(in: ["Screen.swift": screen, "App.swift": alone]).first?.contains(
        "error: dependency cycle: `Greeter` -> `Greeter`") == true)
  }

  /// A qualified name matches a shorter qualification of it, in either order.
  @Test func aQualifiedTypeMatchesAShorterQualificationEitherWay() throws {
    let injecting = """
      import Ravioli
      final class Screen {
        @Injected var config: Shop.Feed.Config
      }
      """
    let registering = """
      import Ravioli
      let app = Container(name: "app") { c in
        c.register { () -> Feed.Config in Feed.Config() }
      }
      func start() { Container.lookupPolicy = .singleton(app) }
      """
    #expect(try findings(in: ["Screen.swift": injecting, "App.swift": registering]) == [])
    let swapped = [
      "Screen.swift": injecting.replacingOccurrences(of: "Shop.Feed.Config", with: "Feed.Config"),
      "App.swift": registering.replacingOccurrences(
        of: "() -> Feed.Config", with: "() -> Shop.Feed.Config"),
    ]
    #expect(try findings(in: swapped) == [])
  }

  /// A type's own `container` wins over the one a protocol extension gives.
  @Test func aTypesOwnContainerWinsOverAProtocolExtensions() throws {
    let app = """
      import Ravioli
      let shared = Container(name: "shared")
      let own = Container(name: "own") { c in c.register { () -> Greeter in Hello() } }
      protocol Module: Containerable {}
      extension Module {
        var container: Container! { shared }
      }
      func start() { Container.lookupPolicy = .enclosingType() }
      """
    let owning = """
      import Ravioli
      final class Screen: Module {
        var container: Container! { own }
        @Injected var greeter: Greeter
      }
      """
    #expect(try findings(in: ["Screen.swift": owning, "App.swift": app]) == [])
    let borrowing = owning.replacingOccurrences(
      of: "  var container: Container! { own }\n", with: "")
    #expect(
      try findings(in: ["Screen.swift": borrowing, "App.swift": app]).first?.contains(
        "(searched \"shared\")") == true)
  }

  /// A public alias is seen only by the modules that import its module: another module's
  /// alias of the same name does not make the name ambiguous.
  @Test func aPublicAliasOfAModuleNotImportedIsNotSeen() throws {
    let files = [
      "Sources/Cart/Store.swift": """
      public final class CartStore: Sendable {}
      public typealias Store = CartStore
      """,
      "Sources/Profile/Store.swift": """
      public final class ProfileStore: Sendable {}
      public typealias Store = ProfileStore
      """,
      "Sources/App/App.swift": """
      import Ravioli
      import Cart
      let app = Container(name: "app") { $0.register { () -> CartStore in CartStore() } }
      func start() { Container.lookupPolicy = .singleton(app) }
      final class Screen {
        @Injected var store: Store
      }
      """,
    ]
    #expect(try findings(in: files) == [])
    var both = files
    both["Sources/App/App.swift"] = "import Profile\n" + files["Sources/App/App.swift"]!
    #expect(try findings(in: both).first?.contains("warning: `Screen.store`") == true)
  }
}
