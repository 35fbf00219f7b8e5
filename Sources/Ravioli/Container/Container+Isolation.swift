/// Runs `body` with containers, the lookup policy and the logger of its own: what it registers
/// or removes, the instances that scopes keep for it, and the policy and logger it sets are seen
/// by `body` (and the tasks it starts) alone, and are gone when it returns or throws.
///
/// Swift Testing tests get this with the `.isolatedContainers` trait of `RavioliTesting`.
/// Elsewhere (XCTest, a preview, a tool) call it directly:
///
/// ```swift
/// let rows = try withIsolatedContainers {
///   Container.lookupPolicy = .enclosingType()
///   NetworkingModule.container.register { () -> HTTPClient in StubHTTPClient(body: "Tea:2") }
///   return try ProductListViewModel().rows()
/// }
/// // Every other task, then and now, sees the policy and NetworkingModule.container as they
/// // were.
/// ```
///
/// What it sees of each container:
/// - its registrations, with what `body` registered in front of them (logged at the debug
///   level, as replacing is the point) and without what it removed;
/// - singleton, weak and cached instances of its own, made at their first use inside and
///   released when `body` ends (``Container/reset(_:file:line:)`` drops only those);
/// - the global ``Container/lookupPolicy`` and ``Container/logger`` until `body` sets them.
///
/// The isolation follows the task, as task-local values do: threads that `body` starts
/// (`Thread`, `DispatchQueue`) and `Task.detached` do not inherit it, and a `Task { }` started
/// in `body` that outlives it keeps it (and what it holds) until it ends. Isolation inside
/// isolation starts from what the outer one sees, with instances of its own. While no isolation
/// exists, resolution pays one atomic load for the feature; while one does, code outside it
/// also reads a task-local value.
///
/// A property wrapper that stops the program inside names the caller of this function, so that
/// the one message a crashed test run leaves points at the test.
/// - Parameters:
///   - fileID: Where it is called, for messages; leave the default.
///   - function: The function that calls it, for messages; leave the default. (The
///     `.isolatedContainers` trait gives the test's name.)
///   - line: Where it is called, for messages; leave the default.
///   - body: The code to run in isolation.
/// - Returns: What `body` returns.
public func withIsolatedContainers<Result>(
  fileID: String = #fileID, function: String = #function, line: Int = #line,
  _ body: () throws -> Result
) rethrows -> Result {
  let scope = IsolationScope(
    inheriting: IsolationScope.current,
    runningIn: IsolationScope.describe(function: function, fileID: fileID, line: line))
  return try IsolationScope.$current.withValue(scope) {
    try body()
  }
}

/// Runs the asynchronous `body` with containers, the lookup policy and the logger of its own
/// (see ``withIsolatedContainers(fileID:function:line:_:)``).
///
/// ```swift
/// let rows = try await withIsolatedContainers {
///   Container.lookupPolicy = .enclosingType()
///   NetworkingModule.container.register { () -> HTTPClient in StubHTTPClient(body: "Tea:2") }
///   await Task.yield()
///   return try ProductListViewModel().rows()
/// }
/// ```
/// - Parameters:
///   - isolation: The actor that `body` runs on; leave the default.
///   - fileID: Where it is called, for messages; leave the default.
///   - function: The function that calls it, for messages; leave the default.
///   - line: Where it is called, for messages; leave the default.
///   - body: The code to run in isolation.
/// - Returns: What `body` returns.
public func withIsolatedContainers<Result>(
  isolation: isolated (any Actor)? = #isolation,
  fileID: String = #fileID, function: String = #function, line: Int = #line,
  _ body: () async throws -> Result
) async rethrows -> Result {
  let scope = IsolationScope(
    inheriting: IsolationScope.current,
    runningIn: IsolationScope.describe(function: function, fileID: fileID, line: line))
  return try await IsolationScope.$current.withValue(scope) {
    try await body()
  }
}
