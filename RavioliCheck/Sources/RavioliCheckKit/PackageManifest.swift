import Foundation

/// A package's targets as SwiftPM reads its manifest: where a run is given a package's root
/// on the command line, its modules are its targets, custom `path:`s included, rather than
/// the folders under `Sources`.
enum PackageManifest {
  /// Each target's module and folder, from `swift package dump-package` (which reads the
  /// manifest without resolving dependencies); `nil` when `root` holds no `Package.swift`.
  /// A manifest that SwiftPM cannot read is a warning, and the folders say the modules.
  static func modules(ofPackageAt root: String) -> Result<[(name: String, path: String)], Finding>?
  {
    let manifest = URL(fileURLWithPath: root).appendingPathComponent("Package.swift").path
    guard FileManager.default.fileExists(atPath: manifest) else { return nil }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["swift", "package", "dump-package", "--package-path", root]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    let unread = Finding(
      .warning, at: SourceLocation(path: manifest, line: 1, column: 1),
      "`swift package dump-package` could not read this manifest, so each folder under "
        + "`Sources` and `Tests` is taken for a module of its name: a target with a `path:` of "
        + "its own may be missed. Fix the manifest, or give the modules with --module NAME=PATH.")
    do {
      try process.run()
    } catch {
      return .failure(unread)
    }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0,
      let package = try? JSONDecoder().decode(Package.self, from: data)
    else { return .failure(unread) }
    return .success(
      package.targets.map { target in
        let folder = target.path ?? "\(target.type == "test" ? "Tests" : "Sources")/\(target.name)"
        return (target.name, URL(fileURLWithPath: root).appendingPathComponent(folder).path)
      })
  }

  /// What the checks need of `dump-package`'s JSON.
  private struct Package: Decodable {
    struct Target: Decodable {
      let name: String
      let path: String?
      let type: String
    }
    let targets: [Target]
  }
}
