import Ravioli

// Checking an object's injected properties with the graph, as the article "Checking injected
// properties" shows it: nothing is resolved.

/// Writes reports somewhere.
protocol ReportExporter: Sendable {
  func export(_ report: String)
}

/// A screen with a property that nothing registers.
final class ReportScreen {
  @Injected var greeter: Greeter
  @Injected var analytics: Analytics
  @Injected var exporter: ReportExporter
}

func validating() {
  let reports = Container(name: "reports")
  reports.register(needs: []) { () -> Greeter in EnglishGreeter() }
  reports.register(needs: []) { () -> Analytics in Analytics() }
  Container.lookupPolicy = .singleton(reports)

  print("The report below finds, on purpose, a property that nothing registers:")
  // example: checking-injected-properties-1
  for site in Container.injectionSites(of: ReportScreen()) {
    print(site)
  }
  do {
    try reports.validate(including: [ReportScreen()])
  } catch {
    print(error)
  }
  // example end: checking-injected-properties-1
}
