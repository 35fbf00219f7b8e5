import Foundation
import Testing

@testable import RavioliCheckKit

/// Inputs that must give a clear finding or none, never a crash or a hang.
@Suite struct RobustnessTests {
  @Test func anEmptyFolderHasNothingToReport() throws {
    let report = try Paths.withScratchFolder { RavioliCheck.run(paths: [$0]) }
    #expect(report.findings == [])
    #expect(report.files == 0)
    #expect(report.summary.hasPrefix("ravioli-check: 0 errors, 0 warnings in 0 files"))
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

  @Test func aSymbolicLinkLoopIsNotFollowed() throws {
    let report = try Paths.withScratchFolder { folder in
      try Paths.write("import Ravioli\nlet app = Container()\n", to: "App/App.swift", in: folder)
      try FileManager.default.createSymbolicLink(
        atPath: folder + "/App/Loop", withDestinationPath: folder + "/App")
      try FileManager.default.createSymbolicLink(
        atPath: folder + "/App/Itself", withDestinationPath: folder + "/App/Itself")
      return RavioliCheck.run(paths: [folder])
    }
    #expect(report.files == 1)
    #expect(report.findings == [])
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
