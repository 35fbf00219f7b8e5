import Networking
import Ravioli
import Storage

/// Something the shop sells.
public struct Product: Sendable, Equatable {
  /// What it is called.
  public let name: String
  /// What it costs.
  public let price: Double

  /// A product.
  public init(name: String, price: Double) {
    self.name = name
    self.price = price
  }
}

/// Where products come from.
public protocol ProductService: Sendable {
  /// Every product, in the order to show them.
  func products() throws -> [Product]
}

/// Products from the server, kept in the store for when the server cannot be reached.
struct RemoteProductService: ProductService {
  let path: String
  let client: HTTPClient
  let store: KeyValueStore

  func products() throws -> [Product] {
    let body: String
    do {
      body = try client.get(path)
      store.set(body, for: path)
    } catch {
      guard let kept = store.value(for: path) else { throw error }
      body = kept
    }
    return body.split(separator: ",").map { entry in
      let parts = entry.split(separator: ":")
      return Product(name: String(parts[0]), price: Double(parts[1]) ?? 0)
    }
  }
}

/// Records what a screen shows, in the store.
public struct Tracker: Sendable {
  /// The screen it tracks, e.g. `ProductListViewModel`.
  public let screen: String
  let store: KeyValueStore

  /// Records `event` for the screen.
  public func record(_ event: String) {
    let earlier = store.value(for: "events").map { $0 + "\n" } ?? ""
    store.set(earlier + "\(screen): \(event)", for: "events")
  }
}

/// Writes prices with a currency symbol.
public struct PriceFormatter: Sendable {
  /// The symbol, e.g. `€`.
  public let symbol: String

  /// A formatter that writes `symbol` before the amount.
  public init(symbol: String) {
    self.symbol = symbol
  }

  /// The price, e.g. `€4.50`.
  public func format(_ price: Double) -> String {
    let cents = Int((price * 100).rounded())
    let fraction = cents % 100
    return "\(symbol)\(cents / 100).\(fraction < 10 ? "0" : "")\(fraction)"
  }
}

/// A product's line in a list, e.g. `Pasta €4.50`. Other modules (the app, tests) call it
/// without a formatter, or with one of their choosing.
// example: function-parameter-injection-3
public func priceLabel(
  for product: Product, formatter: PriceFormatter = injected(from: CatalogModule.container)
) -> String {
  "\(product.name) \(formatter.format(product.price))"
}
// example end: function-parameter-injection-3
