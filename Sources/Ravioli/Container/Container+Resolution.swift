// Public: the road's inlinable parts call its functions (whether watchers follow the road,
// the end of a read section, the load of a published word), which are then inlined where a
// request is made.
public import RavioliAtomics

extension Container {
  /// Resolves a `Value`, searching this container, then its parents.
  ///
  /// ```swift
  /// let greeter: Greeter = try container.resolve()
  /// let french: Greeter = try container.resolve(alternative: .french)
  /// ```
  ///
  /// Resolving `Value?` finds a registration of `Value?` or, failing that, of `Value`.
  /// - Parameters:
  ///   - alternative: The name of the registration to use; `nil` for the unnamed one.
  ///   - file: The file of the call, for messages; leave the default.
  ///   - line: The line of the call, for messages; leave the default.
  /// - Throws: ``ResolutionError`` when no plain resolver is registered, the resolution
  ///   needs itself (a cycle), or the resolver throws.
  @inlinable @inline(__always)
  public func resolve<Value>(
    alternative: RegistrationAlternative? = nil,
    file: StaticString = #fileID, line: UInt = #line
  ) throws(ResolutionError) -> Value {
    // Always inlined: a request then runs the road's common cases where it is made,
    // specialized (a resolver that resolves three dependencies takes 7 % fewer instructions
    // than when the optimizer left this outlined at some call sites).
    try resolve(Value.self, alternative: alternative, object: nil, site: RequestSite(file, line))
  }

  /// Resolves a `Value`, giving `parameter` to a parametrized resolver.
  ///
  /// The nearest container with a resolver for `Value` and `alternative` wins; within it,
  /// the parametrized resolver is preferred to the plain one.
  /// - Parameters:
  ///   - parameter: The value handed to a parametrized resolver.
  ///   - alternative: The name of the registration to use; `nil` for the unnamed one.
  ///   - file: The file of the call, for messages; leave the default.
  ///   - line: The line of the call, for messages; leave the default.
  /// - Throws: ``ResolutionError`` when no resolver is registered, the resolution needs
  ///   itself (a cycle), or the resolver throws.
  public func resolve<Value>(
    parameter: Any, alternative: RegistrationAlternative? = nil,
    file: StaticString = #fileID, line: UInt = #line
  ) throws(ResolutionError) -> Value {
    try resolveValue(
      Value.self, alternative: alternative, parameter: parameter, site: RequestSite(file, line))
  }

  /// Resolves a `Value`, or returns `nil` when nothing is registered for it.
  ///
  /// Other failures (only a parametrized resolver is registered, a cycle, a resolver that
  /// throws, a dependency of the resolver that is missing) are logged at the `.error` level
  /// before `nil` is returned.
  ///
  /// ```swift
  /// let tracker: Analytics? = container.resolveIfRegistered()
  /// ```
  /// - Parameters:
  ///   - alternative: The name of the registration to use; `nil` for the unnamed one.
  ///   - file: The file of the call, for messages; leave the default.
  ///   - line: The line of the call, for messages; leave the default.
  @inlinable
  public func resolveIfRegistered<Value>(
    alternative: RegistrationAlternative? = nil,
    file: StaticString = #fileID, line: UInt = #line
  ) -> Value? {
    let site = RequestSite(file, line)
    do throws(ResolutionError) {
      if let value = try resolvePublished(
        Value.self, alternative: alternative, parameterType: nil, site: site)
      {
        return value
      }
    } catch {
      logFailure(error, site: site)
      return nil
    }
    return resolveOrLog(alternative: alternative, parameter: nil, site: site)
  }

  /// Resolves a `Value` with a parameter, or returns `nil` when nothing is registered for it.
  ///
  /// Other failures are logged at the `.error` level before `nil` is returned.
  /// - Parameters:
  ///   - parameter: The value handed to a parametrized resolver.
  ///   - alternative: The name of the registration to use; `nil` for the unnamed one.
  ///   - file: The file of the call, for messages; leave the default.
  ///   - line: The line of the call, for messages; leave the default.
  public func resolveIfRegistered<Value>(
    parameter: Any, alternative: RegistrationAlternative? = nil,
    file: StaticString = #fileID, line: UInt = #line
  ) -> Value? {
    resolveOrLog(alternative: alternative, parameter: parameter, site: RequestSite(file, line))
  }

  /// Whether a resolver, plain or parametrized, is registered for `type` and `alternative` in
  /// this container or one of its parents.
  ///
  /// ```swift
  /// if container.isResolvable(ImageCache.self) {
  ///   print("an image cache can be resolved")
  /// }
  /// ```
  public func isResolvable<Value>(
    _ type: Value.Type, alternative: RegistrationAlternative? = nil
  ) -> Bool {
    let key = RegistrationKey(type, alternative)
    let registered = chain.contains { container in
      let table = container.visibleTable
      return table.plain[key] != nil || table.parametrized[key] != nil
    }
    if registered {
      return true
    }
    guard let optional = type as? any OptionalResolvable.Type else { return false }
    return optional.isWrappedResolvable(in: self, alternative: alternative)
  }
}

/// Where a request was made, for messages.
@usableFromInline
struct RequestSite: Sendable {
  @usableFromInline let file: StaticString
  @usableFromInline let line: UInt

  @inlinable
  init(_ file: StaticString, _ line: UInt) {
    self.file = file
    self.line = line
  }

  var label: String { "\(file):\(line)" }
}

// MARK: - The one road

extension Container {
  /// Every resolution, whichever door it comes in by, ends here.
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

  /// The road for a plain registration that resolution can read without a lock: specialized
  /// for `Value` where it is called. `nil` when there is none: nothing is registered, an
  /// isolation scope is active (whose registrations only
  /// ``resolveValue(_:alternative:parameter:site:)`` sees), or the request has a parameter
  /// and a container searched has parametrized registrations, which it may prefer.
  ///
  /// Inside a short read section, it finds the registration and takes the instance that its
  /// scope keeps, or goes on to run it (``runFound(_:at:alternative:parameterType:site:)``).
  /// A plain resolver takes no parameter, so only the type of the request's parameter (for
  /// the watchers' messages) is passed on. With `nonisolatedOnly`, for a request that can
  /// await (``resolve(_:alternative:file:line:)``), a resolver that is not nonisolated is not
  /// run: `nil`, with the section ended, and the caller awaits it.
  @inlinable @inline(__always)
  func resolvePublished<Value>(
    _ type: Value.Type, alternative: RegistrationAlternative?, parameterType: Any.Type?,
    site: RequestSite, nonisolatedOnly: Bool = false
  ) throws(ResolutionError) -> Value? {
    guard
      let lookUp = beginLookUp(
        of: Value.self, alternative: alternative, withParameter: parameterType != nil)
    else {
      return nil
    }
    let found = lookUp.found
    let unretained = Unmanaged<Registration<Value>>.fromOpaque(found)
    if let kept = unretained._withUnsafeGuaranteedRef({ $0.instances?.currentInReadSection }) {
      if !endUnwatchedLookUp(lookUp) {
        endWatchedLookUp(parameterType: parameterType, found: found)
      }
      return kept
    }
    if nonisolatedOnly, unretained._withUnsafeGuaranteedRef({ $0.kind != .nonisolated }) {
      // Not watched: an awaited resolver is not, on either road (see `watchKept`).
      lookUp.endSection()
      return nil
    }
    // `_withUnsafeGuaranteedRef` rethrows untyped: what it throws is `runFound`'s.
    do {
      return try unretained._withUnsafeGuaranteedRef { (registration) throws(ResolutionError) in
        try runFound(
          registration, at: lookUp, alternative: alternative, parameterType: parameterType,
          site: site)
      }
    } catch {
      throw error as! ResolutionError
    }
  }

  /// Resolves what ``resolvePublished(_:alternative:parameterType:site:nonisolatedOnly:)``
  /// did not: a request of `Wrapped?` that no container publishes a registration of may still
  /// find `Wrapped` there (``resolvePublishedWrapped(_:alternative:parameterType:site:)``);
  /// anything else takes the general road, with the enclosing object, if any, as the
  /// request's parameter.
  ///
  /// Specialized where it is called, but not inlined: the callers of the road stay small
  /// enough to be inlined themselves (inlined into `resolve`, it made resolving a singleton
  /// take some 30 % more instructions).
  @inlinable @inline(never)
  func resolveUnpublished<Value>(
    _ type: Value.Type, alternative: RegistrationAlternative?, parameter: AnyObject?,
    site: RequestSite
  ) throws(ResolutionError) -> Value {
    if let value = try resolvePublishedWrapped(
      type, alternative: alternative, parameterType: parameter.map { Swift.type(of: $0) },
      site: site)
    {
      return value
    }
    return try resolveValue(
      type, alternative: alternative, parameter: parameter.map { $0 as Any }, site: site)
  }

  /// For a request of `Wrapped?` that no container publishes a registration of: `Wrapped`,
  /// from what containers publish, specialized, as the general road falls back
  /// (``resolveIfFound(_:alternative:parameter:site:)``), which looks `Wrapped` up through
  /// generic metadata and dynamic casts at every request (RavioliProfile `optional`: 4,225
  /// instructions that way, 571 this way). `nil` for any other request, and where the
  /// general road must decide.
  ///
  /// The fallback is taken only where its answer is the general road's: when nothing
  /// watches the road (a resolver's checked needs and a trace see the request of `Value?`
  /// itself), and, for a request with a parameter, when no container searched has had a
  /// parametrized registration (which could take the parameter as a `Value?`).
  @inlinable
  func resolvePublishedWrapped<Value>(
    _ type: Value.Type, alternative: RegistrationAlternative?, parameterType: Any.Type?,
    site: RequestSite
  ) throws(ResolutionError) -> Value? {
    guard let optional = type as? any OptionalResolvable.Type,
      publishedRoadDecidesWrapped(withParameter: parameterType != nil)
    else {
      return nil
    }
    return try optional.resolvePublishedWrapped(
      as: type, in: self, alternative: alternative, parameterType: parameterType, site: site)
  }

  /// Whether a request of `Wrapped?` that no container publishes may fall back to
  /// `Wrapped` on the published road: see
  /// ``resolvePublishedWrapped(_:alternative:parameterType:site:)``.
  @usableFromInline
  func publishedRoadDecidesWrapped(withParameter: Bool) -> Bool {
    guard ravioli_road_watchers() == 0 else {
      return false
    }
    // Without building the chain's array: this runs at every such request.
    return !withParameter || firstInChain { $0.published.hasHadParametrized ? () : nil } == nil
  }

  /// Runs `registration`, which ``beginLookUp(of:alternative:withParameter:)`` found (the
  /// registration of `lookUp`) and whose scope keeps no instance now; called inside the
  /// look-up's read section.
  ///
  /// An unscoped registration is run without being retained: entering its frame ends the
  /// section, and its thread protects it from then on, until the frame is left (see
  /// ``ReadSections``), so that threads that resolve the same registration do not all write
  /// its reference count. The frame is pushed and popped here, on the stack that the look-up
  /// found: when nothing watches the road, with no call. A kept or graph scope, whose first
  /// resolution waits at a gate or looks up what this resolution already made, takes the
  /// retaining road of ``run(_:alternative:parameter:site:)``.
  ///
  /// `registration` is a borrow that holds only while the section or the frame does: it is
  /// not used after the section ends unprotected (a refusal) nor after the frame is left.
  /// The kept and graph scopes' road retains it through `lookUp`, with a call that the
  /// optimizer cannot see into, since a retain of the borrowed reference itself may be
  /// optimized away.
  ///
  /// Not inlined: the road's common cases inline into the caller without it, and a
  /// singleton's kept instance is read with fewer instructions.
  @inlinable @inline(never)
  func runFound<Value>(
    _ registration: Registration<Value>, at lookUp: LookUp,
    alternative: RegistrationAlternative?, parameterType: Any.Type?, site: RequestSite
  ) throws(ResolutionError) -> Value {
    if registration.scope == .unique {
      let needs = registration.checkedNeeds
      // The frame is made in each branch: one made before them both is built in memory, and
      // copying it onto the stack then stalls, loading in one piece what was just stored in
      // several (in `perf annotate` of RavioliProfile `stored`, the costliest instruction).
      let refusal =
        ravioli_road_watchers() == 0
        ? lookUp.enterEndingSection(
          ResolutionStack.Frame(registration: registration, container: self, needs: needs))
        : enterEndingWatchedLookUp(
          ResolutionStack.Frame(registration: registration, container: self, needs: needs),
          parameterType: parameterType)
      if let refusal {
        throw refusalFailure(refusal, Value.self, alternative: alternative, site: site)
      }
      // Not a `defer`, which the optimizer outlines: a call of its own at every resolution.
      let value: Value
      do {
        value = try make(registration, alternative: alternative, parameter: nil, site: site)
      } catch {
        lookUp.leave(registration)
        throw error
      }
      lookUp.leave(registration)
      return value
    }
    let retained = unsafeDowncast(retainInLookUp(lookUp.found), to: Registration<Value>.self)
    if !endUnwatchedLookUp(lookUp) {
      endWatchedLookUp(parameterType: parameterType, found: lookUp.found)
    }
    return try run(retained, alternative: alternative, parameter: nil, site: site)
  }

  /// Retains the registration that ``beginLookUp(of:alternative:withParameter:)`` found, in
  /// its read section.
  @usableFromInline @inline(never)
  func retainInLookUp(_ found: UnsafeMutableRawPointer) -> AnyObject {
    Unmanaged<AnyObject>.fromOpaque(found).retain().takeRetainedValue()
  }

  /// The road's entry into `frame`, whose registration
  /// ``beginLookUp(of:alternative:withParameter:)`` found, when watchers follow the road
  /// (``LookUp/enterEndingSection(_:)`` when none do): ends the read section, tells the
  /// watchers what the look-up found, then enters `frame`, holding the registration. The
  /// watchers may run a logger, so the section ends first, and a retain keeps the
  /// registration alive from then until the frame that holds it is left. Pair a `nil` answer
  /// with ``LookUp/leave(_:)``.
  @usableFromInline @inline(never)
  func enterEndingWatchedLookUp(_ frame: ResolutionStack.Frame, parameterType: Any.Type?)
    -> ResolutionStack.Refusal?
  {
    let registration = endWatchedLookUpHolding(parameterType: parameterType, found: frame.address)
    guard let refusal = frame.holdingRegistration().enter() else {
      return nil
    }
    registration.release()
    return refusal
  }

  /// Starts a read section and finds, inside it, the nearest plain registration of `type`,
  /// searching this container, then its parents: unretained, free of generics, locks and
  /// reference counting. When it finds one, the caller ends the section: on the road, with
  /// ``endUnwatchedLookUp(_:)`` or, if that returns `false`,
  /// ``endWatchedLookUp(parameterType:found:)``; or by entering the registration's frame,
  /// ``LookUp/enterEndingSection(_:)`` or, when watchers follow the road,
  /// ``enterEndingWatchedLookUp(_:parameterType:)``. It uses the registration after that
  /// only if it retained it before, or while that frame protects it.
  ///
  /// `nil`, with no section left open, when there is none, inside an isolation scope, and
  /// for a request with a parameter that reaches a container that has had parametrized
  /// registrations, which it may prefer.
  @usableFromInline
  func beginLookUp(
    of type: Any.Type, alternative: RegistrationAlternative?, withParameter: Bool
  ) -> LookUp? {
    guard IsolationScope.active == nil else {
      return nil
    }
    let key = RegistrationKey(type, alternative)
    let stack = ResolutionStack.beginReading()
    guard
      let found = withParameter
        ? publishedForRequestWithParameter(key)
        : firstInChain({ $0.published.registration(for: key) })
    else {
      stack._withUnsafeGuaranteedRef { $0.reader.end() }
      return nil
    }
    return LookUp(found: found, stack: stack)
  }

  /// ``beginLookUp(of:alternative:withParameter:)``'s search for a request with a parameter:
  /// a container that has had a parametrized registration may prefer it, so from there on
  /// only the road's table decides.
  @inline(__always)
  private func publishedForRequestWithParameter(_ key: RegistrationKey)
    -> UnsafeMutableRawPointer?
  {
    let found = firstInChain { container -> PublishedLookUp? in
      if container.published.hasHadParametrized {
        return .decidedByTheTable
      }
      return container.published.registration(for: key).map(PublishedLookUp.found)
    }
    guard case .found(let registration)? = found else {
      return nil
    }
    return registration
  }

  /// Where a search of what containers publish ends.
  private enum PublishedLookUp {
    /// At the nearest plain registration.
    case found(UnsafeMutableRawPointer)
    /// At a container that has had a parametrized registration, which it may prefer.
    case decidedByTheTable
  }

  /// Ends the read section of ``beginLookUp(of:alternative:withParameter:)`` when nothing
  /// watches the road, the common case; otherwise leaves it to
  /// ``endWatchedLookUp(parameterType:found:)`` and returns `false`.
  @inlinable
  func endUnwatchedLookUp(_ lookUp: LookUp) -> Bool {
    guard ravioli_road_watchers() == 0 else {
      return false
    }
    lookUp.endSection()
    return true
  }

  /// Ends the read section of ``beginLookUp(of:alternative:withParameter:)``, and tells the
  /// road's watchers (declared needs, traces) what it found. The request's type and
  /// alternative are those of the registration found, whose key is the request's.
  @usableFromInline
  func endWatchedLookUp(parameterType: Any.Type?, found: UnsafeMutableRawPointer) {
    endWatchedLookUpHolding(parameterType: parameterType, found: found).release()
  }

  /// ``endWatchedLookUp(parameterType:found:)``, returning the registration found, retained
  /// (watchers may run a logger, so it is held past the section).
  @inline(__always)
  private func endWatchedLookUpHolding(parameterType: Any.Type?, found: UnsafeRawPointer)
    -> Unmanaged<AnyObject>
  {
    let registration = Unmanaged<AnyObject>.fromOpaque(found).retain()
    ResolutionStack.endReading()
    registration._withUnsafeGuaranteedRef { registration in
      let key = unsafeDowncast(registration, to: KeyedRegistration.self).key
      watch(key, key.metatype, key.alternative, parameterType: parameterType, found: registration)
    }
    return registration
  }

  /// The nearest plain registration of `type`, retained, from what containers publish (or,
  /// inside an isolation scope, from what the scope sees): what the road finds for a request
  /// without a parameter, and what the async road holds while it suspends.
  func lookUpPlain(of type: Any.Type, alternative: RegistrationAlternative?) -> AnyObject? {
    if let scope = IsolationScope.active {
      let key = RegistrationKey(type, alternative)
      return firstInChain { scope.registration(in: $0, for: key, parameter: nil) }
    }
    guard let lookUp = beginLookUp(of: type, alternative: alternative, withParameter: false)
    else {
      return nil
    }
    defer { lookUp.endSection() }
    return retainInLookUp(lookUp.found)
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

  @usableFromInline
  func nearestRegistration(
    of type: Any.Type, alternative: RegistrationAlternative?, parameter: Any?
  ) -> AnyObject? {
    // Without a parameter, only plain registrations answer: what containers publish.
    let found =
      parameter.map { nearestRegistration(for: RegistrationKey(type, alternative), parameter: $0) }
      ?? lookUpPlain(of: type, alternative: alternative)
    if ravioli_road_watchers() != 0 {
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
      let (plain, parametrized) = container.registrations.withLock { table in
        // An empty dictionary is not hashed into: most containers have no parametrized resolver.
        (table.plain[key], table.parametrized.isEmpty ? nil : table.parametrized[key])
      }
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
  /// after the call through its generic value witnesses: RavioliProfile `stored` took 647
  /// instructions with one, 522 without).
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
      var failure = failure(
        .cycle(path: cycle), Value.self, alternative: alternative, site: site,
        resolutionPath: stack.frames.count > 1 ? stack.labels : [])
      failure.note = "The cycle runs across threads: each was creating one of these instances."
      throw failure
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

  /// The error for a request that the resolution stack refused: a registration found on
  /// the stack (it needs itself), or a stack that is already as deep as it may be.
  @usableFromInline
  func refusalFailure<Value>(
    _ refusal: ResolutionStack.Refusal, _ type: Value.Type, alternative: RegistrationAlternative?,
    site: RequestSite
  ) -> ResolutionError {
    let stack = ResolutionStack.current
    let requested = describeRequest(type, alternative)
    switch refusal {
    case .cycle(let start):
      let frames = stack.frames
      let cycle = stack.labels(of: frames[start...], endingWith: (requested, self))
      var failure = failure(
        .cycle(path: cycle), type, alternative: alternative, site: site,
        resolutionPath: start > 0 ? stack.path(endingWith: requested, in: self) : [])
      failure.registrationSites = ResolutionStack.registrationSites(of: frames[start...])
      return failure
    case .depthLimit, .callStackNearlyFull:
      // The whole path could be hundreds of lines: its start shows where the recursion began,
      // its end what repeats.
      let labels = stack.labels
      let head = 10
      let tail = 3
      let path =
        labels.count > head + tail + 1
        ? labels.prefix(head) + ["... \(labels.count - head - tail) more ..."] + labels.suffix(tail)
        : labels
      var failure = failure(
        .tooDeep(depth: labels.count), type, alternative: alternative, site: site,
        resolutionPath: path + [requested])
      if case .depthLimit = refusal {
        failure.note =
          "Ravioli nests resolutions at most \(ResolutionStack.depthLimit) deep, which no real "
          + "object graph needs: a resolver probably asks, at every level, for something new "
          + "(a type, an alternative or a parameter that it builds as it goes)."
      } else {
        failure.note =
          "This thread's call stack (\(stack.stackSize / 1024) KiB) is nearly full: a resolver "
          + "probably asks, at every level, for something new (a type, an alternative or a "
          + "parameter that it builds as it goes), or the graph is deeper than this thread "
          + "allows (resolve it on a thread with a larger stack)."
      }
      return failure
    }
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

  /// What a resolver threw, as a ``ResolutionError``: unchanged if it already is one (a
  /// failure further down), else wrapped with where the resolver is registered.
  @usableFromInline
  func resolverFailure<Value>(
    _ error: any Error, of type: Value.Type, registeredAt: RequestSite,
    alternative: RegistrationAlternative?, site: RequestSite
  ) -> ResolutionError {
    let stack = ResolutionStack.current
    stack.trace?.failed()
    if let error = error as? ResolutionError {
      return error
    }
    return failure(
      .resolverFailed(error), type, registeredAt: registeredAt, alternative: alternative,
      site: site, resolutionPath: stack.frames.count > 1 ? stack.labels : [])
  }

  /// ``failure(_:_:alternative:site:resolutionPath:)`` for a failure of a resolver that was
  /// found (it threw, or cannot run here), naming where it is registered.
  func failure<Value>(
    _ reason: ResolutionError.Reason, _ type: Value.Type, registeredAt: RequestSite,
    alternative: RegistrationAlternative?, site: RequestSite, resolutionPath: [String]
  ) -> ResolutionError {
    var failure = failure(
      reason, type, alternative: alternative, site: site, resolutionPath: resolutionPath)
    failure.note = "The resolver is registered at \(registeredAt.label)."
    return failure
  }

  func notFoundError<Value>(
    _ type: Value.Type, alternative: RegistrationAlternative?, parameter: Any?,
    site: RequestSite, hints: Bool = true
  ) -> ResolutionError {
    // Report a missing `T?` as a missing `T`: registering `T` is the fix, or one of `T?`.
    if let optional = type as? any OptionalResolvable.Type {
      var error = optional.wrappedNotFoundError(
        in: self, alternative: alternative, parameter: parameter, site: site, hints: hints)
      if hints, case .notRegistered = error.reason {
        error.elsewhere = LivingContainers.registering(
          [RegistrationKey(type, alternative), RegistrationKey(optional.wrappedType, alternative)],
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
    // Nothing plain is registered; parametrized resolvers may be, for other parameters.
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
      resolutionPath: stack.frames.isEmpty
        ? [] : stack.path(endingWith: describeRequest(type, alternative), in: self))
    // A module's container that a test happened to make first, given its registrations
    // after it was made: they went to that test alone.
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

  /// For a type that nothing is registered for: the registrations of its subclasses or
  /// conforming types, which a closure without a written return type registers instead.
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

  /// An error that names the containers searched and what they hold for `type`.
  func failure<Value>(
    _ reason: ResolutionError.Reason, _ type: Value.Type, alternative: RegistrationAlternative?,
    site: RequestSite, resolutionPath: [String]
  ) -> ResolutionError {
    let typeID = ObjectIdentifier(type)
    var alternatives: [RegistrationAlternative?] = []
    var seen = Set<RegistrationAlternative?>()
    for container in chain {
      for alternative in container.visibleTable.alternatives(of: typeID)
      where seen.insert(alternative).inserted {
        alternatives.append(alternative)
      }
    }
    return ResolutionError(
      reason: reason, typeName: String(describing: type), alternativeName: alternative?.name,
      searchedContainers: chain.map(\.name),
      registeredAlternatives: alternatives.map { $0?.name },
      resolutionPath: resolutionPath, requestedAt: site.label)
  }
}

extension Container {
  /// Whether the container was made inside an isolation scope other than the current one,
  /// and has no registrations of its own.
  var lostItsRegistrations: Bool {
    guard let made = madeInScope else { return false }
    if let scope = made.object, scope === IsolationScope.active {
      return false
    }
    return registrations.withLock { $0.plain.count == 0 && $0.parametrized.isEmpty }
  }
}

/// What ``Container/beginLookUp(of:alternative:withParameter:)`` found: a registration, and
/// the read section that it was found in, which the caller ends; and the thread's resolution
/// stack, on which the road pushes and pops an unscoped registration's frame where the
/// request is made, without finding the stack again.
@usableFromInline
struct LookUp {
  /// The registration, unretained: valid until the section ends, unless retained or
  /// protected before.
  @usableFromInline let found: UnsafeMutableRawPointer
  /// The current thread's resolution stack, whose reader is inside the section.
  @usableFromInline let stack: Unmanaged<ResolutionStack>

  @usableFromInline
  init(found: UnsafeMutableRawPointer, stack: Unmanaged<ResolutionStack>) {
    self.found = found
    self.stack = stack
  }

  /// Ends the section.
  @inlinable
  func endSection() {
    stack._withUnsafeGuaranteedRef { $0.reader.end() }
  }

  /// Ends the section by entering `frame`, whose registration is the one found: the thread
  /// protects it from then on, as a retain would (see ``ReadSections``). For the road when
  /// nothing watches it. Pair a `nil` answer with ``leave(_:)``.
  @inlinable @inline(__always)
  func enterEndingSection(_ frame: ResolutionStack.Frame) -> ResolutionStack.Refusal? {
    stack._withUnsafeGuaranteedRef { $0.enterEndingReadSection(frame) }
  }

  /// Leaves the frame of `registration` that ``enterEndingSection(_:)`` or
  /// ``Container/enterEndingWatchedLookUp(_:parameterType:)`` entered: the innermost.
  @inlinable @inline(__always)
  func leave(_ registration: AnyObject) {
    stack._withUnsafeGuaranteedRef { $0.leave(registration) }
  }
}
