import Catalog
import Core
import Ravioli

/// The day's sales, as the back office reads them.
struct SalesLedger: Sendable {
  let catalog: ProductService
  let clock: Clock

  /// What the day looks like so far.
  func summary() -> String {
    "\(catalog.products().count) products on sale, \(clock.minutesOpen) minutes after opening"
  }
}

/// The day's sales report. It resolves from the reports' container (see `AdminLookup`).
final class SalesReportScreen {
  @Injected var ledger: SalesLedger
  @Injected var log: EventLog

  /// What the report says.
  func text() -> String {
    "\(ledger.summary()); \(log.events.count) events logged"
  }
}
