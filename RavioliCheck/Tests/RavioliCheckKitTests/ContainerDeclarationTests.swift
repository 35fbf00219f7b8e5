import Testing

@testable import RavioliCheckKit

/// The ways apps make containers, each read as the container it is: what it registers and
/// what it searches are then settled, and what it lacks is an error.
@Suite struct ContainerDeclarationTests {
  @Test func aContainerMadeByAClosureIsTheOneItReturns() throws {
    let app = """
      import Ravioli
      let storage: Container = {
        let container = Container(name: "storage")
        container.register { () -> Preferences in Preferences() }
        return container
      }()
      let other = Container(name: "other") { c in c.register { () -> Theme in Theme() } }
      final class SettingsScreen {
        @Injected(.resolvingOnInit(from: storage)) var preferences: Preferences
        @Injected(.resolvingOnInit(from: storage)) var theme: Theme
      }
      """
    let lines = try findings(in: ["App.swift": app])
    #expect(lines.count == 1)
    #expect(
      lines.first?.hasPrefix(
        "App.swift:10:3: error: `SettingsScreen.theme` (@Injected) needs `Theme`, which is not "
          + "registered in any container it resolves from (searched \"storage\"). It is "
          + "registered in \"other\"") == true)
  }

  @Test func aParentMadeInPlaceWithNothingRegisteredAddsNothing() throws {
    let app = """
      import Ravioli
      let profile = Container(parent: .init(), name: "profile") {
        $0.register { () -> Strings in Strings() }
      }
      let settings = Container(name: "settings") { $0.register { () -> Store in Store() } }
      Container.lookupPolicy = .singleton(profile)
      final class ProfileScreen {
        @Injected var strings: Strings
        @Injected var store: Store
      }
      """
    let lines = try findings(in: ["App.swift": app])
    #expect(lines.count == 1)
    #expect(lines.first?.hasPrefix("App.swift:9:3: error: `ProfileScreen.store`") == true)
  }

  @Test func aGenericParameterStandsForAnyType() throws {
    let app = """
      import Ravioli
      final class Repository<Entity>: Sendable {}
      enum DataModule {
        static let container = Container(name: "data") { c in
          c.register { () -> Repository<User> in Repository() }
        }
      }
      Container.lookupPolicy = .singleton(DataModule.container)
      final class ListModel<Element> {
        @Injected var repository: Repository<Element>
        @Injected var cache: Cache<Element>
      }
      func loadAll<T>(_: T.Type, repository: Repository<T> = injected()) {}
      """
    let lines = try findings(in: ["App.swift": app])
    #expect(lines.count == 1)
    #expect(
      lines.first?.hasPrefix(
        "App.swift:11:3: error: `ListModel.cache` (@Injected) needs `Cache<Element>`") == true)
  }

  @Test func aGenericTypeMadeWithATypeNothingRegistersForIsAnErrorWhereItIsMade() throws {
    let app = """
      import Ravioli
      final class Repository<Entity>: Sendable {}
      typealias Shopper = User
      let data = Container(name: "data") { c in
        c.register { () -> Repository<User> in Repository() }
      }
      Container.lookupPolicy = .singleton(data)
      final class ListModel<Element> {
        @Injected var repository: Repository<Element>
        func copy() -> ListModel<Element> { ListModel<Element>() }
      }
      let users = ListModel<User>()
      let shoppers: ListModel<Shopper> = .init()
      let orders = ListModel<Order>()
      func list<T>(_: T.Type) -> ListModel<T> { ListModel<T>() }
      """
    let lines = try findings(in: ["App.swift": app])
    #expect(
      lines == [
        "App.swift:14:14: error: `repository` (@Injected, App.swift:9) of `ListModel<Order>`, "
          + "made here, needs `Repository<Order>`, which is not registered in any container it "
          + "resolves from (searched \"data\"). Register it in \"data\", or make `ListModel` "
          + "with another type."
      ])
  }

  /// `Orders.ListModel<Order>()` is specialized as `ListModel<Order>()` is; with a generic type
  /// of the same name elsewhere (`Users.ListModel`), which one is meant is not settled, and
  /// nothing is said.
  @Test func aQualifiedGenericTypeIsSpecializedUnlessItsNameIsAmbiguous() throws {
    let app = """
      import Ravioli
      final class Repository<Entity>: Sendable {}
      let data = Container(name: "data") { c in
        c.register { () -> Repository<User> in Repository() }
      }
      Container.lookupPolicy = .singleton(data)
      enum Orders { final class ListModel<Element> { @Injected var repository: Repository<Element> } }
      let orders = Orders.ListModel<Order>()
      """
    #expect(
      try findings(in: ["App.swift": app]) == [
        "App.swift:8:14: error: `repository` (@Injected, App.swift:7) of "
          + "`Orders.ListModel<Order>`, made here, needs `Repository<Order>`, which is not "
          + "registered in any container it resolves from (searched \"data\"). Register it in "
          + "\"data\", or make `Orders.ListModel` with another type."
      ])
    let twoPlaces = app.replacingOccurrences(
      of: "let orders", with: "enum Users { final class ListModel<Element> {} }\nlet orders")
    #expect(try findings(in: ["App.swift": twoPlaces]) == [])
  }

  @Test func aPropertyGivenAContainerLaterIsThatContainer() throws {
    let app = """
      import Ravioli
      final class AppDelegate {
        var container: Container!
        func start() {
          container = Container(name: "app")
          container.register { () -> Clock in SystemClock() }
          Container.lookupPolicy = .singleton(container)
        }
      }
      final class Screen {
        @Injected var clock: Clock
        @Injected var greeter: Greeter
      }
      """
    let lines = try findings(in: ["App.swift": app])
    #expect(lines.count == 1)
    #expect(
      lines.first?.hasPrefix(
        "App.swift:12:3: error: `Screen.greeter` (@Injected) needs `Greeter`, which is not "
          + "registered in any container it resolves from (searched \"app\")") == true)
  }
}
