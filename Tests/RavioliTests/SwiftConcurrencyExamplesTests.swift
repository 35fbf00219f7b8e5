import Ravioli
import RavioliTesting
import Testing

// The examples of README's "Swift concurrency" section, compiled here in the Swift 6
// language mode, with the tests that show they do what the section says.

protocol CatalogAPI: Sendable {
  func products() async throws -> [String]
}

struct LiveCatalogAPI: CatalogAPI {
  func products() async throws -> [String] { ["tea", "cake"] }
}

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

/// A database that opens asynchronously.
actor OrdersDatabase {
  static func open() async throws -> OrdersDatabase {
    try await Task.sleep(nanoseconds: 1_000_000)
    return OrdersDatabase()
  }
}

/// How an app registers all of them.
func registerConcurrencyExamples(in container: Container) {
  container.register(scope: .singleton) { () -> CatalogAPI in LiveCatalogAPI() }
  container.register { @MainActor () -> DetailViewModel in DetailViewModel() }
  container.register(scope: .singleton) { () async throws -> OrdersDatabase in
    try await OrdersDatabase.open()
  }
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
    let model = try await container.resolve(DetailViewModel.self)
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
    let database = try await container.resolve(OrdersDatabase.self)
    #expect(try await container.resolve(OrdersDatabase.self) === database)
  }

  @Test func anAsyncSingletonIsAwaitedOnceThenInjectedAnywhere() async throws {
    let database = try await container.resolve(OrdersDatabase.self)
    let again: OrdersDatabase = try container.resolve()
    #expect(database === again)
  }
}
