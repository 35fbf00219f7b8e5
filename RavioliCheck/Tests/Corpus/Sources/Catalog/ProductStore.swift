import Core
import Foundation
import Networking

/// The products the server lists, fetched once per list and kept.
// `lists` is only touched under `lock`.
final class ProductStore: @unchecked Sendable {
  private let client: HTTPClient
  private let lock = NSLock()
  private var lists: [String: [Product]] = [:]

  init(client: HTTPClient) {
    self.client = client
  }

  /// The products at `path`; none while the server cannot be reached.
  func products(at path: String) -> [Product] {
    if let kept = lock.withLock({ lists[path] }) {
      return kept
    }
    let body = (try? client.get(path)) ?? ""
    let products = body.split(separator: ",").map { entry in
      let fields = entry.split(separator: ":").map(String.init)
      return Product(
        name: fields[0], price: Money(cents: Int(fields[1]) ?? 0), grams: Int(fields[2]) ?? 0)
    }
    lock.withLock { lists[path] = products }
    return products
  }

  /// How many lists it keeps.
  var keptLists: Int {
    lock.withLock { lists.count }
  }
}

/// The store that Catalog's screens read. (Orders has a `Store` of its own.)
typealias Store = ProductStore
