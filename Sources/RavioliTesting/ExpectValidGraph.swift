public import Ravioli
public import Testing

/// Records an issue in the current test when ``Ravioli/Container/validate(including:file:line:)``
/// finds errors in `container`'s graph (and in the injected properties of `objects`), with the
/// whole report, and returns the report.
///
/// The issue, recorded where this function is called, lists the errors as `file:line: message`
/// lines (without `error:`, since the issue is the failure), then the summary. Opaque
/// registrations are not failures, and are not listed.
/// - Parameters:
///   - container: The container whose graph (with its parents') to check.
///   - objects: Objects whose injected properties to check with it, as
///     `validate(including:)` does.
///   - sourceLocation: Where the issue is recorded; leave the default.
/// - Returns: The report, for further checks.
@discardableResult
public func expectValidGraph(
  _ container: Container, including objects: [AnyObject] = [],
  sourceLocation: SourceLocation = #_sourceLocation
) -> ValidationReport {
  let report = Container.validationReport(
    of: objects, roots: [container], onlyReached: false, file: sourceLocation.fileID,
    line: UInt(sourceLocation.line))
  if !report.isValid {
    let errors = report.errors.map { "\($0.file):\($0.line): \($0.message)\n" }.joined()
    Issue.record(
      "The dependency graph has errors:\n\(errors)\(report.summary)",
      sourceLocation: sourceLocation)
  }
  return report
}
