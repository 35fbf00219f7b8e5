import Catalog
import Core
import Foundation
import Ravioli

// The back office: the catalog priced in dollars, the pantry, and the day's sales, under a
// lookup policy of its own (`AdminLookup`).

let admin = Container(parents: [CatalogModule.container], name: "admin") { admin in
  admin.register(needs: []) { () -> any CurrencyFormatter in SymbolFormatter(symbol: "$") }
  // The back office shows the product list, but nothing happens when a product is picked.
  admin.register(needs: []) { () -> ProductListDelegate? in nil }
  admin.register(scope: .singleton, needs: []) { () -> Repository<Ingredient> in
    Repository(items: [
      Ingredient(name: "Flour", grams: 25_000), Ingredient(name: "Butter", grams: 8_000),
    ])
  }
}
let reports = Container(parents: [admin], name: "reports") { reports in
  reports.autoregister(scope: .singleton) { (catalog: ProductService, clock: Clock) in
    SalesLedger(catalog: catalog, clock: clock)
  }
}
Container.lookupPolicy = AdminLookup(admin: admin, reports: reports)

// Every object with injected properties that the back office uses, checked before any is read.
let inventory = InventoryScreen()
let sales = SalesReportScreen()
let list = ProductListScreen()
let tag = PriceTag()
let products = ListModel<Product>()
let pantry = ListModel<Ingredient>()
do {
  try reports.validate(including: [inventory, sales, list, tag, products, pantry])
} catch {
  print(error)
  exit(1)
}
print("ok")

for line in inventory.lines() {
  print(line)
}
print(list.rows().joined(separator: " | "))
list.select(row: 0)
print(tag.label(for: Product(name: "Baguette", price: Money(cents: 220), grams: 250)))
print("Catalog: \(products.titles.joined(separator: ", "))")
print("Pantry: \(pantry.titles.joined(separator: ", "))")
print(sales.text())
