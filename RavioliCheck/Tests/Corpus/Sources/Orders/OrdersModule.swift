import Catalog
import Ravioli

/// The Orders module: orders, the checkout and the kitchen's schedule.
public enum OrdersModule {
  /// What Orders' types resolve from: its own registrations, then Catalog's, Networking's
  /// and Core's.
  public static let container = Container(parents: [CatalogModule.container], name: "orders") {
    container in
    container.registerOrders()
  }
}

/// Types of Orders that conform resolve from ``OrdersModule/container`` under the
/// `.enclosingType(default:)` policy.
public protocol OrdersInjectable: Containerable {}

extension OrdersInjectable {
  public var container: Container! { OrdersModule.container }
}
