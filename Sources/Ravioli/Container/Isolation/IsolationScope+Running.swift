/// The outermost isolation scopes running now, one per isolated test: a property wrapper that
/// stops the program names the others, which stop with it, so that the one message a parallel
/// test run leaves says every test it cut short.
extension IsolationScope {
  /// Each running outermost scope's identity and what it runs (``runningIn``), in the order
  /// they began.
  private static let running = Locked<[(scope: ObjectIdentifier, runningIn: String)]>([])

  /// Runs `body` with the scope counted as running while it runs (a scope inside another one
  /// is part of the outer one's test, and not counted).
  func whileRunning<Result>(_ body: () throws -> Result) rethrows -> Result {
    guard outer == nil else { return try body() }
    let id = ObjectIdentifier(self)
    Self.running.withLock { $0.append((id, runningIn)) }
    defer { Self.running.withLock { $0.removeAll { $0.scope == id } } }
    return try body()
  }

  /// ``whileRunning(_:)`` for an asynchronous `body`, which runs on `isolation`.
  func whileRunning<Result>(
    isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> Result
  ) async rethrows -> Result {
    guard outer == nil else { return try await body() }
    let id = ObjectIdentifier(self)
    Self.running.withLock { $0.append((id, runningIn)) }
    defer { Self.running.withLock { $0.removeAll { $0.scope == id } } }
    return try await body()
  }

  /// What runs the scope, and, for a scope inside another one, the test that the outermost
  /// one runs: `` `aHelper()` (A.swift:3), inside `aTest()` (B.swift:9) ``.
  var runningWithTest: String {
    let test = outermost
    return test === self ? runningIn : "\(runningIn), inside \(test.runningIn)"
  }

  /// What the other running scopes run: the tests that stop with this one's if it stops the
  /// program.
  var othersRunning: [String] {
    let id = ObjectIdentifier(outermost)
    return Self.running.withLock { $0.filter { $0.scope != id }.map(\.runningIn) }
  }

  /// The scope that this one is inside, outermost (the test's), which is alive while this one's
  /// body runs.
  private var outermost: IsolationScope {
    var scope = self
    while let outer = scope.outer { scope = outer }
    return scope
  }
}
