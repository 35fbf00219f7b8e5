import Foundation

// The report in SARIF 2.1.0 (OASIS's Static Analysis Results Interchange Format), which
// code-scanning services read: one run of one tool, a result per finding.
extension Report {
  /// The findings as a SARIF 2.1.0 log: a path is a relative URI against the folder the run
  /// was started in (`%SRCROOT%`), or a `file:` URI if absolute.
  public var sarif: String { Self.text(of: SARIFLog(self)) }
}

private struct SARIFLog: Encodable {
  let schema = "https://json.schemastore.org/sarif-2.1.0.json"
  let version = "2.1.0"
  let runs: [Run]

  enum CodingKeys: String, CodingKey {
    case schema = "$schema"
    case version, runs
  }

  init(_ report: Report) {
    runs = [Run(results: report.findings.map(Result.init))]
  }

  struct Run: Encodable {
    let tool = Tool()
    let results: [Result]
  }

  struct Tool: Encodable {
    let driver = Driver()
  }

  struct Driver: Encodable {
    let name = "ravioli-check"
    let rules = [
      Rule(
        id: Result.ruleID,
        shortDescription: Text(
          text: "An injected dependency that no container it resolves from registers, a cycle, "
            + "or an alternative that nothing registers."))
    ]
  }

  struct Rule: Encodable {
    let id: String
    let shortDescription: Text
  }

  struct Text: Encodable {
    let text: String
  }

  struct Result: Encodable {
    static let ruleID = "ravioli-check"
    let ruleId = Result.ruleID
    let level: String
    let message: Text
    let locations: [Location]

    init(_ finding: Finding) {
      level = finding.severity.rawValue
      message = Text(text: finding.message)
      locations = [Location(finding)]
    }
  }

  struct Location: Encodable {
    let physicalLocation: PhysicalLocation

    init(_ finding: Finding) {
      physicalLocation = PhysicalLocation(
        artifactLocation: ArtifactLocation(finding.path),
        region: Region(startLine: finding.line, startColumn: finding.column))
    }
  }

  struct PhysicalLocation: Encodable {
    let artifactLocation: ArtifactLocation
    let region: Region
  }

  struct ArtifactLocation: Encodable {
    let uri: String
    let uriBaseId: String?

    init(_ path: String) {
      if path.hasPrefix("/") {
        uri = URL(fileURLWithPath: path).absoluteString
        uriBaseId = nil
      } else {
        let allowed = CharacterSet.urlPathAllowed.subtracting(CharacterSet(charactersIn: ":"))
        uri = path.addingPercentEncoding(withAllowedCharacters: allowed) ?? path
        uriBaseId = "%SRCROOT%"
      }
    }
  }

  struct Region: Encodable {
    let startLine: Int
    let startColumn: Int
  }
}
