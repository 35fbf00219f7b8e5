import Ravioli
public import Testing

/// A Swift Testing trait that runs each test with containers, the lookup policy and the logger of
/// its own (see ``Ravioli/withIsolatedContainers(fileID:function:line:_:)``), so that tests running
/// in parallel can register into the same module containers without seeing each other.
///
/// On a suite, it isolates each of its tests (in nested suites too) and each case of a
/// parametrized test. See Ravioli's Testing article.
public struct IsolatedContainersTrait: TestTrait, SuiteTrait, TestScoping {
  /// Every test of a suite with the trait, in nested suites too, gets its own isolation.
  public var isRecursive: Bool { true }

  /// Isolates each test case; a suite itself gets no isolation of its own, so that no test
  /// sees what another registered.
  public func scopeProvider(for test: Test, testCase: Test.Case?) -> Self? {
    testCase == nil ? nil : self
  }

  /// Runs the test case inside ``Ravioli/withIsolatedContainers(fileID:function:line:_:)``,
  /// named by the test, so that a property wrapper that stops the program names the test.
  public func provideScope(
    for test: Test, testCase: Test.Case?, performing body: @Sendable () async throws -> Void
  ) async throws {
    try await withIsolatedContainers(
      fileID: test.sourceLocation.fileID, function: test.id.nameComponents.joined(separator: "/"),
      line: test.sourceLocation.line, body)
  }
}

extension Trait where Self == IsolatedContainersTrait {
  /// Runs each test with containers, the lookup policy and the logger of its own.
  public static var isolatedContainers: Self { Self() }
}
