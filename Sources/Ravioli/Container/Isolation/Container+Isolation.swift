/// Runs `body` with containers, the lookup policy and the logger of its own: what it registers
/// or removes, the instances that scopes keep for it, and the policy and logger it sets are seen
/// by `body` (and the tasks it starts) alone, and are gone when it returns or throws.
///
/// Swift Testing tests get this with the `.isolatedContainers` trait of `RavioliTesting`; call
/// it directly elsewhere (XCTest, a preview, a tool). See <doc:Testing#Outside-Swift-Testing>.
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
  let scope = IsolationScope(function: function, fileID: fileID, line: line)
  return try scope.whileRunning { try IsolationScope.$current.withValue(scope, operation: body) }
}

/// Runs the asynchronous `body` with containers, the lookup policy and the logger of its own
/// (see ``withIsolatedContainers(fileID:function:line:_:)``).
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
  let scope = IsolationScope(function: function, fileID: fileID, line: line)
  return try await scope.whileRunning {
    try await IsolationScope.$current.withValue(scope, operation: body)
  }
}
