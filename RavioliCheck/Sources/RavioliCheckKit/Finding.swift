import Foundation

/// One thing ravioli-check reports, at the line that causes it.
public struct Finding: Hashable, Sendable, Codable, Error {
  /// How much a finding matters: an error fails the run (exit status 1, a failed build);
  /// a warning says what the source does not settle.
  public enum Severity: String, Sendable, Codable {
    case error
    case warning
  }

  /// The file, as the run was given it.
  public let path: String
  /// The 1-based line and column of what causes the finding.
  public let line: Int
  public let column: Int
  public let severity: Severity
  /// What is wrong and how to fix it.
  public let message: String

  init(_ severity: Severity, at location: SourceLocation, _ message: String) {
    path = location.path
    line = location.line
    column = location.column
    self.severity = severity
    self.message = message
  }

  /// The compiler's format, which Xcode and SwiftPM show at the line:
  /// `path:line:column: error: message`.
  public var compilerFormat: String {
    "\(path):\(line):\(column): \(severity.rawValue): \(message)"
  }

  /// By path, line and column, then severity and message, so that output is stable.
  static func ordered(_ lhs: Finding, _ rhs: Finding) -> Bool {
    (lhs.path, lhs.line, lhs.column, lhs.severity.rawValue, lhs.message)
      < (rhs.path, rhs.line, rhs.column, rhs.severity.rawValue, rhs.message)
  }
}

/// What one run found, and how much it read.
public struct Report: Sendable, Codable {
  /// Every finding, sorted by path, line and column.
  public let findings: [Finding]
  /// How many Swift files were read.
  public let files: Int
  /// How many injected properties, parameters and default arguments, registrations and
  /// container declarations the files hold.
  public let injections: Int
  public let registrations: Int
  public let containers: Int

  /// How many findings are errors; the run fails when there is one.
  public var errorCount: Int { findings.filter { $0.severity == .error }.count }
  /// How many findings are warnings.
  public var warningCount: Int { findings.filter { $0.severity == .warning }.count }

  /// One line: `ravioli-check: 1 error, 2 warnings in 12 files (30 injections, 25
  /// registrations, 4 containers)`.
  public var summary: String {
    func count(_ number: Int, _ noun: String) -> String {
      "\(number) \(noun)\(number == 1 ? "" : "s")"
    }
    return "ravioli-check: \(count(errorCount, "error")), \(count(warningCount, "warning")) in "
      + "\(count(files, "file")) (\(count(injections, "injection")), "
      + "\(count(registrations, "registration")), \(count(containers, "container")))"
  }

  /// The findings in the compiler's format, one a line, then the summary.
  public var text: String {
    (findings.map(\.compilerFormat) + [summary]).joined(separator: "\n") + "\n"
  }

  /// The findings and the counts as JSON.
  public var json: String { Self.text(of: JSONReport(self)) }

  /// `value` as indented JSON with sorted keys, ending in a new line: the JSON and SARIF
  /// formats.
  static func text(of value: some Encodable) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    let data = (try? encoder.encode(value)) ?? Data("{}".utf8)
    return String(decoding: data, as: UTF8.self) + "\n"
  }

  private struct JSONReport: Codable {
    let findings: [Finding]
    let summary: Summary

    struct Summary: Codable {
      let errors: Int
      let warnings: Int
      let files: Int
      let injections: Int
      let registrations: Int
      let containers: Int
    }

    init(_ report: Report) {
      findings = report.findings
      summary = Summary(
        errors: report.errorCount, warnings: report.warningCount, files: report.files,
        injections: report.injections, registrations: report.registrations,
        containers: report.containers)
    }
  }
}
