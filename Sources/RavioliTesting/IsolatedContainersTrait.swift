import Ravioli
public import Testing

/// A Swift Testing trait that runs each test with containers, the lookup policy and the logger of
/// its own (see ``Ravioli/withIsolatedContainers(fileID:function:line:_:)``), so that tests running
/// in parallel can register into the same module containers without seeing each other.
///
/// Apply it to a test, or to a suite to isolate each of its tests (and each case of a
/// parametrized test) from every other:
///
/// ```swift
/// @Suite(.isolatedContainers) struct FeaturedProductsTests {
///   init() {
///     Container.lookupPolicy = .enclosingType()
///   }
///
///   @Test func comeFirst() throws {
///     CatalogModule.container.register(alternative: .featured) { () -> ProductService in
///       StubProducts(list: [Product(name: "Cake", price: 3)])
///     }
///     #expect(try ProductListViewModel().rows().first == "Cake €3.00")
///   }
/// }
/// ```
///
/// What a test registers, removes, sets (``Ravioli/Container/lookupPolicy``,
/// ``Ravioli/Container/logger``) and the instances that scopes keep for it are gone when the
/// test ends, whether it passes, fails or throws.
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
    for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
  ) async throws {
    try await withIsolatedContainers(
      fileID: test.sourceLocation.fileID, function: test.id.nameComponents.joined(separator: "/"),
      line: test.sourceLocation.line
    ) {
      try await function()
    }
  }
}

extension Trait where Self == IsolatedContainersTrait {
  /// Runs each test with containers, the lookup policy and the logger of its own.
  public static var isolatedContainers: Self { Self() }
}
