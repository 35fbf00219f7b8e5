import Core
import Networking
import Ravioli

extension Container {
  /// Registers what Orders provides. `OrdersModule.container` calls it on itself; a test can
  /// call it on a container of its own.
  func registerOrders() {
    register(scope: .singleton, needs: []) { () -> Store in OrderStore() }
    autoregister(OrderService.self) { (client: HTTPClient, clock: Clock) in
      BakeryOrderService(client: client, clock: clock)
    }
    register(scope: .singleton, needs: [.on(OrderService.self)]) {
      [unowned self] () -> Repository<Order> in
      Repository(items: (try self.resolve() as OrderService).history())
    }
    autoregister(initializer: Oven.init)
    autoregister(initializer: BakeSchedule.init)
    register(needs: []) { () -> CashRegister in CashRegister(drawer: "front") }
    register(needs: []) { () -> ReceiptFormatter in ReceiptFormatter(header: "Bakery receipt") }
  }
}
