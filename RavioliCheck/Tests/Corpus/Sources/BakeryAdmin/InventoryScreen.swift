import Catalog
import Ravioli

/// The stock-keeper's screen: every product on sale, the featured ones marked.
final class InventoryScreen {
  @Injected var catalog: any ProductService
  @Injected(alternative: "featured") var featured: ProductService

  /// One line for each product.
  func lines() -> [String] {
    featured.products().map { "* \($0.name)" } + catalog.products().map { "  \($0.name)" }
  }
}
