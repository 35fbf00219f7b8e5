import Foundation
import Ravioli
import Testing

// Every way injection can stop the program, each run in its own process (an exit test), with
// the message it leaves on standard error.

private final class Screen {
  static let line = #line + 1
  @Injected var greeter: Greeter
}

private final class LazyScreen {
  static let line = #line + 1
  @Injected(.lazily, alternative: .french) var greeter: Greeter
}

private struct LazyValue {
  static let line = #line + 1
  @Injected var greeter: Greeter
}

private struct Numbers {
  static let line = #line + 1
  @InjectedWeakly(.resolvingOnInit()) var number: Int?
}

private final class WeakScreen {
  @InjectedWeakly var delegate: Delegate?
}

private final class Node {
  static let line = #line + 1
  @Injected(.resolvingOnInit()) var next: Node
}

private struct WeakValue {
  static let line = #line + 1
  @InjectedWeakly var delegate: Delegate?
}

private final class Owner {
  static let line = #line + 1
  @Injected var name: String
}

private final class UnsetModuleScreen: Containerable {
  var container: Container! { nil }
  @Injected var greeter: Greeter
}

private final class Mismatched {
  @Injected var title: String
}

private struct Refusing: ContainerLookupPolicy {
  func container<EnclosingType>(
    for instance: EnclosingType, file: StaticString, function: String, line: UInt
  ) -> Container? { nil }
}

private func greet(@Injected greeter: Greeter) -> String { greeter.greet() }

/// Its greeter's resolver reads the greeter of the screen it is given, so that the first read
/// reads the property again.
private final class ReadAgainScreen {
  static let line = #line + 1
  @Injected var greeter: Greeter
  static let optionalLine = #line + 1
  @Injected var optionalGreeter: Greeter?
}

/// Its delegate's resolver reads the delegate of the screen it is given.
private final class ReadAgainWeakScreen {
  static let line = #line + 1
  @InjectedWeakly var delegate: Delegate?
}

/// A policy that reads the property whose container it is asked for.
private struct ReadingPolicy: ContainerLookupPolicy {
  let container: Container

  func container<EnclosingType>(
    for instance: EnclosingType, file: StaticString, function: String, line: UInt
  ) -> Container? {
    _ = (instance as? ReadAgainScreen)?.greeter
    return container
  }
}

/// Hands a screen to another thread, which the test cannot otherwise give it.
private final class Handed: @unchecked Sendable {  // read only on the thread it is handed to
  let screen: ReadAgainScreen
  init(_ screen: ReadAgainScreen) { self.screen = screen }
}

private final class SessionScreen {
  @Injected var greeter: Greeter

  init(session: Container) {
    _greeter = Injected(.capturingContainerOnInit(from: session))
  }
  /// Where the wrapper is made, which messages name.
  static let line = #line - 3
}

private struct AppPolicy: ContainerLookupPolicy {
  let container: Container

  func container<EnclosingType>(
    for instance: EnclosingType, file: StaticString, function: String, line: UInt
  ) -> Container? { container }
}

private let isolationLine = #line + 2
private func readGreeterInIsolation() {
  withIsolatedContainers {
    Container.lookupPolicy = .singleton(Container(name: "empty"))
    _ = Screen().greeter
  }
}

/// Two tests that are running (one inside a scope of its own), one that has ended, and one
/// whose helper reads a property nothing registers: the message names the helper and its
/// test, and the two running.
private let runningTestsLine = #line + 2
private func readGreeterWhileOtherTestsRun() {
  withIsolatedContainers(function: "endedEarlier()") {}
  for name in ["listsProducts()", "showsTotals()"] {
    let started = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
      withIsolatedContainers(function: name) {
        withIsolatedContainers(function: "helperOf_\(name)") {
          started.signal()
          // Runs until the process stops.
          DispatchSemaphore(value: 0).wait()
        }
      }
    }
    started.wait()
  }
  withIsolatedContainers(function: "readsTheGreeter()") {
    withIsolatedContainers(function: "aHelperOfTheTest()") {
      Container.lookupPolicy = .singleton(Container(name: "empty"))
      _ = Screen().greeter
    }
  }
}

private let lazyValueIsolationLine = #line + 2
private func readLazyValueInIsolation() {
  withIsolatedContainers {
    let container = Container()
    container.register { () -> Greeter in EnglishGreeter() }
    Container.lookupPolicy = .singleton(container)
    _ = LazyValue().greeter
  }
}

@Suite struct DeathTests {
  @Test func injectionWithoutAPolicy() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = Screen().greeter
    }
    let message = text(result?.standardErrorContent)
    #expect(message.contains("Cannot inject `Greeter`: no lookup policy is set"))
    #expect(
      message.contains(
        "Injected into: `Screen`, property `greeter` declared at "
          + "RavioliTests/DeathTests.swift:\(Screen.line)"
      ))
    #expect(message.contains("Container.lookupPolicy = .singleton(container)"))
  }

  @Test func lazyInjectionWithoutAPolicy() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = LazyScreen().greeter
    }
    let message = text(result?.standardErrorContent)
    #expect(message.contains("Cannot inject `Greeter` (alternative \"french\"): no lookup policy"))
    #expect(message.contains("DeathTests.swift:\(LazyScreen.line)"))
  }

  @Test func policyThatFindsNoContainer() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      Container.lookupPolicy = .enclosingType()
      _ = Screen().greeter
    }
    let message = text(result?.standardErrorContent)
    #expect(message.contains("the lookup policy EnclosingTypeContainer found no container"))
    #expect(message.contains("Injected into: `Screen`"))
    #expect(message.contains("To fix:"))
  }

  @Test func customPolicyThatRefusesEagerInjection() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      Container.lookupPolicy = Refusing()
      _ = Node()
    }
    let message = text(result?.standardErrorContent)
    #expect(message.contains("the lookup policy Refusing found no container"))
    #expect(message.contains("DeathTests.swift:\(Node.line)"))
  }

  @Test func unregisteredProperty() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let root = Container(name: "root")
      root.register(alternative: .french) { () -> Greeter in FrenchGreeter() }
      Container.lookupPolicy = .singleton(Container(parent: root, name: "screen"))
      _ = Screen().greeter
    }
    let message = text(result?.standardErrorContent)
    #expect(message.contains("Cannot resolve `Greeter`: nothing is registered for it."))
    #expect(
      message.contains(
        "Injected into: `Screen`, property `greeter` declared at "
          + "RavioliTests/DeathTests.swift:\(Screen.line)"
      ))
    #expect(message.contains("Containers searched: \"screen\" -> \"root\""))
    #expect(message.contains("Registered for `Greeter`: alternative \"french\""))
    #expect(message.contains("To fix: register it"))
  }

  /// Inside isolation, the message names what was running (here, the function that called
  /// `withIsolatedContainers`; under the `.isolatedContainers` trait, the test), so that the
  /// one message a crashed parallel test run leaves points at it.
  @Test func aFailureInsideIsolationNamesWhatWasRunning() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      readGreeterInIsolation()
    }
    let message = text(result?.standardErrorContent)
    #expect(message.contains("Cannot resolve `Greeter`: nothing is registered for it."))
    #expect(
      message.contains(
        "  While running: `readGreeterInIsolation()` "
          + "(RavioliTests/DeathTests.swift:\(isolationLine))\n  To fix: register it in "))
  }

  /// A parallel test run ends whole when a read stops the process: the message names every
  /// test that stopped with it (not one that had ended, nor a scope inside a test), and how
  /// to find such problems before the next run.
  @Test func aFailureInsideIsolationNamesTheOtherTestsItStops() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      readGreeterWhileOtherTestsRun()
    }
    let message = text(result?.standardErrorContent)
    let place = "(RavioliTests/DeathTests.swift:\(runningTestsLine + 4))"
    #expect(
      message.contains(
        "  While running: `aHelperOfTheTest()` (RavioliTests/DeathTests.swift:"
          + "\(runningTestsLine + 15)), inside `readsTheGreeter()` (RavioliTests/DeathTests.swift:"
          + "\(runningTestsLine + 14))\n  Also stopped (running at the time): `listsProducts()` "
          + "\(place), `showsTotals()` \(place)\n  To fix: register it in "))
    #expect(!message.contains("endedEarlier()"))
    #expect(!message.contains("helperOf_"))
    #expect(
      message.contains(
        "  Before the next run: find every such problem before a test runs with ravioli-check's "
          + "build-tool plugin (`RavioliCheckBuildTool`)"))
  }

  /// Called in an exit test's body, which a macro writes as a function of its own, whose name
  /// is mangled: named by its place alone.
  @Test func isolationInsideAnExitTestIsNamedByItsPlace() async {
    // The macro's body is placed at the line of `#expect`.
    let line = #line + 1
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      withIsolatedContainers {
        Container.lookupPolicy = .singleton(Container(name: "empty"))
        _ = Screen().greeter
      }
    }
    let message = text(result?.standardErrorContent)
    #expect(
      message.contains(
        "  While running: the code at RavioliTests/DeathTests.swift:\(line)\n"))
  }

  @Test func aMisuseInsideIsolationNamesWhatWasRunning() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      readLazyValueInIsolation()
    }
    let message = text(result?.standardErrorContent)
    #expect(message.contains("resolves lazily, which needs a class"))
    #expect(
      message.contains(
        "  While running: `readLazyValueInIsolation()` "
          + "(RavioliTests/DeathTests.swift:\(lazyValueIsolationLine))\n  To fix: "))
  }

  @Test func lazyInjectionInAStruct() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let container = Container()
      container.register { () -> Greeter in EnglishGreeter() }
      Container.lookupPolicy = .singleton(container)
      _ = LazyValue().greeter
    }
    let message = text(result?.standardErrorContent)
    #expect(message.contains("resolves lazily, which needs a class"))
    #expect(message.contains("DeathTests.swift:\(LazyValue.line)"))
    #expect(message.contains("@Injected(.resolvingOnInit())"))
  }

  @Test func weakInjectionOfAValueType() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let container = Container()
      container.register { () -> Int in 3 }
      Container.lookupPolicy = .singleton(container)
      _ = Numbers()
    }
    let message = text(result?.standardErrorContent)
    #expect(message.contains("@InjectedWeakly var of type `Int?` holds its value weakly"))
    #expect(message.contains("DeathTests.swift:\(Numbers.line)"))
  }

  @Test func weakInjectionWithoutARegistration() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      Container.lookupPolicy = .singleton(Container(name: "empty"))
      _ = WeakScreen().delegate
    }
    let message = text(result?.standardErrorContent)
    #expect(message.contains("Cannot resolve `Delegate`: nothing is registered for it."))
    #expect(message.contains("Injected into: `WeakScreen`"))
  }

  @Test func cycleThroughEagerPropertyInjection() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let container = Container()
      container.register { () -> Node in Node() }
      Container.lookupPolicy = .singleton(container)
      _ = try? container.resolve() as Node
    }
    let message = text(result?.standardErrorContent)
    #expect(message.contains("dependency cycle Node -> Node"))
    #expect(message.contains("DeathTests.swift:\(Node.line)"))
  }

  @Test func propertyReadAgainWhileItsFirstReadResolvesIt() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let container = Container(name: "again")
      container.register { (screen: ReadAgainScreen) -> Greeter in
        _ = screen.greeter
        return EnglishGreeter()
      }
      Container.lookupPolicy = .singleton(container)
      _ = ReadAgainScreen().greeter
    }
    let message = text(result?.standardErrorContent)
    #expect(message.contains("Cannot resolve `Greeter`: dependency cycle Greeter -> Greeter."))
    #expect(message.contains("Injected into: `ReadAgainScreen`"))
    #expect(message.contains("DeathTests.swift:\(ReadAgainScreen.line)"))
    #expect(message.contains("Registered at: `Greeter` at "))
  }

  @Test func optionalPropertyReadAgainWhileItsFirstReadResolvesIt() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let container = Container(name: "again")
      container.register { (screen: ReadAgainScreen) -> Greeter in
        _ = screen.optionalGreeter
        return EnglishGreeter()
      }
      Container.lookupPolicy = .singleton(container)
      _ = ReadAgainScreen().optionalGreeter
    }
    let message = text(result?.standardErrorContent)
    #expect(message.contains("dependency cycle Greeter -> Greeter"))
    #expect(message.contains("DeathTests.swift:\(ReadAgainScreen.optionalLine)"))
  }

  @Test func weakPropertyReadAgainWhileItsFirstReadResolvesIt() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let container = Container(name: "again")
      let delegate = SampleDelegate()
      container.register { (screen: ReadAgainWeakScreen) -> Delegate in
        _ = screen.delegate
        return delegate
      }
      Container.lookupPolicy = .singleton(container)
      _ = ReadAgainWeakScreen().delegate
    }
    let message = text(result?.standardErrorContent)
    #expect(message.contains("dependency cycle Delegate -> Delegate"))
    #expect(message.contains("DeathTests.swift:\(ReadAgainWeakScreen.line)"))
  }

  @Test func propertyReadAgainByItsLookupPolicy() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let container = Container(name: "policy")
      container.register { () -> Greeter in EnglishGreeter() }
      Container.lookupPolicy = ReadingPolicy(container: container)
      _ = ReadAgainScreen().greeter
    }
    let message = text(result?.standardErrorContent)
    #expect(message.contains("Cannot resolve `Greeter`: dependency cycle Greeter -> Greeter."))
    #expect(message.contains("before that read had found its container"))
    #expect(message.contains("DeathTests.swift:\(ReadAgainScreen.line)"))
  }

  @Test func propertyReadAgainOnAnotherThreadWhileItsFirstReadResolvesIt() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let container = Container(name: "again")
      container.register { (screen: ReadAgainScreen) -> Greeter in
        let handed = Handed(screen)
        let read = DispatchSemaphore(value: 0)
        // A thread of its own: `DispatchQueue.sync` may run the read on this one.
        Thread {
          _ = handed.screen.greeter
          read.signal()
        }.start()
        read.wait()
        return EnglishGreeter()
      }
      Container.lookupPolicy = .singleton(container)
      _ = ReadAgainScreen().greeter
    }
    let message = text(result?.standardErrorContent)
    #expect(message.contains("Cannot resolve `Greeter`: dependency cycle Greeter -> Greeter."))
    #expect(message.contains("or on another thread"))
    #expect(message.contains("DeathTests.swift:\(ReadAgainScreen.line)"))
  }

  @Test func functionParameterWithoutARegistration() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = greet($greeter: Container(name: "params").resolved(alternative: .another))
    }
    let message = text(result?.standardErrorContent)
    #expect(message.contains("Cannot resolve `Greeter` (alternative \"another\")"))
    #expect(message.contains("Containers searched: \"params\""))
    #expect(message.contains("DeathTests.swift:"))
  }

  @Test func aCustomLoggerIsHandedTheFullMessage() async {
    let result = await #expect(
      processExitsWith: .exitCode(3), observing: [\.standardOutputContent]
    ) {
      Container.logger = MarkingLogger()
      Container.lookupPolicy = .singleton(Container(name: "empty"))
      _ = Screen().greeter
    }
    let message = text(result?.standardOutputContent)
    #expect(message.contains("MARKING LOGGER: Cannot resolve `Greeter`: nothing is registered"))
    #expect(message.contains("Containers searched: \"empty\""))
    #expect(message.contains("To fix:"))
  }

  @Test func propertyWhoseOnlyResolverIsParametrizedAndEagerInjectionHasNoObject() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let container = Container()
      container.register { (parameter: Any) -> Node in Node() }
      Container.lookupPolicy = .singleton(container)
      _ = Node()
    }
    let message = text(result?.standardErrorContent)
    #expect(message.contains("only a parametrized resolver is registered"))
    #expect(message.contains("DeathTests.swift:\(Node.line)"))
  }

  @Test func propertyWhoseResolverThrows() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      struct Offline: Error {}
      let container = Container(name: "throwing")
      container.register { () -> String in throw Offline() }
      Container.lookupPolicy = .singleton(container)
      _ = Owner().name
    }
    let message = text(result?.standardErrorContent)
    #expect(message.contains("Cannot resolve `String`: its resolver threw Offline()"))
    #expect(
      message.contains(
        "Injected into: `Owner`, property `name` declared at "
          + "RavioliTests/DeathTests.swift:\(Owner.line)"))
    #expect(message.contains("The resolver is registered at RavioliTests/DeathTests.swift:"))
  }

  @Test func containerableObjectWithoutAContainer() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      Container.lookupPolicy = .enclosingType(default: Container())
      _ = UnsetModuleScreen().greeter
    }
    let message = text(result?.standardErrorContent)
    #expect(
      message.contains(
        "Cannot inject `Greeter`: `UnsetModuleScreen.container` returned nil, so the lookup "
          + "policy EnclosingTypeContainer has no container for it."))
    #expect(message.contains("Injected into: `UnsetModuleScreen`"))
    #expect(message.contains("To fix: make `UnsetModuleScreen.container` return its module's"))
  }

  @Test func lazyWeakInjectionInAStruct() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = WeakValue().delegate
    }
    let message = text(result?.standardErrorContent)
    #expect(message.contains("@InjectedWeakly var of type `Delegate` resolves lazily"))
    #expect(message.contains("DeathTests.swift:\(WeakValue.line)"))
  }

  @Test func objectCreatedBeforeThePolicyWasSet() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let screen = Screen()
      let container = Container()
      container.register { () -> Greeter in EnglishGreeter() }
      Container.lookupPolicy = .singleton(container)
      _ = screen.greeter
    }
    let message = text(result?.standardErrorContent)
    #expect(message.contains("none was set then"))
    #expect(message.contains("`@Injected(.lazily)`"))
  }

  @Test func propertyWhoseTypedResolverTakesAnotherEnclosingType() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let container = Container(name: "pages")
      container.register { (owner: Screen) -> String in "for a screen" }
      Container.lookupPolicy = .singleton(container)
      _ = Mismatched().title
    }
    let message = text(result?.standardErrorContent)
    #expect(
      message.contains(
        "Cannot resolve `String`: the parametrized resolver takes `Screen`, but the parameter "
          + "is a `Mismatched`."))
    #expect(message.contains("Injected into: `Mismatched`"))
    #expect(message.contains("register a resolver that takes a `Mismatched`"))
  }

  @Test func propertyWhoseGivenContainerWasReleasedBeforeItsFirstRead() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let screen: SessionScreen = {
        let session = Container(name: "session")
        session.register { () -> Greeter in EnglishGreeter() }
        return SessionScreen(session: session)
      }()
      _ = screen.greeter
    }
    let message = text(result?.standardErrorContent)
    #expect(
      message.contains(
        "Cannot inject `Greeter`: its container was released before the property was first read."
      ))
    #expect(
      message.contains(
        "Injected into: `SessionScreen`, property `greeter` declared at "
          + "RavioliTests/DeathTests.swift:"
          + "\(SessionScreen.line)"))
    #expect(message.contains("was given its container (`.capturingContainerOnInit(from:)`)"))
    #expect(
      message.contains("To fix: keep the container as long as the objects that resolve from it"))
  }

  @Test func propertyWhoseCustomPolicyWasReplacedBeforeItsFirstRead() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let container = Container(name: "app")
      container.register { () -> Greeter in EnglishGreeter() }
      Container.lookupPolicy = AppPolicy(container: container)
      let screen = Screen()
      Container.lookupPolicy = .singleton(container)
      _ = screen.greeter
    }
    let message = text(result?.standardErrorContent)
    #expect(
      message.contains(
        "Cannot inject `Greeter`: the lookup policy in force when its object was created was "
          + "replaced before the property was first read."))
    #expect(message.contains("holds a custom policy weakly until its first read"))
    #expect(message.contains("To fix: read the property before replacing `Container.lookupPolicy`"))
  }

  @Test func propertyWhoseSingletonPolicysContainerWasReleasedBeforeItsFirstRead() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let screen: Screen = {
        let container = Container(name: "short-lived")
        Container.lookupPolicy = .singleton(container)
        defer { Container.lookupPolicy = nil }
        return Screen()
      }()
      _ = screen.greeter
    }
    let message = text(result?.standardErrorContent)
    #expect(message.contains("its container was released before the property was first read."))
    #expect(message.contains("`.singleton(container)`, and holds that container weakly"))
  }

  @Test func propertyWhoseEnclosingTypePolicysDefaultWasReleasedBeforeItsFirstRead() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let screen: Screen = {
        Container.lookupPolicy = .enclosingType(default: Container(name: "short-lived"))
        defer { Container.lookupPolicy = nil }
        return Screen()
      }()
      _ = screen.greeter
    }
    let message = text(result?.standardErrorContent)
    #expect(message.contains("its container was released before the property was first read."))
    #expect(message.contains("`.enclosingType(default:)`, and holds its default container weakly"))
  }
}
