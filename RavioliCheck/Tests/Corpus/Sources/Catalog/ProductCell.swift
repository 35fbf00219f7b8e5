import Ravioli

/// Loads a product's pictures.
public struct ImageLoader: Sendable {
  /// The address of the thumbnail it loads.
  public let thumbnailURL: String

  init(thumbnailOf name: String) {
    thumbnailURL = "https://images.bakery.example/\(name.lowercased()).jpg"
  }
}

/// A product's cell in the grid. Its loader is made for it: the registration takes the cell.
public final class ProductCell: CatalogInjectable {
  /// The product it shows.
  public let productName: String
  @Injected var images: ImageLoader

  /// A cell for the product named `productName`.
  public init(productName: String) {
    self.productName = productName
  }

  /// Where its picture comes from.
  public var thumbnail: String { images.thumbnailURL }
}
