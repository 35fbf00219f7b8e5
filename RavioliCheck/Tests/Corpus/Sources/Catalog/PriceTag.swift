import Core
import Ravioli

/// A product's price, in the currency of the program that shows it. Each program registers
/// its own `CurrencyFormatter`, so a tag is not `CatalogInjectable`: it resolves from the
/// program's container.
public final class PriceTag {
  @Injected var formatter: CurrencyFormatter

  /// A tag; its formatter is resolved at its first use.
  public init() {}

  /// The product and its price, e.g. `Croissant €1.80`.
  public func label(for product: Product) -> String {
    "\(product.name) \(formatter.format(product.price))"
  }
}
