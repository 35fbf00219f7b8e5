import Testing

@testable import RavioliCheckKit

/// Names are looked up as Swift looks them up: a type alias in the module that writes the
/// name, else a public one of a module it imports; where the aliases a file may see stand for
/// different types, what is missing is a warning that says so, not an error.
@Suite struct ModuleTests {
  /// A module whose `Store` is its own store, registered under that name, and injected
  /// through the alias.
  private func module(_ name: String, store: String, access: String = "") -> String {
    """
    import Ravioli
    final class \(store): Sendable {}
    \(access)typealias Store = \(store)
    enum \(name)Module {
      static let container: Container = {
        let container = Container(name: "\(name.lowercased())")
        container.register { () -> \(store) in \(store)() }
        return container
      }()
    }
    final class \(name)Screen: Containerable {
      var container: Container! { \(name)Module.container }
      @Injected var store: Store
    }
    """
  }

  private let policy = """
    import Ravioli
    func start() { Container.lookupPolicy = .enclosingType() }
    """

  @Test func twoModulesMayEachDeclareAnAliasOfOneName() throws {
    let files = [
      "Sources/Cart/Cart.swift": module("Cart", store: "CartStore"),
      "Sources/Profile/Profile.swift": module("Profile", store: "ProfileStore"),
      "Sources/App/main.swift": policy,
    ]
    #expect(try findings(in: files) == [])
  }

  @Test func eachModuleFollowsItsOwnAlias() throws {
    // Cart registers the profile's store, under its own alias's name: Cart's `Store` is not
    // registered in "cart".
    let cart = module("Cart", store: "CartStore").replacingOccurrences(
      of: "container.register { () -> CartStore in CartStore() }",
      with: "container.register { () -> ProfileStore in ProfileStore() }")
    let files = [
      "Sources/Cart/Cart.swift": cart,
      "Sources/Profile/Profile.swift": module("Profile", store: "ProfileStore"),
      "Sources/App/main.swift": policy,
    ]
    let lines = try findings(in: files)
    #expect(lines.count == 1)
    #expect(
      lines.first?.hasPrefix("Sources/Cart/Cart.swift:13:3: error: `CartScreen.store`") == true)
  }

  @Test func aPublicAliasIsSeenByAModuleThatImportsItsOwn() throws {
    let core = """
      public final class Clock: Sendable {}
      public typealias Time = Clock
      """
    let app = """
      import Ravioli
      import Core
      let app = Container(name: "app")
      func start() {
        app.register { () -> Clock in Clock() }
        Container.lookupPolicy = .singleton(app)
      }
      final class Screen {
        @Injected var time: Time
      }
      """
    #expect(
      try findings(in: ["Sources/Core/Clock.swift": core, "Sources/App/App.swift": app]) == [])
    // Internal, it is not seen from App: `Time` is then another type, not registered.
    let internalCore = core.replacingOccurrences(of: "public typealias", with: "typealias")
    let lines = try findings(in: [
      "Sources/Core/Clock.swift": internalCore, "Sources/App/App.swift": app,
    ])
    #expect(lines.count == 1)
    #expect(lines.first?.contains(": error: `Screen.time` (@Injected) needs `Time`") == true)
  }

  @Test func aliasesOfOneNameInTwoImportedModulesMakeAWarningThatSaysWhy() throws {
    let files = [
      "Sources/Cart/Store.swift": "public final class CartStore: Sendable {}\n"
        + "public typealias Store = CartStore\n",
      "Sources/Profile/Store.swift": "public final class ProfileStore: Sendable {}\n"
        + "public typealias Store = ProfileStore\n",
      "Sources/App/App.swift": """
      import Ravioli
      import Cart
      import Profile
      let app = Container(name: "app")
      func start() { Container.lookupPolicy = .singleton(app) }
      final class Screen {
        @Injected var store: Store
      }
      """,
    ]
    let lines = try findings(in: files)
    #expect(lines.count == 1)
    #expect(lines.first?.contains(": warning: `Screen.store` (@Injected) needs `Store`") == true)
    #expect(
      lines.first?.contains(
        "`Store` names type aliases of different types (in Cart, Profile), which the file may "
          + "all see") == true)
  }

  @Test func aPrivateAliasIsSeenOnlyInItsFile() throws {
    let files = [
      "Sources/App/Registrations.swift": """
      import Ravioli
      final class English: Sendable {}
      private typealias Greeter = English
      let app = Container(name: "app")
      func start() {
        app.register { () -> English in English() }
        Container.lookupPolicy = .singleton(app)
      }
      """,
      "Sources/App/Screen.swift": """
      import Ravioli
      protocol Greeter {}
      final class Screen {
        @Injected var greeter: Greeter
      }
      """,
    ]
    let lines = try findings(in: files)
    #expect(lines.count == 1)
    #expect(lines.first?.contains("Screen.swift:4:3: error: `Screen.greeter`") == true)
  }

  @Test func aGetterThatReturnsAnotherModulesContainerIsNamedInTheMessage() throws {
    let catalog = """
      import Ravioli
      public enum CatalogModule {
        public static let container = Container(name: "catalog")
      }
      """
    let checkout = """
      import Ravioli
      import Catalog
      enum CheckoutModule {
        static let container = Container(name: "checkout") { c in
          c.register { () -> PaymentService in PaymentService() }
        }
      }
      final class CheckoutScreen: Containerable {
        var container: Container! { CatalogModule.container }
        @Injected var payments: PaymentService
      }
      """
    let lines = try findings(in: [
      "Sources/Catalog/Catalog.swift": catalog, "Sources/Checkout/Checkout.swift": checkout,
      "Sources/App/main.swift": policy,
    ])
    #expect(
      lines == [
        "Sources/Checkout/Checkout.swift:10:3: error: `CheckoutScreen.payments` (@Injected) "
          + "needs `PaymentService`, which is not registered in any container it resolves from "
          + "(searched \"catalog\"). `CheckoutScreen` resolves from \"catalog\" because its "
          + "`container` (Sources/Checkout/Checkout.swift:9) returns it, a container of another "
          + "module: if that is not meant, return its own module's container there. It is "
          + "registered in \"checkout\" "
          + "(Sources/Checkout/Checkout.swift:5), which \"catalog\" does not search: register "
          + "it in \"catalog\" or in a container that \"catalog\" searches, or correct the type "
          + "or alternative of `CheckoutScreen.payments`."
      ])
    // Registered nowhere: the message still points at the getter.
    let unregistered = checkout.replacingOccurrences(
      of: "c.register { () -> PaymentService in PaymentService() }", with: "_ = c")
    let alone = try findings(in: [
      "Sources/Catalog/Catalog.swift": catalog, "Sources/Checkout/Checkout.swift": unregistered,
      "Sources/App/main.swift": policy,
    ])
    #expect(alone.count == 1)
    #expect(
      alone.first?.contains(
        "`CheckoutScreen` resolves from \"catalog\" because its `container` "
          + "(Sources/Checkout/Checkout.swift:9) returns it, a container of another module: if "
          + "that is not meant, return its own module's container there.") == true)
  }

  @Test func aFileBelongsToTheModuleThePackageSays() {
    let modules = [(name: "Checkout", path: "/app/Modules/Checkout")]
    #expect(
      SourceFiles.module(of: "/app/Modules/Checkout/Cart.swift", modules: modules, roots: [])
        == "Checkout")
    #expect(
      SourceFiles.module(of: "/app/Sources/Catalog/Views/List.swift", modules: [], roots: [])
        == "Catalog")
    #expect(
      SourceFiles.module(of: "/app/Tests/CatalogTests/ListTests.swift", modules: [], roots: [])
        == "CatalogTests")
    #expect(
      SourceFiles.module(of: "/work/MyApp/Screens/Home.swift", modules: [], roots: ["/work/MyApp"])
        == "MyApp")
    #expect(
      SourceFiles.module(of: "/work/main.swift", modules: [], roots: ["/work/main.swift"]) == nil)
  }

  /// A module whose `Screen`, made `Containerable` by the module's own `ModuleInjectable`,
  /// injects `injected`, and whose container registers `registered`.
  private func containerableModule(
    _ name: String, injects injected: String, registers registered: String
  )
    -> String
  {
    """
    import Ravioli
    enum \(name)Module {
      static let container = Container(name: "\(name.lowercased())") { c in
        c.register { () -> \(registered) in \(registered)() }
      }
    }
    protocol ModuleInjectable: Containerable {}
    extension ModuleInjectable {
      var container: Container! { \(name)Module.container }
    }
    final class Screen: ModuleInjectable {
      @Injected var service: \(injected)
    }
    """
  }

  @Test func typesAndProtocolsOfOneNameInTwoModulesKeepTheirOwnContainers() throws {
    let files = [
      "Sources/Cart/Cart.swift": containerableModule(
        "Cart", injects: "CartService", registers: "CartService"),
      "Sources/Profile/Profile.swift": containerableModule(
        "Profile", injects: "ProfileService", registers: "ProfileService"),
      "Sources/App/main.swift": policy,
    ]
    #expect(try findings(in: files) == [])
    var wrong = files
    wrong["Sources/Profile/Profile.swift"] = containerableModule(
      "Profile", injects: "CartService", registers: "ProfileService")
    let lines = try findings(in: wrong)
    #expect(lines.count == 1)
    #expect(
      lines.first?.hasPrefix("Sources/Profile/Profile.swift:12:3: error: `Screen.service`") == true)
    #expect(lines.first?.contains("(searched \"profile\")") == true)
  }
}
