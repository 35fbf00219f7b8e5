import Foundation

/// Reads Swift sources and checks what they inject against what they register.
public enum RavioliCheck {
  /// What a run reads and reports.
  public struct Options: Sendable {
    /// Whether folders of tests (`Tests`, `...Tests`) are read; by default they are not.
    /// Each test module is a program of its own: its stubs answer only its own files.
    public var includingTests: Bool
    /// Report only findings in files under these paths (all of them, when empty); the
    /// other files are still read. A build-tool plugin gives its target's folder.
    public var reportingOnlyUnder: [String]
    /// The modules, by name and folder, where the package says them (the plugins give its
    /// targets); elsewhere a file's module comes from the package's layout.
    public var modules: [(name: String, path: String)]
    /// A folder where the whole check's report is left for runs with the same paths,
    /// options and sources, which read it instead of checking again (see ``SharedReport``):
    /// the build-tool plugin's commands, one for each target, share one check.
    public var sharingReportIn: String?

    /// Options that read no test folder and report every finding, unless told otherwise.
    public init(
      includingTests: Bool = false, reportingOnlyUnder: [String] = [],
      modules: [(name: String, path: String)] = [], sharingReportIn: String? = nil
    ) {
      self.includingTests = includingTests
      self.reportingOnlyUnder = reportingOnlyUnder
      self.modules = modules
      self.sharingReportIn = sharingReportIn
    }
  }

  /// Checks the Swift files under `paths` (files, or folders searched recursively).
  public static func run(paths: [String], options: Options = Options()) -> Report {
    let (files, missing) = SourceFiles.find(in: paths, includingTests: options.includingTests)
    let whole =
      options.sharingReportIn.map { folder in
        SharedReport.report(in: folder, paths: paths, options: options, files: files) {
          check(files, missing, paths: paths, options: options)
        }
      } ?? check(files, missing, paths: paths, options: options)
    guard !options.reportingOnlyUnder.isEmpty else { return whole }
    let prefixes = options.reportingOnlyUnder.map { folder in
      let path = absolute(folder)
      return path.hasSuffix("/") ? path : path + "/"
    }
    return Report(
      findings: whole.findings.filter { finding in
        prefixes.contains { absolute(finding.path).hasPrefix($0) }
      }, files: whole.files, injections: whole.injections, registrations: whole.registrations,
      containers: whole.containers)
  }

  /// Every finding of `files`, and what they hold.
  private static func check(
    _ files: [String], _ missing: [Finding], paths: [String], options: Options
  ) -> Report {
    var modules = options.modules
    var unreadManifests: [Finding] = []
    if modules.isEmpty {
      // A package's root, given on the command line: its targets are its modules.
      for path in paths {
        switch PackageManifest.modules(ofPackageAt: path) {
        case .success(let targets)?: modules += targets
        case .failure(let problem)?: unreadManifests.append(problem)
        case nil: break
        }
      }
    }
    let facts = read(files).map { file in
      var file = file
      file.module = SourceFiles.module(of: file.path, modules: modules, roots: paths)
      return file
    }
    let program = Program(facts)
    var findings = missing + unreadManifests + facts.flatMap(\.problems) + programFindings(facts)
    // No finding at a line marked `// ravioli-check: ignore`.
    let ignored = Dictionary(facts.map { ($0.path, $0.ignoredLines) }) { first, _ in first }
    findings.removeAll { ignored[$0.path]?.contains($0.line) == true }
    findings = Array(Set(findings)).sorted(by: Finding.ordered)
    return Report(
      findings: findings, files: files.count, injections: program.injections.count,
      registrations: program.registrations.count, containers: program.containers.count)
  }

  /// The checks' findings, for each build configuration where `#if` conditions tell them
  /// apart (see ``BuildConfiguration``): a finding of one configuration only says so.
  static func configurationFindings(_ facts: [FileFacts]) -> [Finding] {
    let conditional = facts.contains { file in
      file.registrations.contains { !$0.conditions.isEmpty }
        || file.injections.contains { !$0.conditions.isEmpty }
        || file.specializations.contains { !$0.conditions.isEmpty }
    }
    guard conditional else { return Checker(Program(facts)).findings() }
    let found = BuildConfiguration.allCases.map { configuration in
      let compiled = facts.map { file in
        var file = file
        file.registrations.removeAll { !configuration.includes($0.conditions) }
        file.injections.removeAll { !configuration.includes($0.conditions) }
        file.specializations.removeAll { !configuration.includes($0.conditions) }
        return file
      }
      return (configuration, Set(Checker(Program(compiled)).findings()))
    }
    let everywhere = found.map(\.1).reduce(found[0].1) { $0.intersection($1) }
    return Array(everywhere)
      + found.flatMap { configuration, findings in
        findings.subtracting(everywhere).map { finding in
          Finding(
            finding.severity,
            at: SourceLocation(path: finding.path, line: finding.line, column: finding.column),
            finding.message + " (Only \(configuration.only).)")
        }
      }
  }

  /// A path from the current folder's point of view, `.` and `..` resolved.
  private static func absolute(_ path: String) -> String {
    URL(fileURLWithPath: path).standardizedFileURL.path
  }

  /// Each file's facts, read on every core, by threads of their own: their stacks are large
  /// enough for deeply nested expressions, which the parser and the reader descend into.
  private static func read(_ files: [String]) -> [FileFacts] {
    let results = Results(count: files.count)
    let next = Counter()
    let done = DispatchGroup()
    for _ in 0..<max(1, min(files.count, ProcessInfo.processInfo.activeProcessorCount)) {
      done.enter()
      let thread = Thread {
        while let index = next.take(below: files.count) {
          results.set(index, facts(of: files[index]))
        }
        done.leave()
      }
      thread.stackSize = 512 << 20
      thread.start()
    }
    done.wait()
    return results.all
  }

  private static func facts(of path: String) -> FileFacts {
    switch SourceFiles.read(path) {
    case .success(let text):
      if let (line, column) = BracketNesting.tooDeep(text) {
        var unread = FileFacts(path: path)
        unread.problems = [
          Finding(
            .warning, at: SourceLocation(path: path, line: line, column: column),
            "square brackets nest more than \(BracketNesting.limit) deep here, which the Swift "
              + "parser would take minutes or hours to read; this file is not checked")
        ]
        return unread
      }
      return FactCollector.facts(path: path, text: text)
    case .failure(let problem):
      var unread = FileFacts(path: path)
      unread.problems = [problem]
      return unread
    }
  }

  /// Hands out the indices of the files to read, each once.
  private final class Counter: @unchecked Sendable {  // `value` only under `lock`
    private let lock = NSLock()
    private var value = 0

    func take(below limit: Int) -> Int? {
      lock.lock()
      defer { lock.unlock() }
      guard value < limit else { return nil }
      defer { value += 1 }
      return value
    }
  }

  /// The facts of each file, written from many threads, each to its own index.
  private final class Results: @unchecked Sendable {  // `facts` only under `lock`
    private let lock = NSLock()
    private var facts: [FileFacts?]

    init(count: Int) {
      facts = Array(repeating: nil, count: count)
    }

    func set(_ index: Int, _ value: FileFacts) {
      lock.lock()
      defer { lock.unlock() }
      facts[index] = value
    }

    var all: [FileFacts] {
      lock.lock()
      defer { lock.unlock() }
      return facts.compactMap { $0 }
    }
  }
}
