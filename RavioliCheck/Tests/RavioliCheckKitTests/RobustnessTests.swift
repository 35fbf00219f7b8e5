import Foundation
import Testing

@testable import RavioliCheckKit

/// Inputs that must give a clear finding or none, never a crash or a hang.
@Suite struct RobustnessTests {
  @Test func aFolderWithoutSwiftFilesIsAWarningAtIt() throws {
    let (folder, report) = try Paths.withScratchFolder { folder in
      try Paths.write("# Notes\n", to: "README.md", in: folder)
      try Paths.write("let a = 1\n", to: "Tests/ATests.swift", in: folder)
      return (folder, RavioliCheck.run(paths: [folder]))
    }
    #expect(report.files == 0)
    #expect(report.errorCount == 0)
    #expect(
      report.findings.map(\.compilerFormat) == [
        "\(folder):1:1: warning: has no Swift file to check (hidden folders, `.build*`, package "
          + "manifests and, without --include-tests, folders of tests are skipped)"
      ])
    #expect(report.summary.hasPrefix("ravioli-check: 0 errors, 1 warning in 0 files"))
  }

  @Test func aPathThatIsNotASwiftFileIsAWarningAtIt() throws {
    let (path, report) = try Paths.withScratchFolder { folder in
      try Paths.write("# Notes\n", to: "README.md", in: folder)
      try Paths.write("import Ravioli\nlet app = Container()\n", to: "App.swift", in: folder)
      return (folder + "/README.md", RavioliCheck.run(paths: [folder + "/README.md", folder]))
    }
    #expect(report.files == 1)
    #expect(
      report.findings.map(\.compilerFormat) == [
        "\(path):1:1: warning: is not a Swift file; nothing in it is checked"
      ])
  }

  @Test func aPathThatDoesNotExistIsAnError() {
    let report = RavioliCheck.run(paths: ["/no/such/place"])
    #expect(
      report.findings.map(\.compilerFormat) == ["/no/such/place:1:1: error: no such file or folder"]
    )
  }

  @Test func aFileThatDoesNotParseIsAWarningAndTheRestIsStillRead() throws {
    let lines = try Paths.withScratchFolder { folder in
      try Paths.write(
        """
        import Ravioli
        final class Screen {
          @Injected var greeter: Greeter
          func broken( {
        }
        """, to: "Broken.swift", in: folder)
      return RavioliCheck.run(paths: [folder]).findings.map {
        $0.compilerFormat.replacingOccurrences(of: folder + "/", with: "")
      }
    }
    #expect(lines.count == 2)
    #expect(
      lines.contains {
        $0.hasPrefix("Broken.swift:4:")
          && $0.contains(
            "warning: does not parse as Swift; what ravioli-check read of this file may be incomplete"
          )
      })
    #expect(
      lines.contains {
        $0.hasPrefix("Broken.swift:3:3: error: `Screen.greeter` (@Injected) needs `Greeter`")
      })
  }

  @Test func aFileThatIsNotUTF8IsAWarning() throws {
    let lines = try Paths.withScratchFolder { folder in
      let bytes: [UInt8] =
        Array("import Ravioli\nlet s = \"".utf8) + [0xFF, 0xFE, 0x80] + Array("\"\n".utf8)
      _ = FileManager.default.createFile(atPath: folder + "/Latin.swift", contents: Data(bytes))
      return RavioliCheck.run(paths: [folder]).findings.map {
        $0.compilerFormat.replacingOccurrences(of: folder + "/", with: "")
      }
    }
    #expect(
      lines == ["Latin.swift:1:1: warning: is not UTF-8 text, as Swift source must be; not checked"]
    )
  }

  @Test func aFileOfFiveThousandLinesIsRead() throws {
    let report = try Paths.withScratchFolder { folder in
      var text = "import Ravioli\nlet big = Container(name: \"big\") { c in\n"
      for index in 0..<2_500 {
        text += "  c.register { () -> Service\(index) in Service\(index)() }\n"
      }
      text += "}\nContainer.lookupPolicy = .singleton(big)\nfinal class Screen {\n"
      for index in 0..<2_494 {
        text += "  @Injected var service\(index): Service\(index)\n"
      }
      text += "  @Injected var missing: Missing\n}\n"
      try Paths.write(text, to: "Big.swift", in: folder)
      #expect(text.split(separator: "\n").count == 5_001)
      return RavioliCheck.run(paths: [folder])
    }
    #expect(report.registrations == 2_500)
    #expect(report.injections == 2_495)
    #expect(report.findings.count == 1)
    #expect(report.findings.first?.line == 5_000)
  }

  @Test func aSymbolicLinkLoopIsNotFollowedAndIsNotedOnce() throws {
    let (folder, report) = try Paths.withScratchFolder { folder in
      try Paths.write("import Ravioli\nlet app = Container()\n", to: "App/App.swift", in: folder)
      try FileManager.default.createSymbolicLink(
        atPath: folder + "/App/Loop", withDestinationPath: folder + "/App")
      try FileManager.default.createSymbolicLink(
        atPath: folder + "/App/Itself", withDestinationPath: folder + "/App/Itself")
      return (folder, RavioliCheck.run(paths: [folder]))
    }
    #expect(report.files == 1)
    // Noted once, at the first link in the folder's order.
    #expect(
      report.findings.map(\.compilerFormat) == [
        "\(folder)/App/Itself:1:1: warning: is a symbolic link to a folder, or one that leads "
          + "nowhere, and is not followed (nor are 1 more such links): a link could lead back up "
          + "the tree. Give the folder it leads to, to check it"
      ])
  }

  @Test func theSameFileGivenTwiceIsReadOnce() throws {
    let report = try Paths.withScratchFolder { folder in
      try Paths.write("import Ravioli\nlet app = Container()\n", to: "App.swift", in: folder)
      return RavioliCheck.run(paths: [folder, folder + "/App.swift", folder + "/./App.swift"])
    }
    #expect(report.files == 1)
    #expect(report.containers == 1)
  }

  @Test func deeplyNestedExpressionsAreReadWithoutRunningOutOfStack() throws {
    let report = try Paths.withScratchFolder { folder in
      let chain = String(repeating: ".next()", count: 10_000)
      let nested = String(repeating: "(", count: 2_000) + "1" + String(repeating: ")", count: 2_000)
      try Paths.write(
        "import Ravioli\nlet a = start()\(chain)\nlet b = \(nested)\n", to: "Deep.swift",
        in: folder)
      return RavioliCheck.run(paths: [folder])
    }
    #expect(report.files == 1)
    #expect(report.errorCount == 0)
  }

  /// swift-syntax's parser takes time exponential in the nesting of square brackets (a file
  /// of twenty took minutes): such a file is skipped with a warning at the bracket, the
  /// others read.
  @Test func squareBracketsNestedTooDeepSkipTheFileWithAWarning() throws {
    let (folder, report) = try Paths.withScratchFolder { folder in
      let deep = String(repeating: "[", count: 40) + "1" + String(repeating: "]", count: 40)
      try Paths.write("let ok = [[1]]\nlet table = \(deep)\n", to: "Deep.swift", in: folder)
      try Paths.write(
        "import Ravioli\nfinal class Screen {\n  @Injected var clock: Clock\n}\n",
        to: "Screen.swift", in: folder)
      return (folder, RavioliCheck.run(paths: [folder]))
    }
    #expect(report.files == 2)
    let lines = report.findings.map(\.compilerFormat)
    #expect(lines.count == 2)
    #expect(
      lines.first
        == "\(folder)/Deep.swift:2:25: warning: square brackets nest more than 12 deep here, "
        + "which the Swift parser would take minutes or hours to read; this file is not checked")
    #expect(lines.last?.hasPrefix("\(folder)/Screen.swift:3:3: error: `Screen.clock`") == true)
  }

  @Test func bracketsInCommentsAndStringsDoNotCount() {
    let many = String(repeating: "[", count: 30)
    let text = """
      // \(many)
      /* \(many) /* nested */ \(many) */
      let a = "\(many)\\"\(many)"
      let b = #"\(many)"\(many)"#
      let c = \"""
        \(many)
        \"""
      let d: [[[Int]]] = []
      """
    #expect(BracketNesting.tooDeep(text) == nil)
    #expect(BracketNesting.tooDeep(text + "\nlet e = \(many)") ?? (0, 0) == (9, 21))
  }

  @Test func aPackageManifestIsNotTheAppsSource() throws {
    let report = try Paths.withScratchFolder { folder in
      try Paths.write(
        "import PackageDescription\nlet package = Package(name: \"App\")\n",
        to: "Package.swift", in: folder)
      try Paths.write(
        "import Ravioli\nlet app = Container()\n", to: "Sources/App/App.swift", in: folder)
      return RavioliCheck.run(paths: [folder])
    }
    #expect(report.files == 1)
  }
}
