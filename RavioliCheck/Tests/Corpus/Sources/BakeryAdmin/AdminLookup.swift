import Ravioli

/// The back office's lookup policy: the sales report resolves from the reports' container,
/// which holds the ledger; every other object, from the admin's.
struct AdminLookup: ContainerLookupPolicy {
  let admin: Container
  let reports: Container

  func container<EnclosingType>(
    for instance: EnclosingType, file: StaticString, function: String, line: UInt
  ) -> Container? {
    instance is SalesReportScreen ? reports : admin
  }
}
