import Core
import Foundation
import Networking

/// An order at the till.
public struct Order: Listable {
  /// Its number on the receipt.
  public let number: Int
  /// What was ordered.
  public let items: [String]

  public var title: String { "#\(number): \(items.joined(separator: ", "))" }
}

/// Places orders, and lists the earlier ones.
public protocol OrderService: Sendable {
  /// The orders placed before today, from the server.
  func history() -> [Order]
  /// A new order of `items`.
  func place(_ items: [String]) -> Order
}

/// Orders through the bakery's server, numbered by the time of day.
struct BakeryOrderService: OrderService {
  let client: HTTPClient
  let clock: Clock

  func history() -> [Order] {
    let body = (try? client.get("/orders")) ?? ""
    return body.split(separator: ",").map { entry in
      let fields = entry.split(separator: ":")
      return Order(
        number: Int(fields[0]) ?? 0, items: fields[1].split(separator: "+").map(String.init))
    }
  }

  func place(_ items: [String]) -> Order {
    Order(number: 2000 + clock.minutesOpen, items: items)
  }
}

/// The orders placed since the till was opened.
// `orders` is only touched under `lock`.
final class OrderStore: @unchecked Sendable {
  private let lock = NSLock()
  private var orders: [Order] = []

  /// Keeps `order`.
  func add(_ order: Order) {
    lock.withLock { orders.append(order) }
  }

  /// How many orders it keeps.
  var count: Int {
    lock.withLock { orders.count }
  }
}

/// The store that Orders' screens write to. (Catalog has a `Store` of its own.)
typealias Store = OrderStore
