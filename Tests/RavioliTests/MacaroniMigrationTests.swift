import Foundation
import Ravioli
import RavioliTesting
import Testing

// Macaroni 4's spellings, as its users write them, and the messages that a newcomer's
// mistakes get.

private struct TagLabel: Sendable {
  let tag: String
}

private final class TagPage: Sendable {
  let title = "tags"
}

private func label(for page: TagPage) -> TagLabel { TagLabel(tag: page.title) }

private final class TaggedScreen: CustomStringConvertible {
  @Injected var tagged: TagLabel
  var description: String { "TaggedScreen" }

  init(container: Container) {
    _tagged = Injected(.capturingContainerOnInit(from: container))
  }
}

@Suite struct UntypedParameterTests {
  @Test func anUntypedClosureParameterTakesAny() throws {
    let container = Container()
    container.register { parameter in TagLabel(tag: "\(parameter)") }

    let fromText: TagLabel = try container.resolve(parameter: "checkout")
    let fromNumber: TagLabel = try container.resolve(parameter: 7)

    #expect(fromText.tag == "checkout")
    #expect(fromNumber.tag == "7")
  }

  @Test func anUntypedClosureParameterIsTheEnclosingObjectOfAProperty() {
    let container = Container()
    container.register { parameter in TagLabel(tag: "\(parameter)") }

    let screen = TaggedScreen(container: container)

    #expect(screen.tagged.tag == "TaggedScreen")
  }

  @Test func anUntypedParameterThatTheBodyGivesATypeTakesThatType() throws {
    let container = Container()
    container.register { page in label(for: page) }

    let tagged: TagLabel = try container.resolve(parameter: TagPage())

    #expect(tagged.tag == "tags")
    #expect(throws: ResolutionError.self) { try container.resolve(parameter: "text") as TagLabel }
  }

  @Test func aTypedClosureParameterStaysTyped() throws {
    let container = Container()
    container.register { (page: TagPage) in TagLabel(tag: page.title) }

    let tagged: TagLabel = try container.resolve(parameter: TagPage())
    #expect(tagged.tag == "tags")
    let error = #expect(throws: ResolutionError.self) {
      _ = try container.resolve(parameter: "checkout") as TagLabel
    }
    guard case .parameterMismatch(let takes, let given) = error?.reason else {
      Issue.record("expected a parameter mismatch, got \(String(describing: error))")
      return
    }
    #expect(takes == ["TagPage"])
    #expect(given == "String")
  }

  @MainActor @Test func anUntypedMainActorClosureParameterTakesAny() throws {
    let container = Container()
    container.register { @MainActor parameter in TagLabel(tag: "\(parameter)") }

    let tagged: TagLabel = try container.resolve(parameter: "main")

    #expect(tagged.tag == "main")
  }
}

private protocol MyService: AnyObject, Sendable {}
private final class MyServiceImplementation: MyService {}

private final class MyController {
  @InjectedWeakly var myService: MyService?
}

private final class NewObjectScreen {
  static let line = #line + 1
  @InjectedWeakly var delegate: Delegate?
}

private final class DetailCoordinator: ScreenDelegate {}

private final class KeptObjectScreen {
  @InjectedWeakly var delegate: Delegate?
}

private final class ObjectHolder {
  @InjectedWeakly var object: NSObject?
}

private final class EagerNewObjectScreen {
  @InjectedWeakly(.resolvingOnInit()) var delegate: Delegate?
}

/// Macaroni 4's `InjectedWeaklyTests`, and a weak property given a new object.
@Suite(.isolatedContainers) struct WeakOptionalRegistrationTests {
  let container = Container(name: "weak")
  let logger = RecordingLogger()

  init() {
    Container.lookupPolicy = .singleton(container)
    Container.logger = logger
  }

  private var warnings: [String] {
    logger.messages.filter { $0.level == .warning }.map(\.message)
  }

  @Test func weaklyInjected() {
    var service: MyService? = MyServiceImplementation()
    // example: update-4
    container.register { [weak service] in service }
    // example end: update-4

    let controller = MyController()
    #expect(controller.myService != nil)
    service = nil
    #expect(controller.myService == nil)
    #expect(warnings.isEmpty)
  }

  @Test func weaklyNilInjected() {
    container.register { () -> MyService? in nil }

    let controller = MyController()

    #expect(controller.myService == nil)
    #expect(warnings.isEmpty)
  }

  @Test func singleInjected() {
    container.register { () -> MyService? in MyServiceImplementation() }
    let controller = MyController()

    let first = controller.myService
    let second = controller.myService

    let same = first === second
    #expect(same)
    #expect(first != nil)
  }

  @Test func aWrappedRegistrationIsPreferredToAPlainOne() {
    let kept = MyServiceImplementation()
    container.register { () -> MyService in MyServiceImplementation() }
    container.register { [kept] () -> MyService? in kept }

    let same = MyController().myService === kept
    #expect(same)
  }

  /// A read that finds the object of the first read released warns, once per property,
  /// naming the test that was running.
  @Test func aNewObjectThatNothingKeepsIsReportedOncePerPropertyWhenFoundReleased() {
    container.register { () -> Delegate in SampleDelegate() }

    let screen = NewObjectScreen()
    var first = screen.delegate
    #expect(first != nil)
    #expect(warnings.isEmpty)
    first = nil
    #expect(screen.delegate == nil)
    #expect(screen.delegate == nil)
    let other = NewObjectScreen()
    _ = other.delegate
    #expect(other.delegate == nil)

    #expect(warnings.count == 1)
    let warning = warnings.first ?? ""
    #expect(
      warning.hasPrefix(
        "`@InjectedWeakly var delegate: Delegate?` in `NewObjectScreen` reads nil: its first "
          + "read was given a new `SampleDelegate` that nothing but that read's caller kept, and "
          + "it has been released."))
    #expect(
      warning.contains(
        "Declared at: RavioliTests/MacaroniMigrationTests.swift:\(NewObjectScreen.line)"))
    #expect(
      warning.contains(
        "While running: `WeakOptionalRegistrationTests/"
          + "aNewObjectThatNothingKeepsIsReportedOncePerPropertyWhenFoundReleased()` "
          + "(RavioliTests/MacaroniMigrationTests.swift:"))
    #expect(warning.contains("`scope: .singleton` or `.cached`"))
  }

  /// A new object that the first read's caller keeps is no mistake: the property returns it
  /// for as long as the caller keeps it, and nothing is said.
  @Test func aNewObjectThatTheCallerKeepsIsNotReported() {
    container.register { () -> NSObject? in NSObject() }
    let holder = ObjectHolder()

    let first = holder.object
    let second = holder.object

    #expect(first != nil)
    #expect(first === second)
    #expect(warnings.isEmpty)
  }

  @Test func aNewObjectResolvedOnInitIsReported() {
    container.register { () -> Delegate in SampleDelegate() }

    let screen = EagerNewObjectScreen()

    #expect(screen.delegate == nil)
    #expect(warnings.count == 1)
    #expect(warnings.first?.contains("in `EagerNewObjectScreen` was given a new") == true)
  }

  @Test func theWaysToRegisterForAWeakProperty() throws {
    let coordinator = DetailCoordinator()
    container.register(scope: .cached) { () -> ScreenDelegate in DetailCoordinator() }
    let cached = try container.resolve() as ScreenDelegate
    let fromTheCache = DetailScreen().delegate === cached
    container.register { [weak coordinator] () -> ScreenDelegate? in coordinator }

    let fromTheOwner = DetailScreen().delegate === coordinator
    #expect(fromTheCache)
    #expect(fromTheOwner)
    #expect(warnings.isEmpty)
  }

  @Test func anOptionalRegistrationWinsOverAPlainOne() {
    let coordinator = DetailCoordinator()
    // example: injection-options-4
    container.register(scope: .cached) { () -> ScreenDelegate in DetailCoordinator() }
    container.register { [weak coordinator] () -> ScreenDelegate? in coordinator }
    // example end: injection-options-4

    let fromTheOwner = DetailScreen().delegate === coordinator
    #expect(fromTheOwner)
  }

  @Test func aKeptObjectIsNotReported() {
    container.register(scope: .cached) { () -> Delegate in SampleDelegate() }

    let screen = KeptObjectScreen()

    #expect(screen.delegate != nil)
    #expect(screen.delegate != nil)
    #expect(warnings.isEmpty)
  }
}

private final class CycleStart: Sendable {
  init(next: CycleEnd) {}
}

private final class CycleEnd: Sendable {
  init(start: CycleStart) {}
}

private class Vehicle: @unchecked Sendable {}
private final class Bicycle: Vehicle, @unchecked Sendable {}

@Suite struct MessageTests {
  @Test func aCycleSaysWhereEachOfItsResolversIsRegistered() {
    let container = Container(name: "cycle")
    let startLine = #line + 1
    container.register { () -> CycleStart in CycleStart(next: try container.resolve()) }
    let endLine = #line + 1
    container.register { () -> CycleEnd in CycleEnd(start: try container.resolve()) }

    let error = #expect(throws: ResolutionError.self) {
      _ = try container.resolve() as CycleStart
    }

    #expect(
      error?.description.contains(
        "  Registered at: `CycleStart` at RavioliTests/MacaroniMigrationTests.swift:\(startLine), "
          + "`CycleEnd` at RavioliTests/MacaroniMigrationTests.swift:\(endLine)\n") == true)
  }

  @Test func aConcreteTypeRegisteredInsteadOfItsProtocolIsNamed() {
    let container = Container(name: "greeting")
    let line = #line + 1
    container.register { EnglishGreeter() }

    let error = #expect(throws: ResolutionError.self) {
      _ = try container.resolve() as Greeter
    }

    #expect(error?.description.contains("Registered for `Greeter`: nothing") == true)
    #expect(
      error?.description.contains(
        "Note: Registered for types that are a `Greeter`: `EnglishGreeter` (registered at "
          + "RavioliTests/MacaroniMigrationTests.swift:\(line)). A closure registers the type it "
          + "returns unless its return type is written: "
          + "`container.register { () -> Greeter in EnglishGreeter(...) }`.") == true)
  }

  @Test func aSubclassRegisteredInsteadOfItsClassIsNamed() {
    let container = Container(name: "vehicles")
    container.register { Bicycle() }

    let error = #expect(throws: ResolutionError.self) {
      _ = try container.resolve() as Vehicle
    }

    #expect(error?.description.contains("types that are a `Vehicle`: `Bicycle`") == true)
  }

  @Test func unrelatedRegistrationsAreNotNamed() {
    let container = Container(name: "unrelated")
    container.register { Service() }
    container.register { FrenchGreeter() }

    let error = #expect(throws: ResolutionError.self) {
      _ = try container.resolve() as Vehicle
    }

    #expect(error?.description.contains("Note:") == false)
  }

  @Test func aForwardedResolutionNamesItsContainers() {
    let app = Container(name: "app")
    app.register { () -> Greeter in
      _ = try app.resolve() as ReportClock
      return EnglishGreeter()
    }
    let feature = Container(parent: app, name: "feature")
    feature.register { () -> Greeter in try app.resolve() }

    let error = #expect(throws: ResolutionError.self) {
      _ = try feature.resolve() as Greeter
    }

    #expect(
      error?.description.contains(
        #"While resolving: Greeter from "feature" -> Greeter from "app" -> ReportClock from "app""#)
        == true)
  }

  @Test func aPathWithinOneContainerDoesNotRepeatIt() {
    let container = Container(name: "one")
    container.register { () -> Greeter in
      _ = try container.resolve() as ReportClock
      return EnglishGreeter()
    }

    let error = #expect(throws: ResolutionError.self) {
      _ = try container.resolve() as Greeter
    }

    #expect(error?.resolutionPath == ["Greeter", "ReportClock"])
  }

  @Test func aMissingOptionalSaysHowToGetNil() {
    let container = Container(name: "optional")

    let error = #expect(throws: ResolutionError.self) {
      _ = try container.resolve() as Greeter?
    }

    #expect(error?.typeName == "Greeter")
    #expect(
      error?.description.contains(
        "`Greeter?` is resolved from a registration of `Greeter?`, or else of `Greeter`, and "
          + "fails when neither exists") == true)
    #expect(error?.description.contains("`container.register { () -> Greeter? in nil }`") == true)
    #expect(error?.description.contains("`container.resolveIfRegistered()`") == true)
    #expect(container.resolveIfRegistered() as Greeter? == nil)
  }
}

private final class ResolverScreen {
  @Injected var greeter: Greeter

  init(container: Container) {
    _greeter = Injected(.capturingContainerOnInit(from: container))
  }
}

@Suite struct ResolverTests {
  let container = Container(name: "resolvers") { container in
    container.register { () -> Greeter in EnglishGreeter() }
    container.register(alternative: .french) { () -> Greeter in FrenchGreeter() }
  }

  @Test func macaroniSpelling() throws {
    let resolver = Container.Resolver<Greeter>(container: container, alternative: .french)

    #expect(resolver.container === container)
    #expect(resolver.alternative == .french)
    #expect(resolver.isResolvable)
    #expect(try resolver.resolve().greet() == "Bonjour")
  }

  @Test func resolvingNow() throws {
    let greeter = try container.resolved(alternative: .french).resolve() as Greeter
    #expect(greeter.greet() == "Bonjour")
  }

  @Test func resolvedIsTheSame() throws {
    let resolver: Container.Resolver<Greeter> = container.resolved()

    #expect(resolver.container === container)
    #expect(resolver.alternative == nil)
    #expect(try resolver.resolve().greet() == "Hello")
  }

  @Test func anUnresolvableResolverSaysSoAndThrows() {
    let resolver: Container.Resolver<Greeter> = container.resolved(alternative: .another)

    #expect(!resolver.isResolvable)
    let error = #expect(throws: ResolutionError.self) { try resolver.resolve() }
    guard case .notRegistered = error?.reason else {
      Issue.record("expected .notRegistered, got \(String(describing: error))")
      return
    }
  }

  @Test func aPropertysResolverHandsOverItsValue() throws {
    let screen = ResolverScreen(container: container)

    let resolver = screen.$greeter

    #expect(resolver.container == nil)
    #expect(resolver.isResolvable)
    #expect(try resolver.resolve().greet() == "Hello")
  }
}

private final class EagerClockScreen {
  static let line = #line + 1
  @Injected(.resolvingOnInit()) var clock: ReportClock
}

private final class BrokenScreen: Containerable {
  var container: Container! { nil }
  @Injected var greeter: Greeter
}

private func clockTime(@Injected clock: ReportClock) -> String { "\(clock)" }

private enum ParameterCall {
  static let line = #line + 1
  static func make() -> String { clockTime($clock: Container(name: "empty").resolved()) }
}

private final class ResolverGivenScreen {
  @Injected var clock: ReportClock
  static let line = #line + 3

  init(container: Container) {
    _clock = Injected(projectedValue: container.resolved())
  }
}

@Suite struct InjectionPlaceMessageTests {
  @Test func eagerInjectionNamesTheEnclosingTypeAndLine() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      Container.lookupPolicy = .singleton(Container(name: "empty"))
      _ = EagerClockScreen()
    }
    let message = text(result?.standardErrorContent)
    #expect(message.contains("Cannot resolve `ReportClock`: nothing is registered for it."))
    #expect(
      message.contains(
        "Injected into: a property or variable in `EagerClockScreen`, declared at "
          + "RavioliTests/MacaroniMigrationTests.swift:\(EagerClockScreen.line)\n"))
  }

  @Test func functionParameterInjectionNamesTheCall() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = ParameterCall.make()
    }
    let message = text(result?.standardErrorContent)
    #expect(
      message.contains(
        "Injected into: a function parameter or property given `container.resolved()`, called "
          + "at RavioliTests/MacaroniMigrationTests.swift:\(ParameterCall.line)\n"))
  }

  @Test func aPropertyGivenAResolverNamesTheCall() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = ResolverGivenScreen(container: Container(name: "empty"))
    }
    let message = text(result?.standardErrorContent)
    #expect(
      message.contains(
        "Injected into: a function parameter or property given `container.resolved()`, called "
          + "at RavioliTests/MacaroniMigrationTests.swift:\(ResolverGivenScreen.line)\n"))
  }

  @Test func aCustomLoggerGetsTheLocationInTheMessage() async {
    let result = await #expect(
      processExitsWith: .exitCode(3), observing: [\.standardOutputContent]
    ) {
      Container.logger = MarkingLogger()
      Container.lookupPolicy = .singleton(Container(name: "empty"))
      _ = EagerClockScreen()
    }
    let message = text(result?.standardOutputContent)
    #expect(message.contains("MARKING LOGGER: Cannot resolve `ReportClock`"))
    #expect(
      message.contains(
        "declared at RavioliTests/MacaroniMigrationTests.swift:\(EagerClockScreen.line)"))
  }

  @Test func aContainerableTypeWithoutAContainerIsNamed() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      Container.lookupPolicy = .enclosingType()
      _ = BrokenScreen().greeter
    }
    let message = text(result?.standardErrorContent)
    #expect(message.contains("Cannot inject `Greeter`: `BrokenScreen.container` returned nil"))
  }
}
