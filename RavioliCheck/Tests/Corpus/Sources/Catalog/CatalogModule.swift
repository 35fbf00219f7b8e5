import Core
import Networking
import Ravioli

/// The Catalog module: what the bakery sells, and the screens that show it.
public enum CatalogModule {
  /// What Catalog's types resolve from: its own registrations, then Networking's and Core's.
  public static let container = Container(parents: [NetworkingModule.container], name: "catalog") {
    container in
    container.autoregister(Store.self, scope: .singleton) { (client: HTTPClient) in
      ProductStore(client: client)
    }
    container.autoregister(ProductService.self) { (store: Store) in
      StoreProductService(store: store, path: "/products")
    }
    container.autoregister(ProductService.self, alternative: .featured) { (store: Store) in
      StoreProductService(store: store, path: "/products/featured")
    }
    container.register(scope: .singleton, needs: [.on(ProductService.self)]) {
      () -> Repository<Product> in
      Repository(items: (try container.resolve() as ProductService).products())
    }
    // Each cell gets a loader for its own product's pictures.
    container.register(needs: []) { (cell: ProductCell) -> ImageLoader in
      ImageLoader(thumbnailOf: cell.productName)
    }
    container.register(needs: []) { () -> WeightFormatter in WeightFormatter(unit: "g") }
    container.register(alternative: .seasonal, needs: []) { () -> PromotionBanner in
      PromotionBanner(text: "Galettes des rois are back")
    }
  }
}

extension RegistrationAlternative {
  /// The products shown first.
  public static let featured: RegistrationAlternative = "featured"
  /// What the season brings.
  public static let seasonal: RegistrationAlternative = "seasonal"
}

/// Types of Catalog that conform resolve from ``CatalogModule/container`` under the
/// `.enclosingType(default:)` policy.
public protocol CatalogInjectable: Containerable {}

extension CatalogInjectable {
  public var container: Container! { CatalogModule.container }
}
