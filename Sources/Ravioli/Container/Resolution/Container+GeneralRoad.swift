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
    if let registration = nearestRegistration(
      of: type, alternative: alternative, parameter: parameter)
    {
      let registration = unsafeDowncast(registration, to: Registration<Value>.self)
      guard let parameter else {
        return try run(registration, alternative: alternative, parameter: nil, site: site)
      }
      return try withUnsafePointer(to: parameter) { (parameter) throws(ResolutionError) in
        try run(registration, alternative: alternative, parameter: parameter, site: site)
      }
    }
    if let optional = type as? any OptionalResolvable.Type,
      let wrapped = try optional.resolveWrapped(
        in: self, alternative: alternative, parameter: parameter, site: site)
    {
      return (wrapped as! Value)
    }
    return nil
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

  func nearestRegistration(
    of type: Any.Type, alternative: RegistrationAlternative?, parameter: Any?
  ) -> AnyObject? {
    let found =
      parameter.map { nearestRegistration(for: RegistrationKey(type, alternative), parameter: $0) }
      ?? lookUpPlain(of: type, alternative: alternative)
    if AtomicWord.roadIsWatched {
      watch(
        RegistrationKey(type, alternative), parameterType: parameter.map { Swift.type(of: $0) },
        found: found)
    }
    return found
  }

  /// A container's parametrized resolver that takes `parameter` wins over its plain one.
  private func nearestRegistration(for key: RegistrationKey, parameter: Any) -> AnyObject? {
    if let scope = IsolationScope.active {
      return firstInChain { scope.registration(in: $0, for: key, parameter: parameter) }
    }
    return firstInChain { container -> AnyObject? in
      let (plain, parametrized) = container.registrations.resolvers(
        for: key, withParameter: true)
      if let parametrized, let chosen = RegistrationTable.choose(from: parametrized, for: parameter)
      {
        return chosen
      }
      return plain
    }
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

  @usableFromInline
  func runScoped<Value>(
    _ registration: Registration<Value>, alternative: RegistrationAlternative?,
    parameter: UnsafePointer<Any>?, site: RequestSite
  ) throws(ResolutionError) -> Value {
    let stack = ResolutionStack.current
    if registration.scope == .graph, let made = stack.graphInstance(of: registration) {
      return made
    }
    let frame = ResolutionStack.Frame(
      registration: registration, container: self, needs: registration.checkedNeeds)
    if let refusal = frame.enter() {
      throw refusalFailure(refusal, Value.self, alternative: alternative, site: site)
    }
    defer { frame.leave() }
    guard let instances = registration.instances else {
      let value = try make(registration, alternative: alternative, parameter: parameter, site: site)
      stack.keepGraphInstance(value, of: registration)
      return value
    }
    if let cycle = instances.creation.enter() {
      throw gateCycleFailure(cycle, Value.self, alternative: alternative, site: site, on: stack)
    }
    defer { instances.creation.leave() }
    // Another thread may have made it while this one waited at the gate.
    if let kept = instances.current {
      return kept
    }
    let generation = instances.currentGeneration
    let value = try make(registration, alternative: alternative, parameter: parameter, site: site)
    try keep(
      value, of: registration, in: instances, madeIn: generation, alternative: alternative,
      site: site)
    return value
  }

  func keep<Value>(
    _ value: Value, of registration: Registration<Value>, in instances: InstanceStore<Value>,
    madeIn generation: InstanceStore<Value>.Generation, alternative: RegistrationAlternative?,
    site: RequestSite
  ) throws(ResolutionError) {
    if registration.scope == .weak, !(Swift.type(of: value as Any) is AnyObject.Type) {
      throw failure(
        .notAnObject(actualType: String(describing: Swift.type(of: value as Any))), Value.self,
        alternative: alternative, site: site, resolutionPath: [])
    }
    instances.keep(value, madeIn: generation)
  }

  @inlinable
  func make<Value>(
    _ registration: Registration<Value>, alternative: RegistrationAlternative?,
    parameter: UnsafePointer<Any>?, site: RequestSite
  ) throws(ResolutionError) -> Value {
    if registration.kind != .nonisolated, let refusal = isolationRefusal(of: registration) {
      throw isolationFailure(refusal, of: registration, alternative: alternative, site: site)
    }
    do {
      let value = try registration.make(parameter)
      if let needs = registration.checkedNeeds {
        checkAllAskedFor(needs, by: registration)
      }
      return value
    } catch {
      throw resolverFailure(
        error, of: Value.self, registeredAt: RequestSite(registration.file, registration.line),
        alternative: alternative, site: site)
    }
  }
}
