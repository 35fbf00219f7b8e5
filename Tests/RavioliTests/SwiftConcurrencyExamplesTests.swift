import Ravioli
import RavioliTesting
import Testing

// The examples of the article "Swift concurrency", compiled here in the Swift 6
// language mode, with the tests that show they do what the article says.

// example: swift-concurrency-10
protocol CatalogAPI: Sendable {
  func products() async throws -> [String]
}

struct LiveCatalogAPI: CatalogAPI {
  func products() async throws -> [String] { ["tea", "cake"] }
}
// example end: swift-concurrency-10

// example: swift-concurrency-11
// A `Sendable` service: its dependencies are resolved when it is made.
struct PriceCalculator: Sendable {
  @Injected(.resolvingOnInit()) var catalog: CatalogAPI

  func count() async throws -> Int { try await catalog.products().count }
}

// A class works the same way, with its dependencies as default arguments.
final class CheckoutService: Sendable {
  let catalog: CatalogAPI

  init(catalog: CatalogAPI = injected()) {
    self.catalog = catalog
  }
}

// A view model: lazily injected, on the main actor.
@MainActor final class DetailViewModel {
  @Injected var catalog: CatalogAPI
  private(set) var products: [String] = []

  func load() async throws {
    products = try await catalog.products()
  }
}

// An actor: its properties are its own, so a lazy first read is safe.
actor TokenStore {
  @Injected var catalog: CatalogAPI

  func warmUp() async throws -> Int { try await catalog.products().count }
}
// example end: swift-concurrency-11

// example: swift-concurrency-6
/// A database that opens asynchronously.
actor OrdersDatabase {
  static func open() async throws -> OrdersDatabase {
    try await Task.sleep(nanoseconds: 1_000_000)
    return OrdersDatabase()
  }
}
// example end: swift-concurrency-6

/// How an app registers all of them.
func registerConcurrencyExamples(in container: Container) {
  container.register(scope: .singleton) { () -> CatalogAPI in LiveCatalogAPI() }
  // example: swift-concurrency-1
  container.register { @MainActor () -> DetailViewModel in DetailViewModel() }
  // example end: swift-concurrency-1
  // example: swift-concurrency-7
  container.register(scope: .singleton) { () async throws -> OrdersDatabase in
    try await OrdersDatabase.open()
  }
  // example end: swift-concurrency-7
}

@Suite(.isolatedContainers) struct SwiftConcurrencyExamplesTests {
  let container = Container(name: "app")

  init() {
    registerConcurrencyExamples(in: container)
    Container.lookupPolicy = .singleton(container)
  }

  @MainActor @Test func aViewModelResolvesOnTheMainActor() async throws {
    let model: DetailViewModel = try container.resolve()
    try await model.load()
    #expect(model.products == ["tea", "cake"])
  }

  @Test func aViewModelIsAwaitedFromAnywhere() async throws {
    // example: swift-concurrency-2
    let model = try await container.resolve(DetailViewModel.self)
    // example end: swift-concurrency-2
    try await model.load()
    #expect(await model.products == ["tea", "cake"])
  }

  @Test func sendableServicesCrossIsolationDomains() async throws {
    let calculator = PriceCalculator()
    let checkout = CheckoutService()
    let counted = try await Task.detached { try await calculator.count() }.value
    #expect(counted == 2)
    #expect(try await checkout.catalog.products() == ["tea", "cake"])
    #expect(try await TokenStore().warmUp() == 2)
  }

  @MainActor @Test func aMainActorResolverSaysSo() throws {
    let container = Container()
    container.register { @MainActor () -> DetailViewModel in DetailViewModel() }
    _ = try container.resolve() as DetailViewModel
  }

  @Test func anAsyncResolverIsAwaited() async throws {
    let container = Container()
    container.register(scope: .singleton) { () async throws -> OrdersDatabase in
      try await OrdersDatabase.open()
    }
    // example: swift-concurrency-8
    let database = try await container.resolve(OrdersDatabase.self)
    // example end: swift-concurrency-8
    #expect(try await container.resolve(OrdersDatabase.self) === database)
  }

  @Test func anAsyncSingletonIsAwaitedOnceThenInjectedAnywhere() async throws {
    // example: swift-concurrency-9
    let database = try await container.resolve(OrdersDatabase.self)
    let again: OrdersDatabase = try container.resolve()
    // example end: swift-concurrency-9
    #expect(database === again)
  }
}
