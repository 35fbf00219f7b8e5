import Catalog
import Foundation
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

// example: lookup-policies-and-modules-6
let router = Router()
let app = Container(parents: [CatalogModule.container], name: "app") { app in
  app.register(needs: []) { () -> PriceFormatter in PriceFormatter(symbol: "€") }
}
// The list's delegate is the app's router, which the app keeps alive.
CatalogModule.container.register(needs: []) { () -> ProductListDelegate in router }
Container.lookupPolicy = .enclosingType(default: app)
// example end: lookup-policies-and-modules-6

// `swift run Shop --graph` prints the graph that the registrations declare, in Mermaid.
if CommandLine.arguments.contains("--graph") {
  print(app.graph.mermaid, terminator: "")
  exit(0)
}

// In debug builds, before anything is resolved, check the whole graph (the app's
// registrations and every module's under it) and the properties of each view model, and stop
// with the report if it is wrong.
#if DEBUG
  // example: validating-the-graph-1
  do {
    try app.validate(including: [ProductListViewModel()])
  } catch {
    print(error)
    exit(1)
  }
// example end: validating-the-graph-1
#endif

let list = ProductListViewModel()
for row in try list.rows() {
  print(row)
}
list.select(row: 0)

// A function of another module, with its injected parameter resolved, or given.
// example: function-parameter-injection-4
let pesto = Product(name: "Pesto", price: 3.25)
print(priceLabel(for: pesto))
print(priceLabel(for: pesto, formatter: try CatalogModule.container.resolve(alternative: .dollars)))
print(priceLabel(for: pesto, formatter: PriceFormatter(symbol: "CHF ")))
// example end: function-parameter-injection-4

let events: KeyValueStore = try StorageModule.container.resolve()
print(events.value(for: "events") ?? "")
