import Foundation
import Ravioli
import RavioliTesting
import Testing

// Isolation scopes: what a test registers, keeps, and sets is its own. The suites here that
// use `.isolatedContainers` run in parallel with everything else, including the suites that
// set the global policy and logger, and share `IsolatedModule.container` with each other.

/// A module's container, shared by every test here, as a real module's would be.
enum IsolatedModule {
  static let container = Container(name: "isolated-module") { container in
    container.register { () -> Tagged in Tagged(id: -1) }
    container.register(scope: .singleton) { () -> Journal in Journal() }
  }
}

struct Tagged: Sendable, Equatable {
  let id: Int
}

/// A kept instance that records what each test wrote into it.
// `entries` is only touched under `lock`.
final class Journal: @unchecked Sendable {
  private let lock = NSLock()
  private var entries: [Int] = []

  var written: [Int] { lock.withLock { entries } }

  func write(_ entry: Int) {
    lock.withLock { entries.append(entry) }
  }
}

final class TaggedReader {
  @Injected var tagged: Tagged
  @Injected var journal: Journal
}

/// Fifty tests at once, each registering its own value into the same module container and
/// setting the same global policy, then reading back through `@Injected`, across suspension
/// points and child tasks. Without the trait they would see each other's values. CI also runs
/// this under ThreadSanitizer.
@Suite(.isolatedContainers) struct IsolationStressTests {
  @Test(arguments: 0..<50) func eachTestSeesOnlyItsOwnRegistrations(index: Int) async {
    let logger = RecordingLogger()
    Container.logger = logger
    IsolatedModule.container.register { () -> Tagged in Tagged(id: index) }
    Container.lookupPolicy = .singleton(IsolatedModule.container)

    for round in 0..<10 {
      let reader = TaggedReader()
      #expect(reader.tagged.id == index)
      reader.journal.write(index * 100 + round)
      await Task.yield()
      async let fromChild = TaggedReader().tagged.id
      #expect(await fromChild == index)
    }
    #expect(TaggedReader().journal.written == (0..<10).map { index * 100 + $0 })
    #expect(logger.messages.allSatisfy { !$0.message.contains("replaces") })
    #expect(logger.messages.contains { $0.message.contains("isolation scope") })
  }
}

@Suite struct IsolationTests {
  /// The collision the trait prevents, made to happen: two tasks that share a container take
  /// turns registering and reading. The second registration replaces the first, with a
  /// warning. (The test has a scope of its own for its logger, which both tasks share.)
  @Test(.isolatedContainers) func withoutIsolationConcurrentTestsSeeEachOthersRegistrations()
    async
  {
    let logger = RecordingLogger()
    Container.logger = logger
    let shared = Container(name: "shared")
    let seen = await interleave(shared, isolated: false)
    #expect(seen == [2, 2])
    let warnings = logger.messages.filter { $0.level == .warning }.map(\.message)
    #expect(warnings.count == 1)
    #expect(
      warnings.first?.contains(#"Container "shared": registering `Tagged` again replaces"#)
        == true)
  }

  @Test func withIsolationEachTaskSeesItsOwnRegistrations() async throws {
    let shared = Container(name: "shared")
    shared.register { () -> Tagged in Tagged(id: 0) }
    let seen = await interleave(shared, isolated: true)
    #expect(seen == [1, 2])
    #expect(try shared.resolve() as Tagged == Tagged(id: 0))
  }

  /// Task 1 registers 1, then task 2 registers 2, then both read.
  private func interleave(_ shared: Container, isolated: Bool) async -> [Int] {
    let (firstRegistered, signalFirst) = AsyncStream.makeStream(of: Void.self)
    let (secondRegistered, signalSecond) = AsyncStream.makeStream(of: Void.self)
    func run(_ id: Int, _ body: () async -> Int) async -> Int {
      isolated ? await withIsolatedContainers { await body() } : await body()
    }
    async let first = run(1) {
      shared.register { () -> Tagged in Tagged(id: 1) }
      signalFirst.finish()
      for await _ in secondRegistered {}
      return (try? shared.resolve() as Tagged)?.id ?? -1
    }
    async let second = run(2) {
      for await _ in firstRegistered {}
      shared.register { () -> Tagged in Tagged(id: 2) }
      signalSecond.finish()
      return (try? shared.resolve() as Tagged)?.id ?? -1
    }
    return await [first, second]
  }

  @Test func keptInstancesAreTheScopesOwn() throws {
    let container = Container(name: "app")
    container.register(scope: .singleton) { () -> Journal in Journal() }
    let outside: Journal = try container.resolve()
    let (inside, again) = try withIsolatedContainers {
      (try container.resolve() as Journal, try container.resolve() as Journal)
    }
    let inAnotherScope = try withIsolatedContainers { try container.resolve() as Journal }
    #expect(inside === again)
    #expect(inside !== outside)
    #expect(inAnotherScope !== inside && inAnotherScope !== outside)
    #expect(try container.resolve() as Journal === outside)
  }

  @Test func keptInstancesOfTheScopeAreReleasedWithIt() throws {
    let container = Container(name: "app")
    container.register(scope: .singleton) { () -> Journal in Journal() }
    let released = WeakReference<Journal>()
    try withIsolatedContainers {
      released.object = try container.resolve() as Journal
      #expect(released.object != nil)
    }
    #expect(released.object == nil)
  }

  @Test func resetInsideDropsOnlyTheScopesInstances() throws {
    let container = Container(name: "app")
    container.register(scope: .cached) { () -> Journal in Journal() }
    let outside: Journal = try container.resolve()
    try withIsolatedContainers {
      let first: Journal = try container.resolve()
      container.reset()
      let second: Journal = try container.resolve()
      #expect(first !== second && second !== outside)
    }
    #expect(try container.resolve() as Journal === outside)
  }

  @Test func createSingletonsInsideMakesTheScopesInstances() throws {
    let container = Container(name: "app")
    let made = Counter()
    container.register(scope: .singleton) { () -> Journal in
      made.increment()
      return Journal()
    }
    try withIsolatedContainers {
      try container.createSingletons()
      #expect(made.value == 1)
      _ = try container.resolve() as Journal
      #expect(made.value == 1)
    }
    _ = try container.resolve() as Journal
    #expect(made.value == 2)
  }

  /// What `removeAllRegistrations()` hides inside a scope is resolved as the scope sees it:
  /// from the parent, or not at all; outside, the container's own again.
  @Test func removingAllInsideHidesEveryKeyFromResolution() throws {
    let parent = Container(name: "parent")
    parent.register { () -> Tagged in Tagged(id: 1) }
    let child = Container(parent: parent, name: "child")
    child.register { () -> Tagged in Tagged(id: 2) }
    child.register(alternative: .french) { () -> Tagged in Tagged(id: 3) }

    try withIsolatedContainers { () throws in
      Container.logger = SilentLogger()
      child.removeAllRegistrations()
      #expect(try child.resolve() as Tagged == Tagged(id: 1))
      #expect(throws: ResolutionError.self) { try child.resolve(alternative: .french) as Tagged }
      #expect((child.resolveIfRegistered(alternative: .french) as Tagged?) == nil)
      #expect(try child.resolve(parameter: "x") as Tagged == Tagged(id: 1))
    }
    #expect(try child.resolve() as Tagged == Tagged(id: 2))
    #expect(try child.resolve(alternative: .french) as Tagged == Tagged(id: 3))
  }

  @Test func removalInsideHidesTheRegistrationFromTheScopeOnly() throws {
    let parent = Container(name: "parent")
    parent.register { () -> Tagged in Tagged(id: 1) }
    let child = Container(parent: parent, name: "child")
    child.register { () -> Tagged in Tagged(id: 2) }
    child.register(alternative: .french) { () -> Tagged in Tagged(id: 3) }

    try withIsolatedContainers { () throws in
      let logger = RecordingLogger()
      Container.logger = logger
      #expect(child.removeRegistration(of: Tagged.self))
      #expect(try child.resolve() as Tagged == Tagged(id: 1))
      child.removeAllRegistrations()
      #expect(!child.isResolvable(Tagged.self, alternative: .french))
      child.register(alternative: .french) { () -> Tagged in Tagged(id: 4) }
      #expect(try child.resolve(alternative: .french) as Tagged == Tagged(id: 4))
      #expect(!child.removeRegistration(of: Tagged.self, alternative: .another))
      let warnings = logger.messages.filter { $0.level == .warning }.map(\.message)
      #expect(warnings.count == 1)
      #expect(
        warnings.first?.contains(
          #"nothing to remove for `Tagged (alternative "another")` in this isolation scope"#)
          == true)
    }
    #expect(try child.resolve() as Tagged == Tagged(id: 2))
    #expect(try child.resolve(alternative: .french) as Tagged == Tagged(id: 3))
  }

  @Test func parametrizedRegistrationsAreOverriddenPerParameterType() throws {
    let container = Container(name: "app")
    container.register { (screen: TaggedReader) -> Tagged in Tagged(id: 1) }
    container.register { (number: Int) -> Tagged in Tagged(id: number) }
    try withIsolatedContainers { () throws in
      container.register { (screen: TaggedReader) -> Tagged in Tagged(id: 10) }
      #expect(try container.resolve(parameter: TaggedReader()) as Tagged == Tagged(id: 10))
      #expect(try container.resolve(parameter: 7) as Tagged == Tagged(id: 7))
    }
    #expect(try container.resolve(parameter: TaggedReader()) as Tagged == Tagged(id: 1))
  }

  @Test func anOverrideInAParentIsSeenThroughItsChildren() throws {
    let core = Container(name: "core")
    core.register { () -> Tagged in Tagged(id: 1) }
    let feature = Container(parents: [Container(parent: core, name: "networking")], name: "f")
    try withIsolatedContainers { () throws in
      core.register { () -> Tagged in Tagged(id: 9) }
      #expect(try feature.resolve() as Tagged == Tagged(id: 9))
    }
    #expect(try feature.resolve() as Tagged == Tagged(id: 1))
  }

  @Test func failuresInsideNameWhatTheScopeSees() {
    let container = Container(name: "app")
    container.register { () -> Tagged in Tagged(id: 1) }
    withIsolatedContainers {
      container.removeRegistration(of: Tagged.self)
      container.register(alternative: .french) { () -> Tagged in Tagged(id: 2) }
      #expect(throws: ResolutionError.self) { try container.resolve() as Tagged }
      do throws(ResolutionError) {
        _ = try container.resolve() as Tagged
      } catch {
        #expect(error.registeredAlternatives == ["french"])
      }
    }
  }

  @Test func anInnerScopeStartsFromWhatTheOuterSees() throws {
    let container = Container(name: "app")
    container.register { () -> Tagged in Tagged(id: 0) }
    try withIsolatedContainers {
      container.register { () -> Tagged in Tagged(id: 1) }
      try withIsolatedContainers { () throws in
        #expect(try container.resolve() as Tagged == Tagged(id: 1))
        // The inner scope starts with the outer one's registration: this replaces it.
        container.register(replacing: true) { () -> Tagged in Tagged(id: 2) }
        #expect(try container.resolve() as Tagged == Tagged(id: 2))
      }
      #expect(try container.resolve() as Tagged == Tagged(id: 1))
    }
  }

  @Test func childTasksInheritTheScopeAndDetachedTasksDoNot() async throws {
    let container = Container(name: "app")
    container.register { () -> Tagged in Tagged(id: 0) }
    try await withIsolatedContainers { () async throws in
      container.register { () -> Tagged in Tagged(id: 1) }
      let inGroup = await withTaskGroup(of: Int.self) { group in
        group.addTask { (try? container.resolve() as Tagged)?.id ?? -1 }
        return await group.next()!
      }
      let inTask = await Task { (try? container.resolve() as Tagged)?.id ?? -1 }.value
      let detached = await Task.detached { (try? container.resolve() as Tagged)?.id ?? -1 }.value
      #expect(inGroup == 1)
      #expect(inTask == 1)
      #expect(detached == 0)
      #expect(try container.resolve() as Tagged == Tagged(id: 1))
    }
  }

  @Test func aContainerReleasedInsideLendsNothingToTheNextOne() throws {
    try withIsolatedContainers { () throws in
      for id in 0..<20 {
        let container = Container(name: "scratch-\(id)")
        #expect(!container.isResolvable(Tagged.self))
        container.register { () -> Tagged in Tagged(id: id) }
        #expect(try container.resolve() as Tagged == Tagged(id: id))
      }
    }
  }
}

/// An instance whose `deinit` comes back into Ravioli, as a user's may: releasing it under
/// one of Ravioli's locks would deadlock.
final class Noisy: Sendable {
  let id: Int

  init(id: Int = 0) { self.id = id }

  deinit {
    Container.logger.log("released", level: .debug, file: #fileID, function: #function, line: #line)
  }
}

@Suite struct IsolationReleaseTests {
  @Test func aKeptInstanceOfAReleasedContainerIsReleasedOutsideTheLock() throws {
    let released = WeakReference<Noisy>()
    try withIsolatedContainers { () throws in
      do {
        let scratch = Container(name: "scratch")
        scratch.register(scope: .singleton) { () -> Noisy in Noisy() }
        released.object = try scratch.resolve() as Noisy
      }
      // New containers, some at the released one's address: its overlay goes, and with it
      // the instance, whose deinit logs.
      for id in 0..<50 {
        #expect(!Container(name: "next-\(id)").isResolvable(Noisy.self))
      }
      #expect(released.object == nil)
    }
  }

  @Test func replacedRegistrationsOutsideAScopeAreReleasedOutsideItsLock() async throws {
    let container = Container(name: "shared")
    container.register { () -> Tagged in Tagged(id: 1) }
    let done = Counter()
    let replacer = Thread {
      withIsolatedContainers {}  // keeps the scope count above zero on this thread too
      for id in 0..<300 {
        container.register(scope: .singleton, replacing: id > 0) { () -> Noisy in Noisy(id: id) }
        _ = try? container.resolve() as Noisy
      }
      done.increment()
    }
    replacer.start()
    try await withIsolatedContainers { () async throws in
      while done.value == 0 {
        #expect(try container.resolve() as Tagged == Tagged(id: 1))
        _ = container.isResolvable(Noisy.self)
        await Task.yield()
      }
    }
  }

  @Test func anInnerScopeKeepsInstancesOfItsOwn() throws {
    let container = Container(name: "app")
    container.register { () -> Tagged in Tagged(id: 0) }
    try withIsolatedContainers { () throws in
      container.register(scope: .singleton) { [unowned container] () -> Journal in
        let journal = Journal()
        journal.write((try container.resolve() as Tagged).id)
        return journal
      }
      try withIsolatedContainers { () throws in
        container.register { () -> Tagged in Tagged(id: 99) }
        #expect(try (container.resolve() as Journal).written == [99])
        container.reset()
      }
      #expect(try (container.resolve() as Journal).written == [0])
    }
  }

  @Test func removingOrReplacingInAScopeReleasesTheScopesInstance() throws {
    let container = Container(name: "app")
    container.register(scope: .singleton) { () -> Noisy in Noisy() }
    let outside: Noisy = try container.resolve()
    let released = WeakReference<Noisy>()
    try withIsolatedContainers { () throws in
      released.object = try container.resolve() as Noisy
      container.removeRegistration(of: Noisy.self)
      #expect(released.object == nil)
      #expect(!container.isResolvable(Noisy.self))
    }
    try withIsolatedContainers { () throws in
      released.object = try container.resolve() as Noisy
      container.register(scope: .singleton) { () -> Noisy in Noisy(id: 1) }
      #expect(released.object == nil)
      #expect(try container.resolve() as Noisy !== outside)
    }
    #expect(try container.resolve() as Noisy === outside)
  }
}

extension GlobalStateTests {
  /// The global policy, logger and module registrations are as they were after a scope
  /// ends, however it ends.
  @Suite struct IsolationRestoresTests {
    enum Failure: Error { case deliberate }

    @Test func everythingIsBackAfterTheScopeReturnsOrThrows() async throws {
      let app = Container(name: "app")
      _ = IsolatedModule.container
      let globalLogger = RecordingLogger()
      Container.logger = globalLogger
      Container.lookupPolicy = .singleton(app)
      defer {
        Container.lookupPolicy = nil
        Container.logger = StandardErrorLogger()
      }
      let journal: Journal = try IsolatedModule.container.resolve()

      func override() {
        Container.logger = SilentLogger()
        Container.lookupPolicy = .singleton(IsolatedModule.container)
        IsolatedModule.container.register { () -> Tagged in Tagged(id: 42) }
        IsolatedModule.container.register(scope: .singleton) { () -> Journal in Journal() }
        #expect(TaggedReader().tagged.id == 42)
      }
      func expectRestored() throws {
        #expect(Container.logger is RecordingLogger)
        #expect((Container.lookupPolicy as? SingletonContainer)?.container === app)
        #expect(try IsolatedModule.container.resolve() as Tagged == Tagged(id: -1))
        #expect(try IsolatedModule.container.resolve() as Journal === journal)
      }

      withIsolatedContainers { override() }
      try expectRestored()
      #expect(throws: Failure.self) {
        try withIsolatedContainers {
          override()
          throw Failure.deliberate
        }
      }
      try expectRestored()
      await #expect(throws: Failure.self) {
        try await withIsolatedContainers { () async throws in
          override()
          await Task.yield()
          throw Failure.deliberate
        }
      }
      try expectRestored()
      // Other suites run meanwhile and log to the global logger; none of this scope's does.
      #expect(!globalLogger.messages.contains { $0.message.contains("isolated-module") })
    }
  }
}
