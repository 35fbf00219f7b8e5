import Foundation
import RavioliCheckKit
import Testing

/// The `ravioli-check` command: its output, its exit status, its options.
@Suite struct CommandLineTests {
  /// The built tool, beside the test bundle.
  static let tool: String? = {
    var folders = [URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()]
    folders += Bundle.allBundles.filter { $0.bundlePath.hasSuffix(".xctest") }
      .map { $0.bundleURL.deletingLastPathComponent() }
    return folders.map { $0.appendingPathComponent("ravioli-check").path }
      .first { FileManager.default.isExecutableFile(atPath: $0) }
  }()

  /// Runs the tool in `folder`; its standard output, standard error and exit status.
  func run(_ arguments: [String], in folder: String) throws -> (
    out: String, error: String, status: Int32
  ) {
    let tool = try #require(Self.tool, "ravioli-check is built beside the tests")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: tool)
    process.arguments = arguments
    process.currentDirectoryURL = URL(fileURLWithPath: folder)
    let out = Pipe()
    let error = Pipe()
    process.standardOutput = out
    process.standardError = error
    try process.run()
    let output = out.fileHandleForReading.readDataToEndOfFile()
    let errors = error.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (
      String(decoding: output, as: UTF8.self), String(decoding: errors, as: UTF8.self),
      process.terminationStatus
    )
  }

  @Test func printsFindingsInTheCompilersFormatAndExitsOneOnAnError() throws {
    let result = try run(["Seeded"], in: Paths.fixtures)
    #expect(result.status == 1)
    let lines = result.out.split(separator: "\n")
    #expect(lines.count == 10)
    #expect(lines.first?.hasPrefix("Seeded/App/main.swift:5:3: warning: ") == true)
    #expect(
      lines.last
        == "ravioli-check: 7 errors, 2 warnings in 4 files (7 injections, 9 registrations, 4 containers)"
    )
  }

  @Test func exitsZeroWhenThereIsNoError() throws {
    let result = try run(["Clean"], in: Paths.fixtures)
    #expect(result.status == 0)
    #expect(
      result.out
        == "ravioli-check: 0 errors, 0 warnings in 3 files (11 injections, 8 registrations, 3 containers)\n"
    )
  }

  @Test func printsJSONWhenAsked() throws {
    let result = try run(["--format", "json", "Seeded"], in: Paths.fixtures)
    #expect(result.status == 1)
    let object = try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any]
    let findings = try #require(object?["findings"] as? [[String: Any]])
    #expect(findings.count == 9)
    #expect(findings.first?["path"] as? String == "Seeded/App/main.swift")
    #expect(findings.first?["line"] as? Int == 5)
    #expect(findings.first?["severity"] as? String == "warning")
    #expect((object?["summary"] as? [String: Int])?["errors"] == 7)
  }

  /// The structure SARIF 2.1.0 requires of a log, a run, a result and its location, and what
  /// code-scanning services read: level, message, file and line.
  /// A finding under an absolute path is a `file:` URI, not one relative to the source root.
  @Test func aSARIFLogGivesAnAbsolutePathAsAFileURI() throws {
    let report = RavioliCheck.run(paths: [Paths.fixtures + "/Seeded"])
    let log = try #require(
      try JSONSerialization.jsonObject(with: Data(report.sarif.utf8)) as? [String: Any])
    let runs = try #require(log["runs"] as? [[String: Any]])
    let results = try #require(runs.first?["results"] as? [[String: Any]])
    #expect(!results.isEmpty)
    for result in results {
      let locations = try #require(result["locations"] as? [[String: Any]])
      let physical = try #require(locations.first?["physicalLocation"] as? [String: Any])
      let artifact = try #require(physical["artifactLocation"] as? [String: Any])
      let uri = try #require(artifact["uri"] as? String)
      #expect(uri.hasPrefix("file:///") && uri.contains("/Seeded/"))
      #expect(artifact["uriBaseId"] == nil)
    }
  }

  @Test func printsSARIFWhenAsked() throws {
    let result = try run(["--format", "sarif", "Seeded"], in: Paths.fixtures)
    #expect(result.status == 1)
    let log = try #require(
      try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any])
    #expect(log["version"] as? String == "2.1.0")
    #expect(log["$schema"] as? String == "https://json.schemastore.org/sarif-2.1.0.json")
    let runs = try #require(log["runs"] as? [[String: Any]])
    #expect(runs.count == 1)
    let run = try #require(runs.first)
    let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
    #expect(driver["name"] as? String == "ravioli-check")
    let rules = try #require(driver["rules"] as? [[String: Any]])
    let ruleIDs = Set(rules.compactMap { $0["id"] as? String })
    let results = try #require(run["results"] as? [[String: Any]])
    #expect(results.count == 9)
    #expect(results.filter { $0["level"] as? String == "error" }.count == 7)
    for result in results {
      #expect(["error", "warning"].contains(result["level"] as? String))
      #expect(ruleIDs.contains(result["ruleId"] as? String ?? ""))
      let message = (result["message"] as? [String: Any])?["text"] as? String
      #expect(message?.isEmpty == false)
      let locations = try #require(result["locations"] as? [[String: Any]])
      let physical = try #require(locations.first?["physicalLocation"] as? [String: Any])
      let artifact = try #require(physical["artifactLocation"] as? [String: Any])
      #expect((artifact["uri"] as? String)?.hasPrefix("Seeded/") == true)
      #expect(artifact["uriBaseId"] as? String == "%SRCROOT%")
      let region = try #require(physical["region"] as? [String: Any])
      #expect((region["startLine"] as? Int ?? 0) >= 1)
      #expect((region["startColumn"] as? Int ?? 0) >= 1)
    }
    let first = try #require(results.first?["locations"] as? [[String: Any]])
    let firstRegion = (first.first?["physicalLocation"] as? [String: Any])?["region"]
    #expect((firstRegion as? [String: Any])?["startLine"] as? Int == 5)
  }

  @Test func writesTheBuildPluginsStampOnlyWhenNothingFails() throws {
    try Paths.withScratchFolder { folder in
      let clean = folder + "/clean.swift"
      let passed = try run(["--write-stamp", clean, Paths.fixtures + "/Clean"], in: folder)
      #expect(passed.status == 0)
      #expect(FileManager.default.fileExists(atPath: clean))
      let failing = folder + "/failing.swift"
      let failed = try run(["--write-stamp", failing, Paths.fixtures + "/Seeded"], in: folder)
      #expect(failed.status == 1)
      #expect(!FileManager.default.fileExists(atPath: failing))
      // Not written again when it is there, so that the build does not compile it again.
      let before = try FileManager.default.attributesOfItem(atPath: clean)[.modificationDate]
      Thread.sleep(forTimeInterval: 1.1)
      #expect(try run(["--write-stamp", clean, Paths.fixtures + "/Clean"], in: folder).status == 0)
      let after = try FileManager.default.attributesOfItem(atPath: clean)[.modificationDate]
      #expect(before as? Date == after as? Date)
    }
  }

  @Test func reportingOnlyUnderAFolderTakesARelativePath() throws {
    let screen = "import Ravioli\nfinal class Screen {\n  @Injected var greeter: Greeter\n}\n"
    let result = try Paths.withScratchFolder { folder in
      try Paths.write(screen, to: "Sources/App/Screen.swift", in: folder)
      try Paths.write(screen, to: "Sources/Other/Screen.swift", in: folder)
      return try run(["--report-only-under", "Sources/App/", "./Sources"], in: folder)
    }
    let lines = result.out.split(separator: "\n")
    #expect(lines.count == 2)
    #expect(lines.first?.hasPrefix("./Sources/App/Screen.swift:3:3: error:") == true)
  }

  @Test func quietPrintsNothingWhenThereIsNothingToReport() throws {
    #expect(try run(["--quiet", "Clean"], in: Paths.fixtures).out == "")
    let seeded = try run(["--quiet", "Seeded"], in: Paths.fixtures)
    #expect(
      seeded.out.hasSuffix(
        "ravioli-check: 7 errors, 2 warnings in 4 files (7 injections, "
          + "9 registrations, 4 containers)\n"))
  }

  @Test func badArgumentsSayWhatIsWrongAndExitTwo() throws {
    let noPath = try run([], in: Paths.fixtures)
    #expect(noPath.status == 2)
    #expect(noPath.error.hasPrefix("ravioli-check: give at least one PATH\nusage: ravioli-check"))
    let badFormat = try run(["--format", "xml", "Clean"], in: Paths.fixtures)
    #expect(badFormat.status == 2)
    #expect(badFormat.error.hasPrefix("ravioli-check: --format takes text, json or sarif"))
    let unknown = try run(["--strict", "Clean"], in: Paths.fixtures)
    #expect(unknown.status == 2)
    #expect(unknown.error.hasPrefix("ravioli-check: unknown option --strict"))
    let badModule = try run(["--module", "Catalog", "Clean"], in: Paths.fixtures)
    #expect(badModule.status == 2)
    #expect(badModule.error.hasPrefix("ravioli-check: --module takes NAME=PATH"))
  }

  /// Two folders outside any `Sources` folder, each an alias `Store` of its own store: read
  /// as one module they clash (a warning); given as two modules, each is settled.
  @Test func moduleGivesTheFoldersThatAreModules() throws {
    try Paths.withScratchFolder { folder in
      for name in ["Cart", "Profile"] {
        try Paths.write(
          """
          import Ravioli
          final class \(name)Store: Sendable {}
          typealias Store = \(name)Store
          let \(name.lowercased()) = Container(name: "\(name.lowercased())")
          func register\(name)() {
            \(name.lowercased()).register { () -> \(name)Store in \(name)Store() }
            Container.lookupPolicy = .singleton(\(name.lowercased()))
          }
          final class \(name)Screen {
            @Injected var store: Store
          }
          """, to: "Modules/\(name)/\(name).swift", in: folder)
      }
      let asOne = try run(["Modules"], in: folder)
      #expect(asOne.out.contains("warning: `CartScreen.store` (@Injected) needs `Store`"))
      let asTwo = try run(
        ["--module", "Cart=Modules/Cart", "--module", "Profile=Modules/Profile", "Modules"],
        in: folder)
      #expect(asTwo.status == 0)
      #expect(asTwo.out.hasPrefix("ravioli-check: 0 errors, 0 warnings"))
    }
  }
}
