import Foundation

/// The Swift files under the paths a run is given.
enum SourceFiles {
  /// Every `.swift` file under each path (a file, or a folder searched recursively), each
  /// once, in a stable order. Skipped: folders whose names start with `.build` or `.` (build
  /// products, `.git`, `.swiftpm`), folders of tests (unless `includingTests`: a folder named
  /// `Tests`, or one whose name ends in `Tests` outside a `Sources` folder, as Xcode names
  /// its test targets' folders), package manifests, and symbolic links to folders, which
  /// could lead back up the tree. A path that does not exist, or a folder that cannot be
  /// read, is a finding.
  static func find(in paths: [String], includingTests: Bool) -> (
    files: [String], problems: [Finding]
  ) {
    var files: [String] = []
    var problems: [Finding] = []
    var links: [String] = []
    var seen = Set<String>()
    let manager = FileManager.default
    for path in paths {
      var isFolder: ObjCBool = false
      guard manager.fileExists(atPath: path, isDirectory: &isFolder) else {
        problems.append(
          Finding(
            .error, at: SourceLocation(path: path, line: 1, column: 1),
            "no such file or folder"))
        continue
      }
      let found =
        isFolder.boolValue
        ? walk(
          path, includingTests: includingTests,
          insideSources: path.split(separator: "/").contains("Sources"), links: &links,
          problems: &problems)
        : (path.hasSuffix(".swift") ? [path] : [])
      if found.isEmpty {
        problems.append(
          Finding(
            .warning, at: SourceLocation(path: path, line: 1, column: 1),
            isFolder.boolValue
              ? "has no Swift file to check (hidden folders, `.build*`, package manifests and, "
                + "without --include-tests, folders of tests are skipped)"
              : "is not a Swift file; nothing in it is checked"))
      }
      for file in found where seen.insert(canonical(file)).inserted {
        files.append(file)
      }
    }
    if let first = links.first {
      problems.append(
        Finding(
          .warning, at: SourceLocation(path: first, line: 1, column: 1),
          "is a symbolic link to a folder, or one that leads nowhere, and is not followed"
            + (links.count > 1 ? " (nor are \(links.count - 1) more such links)" : "")
            + ": a link could lead back up the tree. Give the folder it leads to, to check it"))
    }
    return (files, problems)
  }

  /// The `.swift` files under `folder`, sorted, not following links to folders.
  private static func walk(
    _ folder: String, includingTests: Bool, insideSources: Bool, links: inout [String],
    problems: inout [Finding]
  ) -> [String] {
    let manager = FileManager.default
    guard let names = try? manager.contentsOfDirectory(atPath: folder) else {
      problems.append(
        Finding(
          .warning, at: SourceLocation(path: folder, line: 1, column: 1),
          "is a folder that cannot be read; its files are not checked"))
      return []
    }
    var files: [String] = []
    for name in names.sorted() {
      let path = folder.hasSuffix("/") ? folder + name : folder + "/" + name
      guard let attributes = try? manager.attributesOfItem(atPath: path),
        let kind = attributes[.type] as? FileAttributeType
      else { continue }
      switch kind {
      case .typeDirectory:
        if name.hasPrefix(".")
          || (!includingTests && (name == "Tests" || (!insideSources && name.hasSuffix("Tests"))))
        {
          continue
        }
        files += walk(
          path, includingTests: includingTests, insideSources: insideSources || name == "Sources",
          links: &links, problems: &problems)
      case .typeRegular, .typeSymbolicLink:
        // A link is followed only to a file (`fileExists` follows it).
        var isFolder: ObjCBool = false
        let leadsToFile =
          manager.fileExists(atPath: path, isDirectory: &isFolder) && !isFolder.boolValue
        if kind == .typeSymbolicLink, !leadsToFile, !name.hasPrefix(".") {
          links.append(path)
        }
        if name.hasSuffix(".swift"), !isManifest(name), leadsToFile {
          files.append(path)
        }
      default:
        continue
      }
    }
    return files
  }

  /// The module `file` belongs to: that of the innermost of `modules` (name and folder, as a
  /// plugin gives its package's targets) that holds it; else, as SwiftPM lays a package out,
  /// the folder right under the nearest `Sources` or `Tests` folder above it
  /// (`Sources/Catalog/Views/List.swift` is in `Catalog`); else the folder among `roots`
  /// (the paths a run is given) that holds it, by its name; `nil` for a file given alone.
  static func module(of file: String, modules: [(name: String, path: String)], roots: [String])
    -> String?
  {
    let path = standardized(file)
    let given = modules.filter { isInside(path, standardized($0.path)) }
    if let innermost = given.max(by: { $0.path.count < $1.path.count }) {
      return innermost.name
    }
    let components = path.split(separator: "/").map(String.init)
    if let layout = components.dropLast(2).lastIndex(where: { $0 == "Sources" || $0 == "Tests" }) {
      return components[layout + 1]
    }
    let root = roots.map(standardized).filter { isInside(path, $0) }.max { $0.count < $1.count }
    return root.flatMap { $0.split(separator: "/").last.map(String.init) }
  }

  private static func isInside(_ path: String, _ folder: String) -> Bool {
    path.hasPrefix(folder.hasSuffix("/") ? folder : folder + "/")
  }

  private static func standardized(_ path: String) -> String {
    URL(fileURLWithPath: path).standardizedFileURL.path
  }

  /// `Package.swift` or `Package@swift-6.0.swift`: SwiftPM's, not the app's.
  private static func isManifest(_ name: String) -> Bool {
    name == "Package.swift" || (name.hasPrefix("Package@swift-") && name.hasSuffix(".swift"))
  }

  private static func canonical(_ path: String) -> String {
    URL(fileURLWithPath: path).resolvingSymlinksInPath().path
  }

  /// The file's text, or the finding that says why it cannot be read.
  static func read(_ path: String) -> Result<String, Finding> {
    let start = SourceLocation(path: path, line: 1, column: 1)
    guard let data = FileManager.default.contents(atPath: path) else {
      return .failure(Finding(.warning, at: start, "cannot be read; not checked"))
    }
    guard let text = String(validatingUTF8CString: data) else {
      return .failure(
        Finding(.warning, at: start, "is not UTF-8 text, as Swift source must be; not checked"))
    }
    return .success(text)
  }
}

extension String {
  /// The text of `data` if it is valid UTF-8 (unlike `String(decoding:as:)`, which repairs
  /// invalid bytes).
  fileprivate init?(validatingUTF8CString data: Data) {
    guard let text = String(data: data, encoding: .utf8) else { return nil }
    self = text
  }
}
