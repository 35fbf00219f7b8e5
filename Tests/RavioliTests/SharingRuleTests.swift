import Ravioli
import Testing

// The kept scopes share one instance between threads, so they take only `Sendable` values
// unless the registration says `.unchecked(...)`. What must not compile is checked by
// `.ci/check-compile-errors` (Tests/CompileErrors); a Swift 5-mode target checks that such
// code still compiles there (Tests/RavioliSwift5Tests).

/// A cache with mutable state and no lock, which one thread uses.
final class ImageCache {
  var images: [String: [UInt8]] = [:]
}

// example: registering-and-resolving-9
protocol Clock: Sendable {}
final class SystemClock: Clock {}
// example end: registering-and-resolving-9

/// From `RegistrationScope`.
private func uncheckedExample(_ container: Container) {
  container.register(scope: .unchecked(.singleton)) { () -> ImageCache in ImageCache() }
}

/// From `RegistrationScope.init(_:)`.
private func runTimeScopeExample(_ container: Container, sharesInstances: Bool) {
  let scope: Scope = sharesInstances ? .singleton : .unique
  container.register(scope: RegistrationScope(scope)) { () -> Clock in SystemClock() }
}

@Suite struct SharingRuleTests {
  @Test func anUncheckedSingletonOfAValueThatIsNotSendableIsKept() throws {
    let container = Container()
    uncheckedExample(container)

    let first: ImageCache = try container.resolve()
    first.images["logo"] = [1, 2, 3]
    let second: ImageCache = try container.resolve()

    #expect(first === second)
    #expect(second.images["logo"] == [1, 2, 3])
  }

  @Test(arguments: [Scope.unique, .singleton, .weak, .cached, .graph])
  func everyScopeCanBeUnchecked(scope: Scope) throws {
    let container = Container()
    container.register(scope: .unchecked(scope)) { () -> ImageCache in ImageCache() }

    let first: ImageCache = try container.resolve()
    let second: ImageCache = try container.resolve()

    #expect((first === second) == (scope == .singleton || scope == .weak || scope == .cached))
  }

  @Test func aScopeChosenAtRunTimeIsTheScopeRegistered() throws {
    let shared = Container()
    let unique = Container()
    runTimeScopeExample(shared, sharesInstances: true)
    runTimeScopeExample(unique, sharesInstances: false)

    #expect(try shared.resolve() as Clock as AnyObject === shared.resolve() as Clock as AnyObject)
    #expect(try unique.resolve() as Clock as AnyObject !== unique.resolve() as Clock as AnyObject)
  }

  @Test func uniqueAndGraphTakeAnyValue() throws {
    let container = Container()
    container.register(scope: .graph) { () -> ImageCache in ImageCache() }
    container.register { [unowned container] () -> [ImageCache] in
      [try container.resolve(), try container.resolve()]
    }

    let pair: [ImageCache] = try container.resolve()

    #expect(pair[0] === pair[1])
  }
}
