import Foundation
import Testing

@testable import RavioliCheckKit

/// The repository's Shop sample: four modules, each with its container.
@Suite struct SamplesShopTests {
  let shop = Paths.repository + "/Samples/Shop"

  @Test func isClean() {
    let report = RavioliCheck.run(paths: [shop])
    #expect(report.findings == [])
    #expect(report.injections == 6)
    #expect(report.containers == 4)
  }

  @Test func isCleanWithItsTestsToo() {
    #expect(RavioliCheck.run(paths: [shop], options: .init(includingTests: true)).findings == [])
  }

  @Test func withoutTheHTTPClientItsTwoProductServicesAreErrors() throws {
    let (lines, report) = try Paths.withScratchFolder { folder in
      let copy = folder + "/Shop"
      try FileManager.default.copyItem(atPath: shop, toPath: copy)
      let networking = copy + "/Networking/Networking.swift"
      let text = try String(contentsOfFile: networking, encoding: .utf8)
      let without = text.split(separator: "\n", omittingEmptySubsequences: false)
        .filter { !$0.contains("() -> HTTPClient in CannedHTTPClient()") }
      #expect(
        without.count == text.split(separator: "\n", omittingEmptySubsequences: false).count - 1)
      try without.joined(separator: "\n").write(
        toFile: networking, atomically: true, encoding: .utf8)
      let report = RavioliCheck.run(paths: [copy])
      return (
        report.findings.map { $0.compilerFormat.replacingOccurrences(of: folder + "/", with: "") },
        report
      )
    }
    // The article "Checking at build time" shows this output: it must be what the tool prints.
    let article = try String(
      contentsOfFile: Paths.repository + "/Sources/Ravioli/Ravioli.docc/CheckingAtBuildTime.md",
      encoding: .utf8)
    let shown = try #require(
      article.components(
        separatedBy: "`ravioli-check Shop` prints (and exits with 1):\n\n```text\n"
      )
      .dropFirst().first?.components(separatedBy: "\n```").first)
    #expect(lines.count == 2)
    #expect(shown == (lines + [report.summary]).joined(separator: "\n"))
  }
}
