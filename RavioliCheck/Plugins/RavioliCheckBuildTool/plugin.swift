import Foundation
import PackagePlugin

/// Checks, when a target builds, the files of that target against every Swift target of
/// its package (test targets only when the target is one): what the target injects must be
/// registered somewhere its containers search. The findings appear at their lines as build
/// errors and warnings, and an error fails the build.
///
/// The command writes an empty Swift file, which the target compiles, so that the build runs
/// it again when a checked file changes.
@main
struct RavioliCheckBuildTool: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
    guard let target = target as? SwiftSourceModuleTarget else { return [] }
    let isTest: Bool
    if case .test = target.kind { isTest = true } else { isTest = false }
    let checked = context.package.targets.compactMap { $0 as? SwiftSourceModuleTarget }
      .filter { candidate in
        if case .test = candidate.kind { return isTest }
        return true
      }
    let stamp = context.pluginWorkDirectoryURL.appendingPathComponent("RavioliChecked.swift")
    var arguments = [
      "--report-only-under", target.directoryURL.path, "--write-stamp", stamp.path, "--quiet",
      // The commands of the other targets read what this one reads: one check serves all.
      "--share-report",
    ]
    if isTest {
      arguments.append("--include-tests")
    }
    // Each target's module, so that names are looked up as the compiler looks them up.
    arguments += checked.flatMap { ["--module", "\($0.name)=\($0.directoryURL.path)"] }
    arguments += checked.map(\.directoryURL.path)
    return [
      .buildCommand(
        displayName: "ravioli-check \(target.name)",
        executable: try context.tool(named: "ravioli-check").url,
        arguments: arguments,
        inputFiles: checked.flatMap { $0.sourceFiles(withSuffix: "swift").map(\.url) },
        outputFiles: [stamp])
    ]
  }
}
