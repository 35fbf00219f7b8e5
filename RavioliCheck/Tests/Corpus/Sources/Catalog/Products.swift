import Core

/// Something the bakery sells.
public struct Product: Listable, Equatable {
  /// What it is called.
  public let name: String
  /// What it costs.
  public let price: Money
  /// What it weighs.
  public let grams: Int

  /// A product.
  public init(name: String, price: Money, grams: Int) {
    self.name = name
    self.price = price
    self.grams = grams
  }

  public var title: String { name }
}

/// What the bakers bake with.
public struct Ingredient: Listable {
  /// What it is called.
  public let name: String
  /// How much of it is in the pantry.
  public let grams: Int

  /// An ingredient, and how much of it there is.
  public init(name: String, grams: Int) {
    self.name = name
    self.grams = grams
  }

  public var title: String { "\(name): \(grams / 1000) kg" }
}

/// Where products come from.
public protocol ProductService: Sendable {
  /// The products, in the order to show them.
  func products() -> [Product]
}

/// The products of one of the server's lists, through the store.
struct StoreProductService: ProductService {
  let store: Store
  let path: String

  func products() -> [Product] {
    store.products(at: path)
  }
}

/// Writes weights, e.g. `800 g`.
public struct WeightFormatter: Sendable {
  let unit: String

  func format(grams: Int) -> String {
    "\(grams) \(unit)"
  }
}

/// The line above the list of products.
public struct PromotionBanner: Sendable {
  /// What it says.
  public let text: String
}
