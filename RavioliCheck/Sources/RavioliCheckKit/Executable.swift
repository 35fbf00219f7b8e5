/// A program that runs the checked code: an executable (a module with `main.swift` or an
/// `@main` type) or a test module, with the modules it links. Its lookup policies are those
/// that its modules set, and its registrations are those that its modules make: one
/// executable's custom policy or a test's stubs say nothing about another program.
struct Executable: Hashable, Sendable {
  /// Its module's name.
  let name: String
  /// The modules it imports, directly or through each other, itself included: what it runs.
  let modules: Set<String>
  /// A test module: it may link modules whose properties it never reads, so its own
  /// files are what it reports on.
  let isTests: Bool

  /// The modules of `files` where it reports findings.
  var reportedModules: Set<String> { isTests ? [name] : modules }

  /// The programs of `files`, by their module's name. A module whose files import nothing
  /// among the checked modules links only itself.
  static func all(in files: [FileFacts]) -> [Executable] {
    var imports: [String: Set<String>] = [:]
    var entryPoints = Set<String>()
    var tests = Set<String>()
    for file in files {
      guard let module = file.module else { continue }
      imports[module, default: []].formUnion(file.imports)
      if module.hasSuffix("Tests") || file.imports.contains("XCTest")
        || file.imports.contains("Testing")
      {
        tests.insert(module)
      } else if file.isEntryPoint {
        entryPoints.insert(module)
      }
    }
    return entryPoints.union(tests).sorted().map { root in
      var linked: Set<String> = [root]
      var queue = [root]
      while let module = queue.popLast() {
        for imported in imports[module] ?? [] where imports[imported] != nil {
          if linked.insert(imported).inserted {
            queue.append(imported)
          }
        }
      }
      return Executable(name: root, modules: linked, isTests: tests.contains(root))
    }
  }
}

extension RavioliCheck {
  /// The checks' findings, for each program that the sources build (see ``Executable``):
  /// a finding in a module that several programs link names those it is found for. The
  /// modules that no program links, and every module when the sources build no program, are
  /// checked with the whole package but its tests.
  static func programFindings(_ facts: [FileFacts]) -> [Finding] {
    let executables = Executable.all(in: facts)
    guard !executables.isEmpty else { return configurationFindings(facts) }
    let moduleOfPath = Dictionary(
      facts.compactMap { file in file.module.map { (file.path, $0) } }
    ) { first, _ in first }
    var programsOfFinding: [Finding: Set<String>] = [:]
    var linking: [String: [String]] = [:]
    for executable in executables {
      let reported = executable.reportedModules
      for module in reported {
        linking[module, default: []].append(executable.name)
      }
      let linked = facts.filter { $0.module.map(executable.modules.contains) == true }
      for finding in configurationFindings(linked)
      where moduleOfPath[finding.path].map(reported.contains) == true {
        programsOfFinding[finding, default: []].insert(executable.name)
      }
    }
    let tests = Set(executables.filter(\.isTests).map(\.name))
    let unlinked = Set(
      facts.filter { file in file.module.map { linking[$0] == nil } ?? true }.map(\.path))
    var findings: [Finding] = []
    if !unlinked.isEmpty {
      let untested = facts.filter { file in file.module.map { !tests.contains($0) } ?? true }
      findings += configurationFindings(untested).filter { unlinked.contains($0.path) }
    }
    // A warning where another program finds an error says less than that error.
    let errors = Dictionary(
      programsOfFinding.filter { $0.key.severity == .error }.map {
        (SourceLocation(path: $0.key.path, line: $0.key.line, column: $0.key.column), $0.value)
      }
    ) { first, second in first.union(second) }
    for (finding, programs) in programsOfFinding {
      let location = SourceLocation(path: finding.path, line: finding.line, column: finding.column)
      if finding.severity == .warning, let failing = errors[location],
        !failing.isSubset(of: programs)
      {
        continue
      }
      let linkers = moduleOfPath[finding.path].flatMap { linking[$0] } ?? []
      guard linkers.count > 1 else {
        findings.append(finding)
        continue
      }
      let names = programs.sorted().map { "`\($0)`" }
      let listed =
        names.count == 1
        ? "the program \(names[0])"
        : "the programs \(names.dropLast().joined(separator: ", ")) and \(names.last!)"
      findings.append(
        Finding(finding.severity, at: location, finding.message + " (For \(listed).)"))
    }
    return findings
  }
}
