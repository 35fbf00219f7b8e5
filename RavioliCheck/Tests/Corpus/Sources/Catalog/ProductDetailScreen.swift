import Core
import Ravioli

/// A product's page.
public final class ProductDetailScreen: CatalogInjectable {
  /// The product it shows.
  public let productName: String
  @Injected var catalog: ProductService
  @Injected var log: EventLog

  /// The page of the product named `productName`.
  public init(productName: String) {
    self.productName = productName
  }

  /// What the page says.
  public func summary() -> String {
    log.record("viewed \(productName)")
    guard let product = catalog.products().first(where: { $0.name == productName }) else {
      return "\(productName) is sold out"
    }
    return "\(product.name): \(product.grams) g"
  }
}
