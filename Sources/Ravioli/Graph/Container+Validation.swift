extension Container {
  /// Checks the dependency graph of this container and its parents, and the injected
  /// properties of `objects`, without running any resolver; reports every problem at once.
  ///
  /// It reads what registrations declare (`needs:`, `autoregister`); one that declares nothing
  /// is a note, not an error. See <doc:ValidatingTheGraph>.
  /// - Parameters:
  ///   - objects: Objects whose injected properties to check, such as one of each view model.
  ///   - file: The file of the call, for messages; leave the default.
  ///   - line: The line of the call, for messages; leave the default.
  /// - Returns: The report, when it has no errors (it may have notes).
  /// - Throws: The ``ValidationReport``, when it has errors.
  @discardableResult
  public func validate(
    including objects: [AnyObject] = [], file: StaticString = #fileID, line: UInt = #line
  ) throws(ValidationReport) -> ValidationReport {
    try Self.validated(
      objects, roots: [self], onlyReached: false, file: file, line: line, function: #function)
  }

  /// Checks the `@Injected` and `@InjectedWeakly` properties of `objects`, and everything their
  /// first reads would reach, without resolving anything; reports every problem at once.
  ///
  /// ```swift
  /// #if DEBUG
  ///   try Container.validateInjection(of: [ProductListViewModel()])
  /// #endif
  /// ```
  ///
  /// Each property is checked as its first read would resolve it, from the container its
  /// object's lookup policy picks now. Call it where the objects may be read (on the main actor
  /// for `@MainActor` ones). See <doc:CheckingInjectedProperties#What-is-checked>.
  /// - Parameters:
  ///   - objects: The objects whose injected properties to check (not empty).
  ///   - file: The file of the call, for messages; leave the default.
  ///   - line: The line of the call, for messages; leave the default.
  /// - Returns: The report, when it has no errors (it may have notes).
  /// - Throws: The ``ValidationReport``, when it has errors.
  @discardableResult
  public static func validateInjection(
    of objects: [AnyObject], file: StaticString = #fileID, line: UInt = #line
  ) throws(ValidationReport) -> ValidationReport {
    try validated(
      objects, roots: [], onlyReached: true, file: file, line: line, function: #function)
  }

  /// The report of `objects` and the graph of `roots`: all of it, or, with `onlyReached`,
  /// what the objects' properties reach. Thrown when it has errors, else logged.
  private static func validated(
    _ objects: [AnyObject], roots: [Container], onlyReached: Bool, file: StaticString,
    line: UInt, function: String
  ) throws(ValidationReport) -> ValidationReport {
    let report = validationReport(
      of: objects, roots: roots, onlyReached: onlyReached, file: file.description, line: line)
    // The caller has the report when it is thrown: logging it too would say it twice.
    guard report.isValid else { throw report }
    logger.log(
      "Validated \(report.summary)", level: .info, file: file, function: function, line: line)
    return report
  }

  /// What the public checks and RavioliTesting's expectations share: returned, not thrown
  /// nor logged. Problems of an object as a whole are reported at `file:line`, a `String`, as
  /// a test's source location gives it.
  package static func validationReport(
    of objects: [AnyObject], roots: [Container], onlyReached: Bool, file: String, line: UInt
  ) -> ValidationReport {
    var problems: [ValidationReport.Diagnostic] = []
    if objects.isEmpty, onlyReached {
      problems.append(
        ValidationReport.Diagnostic(
          kind: .noInjectedProperties,
          message: "No object was given, so there is nothing to check: pass the objects whose "
            + "injected properties to check.", file: file, line: line))
    }
    var sites: [InjectionSite] = []
    for object in objects {
      let found = injectionSites(of: object)
      if found.isEmpty {
        problems.append(
          ValidationReport.Diagnostic(
            kind: .noInjectedProperties, message: nothingToCheck(in: object), file: file,
            line: line))
      }
      sites += found
    }
    return DependencyGraph.report(
      checking: sites, roots: roots, objectProblems: problems, onlyReached: onlyReached,
      onMainActor: MainActorCheck.isOnMainActor)
  }

  private static func nothingToCheck(in object: AnyObject) -> String {
    let type: Any.Type = Swift.type(of: object)
    // A value cast to `AnyObject` is boxed in `__SwiftValue` (of Swift, or of Foundation).
    if String(reflecting: type).hasSuffix(".__SwiftValue") {
      return "A value passed as an object (`as AnyObject`) has no injected property to check: "
        + "lazily injected properties need a class instance. Pass the objects whose "
        + "properties to check."
    }
    let mirror =
      object is any CustomReflectable
      ? " as its `customMirror` shows it (the check reads properties by reflection)" : ""
    return "`\(type)` has no @Injected or @InjectedWeakly property\(mirror), so there is "
      + "nothing to check: pass the objects that declare them (a view model, a screen)."
  }
}
