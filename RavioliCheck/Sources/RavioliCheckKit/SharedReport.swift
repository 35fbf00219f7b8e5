import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// One check of a whole package, shared by the commands of one build: the build-tool plugin
/// runs a command for each target, and each reads every target. The first command checks and
/// leaves its report in a folder; the others, finding the same tool, options and sources, read
/// it. The report is kept in a file named for the run's paths and options, with a digest of
/// the tool and of every file read: a change anywhere makes the next command check again.
enum SharedReport {
  /// The report of `check()`, or the one a run with the same digest left in `folder`.
  static func report(
    in folder: String, paths: [String], options: RavioliCheck.Options, files: [String],
    check: () -> Report
  ) -> Report {
    var setting = Digest()
    setting.add(paths.joined(separator: "\n"))
    setting.add("\(options.includingTests)")
    for (name, path) in options.modules.sorted(by: { ($0.name, $0.path) < ($1.name, $1.path) }) {
      setting.add(name + "=" + path)
    }
    let base = URL(fileURLWithPath: folder).appendingPathComponent(
      "ravioli-check-\(setting.hex)")
    var sources = setting
    sources.add(toolIdentity)
    for file in files {
      sources.add(file)
      sources.add(FileManager.default.contents(atPath: file) ?? Data())
    }
    let lock = open(base.path + ".lock", O_CREAT | O_RDWR, 0o644)
    guard lock >= 0, flock(lock, LOCK_EX) == 0 else {
      if lock >= 0 { close(lock) }
      return check()
    }
    defer {
      flock(lock, LOCK_UN)
      close(lock)
    }
    let stored = base.appendingPathExtension("json")
    if let data = FileManager.default.contents(atPath: stored.path),
      let kept = try? JSONDecoder().decode(Kept.self, from: data), kept.digest == sources.hex
    {
      return kept.report
    }
    let report = check()
    if let data = try? JSONEncoder().encode(Kept(digest: sources.hex, report: report)) {
      try? data.write(to: stored, options: .atomic)
    }
    return report
  }

  private struct Kept: Codable {
    let digest: String
    let report: Report
  }

  /// The running tool's path, size and modification date: a rebuilt tool checks again.
  private static var toolIdentity: String {
    let path = Bundle.main.executablePath ?? CommandLine.arguments[0]
    let attributes = try? FileManager.default.attributesOfItem(atPath: path)
    let size = (attributes?[.size] as? NSNumber)?.intValue ?? 0
    let modified = (attributes?[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
    return "\(path) \(size) \(modified)"
  }

  /// Two 64-bit FNV-1a hashes of different seeds: a digest to tell inputs apart, not a
  /// defence against an adversary.
  private struct Digest {
    private var first: UInt64 = 0xcbf2_9ce4_8422_2325
    private var second: UInt64 = 0x8422_2325_cbf2_9ce4

    mutating func add(_ text: String) {
      add(Data(text.utf8))
      add(Data([0]))
    }

    mutating func add(_ data: Data) {
      for byte in data {
        first = (first ^ UInt64(byte)) &* 0x100_0000_01b3
        second = (second ^ UInt64(byte)) &* 0x100_0000_01b3
      }
    }

    var hex: String {
      String(first, radix: 16) + String(second, radix: 16)
    }
  }
}
