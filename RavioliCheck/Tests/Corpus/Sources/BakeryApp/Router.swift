import Catalog
import Orders

/// Takes the cashier where they asked to go: the app's delegate for the product list and
/// the checkout.
final class Router: ProductListDelegate, CheckoutDelegate {
  func productList(didSelect product: Product) {
    print("Opening \(product.name)")
  }

  func checkout(didPlace order: Order) {
    print("Placed order #\(order.number)")
  }
}
