import Foundation
import PackagePlugin

/// `swift package ravioli-check`: runs ravioli-check on every Swift target of the package
/// (test targets too with `--include-tests`). `--target NAME`, repeated, reports only the
/// findings in those targets, checked against the whole package. `--format json` prints
/// JSON, `--format sarif` a SARIF 2.1.0 log. It fails when ravioli-check finds an error.
@main
struct RavioliCheckCommand: CommandPlugin {
  func performCommand(context: PluginContext, arguments: [String]) async throws {
    var extractor = ArgumentExtractor(arguments)
    let includingTests = extractor.extractFlag(named: "include-tests") > 0
    let chosen = extractor.extractOption(named: "target")
    let format = extractor.extractOption(named: "format").last
    let all = context.package.targets.compactMap { $0 as? SwiftSourceModuleTarget }
    let unknown = chosen.filter { name in !all.contains { $0.name == name } }
    guard unknown.isEmpty else {
      Diagnostics.error(
        "ravioli-check: no Swift target named \(unknown.joined(separator: ", ")) in this package "
          + "(its Swift targets: \(all.map(\.name).joined(separator: ", ")))")
      return
    }
    // The chosen targets are checked against every target of the package, which may
    // register what they inject.
    let targets = all.filter { target in
      if case .test = target.kind, !includingTests, !chosen.contains(target.name) {
        return false
      }
      return true
    }
    guard !targets.isEmpty else {
      Diagnostics.error("ravioli-check: no Swift target to check")
      return
    }
    var toolArguments = format.map { ["--format", $0] } ?? []
    if includingTests
      || targets.contains(where: { if case .test = $0.kind { true } else { false } })
    {
      toolArguments.append("--include-tests")
    }
    for name in chosen {
      if let target = all.first(where: { $0.name == name }) {
        toolArguments += ["--report-only-under", target.directoryURL.path]
      }
    }
    // Each target's module, so that names are looked up as the compiler looks them up.
    toolArguments += targets.flatMap { ["--module", "\($0.name)=\($0.directoryURL.path)"] }
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
