extension Container {
  @usableFromInline
  func resolveValue<Value>(
    _ type: Value.Type, alternative: RegistrationAlternative?, parameter: Any?,
    site: RequestSite
  ) throws(ResolutionError) -> Value {
    if let value = try resolveIfFound(
      type, alternative: alternative, parameter: parameter, site: site)
    {
      return value
    }
    throw notFoundError(type, alternative: alternative, parameter: parameter, site: site)
  }

  func resolveIfFound<Value>(
    _ type: Value.Type, alternative: RegistrationAlternative?, parameter: Any?,
    site: RequestSite
  ) throws(ResolutionError) -> Value? {
    guard
      let (registration, unwrapped) = nearestRegistration(
        of: type, alternative: alternative, parameter: parameter)
    else {
      return nil
    }
    guard unwrapped == 0 else {
      // A `Value?` answered by a registration of what it wraps.
      let optional = type as! any OptionalResolvable.Type
      return
        (try optional.runUnwrapped(
          registration, unwrapped: unwrapped, in: self, alternative: alternative,
          parameter: parameter, site: site) as! Value)
    }
    return try run(
      unsafeDowncast(registration, to: Registration<Value>.self), alternative: alternative,
      lending: parameter, site: site)
  }

  /// ``run(_:alternative:parameter:site:)`` with the parameter lent as a pointer.
  func run<Value>(
    _ registration: Registration<Value>, alternative: RegistrationAlternative?,
    lending parameter: Any?, site: RequestSite
  ) throws(ResolutionError) -> Value {
    guard let parameter else {
      return try run(registration, alternative: alternative, parameter: nil, site: site)
    }
    return try withUnsafePointer(to: parameter) { (parameter) throws(ResolutionError) in
      try run(registration, alternative: alternative, parameter: parameter, site: site)
    }
  }

  func resolveOrLog<Value>(
    alternative: RegistrationAlternative?, parameter: Any?, site: RequestSite
  ) -> Value? {
    do throws(ResolutionError) {
      if let value = try resolveIfFound(
        Value.self, alternative: alternative, parameter: parameter, site: site)
      {
        return value
      }
      // Nothing registered is what `nil` means, so no hints; a parametrized resolver that did
      // not get a parameter it takes is a mistake worth reporting.
      let missing = notFoundError(
        Value.self, alternative: alternative, parameter: parameter, site: site, hints: false)
      guard case .notRegistered = missing.reason else { throw missing }
      return nil
    } catch {
      logFailure(error, site: site)
      return nil
    }
  }

  func logFailure(_ error: ResolutionError, site: RequestSite) {
    Self.logger.log(
      error.description, level: .error, file: site.file, function: "resolveIfRegistered",
      line: site.line)
  }

  /// The published road, then the rest, specialized where called. `object`, which declares the
  /// property, is the request's parameter, boxed as `Any` only past the published road.
  @inlinable @inline(__always)
  func resolve<Value>(
    _ type: Value.Type, alternative: RegistrationAlternative?, object: AnyObject?,
    site: RequestSite
  ) throws(ResolutionError) -> Value {
    try resolvePublished(
      type, alternative: alternative, parameterType: object.map { Swift.type(of: $0) },
      site: site, resolved: { $0 },
      otherwise: { () throws(ResolutionError) in
        try resolveUnpublished(type, alternative: alternative, parameter: object, site: site)
      })
  }

  /// The look-up for the general road, and how many times a `Value?` request was unwrapped to
  /// find it. Watchers see each request tried, as the resolver asked it.
  func nearestRegistration(
    of type: Any.Type, alternative: RegistrationAlternative?, parameter: Any?
  ) -> (found: AnyObject, unwrapped: Int)? {
    let key = RegistrationKey(type, alternative)
    let search = RetainingSearch(resolving: true)
    let found: (found: AnyObject, unwrapped: Int)?
    if let parameter {
      found = withUnsafePointer(to: parameter) {
        search.nearestFallingBack(LookUpRequest(key, parameter: .value($0)), from: self)?.found
      }
    } else {
      found = search.nearestFallingBack(LookUpRequest(key, parameter: nil), from: self)?.found
    }
    if AtomicWord.roadIsWatched {
      for (unwrapped, tried) in key.withFallbacks.enumerated() {
        let answered = found?.unwrapped == unwrapped
        watch(
          tried, parameterType: parameter.map { Swift.type(of: $0) },
          found: answered ? found?.found : nil)
        if answered { break }
      }
    }
    return found
  }

  /// Inlinable so that the common cases (a kept instance, an unscoped resolver) are specialized
  /// where called, without generic metadata look-ups. The parameter is lent as a pointer: `nil`
  /// needs no destroying, where an `Any?`, even `nil`, goes through generic value witnesses.
  @inlinable
  func run<Value>(
    _ registration: Registration<Value>, alternative: RegistrationAlternative?,
    parameter: UnsafePointer<Any>?, site: RequestSite
  ) throws(ResolutionError) -> Value {
    if let instances = registration.instances, let kept = instances.current {
      return kept
    }
    guard registration.scope == .unique else {
      return try runScoped(registration, alternative: alternative, parameter: parameter, site: site)
    }
    let frame = ResolutionStack.Frame(
      registration: registration, container: self, needs: registration.checkedNeeds)
    if let refusal = frame.enter() {
      throw refusalFailure(refusal, Value.self, alternative: alternative, site: site)
    }
    defer { frame.leave() }
    return try make(registration, alternative: alternative, parameter: parameter, site: site)
  }

  /// The blocking adapter of ``Creation``.
  @usableFromInline
  func runScoped<Value>(
    _ registration: Registration<Value>, alternative: RegistrationAlternative?,
    parameter: UnsafePointer<Any>?, site: RequestSite
  ) throws(ResolutionError) -> Value {
    let stack = ResolutionStack.current
    if let found = Creation.found(registration, in: .thread(stack)) {
      return found
    }
    let frame = ResolutionStack.Frame(
      registration: registration, container: self, needs: registration.checkedNeeds)
    if let refusal = frame.enter() {
      throw refusalFailure(refusal, Value.self, alternative: alternative, site: site)
    }
    defer { frame.leave() }
    let gate = registration.instances?.creation
    if let cycle = gate?.enter() {
      throw gateCycleFailure(cycle, Value.self, alternative: alternative, site: site, on: stack)
    }
    defer { gate?.leave() }
    if let kept = Creation.madeMeanwhile(registration) {
      return kept
    }
    let generation = Creation.generation(of: registration)
    let value = try make(registration, alternative: alternative, parameter: parameter, site: site)
    return try Creation.finish(value, of: registration, madeIn: generation, in: .thread(stack)) {
      reason in
      failure(reason, Value.self, alternative: alternative, site: site, resolutionPath: [])
    }
  }

  @inlinable
  func make<Value>(
    _ registration: Registration<Value>, alternative: RegistrationAlternative?,
    parameter: UnsafePointer<Any>?, site: RequestSite
  ) throws(ResolutionError) -> Value {
    if registration.kind != .nonisolated,
      let failure = isolationFailure(of: registration, alternative: alternative, site: site)
    {
      throw failure
    }
    do {
      let value = try registration.make(parameter)
      if let needs = registration.checkedNeeds {
        checkAllAskedFor(needs)
      }
      return value
    } catch {
      throw resolverFailure(error, of: registration, alternative: alternative, site: site)
    }
  }
}

/// The look-up's reading for the rest of the road and for the questions: registrations
/// retained, parametrized ones under each container's lock, plain ones without it, and, inside an
/// isolation scope, the scope's overlay before the container's own table.
struct RetainingSearch: RegistrationSearch {
  let scope = IsolationScope.active
  /// Whether a kept registration inside an isolation scope is answered by the scope's copy,
  /// which keeps the scope's instances: for resolving it, not for asking about it.
  let resolving: Bool

  func answer(in container: Container, to request: LookUpRequest) -> LookUpAnswer<AnyObject>? {
    if let scope {
      return scope.registration(in: container, to: request, resolving: resolving)
        .map { .found($0) }
    }
    guard request.parameter != nil else {
      // The container's own plain registration, read without its lock, retained.
      let stack = ResolutionStack.beginReading()
      defer { stack._withUnsafeGuaranteedRef { $0.reader.end() } }
      return container.registrations.registration(for: request.key).map {
        .found(Unmanaged<AnyObject>.fromOpaque($0).takeUnretainedValue())
      }
    }
    return container.registrations.resolvers(for: request.key, withParameter: true)
      .answer(to: request.parameter).map { .found($0) }
  }
}
