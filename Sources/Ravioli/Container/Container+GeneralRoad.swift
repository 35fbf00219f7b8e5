// The general road: what the published road (Container+PublishedRoad.swift) does not answer
// without a lock (a request with a parameter, inside an isolation scope, an optional that
// falls back to the type it wraps), and the scopes that keep instances or gate creations.

extension Container {
  /// Resolves a request on the general road, or throws why it cannot.
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

  /// Resolves `type`, or returns `nil` when no container in the chain has a resolver for it.
  ///
  /// The nearest container with a resolver wins; within a container, a request with a
  /// parameter prefers the parametrized resolver. `Value?` falls back to `Value` when no
  /// container has a resolver for `Value?` itself.
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

  /// ``resolveIfRegistered(alternative:file:line:)`` on the general road.
  @usableFromInline
  func resolveOrLog<Value>(
    alternative: RegistrationAlternative?, parameter: Any?, site: RequestSite
  ) -> Value? {
    do throws(ResolutionError) {
      if let value = try resolveIfFound(
        Value.self, alternative: alternative, parameter: parameter, site: site)
      {
        return value
      }
      // Without hints: for `resolveIfRegistered`, nothing registered is no mistake.
      let missing = notFoundError(
        Value.self, alternative: alternative, parameter: parameter, site: site, hints: false)
      // Nothing registered is the answer `nil` stands for; a parametrized resolver that did
      // not get a parameter it takes is a mistake worth reporting.
      guard case .notRegistered = missing.reason else { throw missing }
      return nil
    } catch {
      logFailure(error, site: site)
      return nil
    }
  }

  /// Logs, at the `.error` level, why a `resolveIfRegistered` returns `nil`.
  @usableFromInline
  func logFailure(_ error: ResolutionError, site: RequestSite) {
    Self.logger.log(
      error.description, level: .error, file: site.file, function: "resolveIfRegistered",
      line: site.line)
  }

  /// Resolves `type` on the road, what containers publish first, with the common cases
  /// specialized where it is called: for ``resolve(alternative:file:line:)`` (no `object`),
  /// a property wrapper or a function parameter. `object`, the one that declares the
  /// property, is the request's parameter, boxed as `Any` only if the request goes past
  /// what containers publish.
  @inlinable @inline(__always)
  func resolve<Value>(
    _ type: Value.Type, alternative: RegistrationAlternative?, object: AnyObject?,
    site: RequestSite
  ) throws(ResolutionError) -> Value {
    if let value = try resolvePublished(
      type, alternative: alternative, parameterType: object.map { Swift.type(of: $0) },
      site: site)
    {
      return value
    }
    return try resolveUnpublished(type, alternative: alternative, parameter: object, site: site)
  }

  /// The road's look-up on the general road: the nearest registration for the request, and
  /// the watchers told what it found.
  @usableFromInline
  func nearestRegistration(
    of type: Any.Type, alternative: RegistrationAlternative?, parameter: Any?
  ) -> AnyObject? {
    // Without a parameter, only plain registrations answer: what containers publish.
    let found =
      parameter.map { nearestRegistration(for: RegistrationKey(type, alternative), parameter: $0) }
      ?? lookUpPlain(of: type, alternative: alternative)
    if AtomicWord.roadIsWatched {
      watch(
        RegistrationKey(type, alternative), type, alternative, parameter: parameter, found: found)
    }
    return found
  }

  /// The nearest registration for `key` and a request with `parameter`, searching this
  /// container, then its parents: a container's parametrized resolver wins over its plain
  /// one if it takes that parameter.
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

  /// Returns the instance that the registration's scope keeps, or runs its resolver on the
  /// current thread's resolution stack.
  ///
  /// Inlinable, like ``resolve(alternative:file:line:)``, so that the common cases (a kept
  /// instance, an unscoped resolver) are specialized for `Value` where they are called,
  /// without generic metadata look-ups.
  ///
  /// The request's parameter, if any, is lent for the call, as a pointer: a request without
  /// one then passes `nil`, which needs no destroying (an `Any?`, even `nil`, is destroyed
  /// after the call through its generic value witnesses).
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

  /// ``run(_:alternative:parameter:site:)`` for graph and kept scopes when the instance is
  /// not there yet.
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

  /// Keeps what a kept scope's resolver made, unless the scope is weak and the value is no
  /// class instance.
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

  /// Calls the resolver, turning what it throws into a ``ResolutionError``; refuses,
  /// instead, a resolver that cannot run synchronously here (see ``ResolverKind``).
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
