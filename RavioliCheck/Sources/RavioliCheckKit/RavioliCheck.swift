import Foundation

/// Reads Swift sources and checks what they inject against what they register.
public enum RavioliCheck {
  /// What a run reads and reports.
  public struct Options: Sendable {
    /// Whether folders of tests (`Tests`, `...Tests`) are read; by default they are not: a
    /// test registers stubs, which must not hide a registration that the app lacks.
    public var includingTests: Bool
    /// Report only findings in files under these paths (all of them, when empty); the
    /// other files are still read. A build-tool plugin gives its target's folder.
    public var reportingOnlyUnder: [String]

    public init(includingTests: Bool = false, reportingOnlyUnder: [String] = []) {
      self.includingTests = includingTests
      self.reportingOnlyUnder = reportingOnlyUnder
    }
  }

  /// Checks the Swift files under `paths` (files, or folders searched recursively).
  public static func run(paths: [String], options: Options = Options()) -> Report {
    let (files, missing) = SourceFiles.find(in: paths, includingTests: options.includingTests)
    let facts = read(files)
    let program = Program(facts)
    var findings = missing + facts.flatMap(\.problems) + Checker(program).findings()
    if !options.reportingOnlyUnder.isEmpty {
      let prefixes = options.reportingOnlyUnder.map { $0.hasSuffix("/") ? $0 : $0 + "/" }
      findings = findings.filter { finding in prefixes.contains { finding.path.hasPrefix($0) } }
    }
    findings = Array(Set(findings)).sorted(by: Finding.ordered)
    return Report(
      findings: findings, files: files.count, injections: program.injections.count,
      registrations: program.registrations.count, containers: program.containers.count)
  }

  /// Each file's facts, read on every core.
  private static func read(_ files: [String]) -> [FileFacts] {
    let results = Results(count: files.count)
    DispatchQueue.concurrentPerform(iterations: files.count) { index in
      let path = files[index]
      let facts: FileFacts
      switch SourceFiles.read(path) {
      case .success(let text):
        facts = FactCollector.facts(path: path, text: text)
      case .failure(let problem):
        var unread = FileFacts(path: path)
        unread.problems = [problem]
        facts = unread
      }
      results.set(index, facts)
    }
    return results.all
  }

  /// The facts of each file, written from many threads, each to its own index.
  private final class Results: @unchecked Sendable {  // `facts` only under `lock`
    private let lock = NSLock()
    private var facts: [FileFacts?]

    init(count: Int) {
      facts = Array(repeating: nil, count: count)
    }

    func set(_ index: Int, _ value: FileFacts) {
      lock.withLock { facts[index] = value }
    }

    var all: [FileFacts] {
      lock.withLock { facts.compactMap { $0 } }
    }
  }
}
