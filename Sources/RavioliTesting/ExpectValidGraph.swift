public import Ravioli
public import Testing

/// Records an issue in the current test when ``Ravioli/Container/validate(including:file:line:)``
/// finds errors in `container`'s graph (and in the injected properties of `objects`), with the
/// whole report, and returns the report.
///
/// ```swift
/// @Test func theGraphIsComplete() {
///   expectValidGraph(CatalogModule.container)
/// }
/// ```
///
/// The issue is recorded where this function is called; its comment lists the errors, one
/// `file:line: message` line each, then the report's summary. The test runner marks the issue
/// as a failure, so the lines do not repeat `error:`. Opaque registrations (which declare
/// nothing) are notes, not failures, and are not listed.
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
