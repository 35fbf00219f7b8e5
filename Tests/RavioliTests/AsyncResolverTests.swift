import Ravioli
import Testing

/// Something made asynchronously.
private actor Store {
  init() async throws {
    try await Task.sleep(nanoseconds: 20_000_000)
  }
}

private final class Report: Sendable {
  let store: Store
  init(store: Store) { self.store = store }
}

private final class Archive: Sendable {
  init(report: Report) {}
}

private final class Pane {
  @Injected var database: Store

  init(container: Container) {
    _database = Injected(.capturingContainerOnInit(from: container))
  }
}

private struct Failure: Error {}

/// A `Sendable` struct whose properties are injected when it is made.
private struct PriceList: Sendable {
  @Injected(.resolvingOnInit()) var greeter: Greeter
}

@Suite struct AsyncResolverTests {
  @Test func awaitsAnAsyncResolver() async throws {
    let container = Container()
    let made = Counter()
    container.register { () async throws -> Store in
      made.increment()
      return try await Store()
    }
    let first = try await container.resolve(Store.self)
    let second = try await container.resolve(Store.self)
    #expect(first !== second)
    #expect(made.value == 2)
  }

  @Test func makesASingletonOnceForManyTasksAtOnce() async throws {
    let container = Container()
    let made = Counter()
    container.register(scope: .singleton) { () async throws -> Report in
      made.increment()
      try await Task.sleep(nanoseconds: 50_000_000)
      return Report(store: try await Store())
    }
    let reports = try await withThrowingTaskGroup(of: Report.self) { group in
      for _ in 0..<100 {
        group.addTask { try await container.resolve(Report.self) }
      }
      return try await group.reduce(into: []) { $0.append($1) }
    }
    #expect(made.value == 1)
    #expect(reports.count == 100)
    #expect(reports.allSatisfy { $0 === reports[0] })
  }

  @Test func refusesASynchronousRequestUntilTheInstanceIsMade() async throws {
    let container = Container(name: "data")
    container.register(scope: .singleton) { () async throws -> Store in try await Store() }
    let error = #expect(throws: ResolutionError.self) {
      _ = try container.resolve() as Store
    }
    guard case .needsAwait? = error?.reason else {
      Issue.record("expected a refusal to wait, got \(String(describing: error))")
      return
    }
    #expect(error?.description.contains("try await container.resolve(Store.self)") == true)
    #expect(error?.description.contains("AsyncResolverTests.swift:") == true)

    // Made at start-up, it is injected anywhere, synchronously.
    let database = try await container.resolve(Store.self)
    #expect(Pane(container: container).database === database)
    #expect(try container.resolve() as Store === database)
  }

  @Test func reportsASynchronousResolverThatNeedsAnAsyncOne() async {
    let container = Container()
    container.register { () async throws -> Store in try await Store() }
    container.register { () -> Report in Report(store: try container.resolve()) }
    let error = await #expect(throws: ResolutionError.self) {
      _ = try await container.resolve(Report.self)
    }
    guard case .needsAwait? = error?.reason else {
      Issue.record("expected a refusal to wait, got \(String(describing: error))")
      return
    }
    #expect(error?.resolutionPath == ["Report", "Store"])
  }

  @Test func resolvesAnyRegistrationWhenAwaited() async throws {
    let container = Container()
    container.register { () -> Greeter in EnglishGreeter() }
    container.register { () async throws -> Report in
      Report(store: try await container.resolve(Store.self))
    }
    container.register { () async throws -> Store in try await Store() }
    #expect(try await container.resolve(Greeter.self).greet() == EnglishGreeter().greet())
    _ = try await container.resolve(Report.self)
  }

  @Test func reportsWhatTheResolverThrows() async {
    let container = Container()
    container.register { () async throws -> Store in throw Failure() }
    let error = await #expect(throws: ResolutionError.self) {
      _ = try await container.resolve(Store.self)
    }
    guard case .resolverFailed(let failure)? = error?.reason else {
      Issue.record("expected the resolver's error, got \(String(describing: error))")
      return
    }
    #expect(failure is Failure)
    #expect(error?.description.contains("The resolver is registered at") == true)
  }

  @Test func reportsCancellation() async {
    let container = Container()
    container.register { () async throws -> Store in
      try await Task.sleep(nanoseconds: 60_000_000_000)
      return try await Store()
    }
    let task = Task { try await container.resolve(Store.self) }
    task.cancel()
    let result = await task.result
    guard case .failure(let error as ResolutionError) = result, case .cancelled = error.reason
    else {
      Issue.record("expected a cancellation, got \(result)")
      return
    }
  }

  @Test func aCancelledTaskStopsWaitingWhileTheSingletonIsMade() async throws {
    let container = Container()
    let started = AsyncSignal()
    let proceed = AsyncSignal()
    container.register(scope: .singleton) { () async throws -> Report in
      await started.send()
      await proceed.wait()
      return Report(store: try await Store())
    }
    let maker = Task { try await container.resolve(Report.self) }
    await started.wait()
    let waiter = Task { try await container.resolve(Report.self) }
    try await Task.sleep(nanoseconds: 20_000_000)
    waiter.cancel()
    let waited = await waiter.result
    guard case .failure(let error as ResolutionError) = waited, case .cancelled = error.reason
    else {
      Issue.record("expected a cancellation, got \(waited)")
      return
    }
    await proceed.send()
    let made = try await maker.value
    #expect(try await container.resolve(Report.self) === made)
  }

  /// A task cancelled before it reaches a gate that another task holds does not wait: it is
  /// refused at once, and the holder still makes the instance, once.
  @Test func aTaskAlreadyCancelledAtAHeldGateIsRefused() async throws {
    let container = Container()
    let started = AsyncSignal()
    let proceed = AsyncSignal()
    let reachGate = AsyncSignal()
    let made = Counter()
    container.register(scope: .singleton) { () async throws -> Report in
      made.increment()
      await started.send()
      await proceed.wait()
      return Report(store: try await Store())
    }
    let maker = Task { try await container.resolve(Report.self) }
    await started.wait()
    let waiter = Task { () async throws -> Report in
      await reachGate.wait()
      #expect(Task.isCancelled)
      return try await container.resolve(Report.self)
    }
    waiter.cancel()
    await reachGate.send()
    let waited = await waiter.result
    guard case .failure(let error as ResolutionError) = waited, case .cancelled = error.reason
    else {
      Issue.record("expected a cancellation, got \(waited)")
      await proceed.send()
      return
    }
    await proceed.send()
    let report = try await maker.value
    #expect(try await container.resolve(Report.self) === report)
    #expect(made.value == 1)
  }

  @Test func reportsACycleThroughAsyncResolvers() async {
    let container = Container()
    let line = #line + 1
    container.register { () async throws -> Report in
      Report(store: try await container.resolve(Store.self))
    }
    container.register { () async throws -> Store in
      _ = try await container.resolve(Archive.self)
      return try await Store()
    }
    container.register { () async throws -> Archive in
      Archive(report: try await container.resolve(Report.self))
    }
    let error = await #expect(throws: ResolutionError.self) {
      _ = try await container.resolve(Report.self)
    }
    guard case .cycle(let path)? = error?.reason else {
      Issue.record("expected a cycle, got \(String(describing: error))")
      return
    }
    #expect(path == ["Report", "Store", "Archive", "Report"])
    let file = "RavioliTests/AsyncResolverTests.swift"
    #expect(
      error?.description.contains(
        "  Registered at: `Report` at \(file):\(line), `Store` at \(file):\(line + 3), "
          + "`Archive` at \(file):\(line + 7)\n") == true)
  }

  /// The awaiting road refuses what the synchronous road refuses, and says so in the same
  /// words: a runaway recursion of async resolvers stops at the same depth, with the start
  /// and the end of its path and the same note.
  @Test func reportsAnAsyncRecursionNestedTooDeepAsTheSynchronousRoadDoes() async {
    let container = Container(name: "runaway")
    for level in 0...600 {
      container.register(alternative: RegistrationAlternative("level-\(level)")) {
        () async throws -> Int in
        try await container.resolve(
          Int.self, alternative: RegistrationAlternative("level-\(level + 1)"))
      }
    }
    let error = await #expect(throws: ResolutionError.self) {
      _ = try await container.resolve(Int.self, alternative: "level-0")
    }
    guard case .tooDeep(let depth)? = error?.reason else {
      Issue.record("expected .tooDeep, got \(String(describing: error))")
      return
    }
    #expect(depth == 500)
    let path = error?.resolutionPath ?? []
    #expect(path.count == 15)
    #expect(path.first == #"Int (alternative "level-0")"#)
    #expect(path[10] == "... 487 more ...")
    #expect(path.last == #"Int (alternative "level-500")"#)
    #expect(
      error?.description.contains(
        "Note: Ravioli nests resolutions at most 500 deep, which no real object graph needs")
        == true)
  }

  /// Two singletons that need each other, first asked for by two tasks at once: each task
  /// holds one creation gate and would wait for the other's forever.
  @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)  // for the time limit
  @Test(.timeLimit(.minutes(1))) func reportsACycleAcrossTasksInsteadOfWaitingForever() async {
    let container = Container()
    container.register(scope: .singleton) { () async throws -> Report in
      try await Task.sleep(nanoseconds: 50_000_000)
      _ = try await container.resolve(Archive.self)
      return Report(store: try await Store())
    }
    container.register(scope: .singleton) { () async throws -> Archive in
      try await Task.sleep(nanoseconds: 50_000_000)
      return Archive(report: try await container.resolve(Report.self))
    }
    async let report = Result { () async throws(ResolutionError) in
      try await container.resolve(Report.self)
    }
    async let archive = Result { () async throws(ResolutionError) in
      try await container.resolve(Archive.self)
    }
    var messages: [String] = []
    for result in [await report.map { _ in () }, await archive.map { _ in () }] {
      guard case .failure(let error) = result, case .cycle = error.reason else {
        Issue.record("expected a cycle, got \(result)")
        continue
      }
      messages.append(error.description)
    }
    #expect(messages.contains { $0.contains("The cycle runs across tasks") })
  }

  @Test func injectsASendableStructWhenItIsMade() throws {
    let container = Container()
    container.register { () -> Greeter in EnglishGreeter() }
    let list = try withIsolatedContainers { () throws in
      Container.lookupPolicy = .singleton(container)
      return PriceList()
    }
    let shared: any Sendable = list
    #expect((shared as? PriceList)?.greeter.greet() == EnglishGreeter().greet())
  }
}

/// A one-shot signal between tasks.
private actor AsyncSignal {
  private var sent = false
  private var waiters: [CheckedContinuation<Void, Never>] = []

  func send() {
    sent = true
    for waiter in waiters { waiter.resume() }
    waiters = []
  }

  func wait() async {
    guard !sent else { return }
    await withCheckedContinuation { waiters.append($0) }
  }
}

extension Result where Failure == ResolutionError {
  /// The result of an async throwing body.
  fileprivate init(catching body: () async throws(ResolutionError) -> Success) async {
    do {
      self = .success(try await body())
    } catch {
      self = .failure(error)
    }
  }
}
