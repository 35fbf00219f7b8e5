import Ravioli
import Testing

private final class SettingsPage: Sendable {
  let title = "Settings"
}

private final class ProfilePage: Sendable {}

private class BasePage: @unchecked Sendable {}
private final class SubPage: BasePage, @unchecked Sendable {}

private protocol Titled: Sendable {
  var title: String { get }
}

private struct TitledPage: Titled {
  let title = "T"
}

private final class SettingsScreen {
  let title = "Settings"
  @Injected var label: String
}

private final class ProfileScreen {
  @Injected var label: String
}

/// Asks for an optional, which a registration of `String?` or of `String` answers.
private final class OptionalLabelScreen {
  let title = "Optional"
  @Injected var label: String?
}

/// Resolves a kept or graph-scoped value from a parametrized resolver that sees this object.
private final class Owner {
  let name: String
  @Injected var cached: Part
  @Injected var graphed: Service
  init(name: String) { self.name = name }
}

private final class Part: Sendable {
  let label: String
  init(label: String) { self.label = label }
}

@Suite struct TypedParameterTests {
  @Test func usedWhenTheParameterIsOfItsType() throws {
    let container = Container()
    container.register { (page: SettingsPage) -> String in "for \(page.title)" }

    let value: String = try container.resolve(parameter: SettingsPage())

    #expect(value == "for Settings")
  }

  @Test func anotherParameterTypeFallsBackToThePlainResolver() throws {
    let container = Container()
    container.register { (page: SettingsPage) -> String in "typed" }
    container.register { () -> String in "plain" }

    let value: String = try container.resolve(parameter: ProfilePage())

    #expect(value == "plain")
  }

  @Test func anotherParameterTypeGoesOnToTheParent() throws {
    let parent = Container()
    parent.register { (page: ProfilePage) -> String in "profile, from the parent" }
    let child = Container(parent: parent)
    child.register { (page: SettingsPage) -> String in "settings, from the child" }

    let profile: String = try child.resolve(parameter: ProfilePage())
    let settings: String = try child.resolve(parameter: SettingsPage())

    #expect(profile == "profile, from the parent")
    #expect(settings == "settings, from the child")
  }

  @Test func aMismatchWithNothingElseSaysWhichTypeItTakes() {
    let container = Container(name: "pages")
    container.register { (page: SettingsPage) -> String in "typed" }

    let error = #expect(throws: ResolutionError.self) {
      let _: String = try container.resolve(parameter: ProfilePage())
    }

    guard case .parameterMismatch(let takes, let given) = error?.reason else {
      Issue.record("expected .parameterMismatch, got \(String(describing: error?.reason))")
      return
    }
    #expect(takes == ["SettingsPage"])
    #expect(given == "ProfilePage")
    #expect(
      error?.description.contains(
        "the parametrized resolver takes `SettingsPage`, but the parameter is a `ProfilePage`")
        == true)
  }

  @Test func noParameterSaysWhichTypeItTakes() {
    let container = Container()
    container.register { (page: SettingsPage) -> String in "typed" }

    let error = #expect(throws: ResolutionError.self) {
      let _: String = try container.resolve()
    }

    guard case .needsParameter(let takes) = error?.reason else {
      Issue.record("expected .needsParameter, got \(String(describing: error?.reason))")
      return
    }
    #expect(takes == ["SettingsPage"])
  }

  @Test func resolversForSeveralParameterTypesLiveSideBySide() throws {
    let container = Container()
    container.register { (page: SettingsPage) -> String in "settings" }
    container.register { (parameter: Any) -> String in "anything" }
    container.register { (page: ProfilePage) -> String in "profile" }

    let settings: String = try container.resolve(parameter: SettingsPage())
    let profile: String = try container.resolve(parameter: ProfilePage())
    let other: String = try container.resolve(parameter: 42)

    #expect(settings == "settings", "the exact type wins over a newer `Any` resolver")
    #expect(profile == "profile")
    #expect(other == "anything")
  }

  @Test func aSuperclassOrProtocolResolverWinsOverAnAnyResolverWhateverTheOrder() throws {
    let container = Container()
    container.register { (page: BasePage) -> String in "base" }
    container.register { (parameter: Any) -> String in "anything" }
    container.register { (page: any Titled) -> String in "titled \(page.title)" }

    let sub: String = try container.resolve(parameter: SubPage())
    let titled: String = try container.resolve(parameter: TitledPage())
    let other: String = try container.resolve(parameter: 1)

    #expect(sub == "base")
    #expect(titled == "titled T")
    #expect(other == "anything")
  }

  @Test func registeringForTheSameParameterTypeAgainReplacesIt() throws {
    let container = Container()
    container.register { (page: SettingsPage) -> String in "first" }
    container.register(replacing: true) { (page: SettingsPage) -> String in "second" }

    let value: String = try container.resolve(parameter: SettingsPage())

    #expect(value == "second")
  }

  @Test func theUntypedFormStillTakesAnything() throws {
    let container = Container()
    container.register { (parameter: Any) -> String in "any \(type(of: parameter))" }

    let value: String = try container.resolve(parameter: ProfilePage())

    #expect(value == "any ProfilePage")
  }
}

extension GlobalStateTests {
  @Suite struct TypedPropertyInjectionTests {
    @Test func theEnclosingObjectSelectsTheTypedResolver() {
      let container = Container()
      container.register { (owner: SettingsScreen) -> String in "label of \(owner.title)" }
      container.register { () -> String in "plain label" }
      Container.lookupPolicy = .singleton(container)

      #expect(SettingsScreen().label == "label of Settings")
      #expect(ProfileScreen().label == "plain label")
    }

    /// The nearest container with a resolver wins, as for `resolve(parameter:)`: a child's
    /// plain resolver over a parent's parametrized one; a parent's parametrized resolver
    /// over its own plain one, when the child has neither.
    @Test func theNearestContainerWinsAndWithinItTheTypedResolver() {
      let parent = Container(name: "parent")
      parent.register { (owner: SettingsScreen) -> String in "typed, from the parent" }
      parent.register { () -> String in "plain, from the parent" }
      let withPlain = Container(parent: parent, name: "with-plain")
      withPlain.register { () -> String in "plain, from the child" }
      let empty = Container(parent: parent, name: "empty")

      Container.lookupPolicy = .singleton(withPlain)
      #expect(SettingsScreen().label == "plain, from the child")
      Container.lookupPolicy = .singleton(empty)
      #expect(SettingsScreen().label == "typed, from the parent")
      #expect(ProfileScreen().label == "plain, from the parent")
    }

    /// A property of type `String?` takes a registration of `String?` anywhere in the chain
    /// before one of `String`: a parent's resolver of `String?` that takes the enclosing
    /// object wins over a child's plain `String`, and the child's `String` answers when the
    /// parent has no `String?` any more.
    @Test func anOptionalPropertyPrefersAParentsTypedResolverOfTheOptional() {
      let parent = Container(name: "parent")
      parent.register { (owner: OptionalLabelScreen) -> String? in
        "typed optional of \(owner.title)"
      }
      let child = Container(parent: parent, name: "child")
      child.register { () -> String in "plain, from the child" }
      Container.lookupPolicy = .singleton(child)

      #expect(OptionalLabelScreen().label == "typed optional of Optional")
      parent.removeRegistration(of: String?.self)
      #expect(OptionalLabelScreen().label == "plain, from the child")
    }

    @Test func theContainerNeverKeepsTheObjectItInjectedInto() {
      let container = Container()
      container.register(scope: .cached) { (owner: Owner) -> Part in Part(label: owner.name) }
      container.register(scope: .graph) { (owner: Owner) -> Service in Service(id: owner.name.count)
      }
      Container.lookupPolicy = .singleton(container)
      weak var released: Owner?
      do {
        let owner = Owner(name: "first")
        released = owner
        #expect(owner.cached.label == "first")
        #expect(owner.graphed.id == 5)
      }

      #expect(released == nil)
      #expect(Owner(name: "second").cached.label == "first", "cached: made from the first owner")
    }
  }
}
