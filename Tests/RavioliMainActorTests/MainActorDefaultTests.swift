import Ravioli
import RavioliTesting
import Testing

// This target's default isolation is the main actor (see Package.swift), as a new app
// target's is in Xcode 26: every type and function below is `@MainActor` unless it says
// `nonisolated`. Closures are not: a resolver that makes a main-actor class says
// `@MainActor`, and the compiler asks for it where it is missing.

// example: swift-concurrency-3
protocol Catalog {
  var products: [String] { get }
}

final class LiveCatalog: Catalog {
  let products = ["tea", "cake"]
}

final class CatalogViewModel {
  @Injected var catalog: Catalog
  var title: String { "\(catalog.products.count) products" }
}
// example end: swift-concurrency-3

final class CatalogScreen {
  @Injected var model: CatalogViewModel
}

/// A screen of a module that gives its objects their container.
// example: swift-concurrency-5
final class AccountScreen: Containerable {
  nonisolated var container: Container! { AccountModule.container }
  @Injected var model: CatalogViewModel
}

enum AccountModule {
  nonisolated static let container = Container(name: "account")
}
// example end: swift-concurrency-5

/// A service that is not the main actor's: its resolver says nothing, so it resolves on any
/// thread, although it is registered from main-actor code.
nonisolated final class PriceFormatter: Sendable {
  func format(_ cents: Int) -> String { "$\(cents / 100).\(cents % 100)" }
}

@Suite(.isolatedContainers)
struct MainActorDefaultTests {
  let container = Container(name: "App")

  init() {
    // example: swift-concurrency-4
    container.register { @MainActor () -> Catalog in LiveCatalog() }
    container.register { @MainActor () -> CatalogViewModel in CatalogViewModel() }
    // example end: swift-concurrency-4
    Container.lookupPolicy = .singleton(container)
  }

  @Test func registersAndInjectsClassesAsAnyTargetDoes() throws {
    let screen = CatalogScreen()
    #expect(screen.model.title == "2 products")
    let model: CatalogViewModel = try container.resolve()
    #expect(model.catalog.products == ["tea", "cake"])
  }

  @Test func awaitsTheMainActorsResolversFromOtherThreads() async throws {
    let container = container
    let model = try await offTheMainActor {
      try await container.resolve(CatalogViewModel.self)
    }
    let title = model.title
    #expect(title == "2 products")
  }

  @Test func refusesThemSynchronouslyOffTheMainActor() async {
    let container = container
    let error = await offTheMainActor { () -> ResolutionError? in
      do throws(ResolutionError) {
        _ = try container.resolve() as CatalogViewModel
        return nil
      } catch {
        return error
      }
    }
    guard case .needsActor("MainActor")? = error?.reason else {
      Issue.record("expected a main-actor refusal, got \(String(describing: error))")
      return
    }
    #expect(error?.description.contains("isolated to the main actor") == true)
  }

  @Test func injectsFromTheContainerThatAScreenCarries() throws {
    AccountModule.container.register { @MainActor () -> CatalogViewModel in CatalogViewModel() }
    Container.lookupPolicy = .enclosingType(default: container)
    #expect(AccountScreen().model.title == "2 products")
  }

  /// A main-actor view model, checked on the main actor as it is made, may use main-actor
  /// resolvers: its first reads are on the main actor too.
  @Test func checksAMainActorViewModelsProperties() throws {
    #expect(expectInjectable(CatalogViewModel()).isValid)
    let sites = Container.injectionSites(of: CatalogScreen())
    #expect(sites.map(\.name) == ["model"])
    #expect(sites.first?.container === container)
  }

  @Test func registersNonisolatedServicesThatResolveAnywhere() async throws {
    container.register { () -> PriceFormatter in PriceFormatter() }
    let container = container
    let price = try await offTheMainActor {
      (try container.resolve() as PriceFormatter).format(1250)
    }
    #expect(price == "$12.50")
  }
}

/// Runs `body` off the main actor, in the calling task (so in its isolation scope).
@concurrent nonisolated func offTheMainActor<Result: Sendable>(
  _ body: @Sendable () async throws -> Result
) async rethrows -> Result {
  try await body()
}

/// A view model whose initializer takes what it needs: registered as an initializer.
final class ReceiptViewModel {
  let catalog: Catalog
  let formatter: PriceFormatter

  init(catalog: Catalog, formatter: PriceFormatter) {
    self.catalog = catalog
    self.formatter = formatter
  }
}

@Suite(.isolatedContainers)
struct MainActorAutoregistrationTests {
  @Test func registersAMainActorInitializer() throws {
    let container = Container(name: "receipts")
    container.autoregister(Catalog.self, initializer: LiveCatalog.init)
    container.register(needs: []) { PriceFormatter() }
    container.autoregister(initializer: ReceiptViewModel.init)

    let model: ReceiptViewModel = try container.resolve()
    #expect(model.catalog.products == ["tea", "cake"])
    #expect(model.formatter.format(250) == "$2.50")
    #expect(try container.validate().isValid)
  }

  @Test func refusesItSynchronouslyOffTheMainActor() async {
    let container = Container(name: "receipts")
    container.autoregister(Catalog.self, initializer: LiveCatalog.init)
    container.register(needs: []) { PriceFormatter() }
    container.autoregister(initializer: ReceiptViewModel.init)

    let refused = await offTheMainActor { () -> Bool in
      do throws(ResolutionError) {
        _ = try container.resolve() as ReceiptViewModel
        return false
      } catch {
        if case .needsActor = error.reason { return true }
        return false
      }
    }
    #expect(refused)
  }
}
