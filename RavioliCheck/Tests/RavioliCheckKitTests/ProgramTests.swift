import Testing

@testable import RavioliCheckKit

/// Each program (an executable, a test module) is checked with the modules it imports and the
/// lookup policies and registrations they hold: one program's custom policy or registrations
/// say nothing about another's, and a finding in a module that several programs link names
/// the programs it fails for.
@Suite struct ProgramTests {
  private let feature = """
    import Ravioli
    public final class FeatureScreen {
      @Injected var greeter: Greeter
      public init() {}
    }
    """

  /// An executable that imports Feature, registers `registered` in its own container, and
  /// resolves everything from it.
  private func app(_ name: String, registering registered: String) -> String {
    """
    import Feature
    import Ravioli
    let \(name.lowercased()) = Container(name: "\(name.lowercased())") { container in
      container.register { () -> \(registered) in Made() }
    }
    Container.lookupPolicy = .singleton(\(name.lowercased()))
    _ = FeatureScreen()
    """
  }

  private let customPolicy = """
    import Feature
    import Ravioli
    struct Routed: ContainerLookupPolicy {
      func container<Value>(for instance: Value) -> Container? { nil }
    }
    Container.lookupPolicy = .custom(Routed())
    _ = FeatureScreen()
    """

  @Test func anotherProgramsCustomPolicyDoesNotWeakenAnError() throws {
    let lines = try findings(in: [
      "Sources/Feature/Screen.swift": feature,
      "Sources/App/main.swift": app("App", registering: "Logger"),
      "Sources/Tool/main.swift": customPolicy,
    ])
    #expect(lines.count == 1)
    #expect(lines.first?.hasPrefix("Sources/Feature/Screen.swift:3:3: error: ") == true)
    #expect(lines.first?.hasSuffix("(For the program `App`.)") == true)
  }

  @Test func aTypeRegisteredOnlyInAnotherProgramsContainerIsAnError() throws {
    let lines = try findings(in: [
      "Sources/Feature/Screen.swift": feature,
      "Sources/App/main.swift": app("App", registering: "Logger"),
      "Sources/Admin/main.swift": app("Admin", registering: "Greeter"),
    ])
    #expect(lines.count == 1)
    #expect(lines.first?.hasPrefix("Sources/Feature/Screen.swift:3:3: error: ") == true)
    #expect(lines.first?.contains("(searched \"app\"). Register it in \"app\"") == true)
    #expect(lines.first?.hasSuffix("(For the program `App`.)") == true)
  }

  @Test func eachProgramsFindingNamesIt() throws {
    let lines = try findings(in: [
      "Sources/Feature/Screen.swift": feature,
      "Sources/App/main.swift": app("App", registering: "Logger"),
      "Sources/Admin/main.swift": app("Admin", registering: "Logger"),
    ])
    #expect(lines.count == 2)
    #expect(
      lines.contains {
        $0.contains("(searched \"admin\")") && $0.hasSuffix("(For the program `Admin`.)")
      })
    #expect(
      lines.contains {
        $0.contains("(searched \"app\")") && $0.hasSuffix("(For the program `App`.)")
      })
  }

  @Test func oneFindingOfSeveralProgramsNamesThemAll() throws {
    let shared = """
      import Ravioli
      public let shared = Container(name: "shared")
      """
    let app = """
      import Feature
      import Core
      import Ravioli
      Container.lookupPolicy = .singleton(shared)
      """
    let lines = try findings(in: [
      "Sources/Feature/Screen.swift": feature,
      "Sources/Core/Shared.swift": shared,
      "Sources/App/main.swift": app,
      "Sources/Admin/main.swift": app,
    ])
    #expect(lines.count == 1)
    #expect(lines.first?.hasSuffix("(For the programs `Admin` and `App`.)") == true)
  }

  @Test func eachProgramResolvedIsClean() throws {
    let lines = try findings(in: [
      "Sources/Feature/Screen.swift": feature,
      "Sources/App/main.swift": app("App", registering: "Greeter"),
      "Sources/Admin/main.swift": app("Admin", registering: "Greeter"),
    ])
    #expect(lines == [])
  }

  @Test func aCustomPolicyWeakensItsOwnProgram() throws {
    let lines = try findings(in: [
      "Sources/Feature/Screen.swift": feature,
      "Sources/App/main.swift": app("App", registering: "Greeter"),
      "Sources/Tool/main.swift": customPolicy,
    ])
    // Tool registers nothing, and its policy may answer from a container the sources do
    // not declare.
    #expect(lines.count == 1)
    #expect(lines.first?.contains(": warning: ") == true)
    #expect(lines.first?.hasSuffix("(For the program `Tool`.)") == true)
  }

  @Test func aModuleThatOneProgramLinksNamesNone() throws {
    let lines = try findings(in: [
      "Sources/Feature/Screen.swift": feature,
      "Sources/App/main.swift": app("App", registering: "Logger"),
    ])
    #expect(lines.count == 1)
    #expect(lines.first?.contains("(For ") == false)
  }

  @Test func aModuleImportedThroughAnotherIsLinked() throws {
    let middle = """
      @_exported import Feature
      public func start() {}
      """
    let lines = try findings(in: [
      "Sources/Feature/Screen.swift": feature,
      "Sources/Middle/Middle.swift": middle,
      "Sources/App/main.swift": app("App", registering: "Greeter").replacingOccurrences(
        of: "import Feature", with: "import Middle"),
      "Sources/Admin/main.swift": app("Admin", registering: "Logger").replacingOccurrences(
        of: "import Feature", with: "import Middle"),
    ])
    #expect(lines.count == 1)
    #expect(lines.first?.hasSuffix("(For the program `Admin`.)") == true)
  }

  @Test func aModuleNoProgramLinksIsCheckedWithTheWholePackage() throws {
    let lines = try findings(in: [
      "Sources/Feature/Screen.swift": feature,
      "Sources/Registrations/Setup.swift": """
      import Ravioli
      let shared = Container(name: "shared") { $0.register { () -> Logger in Made() } }
      """,
      "Sources/App/main.swift": """
      import Ravioli
      Container.lookupPolicy = .singleton(shared)
      """,
    ])
    // App imports neither module: which program runs them the sources do not say.
    #expect(lines.count == 1)
    #expect(lines.first?.hasPrefix("Sources/Feature/Screen.swift:3:3: error: ") == true)
    #expect(lines.first?.contains("(For ") == false)
  }

  @Test func aPackageRootsTargetsAreItsModulesWhereverTheirFoldersAre() throws {
    let manifest = """
      // swift-tools-version: 6.0
      import PackageDescription

      let package = Package(
        name: "Bakery",
        targets: [
          .target(name: "Feature", path: "Modules/Feature"),
          .executableTarget(name: "App", dependencies: ["Feature"], path: "Apps/App"),
          .executableTarget(name: "Admin", dependencies: ["Feature"], path: "Apps/Admin"),
        ]
      )
      """
    let lines = try findings(in: [
      "Package.swift": manifest,
      "Modules/Feature/Screen.swift": feature,
      "Apps/App/main.swift": app("App", registering: "Greeter"),
      "Apps/Admin/main.swift": app("Admin", registering: "Logger"),
    ])
    #expect(lines.count == 1)
    #expect(lines.first?.hasPrefix("Modules/Feature/Screen.swift:3:3: error: ") == true)
    #expect(lines.first?.hasSuffix("(For the program `Admin`.)") == true)
  }

  @Test func aManifestSwiftPMCannotReadIsAWarningAndTheFoldersSayTheModules() throws {
    let lines = try findings(in: [
      "Package.swift": "let package = Package(",
      "Sources/Feature/Screen.swift": feature,
      "Sources/App/main.swift": app("App", registering: "Greeter"),
    ])
    #expect(lines.count == 1)
    #expect(
      lines.first?.hasPrefix(
        "Package.swift:1:1: warning: `swift package dump-package` could not read this manifest")
        == true)
  }

  @Test func aTypeMarkedMainStartsAProgram() throws {
    let tool = """
      import Feature
      import Ravioli
      let admin = Container(name: "admin") { $0.register { () -> Logger in Made() } }
      @main struct AdminTool {
        static func main() {
          Container.lookupPolicy = .singleton(admin)
          _ = FeatureScreen()
        }
      }
      """
    let lines = try findings(in: [
      "Sources/Feature/Screen.swift": feature,
      "Sources/App/main.swift": app("App", registering: "Greeter"),
      "Sources/Admin/AdminTool.swift": tool,
    ])
    #expect(lines.count == 1)
    #expect(lines.first?.hasSuffix("(For the program `Admin`.)") == true)
  }

  @Test func programsAreFoundByTheirEntryPoints() throws {
    let files = [
      FileFacts(path: "a", module: "App", imports: ["Feature"], isEntryPoint: true),
      FileFacts(path: "b", module: "Feature", imports: ["Core", "Foundation"]),
      FileFacts(path: "c", module: "Core"),
      FileFacts(path: "d", module: "Unused"),
      FileFacts(path: "e", module: "AppTests", imports: ["App", "Testing"]),
      FileFacts(path: "f", module: "Checks", imports: ["XCTest", "Feature"]),
      FileFacts(path: "g", module: "Specs", imports: ["Testing"]),
    ]
    let programs = Executable.all(in: files)
    #expect(
      programs == [
        Executable(name: "App", modules: ["App", "Feature", "Core"], isTests: false),
        Executable(
          name: "AppTests", modules: ["AppTests", "App", "Feature", "Core"], isTests: true),
        Executable(name: "Checks", modules: ["Checks", "Feature", "Core"], isTests: true),
        Executable(name: "Specs", modules: ["Specs"], isTests: true),
      ])
    #expect(programs[1].reportedModules == ["AppTests"])
  }
}
