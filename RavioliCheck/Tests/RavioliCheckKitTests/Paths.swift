import Foundation

@testable import RavioliCheckKit

/// Where the tests find their fixtures and the repository's samples, and make scratch
/// folders.
enum Paths {
  /// `RavioliCheck/Tests/RavioliCheckKitTests/Fixtures`.
  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures").path

  /// The repository's root, above `RavioliCheck/`.
  static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

  /// A new empty folder, removed when `body` returns.
  static func withScratchFolder<Result>(_ body: (String) throws -> Result) throws -> Result {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("ravioli-check-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    return try body(folder)
  }

  /// Writes `text` to `name` under `folder`, making the folders between.
  static func write(_ text: String, to name: String, in folder: String) throws {
    let path = folder + "/" + name
    try FileManager.default.createDirectory(
      atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try text.write(toFile: path, atomically: true, encoding: .utf8)
  }
}

/// The findings for `files` (name to text) in the compiler's format, their scratch folder left
/// out of the paths.
func findings(in files: [String: String], includingTests: Bool = false) throws -> [String] {
  try Paths.withScratchFolder { folder in
    for (name, text) in files {
      try Paths.write(text, to: name, in: folder)
    }
    return RavioliCheck.run(paths: [folder], options: .init(includingTests: includingTests))
      .findings.map { $0.compilerFormat.replacingOccurrences(of: folder + "/", with: "") }
  }
}
