import Catalog
import Networking
import Ravioli
import RavioliTesting
import Storage
import Testing

// The shop's tests: another module than the code they test, run in parallel, each with the
// module containers to itself.

// example: testing-1
/// A server that answers every path with the same body, or fails.
struct StubHTTPClient: HTTPClient {
  let body: String?

  func get(_ path: String) throws -> String {
    guard let body else { throw HTTPError(status: 503) }
    return body
  }
}

/// Lists the products it was given.
struct StubProducts: ProductService {
  let list: [Product]

  func products() throws -> [Product] { list }
}
// example end: testing-1

/// Remembers what was selected.
final class SelectionSpy: ProductListDelegate, @unchecked Sendable {  // used by one test at a time
  var selected: [Product] = []

  func productList(didSelect product: Product) {
    selected.append(product)
  }
}

@Suite(.isolatedContainers) struct ProductListTests {
  init() {
    Container.lookupPolicy = .enclosingType()
  }

  @Test func listsFeaturedProductsFirst() throws {
    NetworkingModule.container.register { () -> HTTPClient in StubHTTPClient(body: "Tea:2") }
    CatalogModule.container.register(alternative: .featured) { () -> ProductService in
      StubProducts(list: [Product(name: "Cake", price: 3)])
    }
    #expect(try ProductListViewModel().rows() == ["Cake €3.00", "Tea €2.00"])
  }

  // example: testing-5
  @Test func fallsBackToTheStoredProductsWhenTheServerFails() throws {
    NetworkingModule.container.register { () -> HTTPClient in StubHTTPClient(body: "Tea:2") }
    _ = try ProductListViewModel().rows()
    NetworkingModule.container.register(replacing: true) { () -> HTTPClient in
      StubHTTPClient(body: nil)
    }
    #expect(try ProductListViewModel().rows() == ["Tea €2.00", "Tea €2.00"])
  }
  // example end: testing-5

  @Test func tellsTheDelegateWhatWasSelected() throws {
    let spy = SelectionSpy()
    CatalogModule.container.register { [spy] () -> ProductListDelegate in spy }
    let list = ProductListViewModel()
    _ = try list.rows()
    list.select(row: 1)
    #expect(spy.selected.map(\.name) == ["Pasta"])
  }

  @Test func tracksEachScreenByItsType() throws {
    let spy = SelectionSpy()
    CatalogModule.container.register { [spy] () -> ProductListDelegate in spy }
    let list = ProductListViewModel()
    _ = try list.rows()
    list.select(row: 0)
    let store: KeyValueStore = try StorageModule.container.resolve()
    #expect(
      store.value(for: "events")
        == "ProductListViewModel: showed 4 products\nProductListViewModel: selected Ravioli")
  }

  /// Twenty tests at once, each with its own server; the store, a singleton, is each test's
  /// own too.
  // example: testing-3
  @Test(arguments: 1...20) func eachTestHasItsOwnServerAndStore(price: Int) throws {
    NetworkingModule.container.register { () -> HTTPClient in
      StubHTTPClient(body: "Item:\(price)")
    }
    #expect(try ProductListViewModel().rows() == ["Item €\(price).00", "Item €\(price).00"])
    let store: KeyValueStore = try StorageModule.container.resolve()
    #expect(store.value(for: "/products") == "Item:\(price)")
  }
  // example end: testing-3
}

// example: testing-2
@Suite(.isolatedContainers) struct FeaturedProductsTests {
  init() {
    Container.lookupPolicy = .enclosingType()
  }

  @Test func comeFirst() throws {
    CatalogModule.container.register(alternative: .featured) { () -> ProductService in
      StubProducts(list: [Product(name: "Cake", price: 3)])
    }
    #expect(try ProductListViewModel().rows().first == "Cake €3.00")
  }
}
// example end: testing-2

/// `withIsolatedContainers`, as XCTest and code outside tests use it.
@Suite struct WithIsolatedContainersTests {
  @Test func isolatesWhatItRuns() throws {
    // example: testing-4
    let rows = try withIsolatedContainers {
      Container.lookupPolicy = .enclosingType()
      NetworkingModule.container.register { () -> HTTPClient in StubHTTPClient(body: "Tea:2") }
      return try ProductListViewModel().rows()
    }
    // Every other task, then and now, sees the policy and NetworkingModule.container as they
    // were.
    // example end: testing-4
    #expect(rows == ["Tea €2.00", "Tea €2.00"])
    #expect(try (NetworkingModule.container.resolve() as HTTPClient).get("/products") != "Tea:2")
  }

  @Test func isolatesWhatItAwaits() async throws {
    let rows = try await withIsolatedContainers {
      Container.lookupPolicy = .enclosingType()
      NetworkingModule.container.register { () -> HTTPClient in StubHTTPClient(body: "Tea:2") }
      await Task.yield()
      return try ProductListViewModel().rows()
    }
    #expect(rows == ["Tea €2.00", "Tea €2.00"])
  }
}

/// `priceLabel(for:formatter:)` is Catalog's; calling it from here is the call that Swift
/// 6.3 cannot compile when the parameter is declared `@Injected`.
@Suite(.isolatedContainers) struct FunctionParameterInjectionTests {
  let pesto = Product(name: "Pesto", price: 3.25)

  @Test func resolvesTheDefaultArgument() {
    #expect(priceLabel(for: pesto) == "Pesto €3.25")
  }

  @Test func resolvesWhatTheTestRegisters() {
    CatalogModule.container.register { () -> PriceFormatter in PriceFormatter(symbol: "£") }
    #expect(priceLabel(for: pesto) == "Pesto £3.25")
  }

  @Test func takesAContainerAndAnAlternativeOfTheTestsChoosing() throws {
    let formatter: PriceFormatter = try CatalogModule.container.resolve(alternative: .dollars)
    #expect(priceLabel(for: pesto, formatter: formatter) == "Pesto $3.25")
    let test = Container(name: "test") { test in
      test.register(alternative: .dollars) { () -> PriceFormatter in PriceFormatter(symbol: "US$") }
    }
    #expect(
      priceLabel(for: pesto, formatter: try test.resolve(alternative: .dollars)) == "Pesto US$3.25")
  }

  @Test func takesAPlainValue() {
    #expect(priceLabel(for: pesto, formatter: PriceFormatter(symbol: "CHF ")) == "Pesto CHF 3.25")
  }
}

@Suite struct MissingRegistrationTests {
  /// A module whose test removed what a view model needs stops with a message that names
  /// the property, the containers searched and the fix.
  // example: testing-6
  @Test func aMissingServiceStopsTheProgramWithTheFullDiagnostic() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      withIsolatedContainers {
        Container.lookupPolicy = .enclosingType()
        NetworkingModule.container.removeRegistration(of: HTTPClient.self)
        _ = try? ProductListViewModel().rows()
      }
    }
    let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(message.contains("Cannot resolve `HTTPClient`: nothing is registered for it."))
    #expect(message.contains(#"Containers searched: "catalog" -> "networking" -> "storage""#))
    #expect(message.contains(#"While resolving: ProductService (alternative "featured")"#))
  }
  // example end: testing-6
}

/// The graph that the modules declare, checked without resolving anything.
@Suite(.isolatedContainers) struct GraphTests {
  // example: validating-the-graph-2
  @Test func theGraphIsComplete() {
    expectValidGraph(CatalogModule.container)
  }
  // example end: validating-the-graph-2

  @Test func everyRegistrationDeclaresWhatItNeeds() throws {
    #expect(try CatalogModule.container.validate().opaqueRegistrations.isEmpty)
  }

  /// The mistake that `aMissingServiceStopsTheProgramWithTheFullDiagnostic` makes at run
  /// time, found before anything is resolved: each service that needs the client is named,
  /// at the line that registers it.
  @Test func findsAMissingClientBeforeAnythingIsResolved() throws {
    Container.logger = SilentLogger()  // `validate()` logs the errors it throws
    NetworkingModule.container.removeRegistration(of: HTTPClient.self)
    let report = try #require(throws: ValidationReport.self) {
      try CatalogModule.container.validate()
    }
    #expect(report.errors.map(\.kind) == [.missingDependency, .missingDependency])
    #expect(
      report.errors.map { $0.message.prefix { $0 != "," } } == [
        "`ProductService` needs `HTTPClient`",
        #"`ProductService (alternative "featured")` needs `HTTPClient`"#,
      ])
    #expect(report.errors.allSatisfy { $0.file == "Catalog/CatalogModule.swift" })
    #expect(
      report.errors.allSatisfy { $0.message.contains(#"searched "catalog" -> "networking""#) })
  }
}

/// The view models' injected properties, checked without resolving anything: a missing
/// registration is an issue of the test that finds it, where reading the property would stop
/// the process.
// example: checking-injected-properties-2
@Suite(.isolatedContainers) struct InjectableViewModelTests {
  init() {
    Container.lookupPolicy = .enclosingType()
    // The app gives the list its router as delegate, and the tests do not link the app:
    // without this, the check reports `delegate`, whose `ProductListDelegate?` nothing
    // registers. A test that needs a delegate registers its own.
    CatalogModule.container.register { () -> ProductListDelegate? in nil }
  }

  @Test func theViewModelsAreInjectable() {
    expectInjectable(ProductListViewModel())
  }
}
// example end: checking-injected-properties-2

/// More of the suite, under the same `init`.
extension InjectableViewModelTests {
  @Test func listsTheProperties() {
    let sites = Container.injectionSites(of: ProductListViewModel())
    #expect(sites.map(\.name) == ["catalog", "featured", "tracker", "delegate"])
    #expect(sites.allSatisfy { $0.container === CatalogModule.container && !$0.isResolved })
  }

  @Test func aMissingClientIsAnIssueOfTheTestThatFindsIt() {
    NetworkingModule.container.removeRegistration(of: HTTPClient.self)
    withKnownIssue {
      let report = expectInjectable(ProductListViewModel())
      #expect(report.errors.count == 2)
    } matching: { issue in
      issue.comments.contains {
        $0.rawValue.contains("needs `HTTPClient`, which is not registered")
      }
    }
  }

  /// What `expectInjectable` records, as the report says it: each service that needs the
  /// client, at the line that registers it, and the property that reaches it.
  @Test func theReportNamesWhatIsMissingAndWhichPropertyReachesIt() throws {
    Container.logger = SilentLogger()
    NetworkingModule.container.removeRegistration(of: HTTPClient.self)
    let report = try #require(throws: ValidationReport.self) {
      try Container.validateInjection(of: [ProductListViewModel()])
    }
    let searched = #"(searched "catalog" -> "networking" -> "storage")"#
    #expect(
      report.errors.map(\.description) == [
        "Catalog/CatalogModule.swift:17: error: `ProductService` needs `HTTPClient`, which is not "
          + "registered \(searched). Register it, or correct the type or alternative that "
          + "`ProductService` declares. (Reached from `ProductListViewModel.catalog`, declared at "
          + "Catalog/ProductListViewModel.swift:12.)",
        "Catalog/CatalogModule.swift:21: error: `ProductService (alternative \"featured\")` needs "
          + "`HTTPClient`, which is not registered \(searched). Register it, or correct the type "
          + "or alternative that `ProductService (alternative \"featured\")` declares. (Reached "
          + "from `ProductListViewModel.featured`, declared at "
          + "Catalog/ProductListViewModel.swift:13.)",
      ])
  }
}

/// From `Container.validateInjection(of:file:line:)`'s documentation: compiled, not run.
private func validatingAtStartUp() throws {
  #if DEBUG
    try Container.validateInjection(of: [ProductListViewModel()])
  #endif
}
