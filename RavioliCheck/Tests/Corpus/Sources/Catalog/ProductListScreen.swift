import Core
import Ravioli

/// Told when the user picks a product.
public protocol ProductListDelegate: AnyObject, Sendable {
  /// The user picked `product`.
  func productList(didSelect product: Product)
}

/// The list of products: the season's banner, the featured products, then the rest.
public final class ProductListScreen: CatalogInjectable {
  @Injected var catalog: ProductService
  @Injected(alternative: .featured) var featured: ProductService
  @Injected(alternative: .seasonal) var banner: PromotionBanner
  @Injected var store: Store
  @InjectedWeakly var delegate: ProductListDelegate?
  private var shown: [Product] = []

  /// A list; its services are resolved when it first uses them.
  public init() {}

  /// The lines to show.
  public func rows() -> [String] {
    shown = featured.products() + catalog.products()
    return [banner.text]
      + shown.map { product in
        "\(product.name), \(weight(of: product, $formatter: CatalogModule.container.resolved()))"
      }
  }

  /// The user picked the product at `index` of the last rows, after the banner.
  public func select(row index: Int) {
    delegate?.productList(didSelect: shown[index])
  }

  /// How many of the server's lists the store keeps for when the server cannot be reached.
  public var keptLists: Int { store.keptLists }

  private func weight(of product: Product, @Injected formatter: WeightFormatter) -> String {
    formatter.format(grams: product.grams)
  }
}
