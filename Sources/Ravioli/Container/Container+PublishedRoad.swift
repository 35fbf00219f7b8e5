extension Container {
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
  /// enough to be inlined themselves, which resolving a singleton gains from.
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
  /// generic metadata and dynamic casts at every request, several times slower. `nil` for
  /// any other request, and where the general road must decide.
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
    guard !AtomicWord.roadIsWatched else {
      return false
    }
    // Without building the chain's array: this runs at every such request.
    return !withParameter || firstInChain { $0.registrations.hasHadParametrized ? () : nil } == nil
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
  /// The kept and graph scopes' road takes a reference of its own, made from the look-up's
  /// address with an explicit retain, not a copy of the borrow: Swift may drop the retain
  /// of a copy, as it assumes that a borrow outlives its uses.
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
      // several.
      let refusal =
        !AtomicWord.roadIsWatched
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
    let retained = Unmanaged<Registration<Value>>.fromOpaque(lookUp.found).retain()
      .takeRetainedValue()
    if !endUnwatchedLookUp(lookUp) {
      endWatchedLookUp(parameterType: parameterType, found: lookUp.found)
    }
    return try run(retained, alternative: alternative, parameter: nil, site: site)
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
        : firstInChain({ $0.registrations.registration(for: key) })
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
      if container.registrations.hasHadParametrized {
        return .decidedByTheTable
      }
      return container.registrations.registration(for: key).map(PublishedLookUp.found)
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
    guard !AtomicWord.roadIsWatched else {
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
    return Unmanaged<AnyObject>.fromOpaque(lookUp.found).retain().takeRetainedValue()
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
