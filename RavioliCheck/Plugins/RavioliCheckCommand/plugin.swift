import Foundation
import PackagePlugin

/// `swift package ravioli-check`: runs ravioli-check on every Swift target of the package
/// (test targets too with `--include-tests`; only some with `--target NAME`, repeated).
/// `--format json` prints JSON. It fails when ravioli-check finds an error.
@main
struct RavioliCheckCommand: CommandPlugin {
  func performCommand(context: PluginContext, arguments: [String]) async throws {
    var extractor = ArgumentExtractor(arguments)
    let includingTests = extractor.extractFlag(named: "include-tests") > 0
    let chosen = extractor.extractOption(named: "target")
    let format = extractor.extractOption(named: "format").last
    let targets = context.package.targets.compactMap { $0 as? SwiftSourceModuleTarget }
      .filter { target in
        if case .test = target.kind, !includingTests { return false }
        return chosen.isEmpty || chosen.contains(target.name)
      }
    guard !targets.isEmpty else {
      Diagnostics.error("ravioli-check: no Swift target to check")
      return
    }
    var toolArguments = format.map { ["--format", $0] } ?? []
    if includingTests {
      toolArguments.append("--include-tests")
    }
    toolArguments += targets.map(\.directoryURL.path)
    let process = Process()
    process.executableURL = try context.tool(named: "ravioli-check").url
    process.arguments = toolArguments
    try process.run()
    process.waitUntilExit()
    if process.terminationStatus != 0 {
      // The tool prints each finding at its file and line; SwiftPM may show this line first.
      Diagnostics.error("ravioli-check found errors in the checked targets")
    }
  }
}
