import Ravioli
import RavioliTesting
import Testing

// `try await container.resolve(T.self)` answers what needs no await (an instance kept, a
// nonisolated resolver) on the synchronous road, and awaits the rest. These tests check that
// both give what a synchronous request gives, outside an isolation scope (where the
// published road answers) and inside one (where the awaiting road does).

private final class Notebook: Sendable {}

private final class Page: Sendable {
  let journal: Notebook
  init(journal: Notebook) { self.journal = journal }
}

/// Needs itself.
private final class Loop: Sendable {
  init(loop: Loop) {}
}

@MainActor private final class Desk {}

/// Made by an async resolver.
private actor Archive {
  init() async {}
}

private struct Smudge: Error {}

@Suite struct AwaitedResolutionTests {
  @Test func aNonisolatedResolverRunsAtEveryAwait() async throws {
    let container = Container()
    let made = Counter()
    container.register { () -> Notebook in
      made.increment()
      return Notebook()
    }
    let first = try await container.resolve(Notebook.self)
    let second = try await container.resolve(Notebook.self)
    #expect(first !== second)
    #expect(made.value == 2)
  }

  @Test(arguments: [Scope.singleton, .cached])
  func aNonisolatedKeptInstanceIsMadeOnceUntilReset(scope: Scope) async throws {
    let container = Container()
    let made = Counter()
    let make = { @Sendable () -> Notebook in
      made.increment()
      return Notebook()
    }
    if scope == .singleton {
      container.register(scope: .singleton, make)
    } else {
      container.register(scope: .cached, make)
    }
    let first = try await container.resolve(Notebook.self)
    #expect(try await container.resolve(Notebook.self) === first)
    #expect(try container.resolve() as Notebook === first)
    #expect(made.value == 1)
    container.reset(scope)
    #expect(try await container.resolve(Notebook.self) !== first)
    #expect(made.value == 2)
  }

  @Test func aNonisolatedResolverResolvesItsNeedsFromTheParent() async throws {
    let parent = Container(name: "parent")
    parent.register(scope: .singleton) { Notebook() }
    let child = Container(parent: parent, name: "child")
    child.register { [unowned child] in Page(journal: try child.resolve()) }
    let page = try await child.resolve(Page.self)
    #expect(page.journal === (try parent.resolve() as Notebook))
  }

  @Test func aNonisolatedResolverThatNeedsItselfIsACycle() async {
    let container = Container()
    container.register { [unowned container] in Loop(loop: try container.resolve()) }
    let error = await #expect(throws: ResolutionError.self) {
      _ = try await container.resolve(Loop.self)
    }
    guard case .cycle(let path)? = error?.reason else {
      Issue.record("expected a cycle, got \(String(describing: error))")
      return
    }
    #expect(path == ["Loop", "Loop"])
  }

  @Test func whatANonisolatedResolverThrowsIsReported() async {
    let container = Container()
    let line = #line + 1
    container.register { () throws -> Notebook in throw Smudge() }
    let error = await #expect(throws: ResolutionError.self) {
      _ = try await container.resolve(Notebook.self)
    }
    guard case .resolverFailed(let thrown)? = error?.reason else {
      Issue.record("expected the resolver's failure, got \(String(describing: error))")
      return
    }
    #expect(thrown is Smudge)
    #expect(
      error?.description.contains("RavioliTests/AwaitedResolutionTests.swift:\(line)") == true)
  }

  @Test func anOptionalFallsBackOnlyToAResolverThatNeedsNoAwait() async throws {
    let container = Container()
    container.register { Notebook() }
    container.register { () async -> Archive in await Archive() }
    #expect(try await container.resolve(Notebook?.self) != nil)
    let error = await #expect(throws: ResolutionError.self) {
      _ = try await container.resolve(Archive?.self)
    }
    guard case .needsAwait? = error?.reason else {
      Issue.record("expected .needsAwait, got \(String(describing: error))")
      return
    }
  }

  @Test func aMainActorSingletonIsMadeOnceAndHandedOverOffTheMainActor() async throws {
    let container = Container()
    let made = Counter()
    container.register(scope: .singleton) { @MainActor () -> Desk in
      made.increment()
      return Desk()
    }
    let first = try await container.resolve(Desk.self)
    let second = try await container.resolve(Desk.self)
    #expect(first === second)
    #expect(made.value == 1)
  }

  @Test func anAsyncSingletonIsMadeOnceAndThenHandedOver() async throws {
    let container = Container()
    let made = Counter()
    container.register(scope: .singleton) { () async -> Archive in
      made.increment()
      return await Archive()
    }
    let first = try await container.resolve(Archive.self)
    #expect(try await container.resolve(Archive.self) === first)
    #expect(try container.resolve() as Archive === first)
    #expect(made.value == 1)
  }

  @Test(.isolatedContainers) func anIsolationScopesRegistrationAnswersAnAwaitedRequest()
    async throws
  {
    let container = Container()
    container.register { () -> Notebook in Notebook() }
    let replacement = Notebook()
    container.register(replacing: true) { replacement }
    #expect(try await container.resolve(Notebook.self) === replacement)
  }
}

/// Traces of awaited requests: one for each top-level request, on either road, an async
/// resolver that is awaited included.
extension GlobalStateTests {
  @Suite final class AwaitedResolutionTraceTests {
    let logger = RecordingLogger()

    init() {
      Container.logger = logger
    }

    deinit {
      Container.logger = StandardErrorLogger()
    }

    private static let expected = [
      """
      Container "desk" resolved `Page` in T:
        Page: made in T
          Notebook: made in T
      """,
      """
      Container "desk" resolved `Archive` in T:
        Archive: made in T
      """,
      """
      Container "desk" resolved `Archive`:
        Archive: kept
      """,
    ]

    /// Awaits a page (a nonisolated resolver), then an async singleton twice (made, then
    /// kept), and returns the traces logged, their durations replaced by `T`.
    private func tracesOfAwaitedRequests() async throws -> [String] {
      let container = Container(name: "desk")
      container.register(scope: .singleton) { Notebook() }
      container.register { [unowned container] in Page(journal: try container.resolve()) }
      container.register(scope: .singleton) { () async -> Archive in await Archive() }
      container.tracesResolutions = true
      defer { container.tracesResolutions = false }
      _ = try await container.resolve(Page.self)
      _ = try await container.resolve(Archive.self)
      _ = try await container.resolve(Archive.self)
      return logger.messages.filter { $0.message.contains("Container \"desk\" resolved") }
        .map { $0.message.replacing(/[0-9]+(\.[0-9])? (µs|ms)/, with: "T") }
    }

    @Test func outsideAnIsolationScope() async throws {
      #expect(try await tracesOfAwaitedRequests() == Self.expected)
    }

    @Test func insideAnIsolationScope() async throws {
      let traces = try await withIsolatedContainers {
        Container.logger = logger
        return try await tracesOfAwaitedRequests()
      }
      #expect(traces == Self.expected)
    }
  }
}
