import Testing

@testable import RavioliCheckKit

/// What counts as registered, where, and under which alternative: each rule with a source
/// that passes and one that does not.
@Suite struct RulesTests {
  func check(_ files: [String: String], includingTests: Bool = false) throws -> [String] {
    try findings(in: files, includingTests: includingTests)
  }

  let screen = """
    import Ravioli
    final class Screen {
      @Injected var greeter: Greeter
    }
    """

  @Test func aSingletonPolicyPicksItsContainer() throws {
    let registered = """
      import Ravioli
      let app = Container(name: "app") { $0.register { () -> Greeter in Hello() } }
      let other = Container(name: "other") { c in c.register { () -> Greeter in Hello() } }
      """
    #expect(
      try check([
        "Screen.swift": screen,
        "App.swift": registered + "\nContainer.lookupPolicy = .singleton(other)\n",
      ]) == [])
    let unregistered = """
      import Ravioli
      let app = Container(name: "app")
      let other = Container(name: "other") { c in c.register { () -> Greeter in Hello() } }
      Container.lookupPolicy = .singleton(app)
      """
    #expect(
      try check(["Screen.swift": screen, "App.swift": unregistered]) == [
        "Screen.swift:3:3: error: `Screen.greeter` (@Injected) needs `Greeter`, which is not "
          + "registered in any container it resolves from (searched \"app\"). It is registered in "
          + "\"other\" (App.swift:3), which \"app\" does not search: register it in \"app\" or in "
          + "a container that \"app\" searches, or correct the type or alternative of "
          + "`Screen.greeter`."
      ])
  }

  @Test func aCustomPolicyOrNoneSearchesEverything() throws {
    let registered = """
      import Ravioli
      let other = Container(name: "other") { c in c.register { () -> Greeter in Hello() } }
      """
    #expect(try check(["Screen.swift": screen, "App.swift": registered]) == [])
    #expect(
      try check([
        "Screen.swift": screen, "App.swift": registered + "\nContainer.lookupPolicy = MyPolicy()\n",
      ]) == [])
    #expect(
      try check(["Screen.swift": screen, "App.swift": "import Ravioli\nlet other = Container()\n"])
        == [
          "Screen.swift:3:3: error: `Screen.greeter` (@Injected) needs `Greeter`, which is not "
            + "registered in the checked sources. Register it, or correct the type or alternative "
            + "of `Screen.greeter`."
        ])
  }

  @Test func aContainerableTypeResolvesFromItsOwnContainerUnderEnclosingType() throws {
    let module = """
      import Ravioli
      enum Module { static let container = Container(name: "module") }
      let app = Container(parents: [Module.container], name: "app") { app in
        app.register { () -> Greeter in Hello() }
      }
      Container.lookupPolicy = .enclosingType(default: app)
      extension Screen: Containerable {
        var container: Container! { return Module.container }
      }
      """
    let lines = try check(["Screen.swift": screen, "Module.swift": module])
    #expect(lines.count == 1)
    #expect(lines.first?.contains("(searched \"module\"). It is registered in \"app\"") == true)
    // Without the conformance, the default container answers.
    let withoutConformance = module.components(separatedBy: "extension Screen")[0]
    #expect(try check(["Screen.swift": screen, "Module.swift": withoutConformance]) == [])
  }

  @Test func aRegistrationInAnUnknownContainerCountsForEveryContainer() throws {
    let app = """
      import Ravioli
      let app = Container(name: "app")
      Container.lookupPolicy = .singleton(app)
      func registerGreeting(in container: Container) {
        container.register { () -> Greeter in Hello() }
      }
      """
    #expect(try check(["Screen.swift": screen, "App.swift": app]) == [])
  }

  @Test func alternativesMatchByNameWhereverTheyAreDeclared() throws {
    let app = """
      import Ravioli
      extension RegistrationAlternative {
        static let french: RegistrationAlternative = "french"
      }
      let app = Container(name: "app") { app in
        app.register(alternative: "french") { () -> Greeter in Bonjour() }
      }
      Container.lookupPolicy = .singleton(app)
      """
    let french = """
      import Ravioli
      final class Screen {
        @Injected(alternative: .french) var greeter: Greeter
      }
      """
    #expect(try check(["Screen.swift": french, "App.swift": app]) == [])
    let lines = try check(["Screen.swift": screen, "App.swift": app])
    #expect(
      lines == [
        "Screen.swift:3:3: error: `Screen.greeter` (@Injected) needs `Greeter`, which is not "
          + "registered in any container it resolves from (searched \"app\"). Registered for "
          + "`Greeter`: alternative \"french\" in \"app\" (App.swift:6). Register it in \"app\", "
          + "or correct the type or alternative of `Screen.greeter`."
      ])
  }

  @Test func anOptionalIsAnsweredByItsWrappedTypeAndAWeakPropertyByEither() throws {
    let app = """
      import Ravioli
      let app = Container(name: "app") { app in
        app.register { () -> Greeter in Hello() }
        app.register { () -> Delegate? in nil }
      }
      Container.lookupPolicy = .singleton(app)
      """
    let optional = """
      import Ravioli
      final class Screen {
        @Injected var greeter: Greeter?
        @Injected var other: Optional<Greeter>
        @InjectedWeakly var delegate: Delegate?
        @Injected var delegateToo: Delegate?
      }
      """
    #expect(try check(["Screen.swift": optional, "App.swift": app]) == [])
  }

  @Test func aWrappedTypeIsNotAnsweredByItsOptionalAndTheMessageSaysSo() throws {
    let app = """
      import Ravioli
      let app = Container(name: "app") { app in
        app.register { () -> Greeter? in nil }
      }
      Container.lookupPolicy = .singleton(app)
      """
    #expect(
      try check(["Screen.swift": screen, "App.swift": app]) == [
        "Screen.swift:3:3: error: `Screen.greeter` (@Injected) needs `Greeter`, which is not "
          + "registered in any container it resolves from (searched \"app\"). It is registered "
          + "as `Greeter?`, in \"app\" (App.swift:3), which does not answer a request of "
          + "`Greeter`: register `Greeter` itself, or ask for `Greeter?`."
      ])
  }

  @Test func aParametrizedResolverDoesNotAnswerAPropertyResolvedOnInit() throws {
    let app = """
      import Ravioli
      let app = Container(name: "app") { app in
        app.register { (screen: Screen) -> Greeter in Hello() }
      }
      Container.lookupPolicy = .singleton(app)
      """
    let eager = """
      import Ravioli
      final class Screen {
        @Injected(.resolvingOnInit()) var greeter: Greeter
      }
      """
    #expect(
      try check(["Screen.swift": eager, "App.swift": app]) == [
        "Screen.swift:3:3: error: `Screen.greeter` (@Injected) needs `Greeter`, which is not "
          + "registered in any container it resolves from (searched \"app\"). It is registered "
          + "only with a parameter, in \"app\" (App.swift:3), which a property resolved on init "
          + "(`.resolvingOnInit`), before its object exists, cannot give: register it without one."
      ])
    // Lazily, the property gives its object.
    #expect(try check(["Screen.swift": screen, "App.swift": app]) == [])
  }

  @Test func aTypedParameterTakesOnlyAnObjectOfItsType() throws {
    let app = """
      import Ravioli
      protocol Cell: AnyObject {}
      final class PhotoCell: Cell {}
      let app = Container(name: "app") { app in
        app.register { (cell: Cell) -> ImageLoader in ImageLoader() }
      }
      Container.lookupPolicy = .singleton(app)
      """
    let cell = """
      import Ravioli
      final class PhotoCellView: UIView, Cell {
        @Injected var loader: ImageLoader
      }
      extension Gallery: Cell {}
      final class Gallery {
        @Injected var loader: ImageLoader
      }
      """
    let screen = """
      import Ravioli
      final class Screen: Sendable {
        @Injected var loader: ImageLoader
      }
      """
    #expect(try check(["App.swift": app, "Cell.swift": cell]) == [])
    #expect(
      try check(["App.swift": app, "Cell.swift": cell, "Screen.swift": screen]) == [
        "Screen.swift:3:3: error: `Screen.loader` (@Injected) needs `ImageLoader`, which is not "
          + "registered in any container it resolves from (searched \"app\"). It is registered "
          + "only with a parameter of type `Cell`, in \"app\" (App.swift:5), which `Screen` is "
          + "not, so the resolver cannot take the object: register it with a parameter that "
          + "`Screen` is, or without one."
      ])
    // A parameter type that the sources do not declare may be anything's: no error.
    let external = app.replacingOccurrences(of: "(cell: Cell)", with: "(view: UIView)")
    #expect(try check(["App.swift": external, "Screen.swift": screen]) == [])
  }

  @Test func aWeakPropertyNeedsAnObjectNotAStructure() throws {
    let app = """
      import Ravioli
      struct Settings {}
      final class Session {}
      let app = Container(name: "app") { app in
        app.register { () -> Settings in Settings() }
        app.register { () -> Session in Session() }
      }
      Container.lookupPolicy = .singleton(app)
      """
    let screen = """
      import Ravioli
      final class Screen {
        @InjectedWeakly var settings: Settings?
        @InjectedWeakly var session: Session?
      }
      """
    #expect(
      try check(["App.swift": app, "Screen.swift": screen]) == [
        "Screen.swift:3:3: error: `Screen.settings` (@InjectedWeakly) needs an object, which a "
          + "weak property holds, but `Settings`, registered in \"app\" (App.swift:5), is a "
          + "structure: register a class, or make it an @Injected property."
      ])
  }

  @Test func aParametrizedResolverAnswersAPropertyButNotAFunctionParameter() throws {
    let app = """
      import Ravioli
      let app = Container(name: "app") { app in
        app.register { (screen: Any) -> Greeter in Hello() }
      }
      Container.lookupPolicy = .singleton(app)
      func greet(greeter: Greeter = injected(from: app)) {}
      """
    #expect(
      try check(["Screen.swift": screen, "App.swift": app]) == [
        "App.swift:6:12: error: `injected()` for parameter `greeter` of `greet()` needs "
          + "`Greeter`, which is not registered in any container it resolves from (searched "
          + "\"app\"). It is registered only with a parameter, in \"app\" (App.swift:3), which a "
          + "default argument cannot give: register it without one."
      ])
  }

  @Test func typeAliasesAndModuleNamesAreSeenThrough() throws {
    let app = """
      import Ravioli
      typealias Salutation = Greeter
      let app = Container(name: "app") { app in
        app.register { () -> Salutation in Hello() }
        app.register { () -> Words.Clock in Tick() }
      }
      Container.lookupPolicy = .singleton(app)
      final class Face {
        @Injected var clock: Clock
      }
      """
    #expect(try check(["Screen.swift": screen, "App.swift": app]) == [])
  }

  @Test func filesThatDoNotImportRavioliAndOtherRegisterCallsAreNotRead() throws {
    let other = """
      import OtherInjector
      final class Screen {
        @Injected var greeter: Greeter
      }
      """
    #expect(try check(["Screen.swift": other]) == [])
    let cells = """
      import Ravioli
      final class Table { func register(_ type: Any.Type, forCellReuseIdentifier: String) {} }
      let table = Table()
      table.register(Table.self, forCellReuseIdentifier: "cell")
      table.register { Table() }
      """
    let lines = try check(["Cells.swift": cells])
    // The call with a closure is taken for a registration, whose container is unknown.
    #expect(lines == [])
  }

  @Test func aStructuresMemberwiseInitializerIsWhatAutoregisterResolves() throws {
    let app = """
      import Ravioli
      struct Oven {}
      struct Schedule {
        let oven: Oven
        var log: EventLog
        var retries: Int = 3
        let name = "morning"
        var label: String { name }
        static var shared = 0
      }
      let app = Container(name: "app") { c in
        c.autoregister(initializer: Schedule.init)
        c.autoregister(initializer: Oven.init)
        c.register { () -> Int in 3 }
      }
      Container.lookupPolicy = .singleton(app)
      """
    let lines = try check(["App.swift": app])
    #expect(lines.count == 1)
    #expect(
      lines.first?.hasPrefix(
        "App.swift:12:3: error: `Schedule`, registered at App.swift:12, needs `EventLog`") == true)
    // Its own initializer, or a property the checker cannot write a parameter for: not the
    // memberwise one.
    let initialized = app.replacingOccurrences(
      of: "  static var shared = 0\n",
      with: "  init(oven: Oven) { self.oven = oven; log = EventLog() }\n")
    #expect(try check(["App.swift": initialized]) == [])
    let wrapped = app.replacingOccurrences(of: "  var retries", with: "  @Clamped var retries")
    #expect(try check(["App.swift": wrapped]) == [])
    // A `var` with a value is still a parameter (a `let` with one is not): it needs an `Int`.
    let withoutInt = app.replacingOccurrences(of: "  c.register { () -> Int in 3 }\n", with: "")
    #expect(
      try check(["App.swift": withoutInt]).map { $0.components(separatedBy: ", which")[0] } == [
        "App.swift:12:3: error: `Schedule`, registered at App.swift:12, needs `EventLog`",
        "App.swift:12:3: error: `Schedule`, registered at App.swift:12, needs `Int`",
      ])
  }

  @Test func memberwiseInitializersThatNeedEachOtherAreACycle() throws {
    let app = """
      import Ravioli
      struct Oven { let schedule: Schedule }
      struct Schedule { let oven: Oven }
      let app = Container(name: "app") { c in
        c.autoregister(initializer: Schedule.init)
        c.autoregister(initializer: Oven.init)
      }
      """
    let lines = try check(["App.swift": app])
    #expect(lines.count == 1)
    #expect(lines.first?.contains("error: dependency cycle: ") == true)
  }

  @Test func aLineMarkedIgnoreGivesNoFinding() throws {
    let ignored = """
      import Ravioli
      final class Screen {
        @Injected var greeter: Greeter  // ravioli-check: ignore
      }
      let app = Container()
      func setUp() {
        app.register { make() }  // ravioli-check: ignore
      }
      """
    #expect(try check(["Screen.swift": ignored]) == [])
  }

  @Test func testFoldersAreReadOnlyWhenAskedForAndTheirStubsAnswerOnlyTheTests() throws {
    let files = [
      "Sources/Screen.swift": screen,
      "Tests/AppTests/Stubs.swift": """
      import Ravioli
      let stubs = Container { $0.register { () -> Greeter in Stub() } }
      final class ScreenProbe {
        @Injected var greeter: Greeter
      }
      """,
    ]
    #expect(try check(files).count == 1)
    // The app does not register `Greeter`: the tests' stub does not hide that; it answers
    // the tests' own property.
    let withTests = try check(files, includingTests: true)
    #expect(withTests.count == 1)
    #expect(withTests.first?.hasPrefix("Sources/Screen.swift:3:") == true)
  }

  @Test func findingsCanBeLimitedToSomeFiles() throws {
    let lines = try Paths.withScratchFolder { folder in
      try Paths.write(screen, to: "A/Screen.swift", in: folder)
      try Paths.write(screen, to: "B/Screen.swift", in: folder)
      return RavioliCheck.run(paths: [folder], options: .init(reportingOnlyUnder: [folder + "/B"]))
        .findings.map(\.path)
    }
    #expect(lines.count == 1)
    #expect(lines.first?.hasSuffix("/B/Screen.swift") == true)
  }
}
