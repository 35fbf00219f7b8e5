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
/// The issue is recorded where this function is called; its comment is the report, one
/// `file:line: error: ...` line per problem, then a summary. Opaque registrations (which
/// declare nothing) are notes, not failures.
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
    Issue.record(
      "The dependency graph has errors:\n\(report)", sourceLocation: sourceLocation)
  }
  return report
}
