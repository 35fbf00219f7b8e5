import Core
import Ravioli

/// Writes receipts.
public struct ReceiptFormatter: Sendable {
  let header: String

  func format(_ order: Order, total: String) -> String {
    "\(header): \(order.title), \(total)"
  }
}

/// The receipt of `order`, in the format that Orders registers and in the program's currency,
/// unless the caller gives others.
public func receipt(
  for order: Order, total: Money,
  formatter: ReceiptFormatter = injected(from: OrdersModule.container),
  currency: CurrencyFormatter = injected()
) -> String {
  formatter.format(order, total: currency.format(total))
}
