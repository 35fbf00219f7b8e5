import Foundation
import Testing

@testable import RavioliCheckKit

/// A fixture with a problem of each kind: each is found, once, at its line, with its message.
@Suite struct SeededProblemsTests {
  let report = RavioliCheck.run(paths: [Paths.fixtures + "/Seeded"])

  /// The findings with the fixtures' folder left out of the paths they name.
  var lines: [String] {
    report.findings.map {
      $0.compilerFormat.replacingOccurrences(of: Paths.fixtures + "/", with: "")
    }
  }

  @Test func aPropertyWhoseTypeNoSearchedContainerRegistersIsAnError() {
    #expect(
      lines.contains(
        "Seeded/Feed/Feed.swift:21:3: error: `FeedViewModel.analytics` (@Injected) needs "
          + "`Analytics`, which is not registered in any container it resolves from (searched "
          + "\"feed\", \"networking\"). Register it in \"feed\", or correct the type or "
          + "alternative of `FeedViewModel.analytics`."))
  }

  @Test func aTypeRegisteredInAContainerThatIsNotSearchedIsNamed() {
    #expect(
      lines.contains(
        "Seeded/Feed/Feed.swift:23:3: error: `FeedViewModel.profile` (@Injected) needs "
          + "`ProfileStore`, which is not registered in any container it resolves from (searched "
          + "\"feed\", \"networking\"). It is registered in \"app\" (Seeded/App/main.swift:4), "
          + "which \"feed\" does not search: register it in \"feed\" or in a container that "
          + "\"feed\" searches, or correct the type or alternative of `FeedViewModel.profile`."
      ))
  }

  @Test func anAlternativeThatNothingRegistersIsAnError() {
    #expect(
      lines.contains(
        "Seeded/Feed/Feed.swift:22:3: error: `FeedViewModel.sorter` (@Injected) asks for "
          + "alternative \"recnt\", which no registration in the checked sources uses "
          + "(registered alternatives: \"recent\"). Register `FeedSorter (alternative "
          + "\"recnt\")`, or correct the alternative."))
  }

  @Test func aMissingNeedOfAnAutoregisteredClosureIsFoundAtItsParameter() {
    #expect(
      lines.contains(
        "Seeded/Feed/Feed.swift:5:61: error: `FeedService`, registered at "
          + "Seeded/Feed/Feed.swift:5, needs `FeedCache`, which is not "
          + "registered in any container it resolves from (searched \"feed\", \"networking\"). "
          + "Register it in \"feed\", or correct what `FeedService` declares that it needs."))
  }

  @Test func aDefaultArgumentIsCheckedAgainstItsContainer() {
    #expect(
      lines.contains(
        "Seeded/App/main.swift:11:12: error: `injected()` for parameter `formatter` of `price()` "
          + "needs `PriceFormatter`, which is not registered in any container it resolves from "
          + "(searched \"feed\", \"networking\"). Register it in \"feed\", or correct the type or "
          + "alternative of parameter `formatter`."))
  }

  @Test func cyclesAmongNeedsAndInitializersAreFoundWithTheirPath() {
    let cycles = "Seeded/Cycles/Cycles.swift"
    #expect(
      lines.contains(
        "Seeded/Cycles/Cycles.swift:4:3: error: dependency cycle: `Chicken` -> `Egg` -> "
          + "`Chicken` (registered: `Chicken` at \(cycles):4; `Egg` at \(cycles):5). Break it: "
          + "make one of them take what it needs later (resolve it when it is first used), or "
          + "remove a need."))
    #expect(
      lines.contains(
        "Seeded/Cycles/Cycles.swift:6:3: error: dependency cycle: `Nest` -> `Nest` (registered: "
          + "`Nest` at \(cycles):6). Break it: make one of them take what it needs later "
          + "(resolve it when it is first used), or remove a need."))
  }

  @Test func aRegistrationWhoseTypeCannotBeToldIsAWarningAndSoftensWhatItMayAnswer() {
    #expect(
      lines.contains(
        "Seeded/App/main.swift:5:3: warning: cannot tell which type this registers: write the "
          + "resolver as a closure with its return type (`{ () -> Service in ... }`). Until "
          + "then, what its container may lack is reported as warnings, not errors "
          + "(`// ravioli-check: ignore` at the end of the line silences this warning, not "
          + "those)."))
    #expect(
      lines.contains(
        "Seeded/App/main.swift:9:13: warning: parameter `theme` of `render()` (@Injected) needs "
          + "`Theme`, which is not registered in the checked sources. Register it, or correct "
          + "the type or alternative of parameter `theme`. (A warning, not an error: the "
          + "registration at Seeded/App/main.swift:5 may register it, but "
          + "ravioli-check cannot tell its type.)"))
  }

  @Test func nothingElseIsFoundAndTheIgnoredLineGivesNothing() {
    #expect(lines.count == 9)
    #expect(!lines.contains { $0.contains("Feed.swift:25:") })
    #expect(
      report.summary
        == "ravioli-check: 7 errors, 2 warnings in 4 files (7 injections, 9 registrations, 4 "
        + "containers)")
  }

  @Test func findingsAreSortedByPathAndLine() {
    let places = report.findings.map { "\($0.path):\(String(format: "%05d", $0.line))" }
    #expect(places == places.sorted())
  }

  @Test func jsonHoldsTheSameFindingsAndCounts() throws {
    struct Decoded: Decodable {
      let findings: [Finding]
      let summary: [String: Int]
    }
    let decoded = try JSONDecoder().decode(Decoded.self, from: Data(report.json.utf8))
    #expect(decoded.findings == report.findings)
    #expect(decoded.summary["errors"] == 7)
    #expect(decoded.summary["warnings"] == 2)
    #expect(decoded.summary["files"] == 4)
  }
}

/// A fixture with nothing wrong, written in every form the checker reads.
@Suite struct CleanFixtureTests {
  @Test func findsNothing() {
    let report = RavioliCheck.run(paths: [Paths.fixtures + "/Clean"])
    #expect(report.findings == [])
    #expect(report.injections == 11)
    #expect(report.registrations == 8)
  }
}
