import Networking
import Ravioli
import Storage

/// The Catalog feature: products, their prices, and the screen that lists them.
// example: lookup-policies-and-modules-3
public enum CatalogModule {
  /// What Catalog's types resolve from: its own registrations, then Networking's, then
  /// Storage's.
  public static let container: Container = Container(
    parents: [NetworkingModule.container, StorageModule.container], name: "catalog"
  ) { container in
    // A closure that takes what it needs as parameters registers like an initializer:
    // Ravioli resolves the client and the store (from Networking and Storage), and
    // `validate()` checks that they are registered.
    // example: registering-and-resolving-12
    container.autoregister(ProductService.self) { (client: HTTPClient, store: KeyValueStore) in
      RemoteProductService(path: "/products", client: client, store: store)
    }
    // example end: registering-and-resolving-12
    container.autoregister(ProductService.self, alternative: .featured) {
      (client: HTTPClient, store: KeyValueStore) in
      RemoteProductService(path: "/products/featured", client: client, store: store)
    }
    // Each screen gets a tracker that knows which screen it tracks. A closure that resolves
    // what it needs declares it with `needs:`...
    container.register(needs: [.on(KeyValueStore.self)]) { (screen: Any) -> Tracker in
      Tracker(screen: "\(type(of: screen))", store: try container.resolve())
    }
    // ...and `needs: []` says that it needs nothing.
    container.register(needs: []) { () -> PriceFormatter in PriceFormatter(symbol: "€") }
    container.register(alternative: .dollars, needs: []) { () -> PriceFormatter in
      PriceFormatter(symbol: "$")
    }
  }
}
// example end: lookup-policies-and-modules-3

extension RegistrationAlternative {
  /// The products shown first.
  public static let featured: RegistrationAlternative = "featured"
  /// Prices in dollars.
  public static let dollars: RegistrationAlternative = "dollars"
}

/// Types of Catalog that conform resolve from ``CatalogModule/container`` under the
/// `.enclosingType(default:)` policy.
// example: lookup-policies-and-modules-4
public protocol CatalogInjectable: Containerable {}

extension CatalogInjectable {
  public var container: Container! { CatalogModule.container }
}
// example end: lookup-policies-and-modules-4
