import Ravioli
import Testing

// Examples from the `///` comments in Sources that no sample holds, compiled and run here.
// `.ci/check-examples` checks that every example appears verbatim in a sample or a test.

protocol Analytics: Sendable {
  func track(_ event: String) -> String
}

struct ConsoleAnalytics: Analytics {
  func track(_ event: String) -> String { "tracked \(event)" }
}

final class ReportClock: Sendable {
  let now = 42
}

protocol ScreenDelegate: AnyObject, Sendable {}
final class Coordinator: ScreenDelegate {}

let reportsContainer: Container = {
  let container = Container(name: "reports")
  container.register { () -> ReportClock in ReportClock() }
  return container
}()

// From `InjectionKind`.
final class ReportScreen {
  @Injected var greeter: Greeter  // .capturingContainerOnInit()
  @Injected(.lazily) var analytics: Analytics
  @Injected(.resolvingOnInit(from: reportsContainer)) var clock: ReportClock
}

// From `Injected`.
final class WelcomeScreen {
  @Injected var greeter: Greeter
  @Injected(alternative: .french) var frenchGreeter: Greeter
  @Injected(.resolvingOnInit()) var clock: ReportClock
  @Injected var locale: String = "en"  // a stored value: nothing is resolved
}

// From `InjectedWeakly`.
final class DetailScreen {
  @InjectedWeakly var delegate: ScreenDelegate?
}

final class Database: Sendable {}
final class ShoppingCart: Sendable {}

/// From `Scope`.
private func scopeExample(_ container: Container) {
  container.register(scope: .singleton) { () -> Database in Database() }
  container.register(scope: .cached) { () -> ShoppingCart in ShoppingCart() }
  container.reset(.cached)  // e.g. on logout: the next resolution makes a new cart
}

/// From `Container`.
private func containerExample() throws -> String {
  let container = Container(name: "app")
  container.register { () -> Greeter in EnglishGreeter() }

  let greeter: Greeter = try container.resolve()
  return greeter.greet()
}

/// From `RegistrationAlternative`.
private func alternativeExample(_ container: Container) throws -> String {
  container.register(alternative: .french) { () -> Greeter in FrenchGreeter() }
  let greeter: Greeter = try container.resolve(alternative: .french)
  return greeter.greet()
}

extension GlobalStateTests {
  @Suite struct DocExamplesTests {
    @Test func containerAndAlternatives() throws {
      #expect(try containerExample() == "Hello")
      #expect(try alternativeExample(Container()) == "Bonjour")
    }

    @Test func scopes() throws {
      let container = Container()
      scopeExample(container)
      let database: Database = try container.resolve()
      let cart: ShoppingCart = try container.resolve()
      container.reset(.cached)
      #expect(try container.resolve() as Database === database)
      #expect(try container.resolve() as ShoppingCart !== cart)
    }

    @Test func propertyWrapperExamples() {
      let coordinator = Coordinator()
      let container = Container(name: "doc-examples")
      container.register { () -> Greeter in EnglishGreeter() }
      container.register(alternative: .french) { () -> Greeter in FrenchGreeter() }
      container.register { () -> Analytics in ConsoleAnalytics() }
      container.register { () -> ReportClock in ReportClock() }
      container.register { () -> ScreenDelegate in coordinator }
      Container.lookupPolicy = .singleton(container)

      let report = ReportScreen()
      #expect(report.greeter.greet() == "Hello")
      #expect(report.analytics.track("opened") == "tracked opened")
      #expect(report.clock.now == 42)

      let welcome = WelcomeScreen()
      #expect(welcome.frenchGreeter.greet() == "Bonjour")
      #expect(welcome.locale == "en")

      #expect(DetailScreen().delegate === coordinator)
    }
  }
}
