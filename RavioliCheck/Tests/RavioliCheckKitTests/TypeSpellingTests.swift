import Testing

@testable import RavioliCheckKit

/// One type written in the ways Swift allows is one type to the checker, as it is to
/// Ravioli, which keys registrations by the metatype.
@Suite struct TypeSpellingTests {
  @Test(arguments: [
    ("any Greeter", "Greeter"),
    ("(any Clock)?", "Clock?"),
    ("Optional<any Clock>", "Clock?"),
    ("Clock!", "Clock?"),
    ("Swift.Optional<Clock>", "Clock?"),
    ("Array<String>", "[String]"),
    ("Dictionary<String, Int>", "[String:Int]"),
    ("[String : Int]", "[String:Int]"),
    ("any Loggable & Greeter", "Greeter&Loggable"),
    ("some Company & Sendable", "Company&Sendable"),
    ("Store<Swift.Int>", "Store<Int>"),
    ("TaylorSwift.Song", "TaylorSwift.Song"),
    ("Handsome", "Handsome"),
    ("`Type`", "Type"),
    ("() -> Void", "()->()"),
    ("@Sendable @MainActor () -> Void", "@MainActor @Sendable ()->()"),
    ("() throws(ParseError) -> any Greeter", "() throws(ParseError)->Greeter"),
    ("sending Greeter?", "Greeter?"),
    ("(inout Int) -> Void", "(Int)->()"),
    ("(_ count: Int) -> Void", "(Int)->()"),
    ("(name: String, age: Int)", "(name:String,age:Int)"),
    ("Optional<🍕>", "🍕?"),
  ])
  func oneSpelling(written: String, normalized: String) {
    #expect(TypeName.normalized(written) == normalized)
  }

  @Test func namesOfNestedTypesThatDifferAreNotOneType() {
    #expect(!TypeName.mayBeSame("Feed.Config", "Settings.Config"))
    #expect(TypeName.mayBeSame("Shop.Feed.Config", "Feed.Config"))
    #expect(TypeName.mayBeSame("Config", "Feed.Config"))
  }

  @Test func messagesShowTheTypeAsWritten() throws {
    let app = """
      import Ravioli
      let app = Container(name: "app")
      Container.lookupPolicy = .singleton(app)
      final class Screen { @Injected var company: any Company & Sendable }
      """
    #expect(
      try findings(in: ["App.swift": app]).first?.contains("needs `any Company & Sendable`,")
        == true)
  }

  @Test func aKeyIgnoresWhereANameIsDeclared() {
    #expect(TypeName.key("Store<Models.User>") == TypeName.key("Store<User>"))
    #expect(TypeName.key("Catalog.Product") == TypeName.key("Product"))
    #expect(TypeName.key("Store<User>") != TypeName.key("Store<Order>"))
  }

  @Test func typeAliasesAreFollowedWhereTheyAreDeclared() throws {
    let app = """
      import Ravioli
      typealias Tag = String
      typealias Repo<T> = Store<T>
      let app = Container(name: "app") { c in
        c.register { () -> [String] in [] }
        c.register { () -> Store<User> in Store() }
        c.register { () -> ProfileScreen.ViewModel in ProfileModel() }
        c.register { () -> SettingsScreen.ViewModel in SettingsModel() }
      }
      Container.lookupPolicy = .singleton(app)
      final class ProfileScreen {
        typealias ViewModel = ProfileModel
        @Injected var model: ViewModel
        @Injected var tags: [Tag]
        @Injected var users: Repo<User>
      }
      final class SettingsScreen {
        typealias ViewModel = SettingsModel
        @Injected var model: ViewModel
        @Injected var orders: Repo<Order>
      }
      """
    let lines = try findings(in: ["App.swift": app])
    #expect(lines.count == 1)
    #expect(
      lines.first?.hasPrefix(
        "App.swift:20:3: error: `SettingsScreen.orders` (@Injected) needs `Repo<Order>`") == true)
  }

  @Test func writtenTwoWaysIsRegistered() throws {
    let app = """
      import Ravioli
      let app = Container(name: "app") { c in
        c.register { () -> any Clock in SystemClock() }
        c.register { () -> [String] in [] }
        c.register { () -> [String: Int] in [:] }
        c.register { () -> any Greeter & Loggable in Hello() }
      }
      Container.lookupPolicy = .singleton(app)
      final class Screen {
        @Injected var clock: (any Clock)?
        @Injected var names: Array<String>
        @Injected var counts: Dictionary<String, Int>
        @Injected var greeter: any Loggable & Greeter
      }
      """
    #expect(try findings(in: ["App.swift": app]) == [])
  }
}
