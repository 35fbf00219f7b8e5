import Testing

@testable import RavioliCheckKit

/// Code that apps write, where the source does not settle which container or type is meant:
/// no error (a warning at most), and the same code with a real mistake still an error.
@Suite struct UnsettledSourceTests {
  let screen = """
    import Ravioli
    final class Screen {
      @Injected var greeter: Greeter
    }
    """

  @Test func aRegistrationThroughAParameterIsNotTheOuterContainerOfThatName() throws {
    let app = """
      import Ravioli
      let container = Container(name: "main")
      let app = Container(name: "app")
      func registerServices(in container: Container) {
        container.register { () -> Greeter in Hello() }
      }
      Container.lookupPolicy = .singleton(app)
      """
    #expect(try findings(in: ["Screen.swift": screen, "App.swift": app]) == [])
  }

  @Test func aContainerMadeByAFunctionIsNotSettled() throws {
    let app = """
      import Ravioli
      func makeContainer() -> Container {
        let container = Container(name: "app")
        container.register { () -> Greeter in Hello() }
        return container
      }
      let app = makeContainer()
      Container.lookupPolicy = .singleton(app)
      """
    #expect(try findings(in: ["Screen.swift": screen, "App.swift": app]) == [])
  }

  @Test func aParentFromUncheckedSourcesMakesWhatIsMissingAWarning() throws {
    let app = """
      import Ravioli
      import Networking
      let app = Container(parents: [NetworkingModule.container], name: "app")
      Container.lookupPolicy = .singleton(app)
      """
    let lines = try findings(in: ["Screen.swift": screen, "App.swift": app])
    #expect(lines.count == 1)
    #expect(lines.first?.hasPrefix("Screen.swift:3:3: warning: `Screen.greeter`") == true)
    #expect(lines.first?.contains("may be registered in a container that the checked") == true)
    // Without the unknown parent, it is an error.
    let alone = app.replacingOccurrences(of: "parents: [NetworkingModule.container], ", with: "")
    #expect(
      try findings(in: ["Screen.swift": screen, "App.swift": alone]).first?.contains(
        ": error: `Screen.greeter`") == true)
  }

  @Test func aGenericHelperThatRegistersIsAWarningNotAMissingRegistration() throws {
    let app = """
      import Ravioli
      extension Container {
        func registerSingleton<T: Sendable>(_ make: @escaping @Sendable () -> T) {
          register(scope: .singleton, make)
        }
      }
      let app = Container(name: "app") { app in
        app.registerSingleton { () -> Greeter in Hello() }
      }
      Container.lookupPolicy = .singleton(app)
      """
    let lines = try findings(in: ["Screen.swift": screen, "App.swift": app])
    #expect(lines.count == 2)
    #expect(lines.first?.hasPrefix("App.swift:4:5: warning: cannot tell which type") == true)
    #expect(lines.last?.hasPrefix("Screen.swift:3:3: warning: `Screen.greeter`") == true)
    // Ignoring the helper's line silences its warning; the injection stays a warning.
    let ignored = app.replacingOccurrences(
      of: "register(scope: .singleton, make)",
      with: "register(scope: .singleton, make)  // ravioli-check: ignore")
    let quieter = try findings(in: ["Screen.swift": screen, "App.swift": ignored])
    #expect(quieter.count == 1)
    #expect(quieter.first?.hasPrefix("Screen.swift:3:3: warning:") == true)
  }

  @Test func nestedTypesOfOneNameKeepTheirOwnContainers() throws {
    let modules = """
      import Ravioli
      let profile = Container(name: "profile") { $0.register { () -> ProfileStore in .init() } }
      let settings = Container(name: "settings") { $0.register { () -> SettingsStore in .init() } }
      protocol ProfileInjectable: Containerable {}
      extension ProfileInjectable { var container: Container! { profile } }
      protocol SettingsInjectable: Containerable {}
      extension SettingsInjectable { var container: Container! { settings } }
      Container.lookupPolicy = .enclosingType(default: nil)
      """
    let views = """
      import Ravioli
      enum ProfileView {
        final class ViewModel: ProfileInjectable {
          @Injected var store: ProfileStore
        }
      }
      enum SettingsView {
        final class ViewModel: SettingsInjectable {
          @Injected var store: SettingsStore
          @Injected var other: ProfileStore
        }
      }
      """
    #expect(
      try findings(in: ["Modules.swift": modules, "Views.swift": views]) == [
        "Views.swift:10:5: error: `SettingsView.ViewModel.other` (@Injected) needs "
          + "`ProfileStore`, which is not registered in any container it resolves from "
          + "(searched \"settings\"). It is registered in \"profile\" (Modules.swift:2), which "
          + "\"settings\" does not search: register it in \"settings\" or in a container that "
          + "\"settings\" searches, or correct the type or alternative of "
          + "`SettingsView.ViewModel.other`."
      ])
  }

  @Test func eagerInjectionResolvesFromThePolicysDefault() throws {
    let modules = """
      import Ravioli
      let app = Container(name: "app") { $0.register { () -> Greeter in Hello() } }
      let catalog = Container(name: "catalog")
      protocol CatalogInjectable: Containerable {}
      extension CatalogInjectable { var container: Container! { catalog } }
      Container.lookupPolicy = .enclosingType(default: app)
      final class Eager: CatalogInjectable {
        @Injected(.resolvingOnInit()) var greeter: Greeter
      }
      final class Lazy: CatalogInjectable {
        @Injected var greeter: Greeter
      }
      """
    let lines = try findings(in: ["Modules.swift": modules])
    #expect(lines.count == 1)
    #expect(lines.first?.hasPrefix("Modules.swift:11:3: error: `Lazy.greeter`") == true)
  }

  @Test func anAutoregisteredParametersAlternativeMatchesHoweverTheTypeIsWritten() throws {
    let app = """
      import Ravioli
      let app = Container(name: "app") { c in
        c.register(alternative: "plain") { () -> any Greeter in Hello() }
        c.autoregister((any Greeter).self, parameters: [.on(Greeter.self, alternative: "plain")]) {
          (inner: any Greeter) in Loud(inner)
        }
      }
      """
    #expect(try findings(in: ["App.swift": app]) == [])
  }

  @Test func aLineMarkedIgnoreReportsNothingThere() throws {
    let app = """
      import Ravioli
      let app = Container(name: "app") { c in
        c.autoregister(Screen.self) {
          (clock: Clock) in Screen(clock: clock)  // ravioli-check: ignore
        }
        c.register(needs: [
          .on(Clock.self)  // ravioli-check: ignore
        ]) { () -> Other in Other() }
      }
      """
    #expect(try findings(in: ["App.swift": app]) == [])
  }

  @Test func aFolderEndingInTestsInsideSourcesIsRead() throws {
    let registered = """
      import Ravioli
      let app = Container(name: "app") { $0.register { () -> Greeter in Hello() } }
      Container.lookupPolicy = .singleton(app)
      """
    #expect(
      try findings(in: [
        "Sources/App/Screen.swift": screen, "Sources/App/ABTests/Flags.swift": registered,
      ]) == [])
    // A test target's folder is not read: the app lacks what only a test registers.
    #expect(
      try findings(in: ["Sources/App/Screen.swift": screen, "AppTests/Stubs.swift": registered])
        .count == 1)
  }

  @Test func aRegistrationInAFileThatSeesRavioliThroughAnotherModuleCounts() throws {
    let registrations = """
      import Core
      let app = Container(name: "app") { $0.register { () -> Greeter in Hello() } }
      Container.lookupPolicy = .singleton(app)
      """
    #expect(try findings(in: ["Screen.swift": screen, "App.swift": registrations]) == [])
  }

  @Test func aStoredPropertyIsNotTheOuterContainerOfThatName() throws {
    let app = """
      import Ravioli
      let container = Container()
      container.register { () -> Clock in SystemClock() }
      Container.lookupPolicy = .singleton(container)
      enum FeedModule { static let container = Container(name: "feed") }
      final class FeedAssembly {
        let container: Container
        init(container: Container) { self.container = container }
        func assemble() {
          container.register { () -> Greeter in Hello() }
          self.container.register { () -> Printer in Printer() }
        }
      }
      final class FeedScreen {
        @Injected(.capturingContainerOnInit(from: FeedModule.container)) var greeter: Greeter
        @Injected(.capturingContainerOnInit(from: FeedModule.container)) var printer: Printer
        @Injected(.capturingContainerOnInit(from: FeedModule.container)) var clock: Clock
      }
      """
    let lines = try findings(in: ["App.swift": app])
    #expect(lines.count == 1)
    #expect(lines.first?.hasPrefix("App.swift:17:3: error: `FeedScreen.clock`") == true)
  }

  @Test func aLocalHidesAnOuterNameOnlyInItsBlock() throws {
    let app = """
      import Ravioli
      let app = Container(name: "app")
      let feed = Container(name: "feed")
      func setUp(flag: Bool) {
        if flag { let app = feed; _ = app }
        app.register { () -> Greeter in Hello() }
      }
      final class FeedScreen {
        @Injected(.resolvingOnInit(from: feed)) var greeter: Greeter
      }
      """
    let lines = try findings(in: ["App.swift": app])
    #expect(lines.count == 1)
    #expect(lines.first?.hasPrefix("App.swift:9:3: error: `FeedScreen.greeter`") == true)
  }

  @Test func aContainerMadeInsideAClosureIsNotTheOneOfThatNameOutside() throws {
    let app = """
      import Ravioli
      let storage: Container = {
        let container = Container(name: "storage")
        container.register { () -> Preferences in Preferences() }
        return container
      }()
      let container: Container = .init(name: "app")
      Container.lookupPolicy = .singleton(container)
      final class Screen { @Injected var greeter: Greeter }
      """
    let report = try Paths.withScratchFolder { folder in
      try Paths.write(app, to: "App.swift", in: folder)
      return RavioliCheck.run(paths: [folder])
    }
    #expect(report.containers == 2)
    #expect(report.findings.map(\.severity) == [.error])
  }

  @Test func aNestedTypeIsContainerableOnlyByItsOwnConformances() throws {
    let app = """
      import Ravioli
      let app = Container(name: "app") { $0.register { () -> Greeter in Hello() } }
      let feed = Container(name: "feed")
      protocol FeedInjectable: Containerable {}
      extension FeedInjectable { var container: Container! { feed } }
      Container.lookupPolicy = .enclosingType(default: app)
      final class ViewModel: FeedInjectable {}
      enum Settings {
        final class ViewModel {
          @Injected var greeter: Greeter
        }
      }
      """
    #expect(try findings(in: ["App.swift": app]) == [])
  }

  @Test func anInitializerIsLookedUpInTheTypeThatNamesIt() throws {
    let app = """
      import Ravioli
      final class ViewModel { init(clock: Clock) {} }
      enum Settings {
        final class ViewModel { init(greeter: Greeter) {} }
        static let container = Container(name: "settings") { c in
          c.register { () -> Greeter in Hello() }
          c.autoregister(initializer: ViewModel.init)
        }
      }
      """
    #expect(try findings(in: ["App.swift": app]) == [])
  }

  @Test func aProtocolFromAnUncheckedModuleMayBeContainerable() throws {
    let app = """
      import Ravioli
      import FeedKit
      let app = Container(name: "app")
      Container.lookupPolicy = .enclosingType(default: app)
      final class FeedViewModel: FeedInjectable { @Injected var greeter: Greeter }
      final class Plain { @Injected var greeter: Greeter }
      """
    let lines = try findings(in: ["App.swift": app])
    #expect(lines.count == 2)
    #expect(lines.first?.hasPrefix("App.swift:5:45: warning: `FeedViewModel.greeter`") == true)
    #expect(lines.last?.hasPrefix("App.swift:6:21: error: `Plain.greeter`") == true)
  }

  @Test func aHelperOfContainerRegistersInTheContainerItIsCalledOn() throws {
    let app = """
      import Ravioli
      final class UserRepository { init(database: Database) {} }
      extension Container {
        func registerPersistence() {
          autoregister(initializer: UserRepository.init)
        }
        func registerAll() { registerPersistence() }
      }
      let app = Container(name: "server")
      app.registerAll()
      final class Screen { @Injected(.resolvingOnInit(from: app)) var users: UserRepository }
      """
    let lines = try findings(in: ["App.swift": app])
    #expect(lines.count == 1)
    #expect(
      lines.first?.hasPrefix(
        "App.swift:5:5: error: `UserRepository`, registered at App.swift:5, needs `Database`, "
          + "which is not registered in any container it resolves from (searched \"server\")")
        == true)
  }

  @Test func aHelperCalledOnAContainerItCannotNameIsAWarningThatSaysWhy() throws {
    let app = """
      import Ravioli
      final class UserRepository { init(database: Database) {} }
      extension Container {
        func registerPersistence() {
          autoregister(initializer: UserRepository.init)
        }
      }
      let app = Container(name: "server")
      app.registerPersistence()
      func setUp(_ container: Container) { container.registerPersistence() }
      """
    let lines = try findings(in: ["App.swift": app])
    #expect(lines.count == 1)
    #expect(lines.first?.hasPrefix("App.swift:5:5: warning: `UserRepository`") == true)
    #expect(
      lines.first?.contains(
        "(A warning, not an error: the registration is made on a container that ravioli-check "
          + "cannot name here (a parameter, or `self` in an extension of `Container`), which may "
          + "search one that registers it.)") == true)
  }
}
