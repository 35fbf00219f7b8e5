import Core
import Ravioli

/// Told when an order is placed.
public protocol CheckoutDelegate: AnyObject, Sendable {
  /// `order` was placed.
  func checkout(didPlace order: Order)
}

/// The customer at the till, whom the app keeps while they are served.
public final class CustomerSession: Sendable {
  /// Their name, for the receipt.
  public let customer: String

  /// The session of `customer`.
  public init(customer: String) {
    self.customer = customer
  }
}

/// The till's cash drawer.
public struct CashRegister: Sendable {
  let drawer: String
}

/// The checkout: places the order, tells the delegate, and says when it will be ready.
public final class CheckoutScreen: OrdersInjectable {
  @Injected var orders: OrderService
  @Injected var store: Store
  @Injected var schedule: BakeSchedule
  @InjectedWeakly var delegate: CheckoutDelegate?
  @InjectedWeakly var session: CustomerSession?
  // The drawer opens with the screen: resolved at once, from Orders' own container.
  @Injected(.resolvingOnInit(from: OrdersModule.container)) var till: CashRegister

  /// A checkout; its services, except the drawer, are resolved when it first uses them.
  public init() {}

  /// Places an order of `items`.
  public func checkOut(_ items: [String]) -> Order {
    let order = orders.place(items)
    store.add(order)
    delegate?.checkout(didPlace: order)
    return order
  }

  /// Who ordered, and when the first item will be ready.
  public func status(of order: Order) -> String {
    let customer = session?.customer ?? "guest"
    return "\(customer) at the \(till.drawer) drawer, order \(store.count) of the day: "
      + schedule.nextBatch(of: order.items[0])
  }
}
