import Catalog
import Networking
import Ravioli
import Storage

// The app wires the modules together and runs one screen.

/// Takes the user where they asked to go.
final class Router: ProductListDelegate {
  func productList(didSelect product: Product) {
    print("Opening \(product.name)")
  }
}

let router = Router()
let app = Container(parents: [CatalogModule.container], name: "app") { app in
  app.register { () -> PriceFormatter in PriceFormatter(symbol: "€") }
}
// The list's delegate is the app's router, which the app keeps alive.
CatalogModule.container.register { () -> ProductListDelegate in router }
Container.lookupPolicy = .enclosingType(default: app)

let list = ProductListViewModel()
for row in try list.rows() {
  print(row)
}
list.select(row: 0)

// A function of another module, with its injected parameter resolved, or given.
let pesto = Product(name: "Pesto", price: 3.25)
print(priceLabel(for: pesto))
print(priceLabel(for: pesto, formatter: try CatalogModule.container.resolve(alternative: .dollars)))
print(priceLabel(for: pesto, formatter: PriceFormatter(symbol: "CHF ")))

let events: KeyValueStore = try StorageModule.container.resolve()
print(events.value(for: "events") ?? "")
