import Ravioli

/// Told when the user picks a product.
public protocol ProductListDelegate: AnyObject, Sendable {
  /// The user picked `product`.
  func productList(didSelect product: Product)
}

// example: lookup-policies-and-modules-5
/// The list of products: the featured ones first, then the rest.
public final class ProductListViewModel: CatalogInjectable {
  @Injected var catalog: ProductService
  @Injected(alternative: .featured) var featured: ProductService
  @Injected var tracker: Tracker  // resolved with this view model as its parameter
  @InjectedWeakly var delegate: ProductListDelegate?
  private var shown: [Product] = []

  /// A view model; its services are resolved when it first uses them.
  public init() {}

  /// The lines to show.
  public func rows() throws -> [String] {
    shown = try featured.products() + catalog.products()
    tracker.record("showed \(shown.count) products")
    return shown.map { label(for: $0, $formatter: CatalogModule.container.resolved()) }
  }

  /// The user picked the row at `index` of the last ``rows()``.
  public func select(row index: Int) {
    tracker.record("selected \(shown[index].name)")
    delegate?.productList(didSelect: shown[index])
  }

  /// Within its own module, a function can take an `@Injected` parameter, passed with `$`.
  private func label(for product: Product, @Injected formatter: PriceFormatter) -> String {
    priceLabel(for: product, formatter: formatter)
  }
}
// example end: lookup-policies-and-modules-5
