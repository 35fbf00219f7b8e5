import Foundation
import Testing

@testable import RavioliCheckKit

/// The build-tool plugin's commands, one for each target, share one check: the first leaves
/// its report, and the others read it while the tool, options and sources are the same.
@Suite struct SharedReportTests {
  private let screen = """
    import Ravioli
    final class Screen {
      @Injected var greeter: Greeter
    }
    """

  @Test func aRunWithTheSameSourcesReadsTheReportAndAChangeChecksAgain() throws {
    try Paths.withScratchFolder { folder in
      let sources = folder + "/Sources"
      let shared = folder + "/Shared"
      try FileManager.default.createDirectory(atPath: shared, withIntermediateDirectories: true)
      try Paths.write(screen, to: "Sources/A/Screen.swift", in: folder)
      try Paths.write("import Ravioli\n", to: "Sources/B/Empty.swift", in: folder)
      func run(reportingOnlyUnder folders: [String]) -> [String] {
        RavioliCheck.run(
          paths: [sources],
          options: .init(reportingOnlyUnder: folders, sharingReportIn: shared)
        ).findings.map { "\($0.path.replacingOccurrences(of: folder + "/", with: "")):\($0.line)" }
      }
      #expect(run(reportingOnlyUnder: [sources + "/A"]) == ["Sources/A/Screen.swift:3"])
      let kept = try #require(
        try FileManager.default.contentsOfDirectory(atPath: shared).first { $0.hasSuffix(".json") })
      // A report that this run's check would not make: read, it shows that the run read it.
      let stored = shared + "/" + kept
      let text = try String(contentsOfFile: stored, encoding: .utf8)
      #expect(text.contains("\"line\":3"))
      try text.replacingOccurrences(of: "\"line\":3", with: "\"line\":99").write(
        toFile: stored, atomically: true, encoding: .utf8)
      #expect(run(reportingOnlyUnder: [sources + "/B"]) == [])
      #expect(run(reportingOnlyUnder: [sources + "/A"]) == ["Sources/A/Screen.swift:99"])
      // A changed source: checked again.
      try Paths.write(screen + "\n", to: "Sources/A/Screen.swift", in: folder)
      #expect(run(reportingOnlyUnder: [sources + "/A"]) == ["Sources/A/Screen.swift:3"])
      // Other options: a report of their own.
      let withTests = RavioliCheck.run(
        paths: [sources], options: .init(includingTests: true, sharingReportIn: shared))
      #expect(withTests.findings.map(\.line) == [3])
      #expect(
        try FileManager.default.contentsOfDirectory(atPath: shared).filter {
          $0.hasSuffix(".json")
        }.count == 2)
    }
  }

  /// Modules of the same names in other folders: a report of their own.
  @Test func otherModuleFoldersAreCheckedAgain() throws {
    try Paths.withScratchFolder { folder in
      let shared = folder + "/Shared"
      try FileManager.default.createDirectory(atPath: shared, withIntermediateDirectories: true)
      try Paths.write(
        "final class Clock: Sendable {}\ntypealias Time = Clock\n", to: "Code/Core/Clock.swift",
        in: folder)
      let app = """
        import Ravioli
        let app = Container(name: "app") { $0.register { () -> Clock in Clock() } }
        func start() { Container.lookupPolicy = .singleton(app) }
        final class Screen {
          @Injected var time: Time
        }
        """
      try Paths.write(app, to: "Code/App/App.swift", in: folder)
      func run(core: String) -> [Int] {
        RavioliCheck.run(
          paths: [folder + "/Code"],
          options: .init(modules: [("Core", core)], sharingReportIn: shared)
        ).findings.map(\.line)
      }
      // Core's internal alias is not seen from App, then App is part of Core.
      #expect(run(core: folder + "/Code/Core") == [5])
      #expect(run(core: folder + "/Code") == [])
      #expect(
        try FileManager.default.contentsOfDirectory(atPath: shared).filter {
          $0.hasSuffix(".json")
        }.count == 2)
    }
  }
}
