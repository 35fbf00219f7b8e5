extension Container {
  @usableFromInline
  func refusalFailure<Value>(
    _ refusal: ResolutionStack.Refusal, _ type: Value.Type, alternative: RegistrationAlternative?,
    site: RequestSite
  ) -> ResolutionError {
    refusalFailure(refusal, type, alternative: alternative, site: site, on: ResolutionStack.current)
  }

  func refusalFailure<Value>(
    _ refusal: ResolutionStack.Refusal, _ type: Value.Type, alternative: RegistrationAlternative?,
    site: RequestSite, on path: some ResolutionPath
  ) -> ResolutionError {
    switch refusal {
    case .cycle(let start):
      let cycle = path.labels(from: start, endingWith: (type, alternative, self))
      var failure = failure(
        .cycle(path: cycle), type, alternative: alternative, site: site,
        resolutionPath: start > 0 ? path.labels(endingWith: (type, alternative, self)) : [])
      failure.registrationSites = path.registrationSites(from: start)
      return failure
    case .depthLimit, .callStackNearlyFull:
      // Not hundreds of lines: the start shows where the recursion began, the end what repeats.
      let labels = path.labels()
      let head = 10
      let tail = 3
      let path =
        labels.count > head + tail + 1
        ? labels.prefix(head) + ["... \(labels.count - head - tail) more ..."] + labels.suffix(tail)
        : labels
      var failure = failure(
        .tooDeep(depth: labels.count), type, alternative: alternative, site: site,
        resolutionPath: path + [describeRequest(type, alternative)])
      if case .depthLimit = refusal {
        failure.note =
          "Ravioli nests resolutions at most \(ResolutionStack.depthLimit) deep, which no real "
          + "object graph needs: a resolver probably asks, at every level, for something new "
          + "(a type, an alternative or a parameter that it builds as it goes)."
      } else {
        failure.note =
          "This thread's call stack (\(ResolutionStack.current.stackSize / 1024) KiB) is nearly full: a resolver "
          + "probably asks, at every level, for something new (a type, an alternative or a "
          + "parameter that it builds as it goes), or the graph is deeper than this thread "
          + "allows (resolve it on a thread with a larger stack)."
      }
      return failure
    }
  }

  func gateCycleFailure<Value>(
    _ cycle: [String], _ type: Value.Type, alternative: RegistrationAlternative?,
    site: RequestSite, on path: some ResolutionPath
  ) -> ResolutionError {
    var failure = failure(
      .cycle(path: cycle), type, alternative: alternative, site: site,
      resolutionPath: path.pathToInnermost)
    failure.note =
      "The cycle runs across \(Swift.type(of: path).runners): each was creating one of these instances."
    return failure
  }

  @usableFromInline
  func resolverFailure<Value>(
    _ error: any Error, of registration: Registration<Value>,
    alternative: RegistrationAlternative?, site: RequestSite
  ) -> ResolutionError {
    let stack = ResolutionStack.current
    if let trace = stack.trace, let top = stack.top {
      trace.failed(ObjectIdentifier(top.registration))
    }
    if let error = error as? ResolutionError {
      return error
    }
    return failure(
      .resolverFailed(error), Value.self, registeredAt: registration.site,
      alternative: alternative, site: site, resolutionPath: stack.pathToInnermost)
  }

  func notFoundError<Value>(
    _ type: Value.Type, alternative: RegistrationAlternative?, parameter: Any?,
    site: RequestSite, hints: Bool = true
  ) -> ResolutionError {
    // A missing `T?` is reported as a missing `T`: registering `T` is the fix, or `T?`.
    if let optional = type as? any OptionalResolvable.Type {
      var error = optional.wrappedNotFoundError(
        in: self, alternative: alternative, parameter: parameter, site: site, hints: hints)
      if hints, case .notRegistered = error.reason {
        error.elsewhere = LivingContainers.registering(
          Array(RegistrationKey(type, alternative).withFallbacks),
          outside: chain.map(ObjectIdentifier.init))
        let wrapped = String(describing: optional.wrappedType)
        error.add(
          note: "`\(wrapped)?` is resolved from a registration of `\(wrapped)?`, or else of "
            + "`\(wrapped)`, and fails when neither exists, as Macaroni's throwing `resolve()` "
            + "did. For a value that may be missing, register a resolver that may return nil, "
            + "`container.register { () -> \(wrapped)? in nil }` (properties use it too); in "
            + "code, `container.resolveIfRegistered()` returns nil when nothing is registered.")
      }
      return error
    }
    let key = RegistrationKey(type, alternative)
    let takes = chain.flatMap { container in
      (container.visibleTable.parametrized[key] ?? []).compactMap(\.parameterTypeName)
    }
    let reason: ResolutionError.Reason
    switch (takes.isEmpty, parameter) {
    case (true, _): reason = .notRegistered
    case (false, nil): reason = .needsParameter(takes: takes)
    case (false, let parameter?):
      reason = .parameterMismatch(
        takes: takes, given: String(describing: Swift.type(of: parameter)))
    }
    let stack = ResolutionStack.current
    var error = failure(
      reason, type, alternative: alternative, site: site,
      resolutionPath: stack.depth == 0
        ? [] : stack.labels(endingWith: (type, alternative, self)))
    if hints, case .notRegistered = reason {
      if error.registeredAlternatives.isEmpty {
        error.add(note: registeredKindsNote(of: type, alternative: alternative))
      }
      error.elsewhere = LivingContainers.registering(
        [key], outside: chain.map(ObjectIdentifier.init))
    }
    if case .notRegistered = reason, let made = chain.first(where: \.lostItsRegistrations) {
      error.note =
        "Container \"\(made.name)\" was made inside an isolation scope (a test under "
        + "`.isolatedContainers`, or `withIsolatedContainers`), and what was registered in it "
        + "there belongs to that scope alone. If it is a module's container that the scope "
        + "happened to make first, give it its registrations when it is made: "
        + "`Container(name: \"\(made.name)\") { container in container.register { ... } }`."
    }
    return error
  }

  /// The registrations of subclasses or conforming types of `type`, which a closure without a
  /// written return type registers instead.
  private func registeredKindsNote<Value>(
    of type: Value.Type, alternative: RegistrationAlternative?
  ) -> String? {
    guard let isAKind = kindTest(of: type) else { return nil }
    let kinds = chain.flatMap { container in
      container.visibleTable.all.filter { $0.key.alternative == alternative && isAKind($0.type) }
    }
    .sorted { ($0.site.label, "\($0.type)") < ($1.site.label, "\($1.type)") }
    guard let first = kinds.first else { return nil }
    let listed = kinds.prefix(3).map { "`\($0.type)` (registered at \($0.site.label))" }
    let more = kinds.count > 3 ? ", and \(kinds.count - 3) more" : ""
    return "Registered for types that are a `\(type)`: \(listed.joined(separator: ", "))\(more). "
      + "A closure registers the type it returns unless its return type is written: "
      + "`container.register { () -> \(type) in \(first.type)(...) }`."
  }

  /// `registeredAt`, where the resolver that failed is registered, goes into the note.
  func failure<Value>(
    _ reason: ResolutionError.Reason, _ type: Value.Type, registeredAt: RequestSite? = nil,
    alternative: RegistrationAlternative?, site: RequestSite, resolutionPath: [String]
  ) -> ResolutionError {
    let typeID = ObjectIdentifier(type)
    var seen = Set<RegistrationAlternative?>()
    let alternatives = chain.flatMap { $0.visibleTable.alternatives(of: typeID) }
      .filter { seen.insert($0).inserted }
    return ResolutionError(
      reason: reason, typeName: String(describing: type), alternativeName: alternative?.name,
      searchedContainers: chain.map(\.name),
      registeredAlternatives: alternatives.map { $0?.name },
      resolutionPath: resolutionPath, requestedAt: site.label,
      note: registeredAt.map { "The resolver is registered at \($0.label)." })
  }
}

extension Container {
  /// Made in an isolation scope, and given its registrations there, it is read where that
  /// scope's registrations are not seen (outside the scope, or in another), with none of its
  /// own. A scope inside the one that made it sees them: a failure there is another problem.
  var lostItsRegistrations: Bool {
    guard registeredInScope?.withLock({ $0 }) == true else { return false }
    if let scope = record.madeInScope, IsolationScope.active?.isInside(scope) == true {
      return false
    }
    return registrations.table.all.isEmpty
  }
}
