import Ravioli
import RavioliTesting
import Testing

// Validation of objects' injected properties: `validate(including:)`,
// `Container.validateInjection(of:)` and RavioliTesting's `expectInjectable`.

private protocol ProfileAnalytics: Sendable {}
private struct ConsoleProfileAnalytics: ProfileAnalytics {}
private protocol ProfileStore: Sendable {}
private final class DiskProfileStore: ProfileStore { init(analytics: any ProfileAnalytics) {} }
private protocol ProfileCoordinator: AnyObject, Sendable {}
private final class AppCoordinator: ProfileCoordinator {}
private final class Badge: Sendable { init() {} }
private final class Avatar: Sendable { init(badge: Badge) {} }
private final class Loop1: Sendable { init(next: Loop2) {} }
private final class Loop2: Sendable { init(back: Loop1) {} }
private final class Feed: Sendable {}
private final class Ledger: Sendable {}

/// The issue's view model: an injected analytics service that nothing registers.
private final class ProfileViewModel {
  static let analyticsLine: UInt = #line + 1
  @Injected var analytics: ProfileAnalytics
  static let storeLine: UInt = #line + 1
  @Injected var store: ProfileStore
  static let coordinatorLine: UInt = #line + 1
  @InjectedWeakly var coordinator: ProfileCoordinator?
}

private final class CoordinatorViewModel {
  @InjectedWeakly var coordinator: ProfileCoordinator?
}

private final class AvatarViewModel {
  static let line: UInt = #line + 1
  @Injected var avatar: Avatar
}

private final class LoopViewModel {
  @Injected var loop: Loop1
}

private final class FeedViewModel {
  static let line: UInt = #line + 1
  @Injected var feed: Feed
}

private final class LedgerViewModel {
  static let line: UInt = #line + 1
  @Injected var ledger: Ledger
}

private final class Plain {
  var count = 0
}

private struct Product {
  let name: String
  let price: Int
}

/// The line that registers the profile's store, which needs the analytics.
private let registrationLine: UInt = #line + 7

/// What the tests register for the profile, but for what each leaves out.
private func registerProfile(in container: Container, analytics: Bool = true) {
  if analytics {
    container.register(needs: []) { () -> ProfileAnalytics in ConsoleProfileAnalytics() }
  }
  container.autoregister(ProfileStore.self, initializer: DiskProfileStore.init)
  container.register(needs: []) { () -> ProfileCoordinator? in nil }
}

/// The report of a check that must find errors.
private func failing(_ check: () throws(ValidationReport) -> ValidationReport) -> ValidationReport?
{
  do {
    _ = try check()
    Issue.record("the check did not throw")
    return nil
  } catch {
    return error
  }
}

@Suite(.isolatedContainers) struct InjectionValidationTests {
  let app = Container(name: "profile")

  init() {
    Container.logger = SilentLogger()
    Container.lookupPolicy = .singleton(app)
  }

  /// The trial: `validate()` sees no problem, since it checks what registrations declare;
  /// given the view model, it finds the property that nothing registers, at its line.
  @Test func findsAPropertyThatNothingRegisters() throws {
    app.register(needs: []) { () -> ProfileStore in
      DiskProfileStore(analytics: ConsoleProfileAnalytics())
    }
    app.register(needs: []) { () -> ProfileCoordinator? in nil }
    let registrationsOnly = try app.validate()
    #expect(registrationsOnly.isValid)

    let report = try #require(
      failing { () throws(ValidationReport) in
        try app.validate(including: [ProfileViewModel()])
      })
    #expect(report.errors.map(\.kind) == [.missingDependency])
    let property = report.errors[0]
    #expect(property.file == "RavioliTests/InjectionValidationTests.swift")
    #expect(property.line == ProfileViewModel.analyticsLine)
    #expect(
      property.message
        == "`ProfileViewModel.analytics` (@Injected) needs `ProfileAnalytics`, which is not "
        + #"registered (searched "profile"). Register it in "profile" (`container.register { () -> "#
        + "ProfileAnalytics in ... }`), or correct the type or alternative of "
        + "`ProfileViewModel.analytics`.")
    #expect(
      report.summary
        == #"Container "profile": 1 error in 2 registrations and 3 injected properties "#
        + "(1 missing dependency).")
  }

  /// What the registration that a property resolves needs is checked too, and says which
  /// property reaches it.
  @Test func findsWhatARegistrationBelowAPropertyNeeds() throws {
    registerProfile(in: app, analytics: false)
    let report = try #require(
      failing { () throws(ValidationReport) in
        try Container.validateInjection(of: [ProfileViewModel()])
      })
    #expect(report.errors.map(\.line) == [ProfileViewModel.analyticsLine, registrationLine])
    #expect(
      report.errors[1].message
        == "`ProfileStore` needs `ProfileAnalytics`, which is not registered (searched "
        + #""profile"). Register it, or correct the type or alternative that `ProfileStore` "#
        + "declares. (Reached from `ProfileViewModel.store`, declared at "
        + "RavioliTests/InjectionValidationTests.swift:\(ProfileViewModel.storeLine).)")
  }

  @Test func aCompleteObjectIsValid() throws {
    registerProfile(in: app)
    let report = try Container.validateInjection(of: [ProfileViewModel()])
    #expect(report.isValid)
    #expect(
      report.description
        == #"Container "profile": no errors in 3 registrations and 3 injected properties."#)
  }

  /// The trial's delegate: registered in the app's container, while the view model resolves
  /// from its module's.
  @Test func namesTheContainerThatRegistersWhatIsNotSearched() throws {
    let module = Container(name: "profile-module")
    let app = Container(parents: [module], name: "profile-app")
    registerProfile(in: module)
    module.removeRegistration(of: ProfileCoordinator?.self)
    let appLine = #line + 1
    app.register(needs: []) { () -> ProfileCoordinator in AppCoordinator() }
    Container.lookupPolicy = .singleton(module)

    let report = try #require(
      failing { () throws(ValidationReport) in
        try Container.validateInjection(of: [ProfileViewModel()])
      })
    #expect(report.errors.count == 1)
    #expect(report.errors.first?.line == ProfileViewModel.coordinatorLine)
    #expect(
      report.errors.first?.message
        == "`ProfileViewModel.coordinator` (@InjectedWeakly) needs `ProfileCoordinator` (or "
        + #"`ProfileCoordinator?`), which is not registered (searched "profile-module"). "#
        + #"Register it in "profile-module". "profile-app" (at "#
        + "RavioliTests/InjectionValidationTests.swift:\(appLine)) registers it, but builds on "
        + #""profile-module", which never searches the containers built on it."#)
  }

  /// The same mistake, found by `validate(including:)` from the app's container, which has
  /// the registration in its graph: still a registration that is not searched, not a near
  /// miss.
  @Test func theAppsGraphSaysTheSameOfItsOwnRegistration() throws {
    let module = Container(name: "profile-module")
    let app = Container(parents: [module], name: "profile-app")
    registerProfile(in: module)
    module.removeRegistration(of: ProfileCoordinator?.self)
    app.register(needs: []) { () -> ProfileCoordinator in AppCoordinator() }
    Container.lookupPolicy = .singleton(module)

    let report = try #require(
      failing { () throws(ValidationReport) in
        try app.validate(including: [ProfileViewModel()])
      })
    #expect(report.errors.count == 1)
    let message = report.errors.first?.message ?? ""
    #expect(!message.contains("Registered instead"))
    #expect(
      message.contains(
        #"Register it in "profile-module". "profile-app" (at "#
          + "RavioliTests/InjectionValidationTests.swift:"))
    #expect(
      message.hasSuffix(
        #"registers it, but builds on "profile-module", which never searches the containers "#
          + "built on it."))
  }

  /// What is registered under another alternative, or with parameters of other types, is
  /// named whether or not the properties reach it.
  @Test func namesTheNearMissesThatThePropertiesDoNotReach() throws {
    app.register(needs: []) { (owner: Plain) -> ProfileCoordinator in AppCoordinator() }
    app.register(needs: []) { (owner: FeedViewModel) -> ProfileCoordinator in AppCoordinator() }
    app.register(alternative: .another, needs: []) { () -> Feed in Feed() }
    let coordinator = try #require(
      failing { () throws(ValidationReport) in
        try Container.validateInjection(of: [CoordinatorViewModel()])
      })
    #expect(coordinator.errors.map(\.kind) == [.parameterNeverGiven])
    #expect(
      coordinator.errors.first?.message.contains(
        "whose resolvers take a parameter (`Plain`, `FeedViewModel`)") == true)

    let feed = try #require(
      failing { () throws(ValidationReport) in
        try Container.validateInjection(of: [FeedViewModel()])
      })
    #expect(
      feed.errors.first?.message.contains(
        #"Registered instead: `Feed (alternative "another")` at "#) == true)
  }

  /// A main-actor resolver that a property's resolver needs is run by a read off the main
  /// actor too, unless an instance is kept on the way.
  @Test func aMainActorResolverBelowAPropertyNeedsTheMainActorToo() throws {
    app.register(needs: []) { @MainActor () -> Badge in Badge() }
    app.autoregister(initializer: Avatar.init)
    let report = try #require(
      failing { () throws(ValidationReport) in
        try Container.validateInjection(of: [AvatarViewModel()])
      })
    #expect(report.errors.map(\.kind) == [.needsMainActor])
    #expect(
      report.errors.first?.message.hasPrefix(
        "`AvatarViewModel.avatar` (@Injected) needs `Avatar`, which needs `Badge` (`Avatar` -> "
          + "`Badge`), whose resolver (registered at RavioliTests/InjectionValidationTests.swift:")
        == true)

    app.autoregister(scope: .singleton, replacing: true, initializer: Avatar.init)
    #expect(try Container.validateInjection(of: [AvatarViewModel()]).isValid)
  }

  @Test func noObjectIsAnError() throws {
    let report = try #require(
      failing { () throws(ValidationReport) in
        try Container.validateInjection(of: [])
      })
    #expect(report.errors.map(\.kind) == [.noInjectedProperties])
    #expect(report.errors.first?.message.hasPrefix("No object was given") == true)
    // `validate()` without objects checks the graph alone.
    #expect(try app.validate(including: []).isValid)
  }

  @Test func onlyWhatThePropertiesReachIsChecked() throws {
    registerProfile(in: app)
    app.autoregister(initializer: Avatar.init)  // needs a `Badge`, which is missing
    #expect(try Container.validateInjection(of: [ProfileViewModel()]).isValid)

    let report = try #require(
      failing { () throws(ValidationReport) in
        try Container.validateInjection(of: [AvatarViewModel()])
      })
    #expect(report.errors.map(\.kind) == [.missingDependency])
    #expect(report.errors.first?.message.hasPrefix("`Avatar` needs `Badge`") == true)
    #expect(
      report.errors.first?.message.hasSuffix(
        "(Reached from `AvatarViewModel.avatar`, declared at "
          + "RavioliTests/InjectionValidationTests.swift:\(AvatarViewModel.line).)") == true)
    #expect(report.registrationCount == 1)
    // `validate(including:)` checks the whole graph as well.
    let whole = try #require(
      failing { () throws(ValidationReport) in
        try app.validate(including: [ProfileViewModel()])
      })
    #expect(whole.errors.map(\.kind) == [.missingDependency])
    #expect(whole.errors.first?.message.contains("Reached from") == false)
  }

  @Test func findsCyclesAndCaptiveDependenciesBelowAProperty() throws {
    app.autoregister(initializer: Loop1.init)
    app.autoregister(initializer: Loop2.init)
    let cycle = try #require(
      failing { () throws(ValidationReport) in
        try Container.validateInjection(of: [LoopViewModel()])
      })
    #expect(cycle.errors.map(\.kind) == [.cycle])
    #expect(cycle.errors.first?.message.hasPrefix("dependency cycle: `Loop1` -> `Loop2`") == true)

    app.autoregister(scope: .singleton, initializer: Avatar.init)
    app.register(scope: .cached, needs: []) { () -> Badge in Badge() }
    let captive = try #require(
      failing { () throws(ValidationReport) in
        try Container.validateInjection(of: [AvatarViewModel()])
      })
    #expect(captive.errors.map(\.kind) == [.captiveDependency])
  }

  @Test func aParametrizedResolverMustTakeTheObject() throws {
    app.register(needs: []) { (screen: Plain) -> Feed in Feed() }
    let report = try #require(
      failing { () throws(ValidationReport) in
        try Container.validateInjection(of: [FeedViewModel()])
      })
    #expect(report.errors.map(\.kind) == [.parameterNeverGiven])
    #expect(report.errors.first?.line == FeedViewModel.line)
    #expect(
      report.errors.first?.message.hasPrefix(
        "`FeedViewModel.feed` (@Injected) needs `Feed`, whose resolvers take a parameter "
          + "(`Plain`), first registered at RavioliTests/InjectionValidationTests.swift:")
        == true)
    #expect(
      report.errors.first?.message.hasSuffix(
        "but its first read gives them its object, a `FeedViewModel`, which none of them takes. "
          + "Register a resolver that takes a `FeedViewModel` (or `Any`), or a plain one.")
        == true)

    app.register(needs: []) { (screen: FeedViewModel) -> Feed in Feed() }
    #expect(try Container.validateInjection(of: [FeedViewModel()]).isValid)
  }

  @Test func anAsyncResolverMustKeepItsInstance() throws {
    app.register(needs: []) { () async -> Ledger in Ledger() }
    let report = try #require(
      failing { () throws(ValidationReport) in
        try Container.validateInjection(of: [LedgerViewModel()])
      })
    #expect(report.errors.map(\.kind) == [.asyncDependency])
    #expect(report.errors.first?.line == LedgerViewModel.line)

    app.register(scope: .singleton, needs: [], replacing: true) { () async -> Ledger in Ledger() }
    #expect(try Container.validateInjection(of: [LedgerViewModel()]).isValid)
  }

  @Test func aMainActorResolverNeedsAReadOnTheMainActor() async throws {
    app.register(needs: []) { @MainActor () -> Ledger in Ledger() }
    let report = try #require(
      failing { () throws(ValidationReport) in
        try Container.validateInjection(of: [LedgerViewModel()])
      })
    #expect(report.errors.map(\.kind) == [.needsMainActor])
    #expect(
      report.errors.first?.message.contains(
        "If `LedgerViewModel` is read on the main actor only (a `@MainActor` class), run the "
          + "check on the main actor") == true)

    let onTheMainActor = await MainActor.run {
      Result { () throws(ValidationReport) in
        try Container.validateInjection(of: [LedgerViewModel()])
      }
    }
    #expect(try onTheMainActor.get().isValid)

    // A kept instance, made at start-up, serves a read anywhere.
    app.register(scope: .singleton, needs: [], replacing: true) { @MainActor () -> Ledger in
      Ledger()
    }
    #expect(try Container.validateInjection(of: [LedgerViewModel()]).isValid)
  }

  @Test func aPropertyWithoutAContainerIsReported() throws {
    Container.lookupPolicy = nil
    let report = try #require(
      failing { () throws(ValidationReport) in
        try Container.validateInjection(of: [FeedViewModel()])
      })
    #expect(report.errors.map(\.kind) == [.noContainer])
    #expect(report.errors.first?.line == FeedViewModel.line)
    #expect(
      report.errors.first?.message
        == "`FeedViewModel.feed` (@Injected): Cannot inject `Feed`: no lookup policy is set, "
        + "so there is no container. This property takes the lookup policy in force when its "
        + "object is created (`.capturingContainerOnInit()`, the default), and none was set "
        + "then: set the policy before creating the object, or declare the property "
        + "`@Injected(.lazily)`. To fix: set a policy at start-up, e.g. `Container.lookupPolicy "
        + "= .singleton(container)`, or give the wrapper its container: "
        + "`@Injected(.capturingContainerOnInit(from: container))` or "
        + "`@Injected(.resolvingOnInit(from: container))`.")
    #expect(
      report.summary
        == "No container: 1 error in 0 registrations and 1 injected property (1 property "
        + "without a container).")
  }

  @Test func anObjectWithNothingToCheckIsAnErrorAtTheCall() throws {
    let line: UInt = #line + 2
    let failure = failing { () throws(ValidationReport) in
      try Container.validateInjection(of: [Plain(), Plain()])
    }
    let report = try #require(failure)
    #expect(report.errors.map(\.kind) == [.noInjectedProperties])
    #expect(report.errors.first?.file == "RavioliTests/InjectionValidationTests.swift")
    #expect(report.errors.first?.line == line)
    #expect(
      report.errors.first?.message
        == "`Plain` has no @Injected or @InjectedWeakly property, so there is nothing to check: "
        + "pass the objects that declare them (a view model, a screen).")
  }

  @Test func aValuePassedAsAnObjectIsAnError() throws {
    let report = try #require(
      failing { () throws(ValidationReport) in
        try Container.validateInjection(of: [Product(name: "Tea", price: 2) as AnyObject])
      })
    #expect(report.errors.map(\.kind) == [.noInjectedProperties])
    #expect(report.errors.first?.message.hasPrefix("A value passed as an object") == true)
  }

  /// A read property resolves nothing more: it is not checked, and no resolver ran for the
  /// check.
  @Test func resolvedPropertiesAreNotCheckedAndNothingIsResolved() throws {
    let made = Counter()
    app.register(needs: []) { [made] () -> Feed in
      made.increment()
      return Feed()
    }
    let viewModel = FeedViewModel()
    #expect(try Container.validateInjection(of: [viewModel]).isValid)
    #expect(made.value == 0)
    _ = viewModel.feed
    app.removeRegistration(of: Feed.self)
    #expect(try Container.validateInjection(of: [viewModel]).isValid)
    #expect(made.value == 1)
  }

  /// The summary names each chain checked once: a container that another one searches is
  /// part of that one's chain.
  @Test func theSummaryNamesEachChainOnce() throws {
    let module = Container(name: "feed-module")
    module.register(needs: []) { () -> Feed in Feed() }
    let screens = Container(parents: [module], name: "feed-screens")
    Container.lookupPolicy = .singleton(module)
    let report = try screens.validate(including: [FeedViewModel()])
    #expect(report.summary.hasPrefix(#"Container "feed-screens" -> "feed-module": "#))

    let other = Container(name: "other")
    let both = try other.validate(including: [FeedViewModel()])
    #expect(both.summary.hasPrefix(#"Containers "other", "feed-module": "#))
    #expect(both.containers == ["other", "feed-module"])
  }

  /// A thousand objects of one class make one error per property.
  @Test func objectsOfOneClassAreReportedOnce() throws {
    let objects = (0..<1000).map { _ in FeedViewModel() }
    let report = try #require(
      failing { () throws(ValidationReport) in
        try Container.validateInjection(of: objects)
      })
    #expect(report.errors.count == 1)
    #expect(report.injectedPropertyCount == 1000)
  }
}

@Suite(.isolatedContainers) struct ExpectInjectableTests {
  init() {
    Container.logger = SilentLogger()
    Container.lookupPolicy = .singleton(Container(name: "expect"))
  }

  @Test func recordsOneIssuePerProblemAtTheCallersLine() {
    let line = #line + 2
    withKnownIssue {
      let report = expectInjectable(FeedViewModel(), LedgerViewModel(), Plain())
      #expect(report.errors.count == 3)
    } matching: { issue in
      issue.sourceLocation?.line == line
        && issue.comments.contains {
          $0.rawValue.hasPrefix(
            "RavioliTests/InjectionValidationTests.swift:\(FeedViewModel.line): "
              + "`FeedViewModel.feed` (@Injected) needs `Feed`")
            || $0.rawValue.hasPrefix(
              "RavioliTests/InjectionValidationTests.swift:\(LedgerViewModel.line): "
                + "`LedgerViewModel.ledger` (@Injected) needs `Ledger`")
            || $0.rawValue.hasPrefix("`Plain` has no @Injected or @InjectedWeakly property")
        }
    }
  }

  /// A problem of an object as a whole is at the caller's line, in the report too; an empty
  /// list is one.
  @Test func reportsAnObjectsProblemAtTheCallersLine() {
    let line = #line + 2
    withKnownIssue {
      let report = expectInjectable(Plain())
      #expect(report.errors.first?.file == "RavioliTests/InjectionValidationTests.swift")
      #expect(report.errors.first?.line == UInt(line))
      #expect(!expectInjectable().isValid)
    } matching: { issue in
      issue.comments.contains { $0.rawValue.hasPrefix("`Plain` has no @Injected") }
        || issue.comments.contains { $0.rawValue.hasPrefix("No object was given") }
    }
  }

  @Test func expectValidGraphChecksTheObjectsToo() {
    let module = Container(name: "graph-and-objects")
    withKnownIssue {
      #expect(expectValidGraph(module, including: [FeedViewModel()]).errors.count == 1)
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("`FeedViewModel.feed` (@Injected) needs") }
    }
  }

  @Test func aCompleteObjectRecordsNothing() {
    let complete = Container(name: "complete")
    complete.register(needs: []) { () -> Feed in Feed() }
    Container.lookupPolicy = .singleton(complete)
    #expect(expectInjectable(FeedViewModel()).isValid)
  }
}
