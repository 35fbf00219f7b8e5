import Foundation
import Ravioli
import RavioliTesting
import Testing

@Suite struct ContainerTests {
  @Test func plainResolverRunsOnEveryResolution() throws {
    let container = Container()
    let counter = Counter()
    container.register { () -> Service in Service(id: counter.increment()) }

    let first: Service = try container.resolve()
    let second: Service = try container.resolve()

    #expect(first.id == 1)
    #expect(second.id == 2)
  }

  @Test func protocolTypedRegistration() throws {
    let container = Container()
    container.register { () -> Greeter in EnglishGreeter() }

    let greeter: Greeter = try container.resolve()

    #expect(greeter.greet() == "Hello")
  }

  @Test func parametrizedResolverReceivesTheParameter() throws {
    let container = Container()
    container.register { (parameter: Any) -> String in "made for \(parameter)" }

    let value: String = try container.resolve(parameter: 42)

    #expect(value == "made for 42")
  }

  @Test func withAParameterTheParametrizedResolverWinsWithinAContainer() throws {
    let container = Container()
    container.register { () -> String in "plain" }
    container.register { (parameter: Any) -> String in "parametrized" }

    let withParameter: String = try container.resolve(parameter: 1)
    let withoutParameter: String = try container.resolve()

    #expect(withParameter == "parametrized")
    #expect(withoutParameter == "plain")
  }

  @Test func theNearestContainerWinsEvenOverAParametrizedResolverFurtherUp() throws {
    let parent = Container(name: "parent")
    let child = Container(parent: parent, name: "child")
    parent.register { (parameter: Any) -> String in "parametrized in parent" }
    child.register { () -> String in "plain in child" }

    let fromChild: String = try child.resolve(parameter: 1)
    let fromParent: String = try parent.resolve(parameter: 1)

    #expect(fromChild == "plain in child")
    #expect(fromParent == "parametrized in parent")
  }

  @Test func aParametrizedResolverFurtherUpServesRequestsWithAParameter() throws {
    let parent = Container()
    let child = Container(parent: parent)
    parent.register { (parameter: Any) -> String in "for \(parameter)" }

    let value: String = try child.resolve(parameter: 7)

    #expect(value == "for 7")
  }

  @Test func requestWithParameterFallsBackToPlainResolver() throws {
    let container = Container()
    container.register { () -> String in "plain" }

    let value: String = try container.resolve(parameter: 1)

    #expect(value == "plain")
  }

  @Test func parametrizedOnlyWithoutParameterSaysSo() {
    let container = Container(name: "app")
    container.register { (parameter: Any) -> String in "\(parameter)" }

    let error = #expect(throws: ResolutionError.self) {
      let _: String = try container.resolve()
    }

    guard case .needsParameter = error?.reason else {
      Issue.record("expected .needsParameter, got \(String(describing: error?.reason))")
      return
    }
    #expect(error?.description.contains("only a parametrized resolver is registered") == true)
  }

  @Test func alternativesAreSeparateRegistrations() throws {
    let container = Container()
    container.register { () -> Greeter in EnglishGreeter() }
    container.register(alternative: .french) { () -> Greeter in FrenchGreeter() }

    let english: Greeter = try container.resolve()
    let french: Greeter = try container.resolve(alternative: .french)
    let runtimeNamed: Greeter = try container.resolve(
      alternative: RegistrationAlternative("french"))

    #expect(english.greet() == "Hello")
    #expect(french.greet() == "Bonjour")
    #expect(runtimeNamed.greet() == "Bonjour")
  }

  @Test func registeringAValueMakesItsOptionalResolvable() throws {
    let container = Container()
    container.register { () -> Greeter in EnglishGreeter() }

    let optional: Greeter? = try container.resolve()
    let unwrapped: Greeter! = try container.resolve()

    #expect(optional?.greet() == "Hello")
    #expect(unwrapped.greet() == "Hello")
    #expect(container.isResolvable(Greeter?.self))
  }

  @Test func anExplicitOptionalRegistrationWins() throws {
    let container = Container()
    container.register { () -> Greeter in EnglishGreeter() }
    container.register { () -> Greeter? in nil }

    let optional: Greeter? = try container.resolve()

    #expect(optional == nil)
  }

  @Test func optionalOfUnregisteredTypeIsReportedAsTheWrappedType() {
    let container = Container()
    container.register(alternative: .french) { () -> Greeter in FrenchGreeter() }

    let error = #expect(throws: ResolutionError.self) {
      let _: Greeter? = try container.resolve()
    }

    #expect(error?.typeName == "Greeter")
    #expect(error?.registeredAlternatives == ["french"])
  }

  /// An optional request that finds no registration of the optional takes the wrapped
  /// type's from the nearest container that has one, with its scope: a child's over its
  /// parent's, and a singleton made once.
  @Test func anOptionalRequestTakesTheNearestWrappedRegistrationWithItsScope() throws {
    let parent = Container(name: "parent")
    parent.register(scope: .singleton) { () -> Journal in Journal() }
    parent.register { () -> Greeter in FrenchGreeter() }
    let child = Container(parent: parent, name: "child")
    child.register { () -> Greeter in EnglishGreeter() }

    let greeter: Greeter? = try child.resolve()
    let first: Journal? = try child.resolve()
    let second: Journal? = try child.resolve()
    let fromTheParent: Greeter? = try parent.resolve()

    #expect(greeter?.greet() == "Hello")
    #expect(first != nil && first === second)
    #expect(first === (try parent.resolve() as Journal))
    #expect(fromTheParent?.greet() == "Bonjour")
  }

  @Test func anExplicitOptionalRegistrationAnywhereInTheChainWins() throws {
    let parent = Container()
    let child = Container(parent: parent)
    parent.register { () -> Greeter? in FrenchGreeter() }
    child.register { () -> Greeter in EnglishGreeter() }

    let optional: Greeter? = try child.resolve()

    #expect(optional?.greet() == "Bonjour")
  }

  @Test(.isolatedContainers) func registeringAgainReplacesTheResolverAndWarns() throws {
    let logger = RecordingLogger()
    Container.logger = logger
    let container = Container(name: "replaced")
    container.register { () -> Greeter in EnglishGreeter() }
    container.register { () -> Greeter in FrenchGreeter() }

    let greeter: Greeter = try container.resolve()

    #expect(greeter.greet() == "Bonjour")
    let warnings = logger.messages.filter { $0.level == .warning }.map(\.message)
    #expect(warnings.count == 1)
    #expect(warnings.first?.contains("registering `Greeter` again replaces") == true)
  }

  @Test func aChangeAfterAResolutionIsSeenByTheNextOne() throws {
    let parent = Container()
    let child = Container(parent: parent)
    parent.register { () -> Greeter in EnglishGreeter() }
    let before: Greeter = try child.resolve()

    child.register { () -> Greeter in FrenchGreeter() }
    let afterOverride: Greeter = try child.resolve()
    parent.register(replacing: true) { () -> Greeter in GermanGreeter() }
    let parentAfterReplacement: Greeter = try parent.resolve()
    child.removeAllRegistrations()
    let afterRemoval: Greeter = try child.resolve()

    #expect(before.greet() == "Hello")
    #expect(afterOverride.greet() == "Bonjour")
    #expect(parentAfterReplacement.greet() == "Guten Tag")
    #expect(afterRemoval.greet() == "Guten Tag")
  }

  @Test func aNewContainerNeverAnswersWithAReleasedOnesRegistrations() {
    var answered = 0
    for _ in 0..<1_000 {
      do {
        let released = Container()
        released.register { () -> Service in Service() }
        _ = try? released.resolve() as Service
      }
      // Often at the same address as the one just released.
      let fresh = Container()
      if (try? fresh.resolve() as Service) != nil { answered += 1 }
    }
    #expect(answered == 0)
  }

  @Test func parentChainIsSearchedWithAlternatives() throws {
    let root = Container(name: "root")
    let middle = Container(parent: root, name: "middle")
    let leaf = Container(parent: middle, name: "leaf")
    root.register(alternative: .french) { () -> Greeter in FrenchGreeter() }
    middle.register { () -> Greeter in EnglishGreeter() }

    let french: Greeter = try leaf.resolve(alternative: .french)
    let english: Greeter = try leaf.resolve()

    #expect(french.greet() == "Bonjour")
    #expect(english.greet() == "Hello")
    #expect(leaf.isResolvable(Greeter.self, alternative: .french))
    #expect(!leaf.isResolvable(Greeter.self, alternative: .another))
    #expect(!root.isResolvable(Greeter.self))
    #expect(leaf.parents.map(ObjectIdentifier.init) == [ObjectIdentifier(middle)])
    #expect(leaf.description == "Container \"leaf\" -> \"middle\" -> \"root\"")
  }

  @Test func childOverridesParentForItselfOnly() throws {
    let parent = Container()
    let child = Container(parent: parent)
    parent.register { () -> Greeter in EnglishGreeter() }
    child.register { () -> Greeter in FrenchGreeter() }

    let fromChild: Greeter = try child.resolve()
    let fromParent: Greeter = try parent.resolve()

    #expect(fromChild.greet() == "Bonjour")
    #expect(fromParent.greet() == "Hello")
  }

  @Test func removeAllRegistrationsEmptiesOnlyThatContainer() {
    let parent = Container()
    let child = Container(parent: parent)
    parent.register { () -> Greeter in EnglishGreeter() }
    child.register { () -> Service in Service() }

    child.removeAllRegistrations()

    #expect(!child.isResolvable(Service.self))
    #expect(child.isResolvable(Greeter.self))
  }

  @Test func unnamedContainersGetDistinctReadableNames() {
    let first = Container()
    let second = Container()
    #expect(first.name.hasPrefix("container-"))
    #expect(first.name != second.name)
    #expect(Container(name: "app").name == "app")
  }

  @Test func resolveIfRegisteredReturnsNilOnlyWhenNothingIsRegistered() {
    let container = Container()
    container.register { () -> Greeter in EnglishGreeter() }

    let greeter: Greeter? = container.resolveIfRegistered()
    let missing: Service? = container.resolveIfRegistered()
    let withParameter: Greeter? = container.resolveIfRegistered(parameter: 1)

    #expect(greeter?.greet() == "Hello")
    #expect(missing == nil)
    #expect(withParameter?.greet() == "Hello")
  }

  @Test func resolverMayResolveItsOwnDependencies() throws {
    let container = Container()
    container.register { () -> Greeter in EnglishGreeter() }
    container.register { () -> String in
      let greeter: Greeter = try container.resolve()
      return greeter.greet() + ", world"
    }

    let value: String = try container.resolve()

    #expect(value == "Hello, world")
  }
}

@Suite struct ResolutionErrorTests {
  @Test func notRegisteredNamesEverythingNeededToFixIt() {
    let root = Container(name: "root")
    let app = Container(parent: root, name: "app")
    root.register { () -> Greeter in EnglishGreeter() }
    app.register(alternative: .another) { () -> Greeter in EnglishGreeter() }

    let error = #expect(throws: ResolutionError.self) {
      let _: Greeter = try app.resolve(alternative: .french)
    }

    guard let error else { return }
    guard case .notRegistered = error.reason else {
      Issue.record("expected .notRegistered, got \(error.reason)")
      return
    }
    #expect(error.typeName == "Greeter")
    #expect(error.alternativeName == "french")
    #expect(error.searchedContainers == ["app", "root"])
    #expect(error.registeredAlternatives == ["another", nil], "nearest container first")
    let message = error.description
    #expect(message.contains("Cannot resolve `Greeter` (alternative \"french\")"))
    #expect(message.contains("Containers searched: \"app\" -> \"root\""))
    #expect(message.contains("alternative \"another\""))
    #expect(message.contains("the unnamed registration"))
    #expect(message.contains("ContainerTests.swift:"))
    #expect(message.contains("To fix:"))
  }

  @Test func notRegisteredAtAllSaysNothing() {
    let container = Container(name: "empty")
    let error = #expect(throws: ResolutionError.self) {
      let _: Greeter = try container.resolve()
    }
    #expect(error?.registeredAlternatives.isEmpty == true)
    #expect(error?.description.contains("Registered for `Greeter`: nothing") == true)
    #expect(error?.description.contains("`container.register { () -> Greeter in ... }`") == true)
  }

  @Test func missingDependencyOfAResolverShowsThePath() {
    let container = Container(name: "app")
    container.register { () -> String in
      let greeter: Greeter = try container.resolve()
      return greeter.greet()
    }

    let error = #expect(throws: ResolutionError.self) {
      let _: String = try container.resolve()
    }

    #expect(error?.typeName == "Greeter")
    #expect(error?.resolutionPath == ["String", "Greeter"])
    #expect(error?.description.contains("While resolving: String -> Greeter") == true)
  }

  @Test func cycleAndResolverFailuresNameTheContainersToo() {
    struct Offline: Error {}
    let parent = Container(name: "parent")
    let child = Container(parent: parent, name: "child")
    parent.register { () -> Service in throw Offline() }
    parent.register(alternative: .another) { () -> Service in Service() }

    let error = #expect(throws: ResolutionError.self) {
      let _: Service = try child.resolve()
    }

    #expect(error?.searchedContainers == ["child", "parent"])
    #expect(error?.registeredAlternatives == [nil, "another"])
    #expect(error?.description.contains("The resolver is registered at RavioliTests/") == true)
  }

  @Test func resolverErrorsAreWrapped() {
    struct Offline: Error {}
    let container = Container()
    container.register { () -> Service in throw Offline() }

    let error = #expect(throws: ResolutionError.self) {
      let _: Service = try container.resolve()
    }

    guard case .resolverFailed(let underlying) = error?.reason else {
      Issue.record("expected .resolverFailed, got \(String(describing: error?.reason))")
      return
    }
    #expect(underlying is Offline)
    #expect(error?.description.contains("its resolver threw Offline()") == true)
  }
}

extension GlobalStateTests {
  /// An optional request outside an isolation scope, which resolves the wrapped type from
  /// what containers publish, fails, logs and is watched as the general road does.
  @Suite struct PublishedOptionalTests {
    private let logger = RecordingLogger()

    init() {
      Container.logger = logger
    }

    private func messages(at level: RavioliLoggingLevel) -> [String] {
      logger.messages.filter { $0.level == level }.map(\.message)
    }

    /// What an optional request gets when it falls back to the wrapped type on the road
    /// that reads without a lock is what the general road answers, which it takes while
    /// something watches the road (here, a container that traces): values, kept instances,
    /// and failures with their messages.
    @Test func theOptionalFallbackAnswersAsTheGeneralRoad() {
      defer { Container.logger = StandardErrorLogger() }
      struct Offline: Error {}
      let parent = Container(name: "parent")
      parent.register(scope: .singleton) { () -> Journal in Journal() }
      parent.register { () -> Int? in nil }
      parent.register(alternative: .another) { () -> Greeter in FrenchGreeter() }
      let child = Container(parent: parent, name: "child")
      child.register { () -> Greeter in EnglishGreeter() }
      child.register { () -> Int in 7 }
      child.register(alternative: .french) { () -> Greeter in throw Offline() }
      func answers() -> [String] {
        func describe<Value>(_ request: () throws -> Value) -> String {
          do {
            return "\(try request())"
          } catch {
            return "\(error)"
          }
        }
        return [
          describe { try child.resolve() as Greeter? }.replacingOccurrences(
            of: "0x[0-9a-f]+", with: "", options: .regularExpression),
          describe { try child.resolve(alternative: .another) as Greeter? }.replacingOccurrences(
            of: "0x[0-9a-f]+", with: "", options: .regularExpression),
          describe { try child.resolve(alternative: .french) as Greeter? },
          describe { try child.resolve() as Int? },
          describe { try child.resolve() as Int?? },
          describe { try child.resolve() as Service? },
          describe { (try child.resolve() as Journal?).map(ObjectIdentifier.init) },
        ]
      }
      let published = answers()
      let watcher = Container(name: "watcher")
      watcher.tracesResolutions = true
      let general = answers()
      watcher.tracesResolutions = false

      #expect(published == general)
      #expect(published[0].contains("EnglishGreeter"))
      #expect(published[2].contains("its resolver threw Offline()"))
      #expect(published[3] == "nil")
      #expect(published[5].contains("Cannot resolve `Service`"))
      #expect(published[6] == general[6] && published[6] != "nil")
    }

    /// A resolver of the wrapped type that fails makes the optional request fail the same
    /// way, and `resolveIfRegistered` log it and return `nil`.
    @Test func aFailingWrappedResolverFailsTheOptionalRequest() {
      defer { Container.logger = StandardErrorLogger() }
      struct Offline: Error {}
      let container = Container(name: "failing")
      container.register { () -> Greeter in throw Offline() }

      let error = #expect(throws: ResolutionError.self) {
        let _: Greeter? = try container.resolve()
      }
      let ifRegistered: Greeter? = container.resolveIfRegistered()
      let optionalIfRegistered: Greeter?? = container.resolveIfRegistered()

      #expect(error?.typeName == "Greeter")
      guard case .resolverFailed(let underlying) = error?.reason else {
        Issue.record("expected .resolverFailed, got \(String(describing: error?.reason))")
        return
      }
      #expect(underlying is Offline)
      #expect(ifRegistered == nil)
      #expect(optionalIfRegistered == nil)
      let errors = messages(at: .error)
      #expect(errors.count == 2)
      #expect(errors.allSatisfy { $0.contains("its resolver threw Offline()") })
    }

    /// A resolver whose needs are checked, asking for an optional that it did not declare,
    /// is told about the optional it asked for, and then about the wrapped type that
    /// answered, as on the general road.
    @Test func anUndeclaredOptionalRequestIsReportedAsTheOptional() throws {
      defer { Container.logger = StandardErrorLogger() }
      let container = Container(name: "needs")
      container.register(needs: []) { () -> Journal in Journal() }
      container.register(needs: []) { () -> Greeter in
        _ = try container.resolve() as Journal?
        return EnglishGreeter()
      }

      _ = try container.resolve() as Greeter

      let warnings = messages(at: .warning)
      #expect(warnings.count == 2, "\(warnings)")
      #expect(warnings.contains { $0.contains("asked for `Optional<Journal>`,") })
      #expect(warnings.contains { $0.contains("asked for `Journal`,") })
    }
  }
}
