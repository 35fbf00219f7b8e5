public import Ravioli
public import Testing

/// Records an issue in the current test for each problem that
/// ``Ravioli/Container/validateInjection(of:file:line:)`` finds in the injected properties of
/// `objects` and the registrations they reach, without resolving anything; returns the report.
///
/// Each issue is recorded where this function is called, naming the declaration (or
/// registration) that has the problem. Opaque registrations are not failures.
/// - Parameters:
///   - objects: The objects whose injected properties to check, made but not read.
///   - sourceLocation: Where the issues are recorded; leave the default.
/// - Returns: The report, for further checks.
@discardableResult
public func expectInjectable(
  _ objects: AnyObject..., sourceLocation: SourceLocation = #_sourceLocation
) -> ValidationReport {
  let report = Container.validationReport(
    of: objects, roots: [], onlyReached: true, file: sourceLocation.fileID,
    line: UInt(sourceLocation.line))
  for error in report.errors {
    // A problem of an object as a whole is where this function is called, as the issue is.
    let place = error.kind == .noInjectedProperties ? "" : "\(error.file):\(error.line): "
    Issue.record("\(place)\(error.message)", sourceLocation: sourceLocation)
  }
  return report
}
