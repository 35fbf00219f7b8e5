import Networking
import Ravioli
import Storage

/// The Catalog feature: products, their prices, and the screen that lists them.
public enum CatalogModule {
  /// What Catalog's types resolve from: its own registrations, then Networking's, then
  /// Storage's.
  public static let container: Container = Container(
    parents: [NetworkingModule.container, StorageModule.container], name: "catalog"
  ) { container in
    container.register { () -> ProductService in
      try RemoteProductService(path: "/products", from: CatalogModule.container)
    }
    container.register(alternative: .featured) { () -> ProductService in
      try RemoteProductService(path: "/products/featured", from: CatalogModule.container)
    }
    // Each screen gets a tracker that knows which screen it tracks.
    container.register { (screen: Any) -> Tracker in
      Tracker(screen: "\(type(of: screen))", store: try StorageModule.container.resolve())
    }
    container.register { () -> PriceFormatter in PriceFormatter(symbol: "€") }
    container.register(alternative: .dollars) { () -> PriceFormatter in
      PriceFormatter(symbol: "$")
    }
  }
}

extension RegistrationAlternative {
  /// The products shown first.
  public static let featured: RegistrationAlternative = "featured"
  /// Prices in dollars.
  public static let dollars: RegistrationAlternative = "dollars"
}

/// Types of Catalog that conform resolve from ``CatalogModule/container`` under the
/// `.enclosingType(default:)` policy.
public protocol CatalogInjectable: Containerable {}

extension CatalogInjectable {
  public var container: Container! { CatalogModule.container }
}
