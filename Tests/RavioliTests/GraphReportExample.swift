import Ravioli

// The article "Validating the graph" quotes the report of this graph with its file and lines
// (`GraphExamplesTests.theArticleShowsTheReportOfItsExample` checks it): edit this file
// together with the article.

// The article's example report: a graph with a missing dependency, a captive one and an
// opaque registration.
private protocol PaymentGateway: Sendable {}
private final class OrderService: Sendable { init(gateway: any PaymentGateway) {} }
private final class Cart: Sendable { init() {} }
private final class Session: Sendable { init(cart: Cart) {} }

func exampleWithProblems() -> Container {
  let networking = Container(name: "networking") { networking in
    networking.register { () -> Clock in SystemClock() }
  }
  return Container(parent: networking, name: "app") { app in
    app.autoregister(initializer: OrderService.init)
    app.register(scope: .cached, needs: []) { Cart() }
    app.autoregister(scope: .singleton, initializer: Session.init)
  }
}
