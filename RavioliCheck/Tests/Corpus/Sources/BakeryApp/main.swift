import Catalog
import Core
import Foundation
import Orders
import Ravioli

// The till's app. Each module's types resolve from their module's container; the app's own
// types, from `app`, which builds on every module.

let router = Router()
let session = CustomerSession(customer: "Ada")
let app = Container(parents: [OrdersModule.container, CatalogModule.container], name: "app") {
  app in
  app.register(needs: []) { () -> CurrencyFormatter in SymbolFormatter(symbol: "€") }
}
// What only the app knows: who handles the screens' events, and whom the till serves.
CatalogModule.container.register(needs: []) { () -> ProductListDelegate in router }
OrdersModule.container.register(needs: []) { () -> CheckoutDelegate in router }
OrdersModule.container.register(needs: []) { () -> CustomerSession in session }
Container.lookupPolicy = .enclosingType(default: app)

// Every object with injected properties that the app uses, checked before any is read.
let home = HomeScreen()
let list = ProductListScreen()
let cell = ProductCell(productName: "Croissant")
let detail = ProductDetailScreen(productName: "Sourdough")
let tag = PriceTag()
let checkout = CheckoutScreen()
let products = ListModel<Product>()
let pastOrders: ListModel<Order> = ListModel()
do {
  try app.validate(including: [home, list, cell, detail, tag, checkout, products, pastOrders])
} catch {
  print(error)
  exit(1)
}
print("ok")

print(home.greeting())
for row in list.rows() {
  print(row)
}
list.select(row: 0)
print("Kept lists: \(list.keptLists)")
print(cell.thumbnail)
print(detail.summary())
print(tag.label(for: Product(name: "Croissant", price: Money(cents: 180), grams: 60)))
let order = checkout.checkOut(["Baguette", "Croissant"])
print(checkout.status(of: order))
print(receipt(for: order, total: Money(cents: 400)))
print("Products: \(products.titles.joined(separator: ", "))")
print("Earlier orders: \(pastOrders.titles.joined(separator: "; "))")
