import Ravioli
import Testing

// This target is built in Swift 5 language mode, where the kept scopes' `Sendable`
// requirement is not checked by default: code written before the rule still compiles,
// without a warning (CI builds it with warnings as errors).

/// A class with mutable state, no lock and no `Sendable` conformance, like much Swift 5 code.
final class Preferences {
  var theme = "light"
}

@Suite struct SwiftFiveModeTests {
  @Test func aSingletonOfAClassThatIsNotSendableCompilesAndIsKept() throws {
    let container = Container()
    container.register(scope: .singleton) { () -> Preferences in Preferences() }

    let first: Preferences = try container.resolve()
    first.theme = "dark"
    let second: Preferences = try container.resolve()

    #expect(second === first)
    #expect(second.theme == "dark")
  }

  @Test func cachedAndWeakScopesToo() throws {
    let container = Container()
    container.register(scope: .cached) { () -> Preferences in Preferences() }
    container.register(alternative: "weak", scope: .weak) { () -> Preferences in Preferences() }

    let cached: Preferences = try container.resolve()
    let held: Preferences = try container.resolve(alternative: "weak")

    #expect(try container.resolve() as Preferences === cached)
    #expect(try container.resolve(alternative: "weak") as Preferences === held)
  }

  @Test func anUntypedParameterTakesAnyAsInMacaroni() throws {
    let container = Container()
    container.register { parameter in "tag \(parameter)" }

    let tag: String = try container.resolve(parameter: "checkout")

    #expect(tag == "tag checkout")
  }

  @Test func aWeakPropertyTakesAnOptionalRegistrationAsInMacaroni() {
    let container = Container()
    var preferences: Preferences? = Preferences()
    container.register { [weak preferences] in preferences }
    let holder = PreferencesHolder(container: container)

    #expect(holder.preferences != nil)
    preferences = nil
    #expect(holder.preferences == nil)
  }
}

final class PreferencesHolder {
  @InjectedWeakly var preferences: Preferences?

  init(container: Container) {
    _preferences = InjectedWeakly(.capturingContainerOnInit(from: container))
  }
}
