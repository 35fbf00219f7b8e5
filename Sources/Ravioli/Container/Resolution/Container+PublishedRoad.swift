extension Container {
  /// The road for a plain registration read without a lock, specialized where called: what it
  /// makes or keeps goes to `resolved`. It leaves the request to `otherwise` where
  /// ``beginLookUp(of:alternative:parameterType:)`` finds nothing, and, with `nonisolatedOnly`
  /// (a request that can await), for a resolver that is not nonisolated or a graph scope. A plain resolver takes
  /// no parameter: only the parameter's type goes on, for the watchers. Two closures, not a
  /// `Value?`: an optional of a protocol that is not class-bound is copied and destroyed
  /// through generic value witnesses (Benchmarks/README, plain-protocol shapes).
  @inlinable @inline(__always)
  func resolvePublished<Value, Result>(
    _ type: Value.Type, alternative: RegistrationAlternative?, parameterType: Any.Type?,
    site: RequestSite, nonisolatedOnly: Bool = false, resolved: (Value) -> Result,
    otherwise: () throws(ResolutionError) -> Result
  ) throws(ResolutionError) -> Result {
    guard
      let lookUp = beginLookUp(
        of: Value.self, alternative: alternative, parameterType: parameterType)
    else {
      return try otherwise()
    }
    let found = lookUp.found
    let unretained = Unmanaged<Registration<Value>>.fromOpaque(found)
    // Asked first, so that a registration that keeps nothing makes no `Value?` (see above).
    if unretained._withUnsafeGuaranteedRef({ $0.instances != nil }),
      let kept = unretained._withUnsafeGuaranteedRef({ $0.instances?.currentInReadSection })
    {
      endLookUp(lookUp, parameterType: parameterType)
      return resolved(kept)
    }
    if nonisolatedOnly,
      unretained._withUnsafeGuaranteedRef({ $0.kind != .nonisolated || $0.scope == .graph })
    {
      // Watched where the awaiting road takes it (`resolveAwaiting`), which keeps a graph
      // instance for the awaited resolution.
      lookUp.endSection()
      return try otherwise()
    }
    // `_withUnsafeGuaranteedRef` rethrows untyped: what it throws is `runFound`'s.
    do {
      return try unretained._withUnsafeGuaranteedRef { (registration) throws(ResolutionError) in
        resolved(
          try runFound(
            registration, at: lookUp, alternative: alternative, parameterType: parameterType,
            site: site))
      }
    } catch {
      throw error as! ResolutionError
    }
  }

  /// What ``resolvePublished(_:alternative:parameterType:site:nonisolatedOnly:resolved:otherwise:)`` left. Not
  /// inlined, so that the road's callers stay small enough to be inlined themselves (which
  /// resolving a singleton gains from).
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

  /// ``resolveIfFound(_:alternative:parameter:site:)``'s fallback of `Wrapped?` to `Wrapped`,
  /// specialized, not through generic metadata and dynamic casts. `nil` for other requests, and
  /// where only the general road answers right: while watched (watchers must see the `Value?`
  /// request), and for a request with a parameter once a container searched has had a
  /// parametrized registration (which could take it as a `Value?`).
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

  @usableFromInline
  func publishedRoadDecidesWrapped(withParameter: Bool) -> Bool {
    !AtomicWord.roadIsWatched
      && (!withParameter || UnretainedSearch().decidesRequestsWithParameter(from: self))
  }

  /// Runs `registration`, found by `lookUp` without a kept instance, inside its read section.
  /// Not inlined, so that the road's common cases inline into the caller without it, and a
  /// singleton's kept instance is read with fewer instructions. An unscoped registration is not
  /// retained, so that threads resolving it do not all write its reference count: entering its
  /// frame ends the section, and the thread protects it until the frame is left (see
  /// ``ReadSections``). The frame is pushed and popped on the look-up's stack, with no call when
  /// nothing watches. A kept or graph scope (a gate, a graph look-up) takes the retaining road of
  /// ``run(_:alternative:parameter:site:)``.
  ///
  /// `registration` is a borrow valid only while the section or the frame is: it is not used
  /// after the section ends unprotected (a refusal) nor after the frame is left. The retaining
  /// road retains the look-up's address explicitly, not a copy of the borrow, whose retain Swift
  /// may drop, as it assumes that a borrow outlives its uses.
  @inlinable @inline(never)
  func runFound<Value>(
    _ registration: Registration<Value>, at lookUp: LookUp,
    alternative: RegistrationAlternative?, parameterType: Any.Type?, site: RequestSite
  ) throws(ResolutionError) -> Value {
    if registration.scope == .unique {
      let needs = registration.checkedNeeds
      // Made in each branch: one made before both is built in memory, and copying it to the
      // stack stalls, loading in one piece what was just stored in several.
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
      do {
        let value = try make(registration, alternative: alternative, parameter: nil, site: site)
        lookUp.leave(registration)
        return value
      } catch {
        lookUp.leave(registration)
        throw error
      }
    }
    let retained = Unmanaged<Registration<Value>>.fromOpaque(lookUp.found).retain()
      .takeRetainedValue()
    endLookUp(lookUp, parameterType: parameterType)
    return try run(retained, alternative: alternative, parameter: nil, site: site)
  }

  /// ``LookUp/enterEndingSection(_:)`` while watchers follow the road: they may run a logger, so
  /// the section ends first, and a retain holds the registration until its frame is left. Pair
  /// a `nil` answer with ``LookUp/leave(_:)``.
  @usableFromInline
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

  /// Starts a read section and finds in it, with ``UnretainedSearch``, the nearest plain
  /// registration of `type`, unretained, without generics, locks or reference counting. The
  /// caller ends the section with ``endLookUp(_:parameterType:)`` or by entering the
  /// registration's frame (``LookUp/enterEndingSection(_:)``, or, watched,
  /// ``enterEndingWatchedLookUp(_:parameterType:)``), and uses the registration after that only
  /// if it retained it before, or while that frame protects it. `nil`, with no section open,
  /// when there is none, inside an isolation scope, and where the search cannot decide.
  @usableFromInline
  func beginLookUp(
    of type: Any.Type, alternative: RegistrationAlternative?, parameterType: Any.Type?
  ) -> LookUp? {
    guard IsolationScope.active == nil else {
      return nil
    }
    let key = RegistrationKey(type, alternative)
    let stack = ResolutionStack.beginReading()
    // The look-up inlined twice, each copy specialized for its request: most have no parameter.
    let answer: LookUpAnswer<Unmanaged<KeyedRegistration>>?
    if let parameterType {
      answer = UnretainedSearch().nearest(
        LookUpRequest(key, parameter: .ofType(parameterType)), from: self)
    } else {
      answer = UnretainedSearch().nearest(LookUpRequest(key, parameter: nil), from: self)
    }
    guard case .found(let found)? = answer else {
      stack._withUnsafeGuaranteedRef { $0.reader.end() }
      return nil
    }
    return LookUp(found: found.toOpaque(), stack: stack)
  }

  /// Ends the section of `lookUp`: through ``endWatchedLookUp(parameterType:found:)`` when
  /// watched.
  @inlinable
  func endLookUp(_ lookUp: LookUp, parameterType: Any.Type?) {
    if AtomicWord.roadIsWatched {
      endWatchedLookUp(parameterType: parameterType, found: lookUp.found)
    } else {
      lookUp.endSection()
    }
  }

  /// Ends the section and tells the watchers (declared needs, traces) what it found: the
  /// registration's key is the request's.
  @usableFromInline
  func endWatchedLookUp(parameterType: Any.Type?, found: UnsafeMutableRawPointer) {
    endWatchedLookUpHolding(parameterType: parameterType, found: found).release()
  }

  /// Retains the registration past the section: the watchers may run a logger. Forced inline:
  /// otherwise the watched road calls it out of line.
  @inline(__always)
  private func endWatchedLookUpHolding(parameterType: Any.Type?, found: UnsafeRawPointer)
    -> Unmanaged<AnyObject>
  {
    let registration = Unmanaged<AnyObject>.fromOpaque(found).retain()
    ResolutionStack.endReading()
    registration._withUnsafeGuaranteedRef { registration in
      let key = unsafeDowncast(registration, to: KeyedRegistration.self).key
      watch(key, parameterType: parameterType, found: registration)
    }
    return registration
  }
}

/// What ``Container/beginLookUp(of:alternative:parameterType:)`` found, in a read section the
/// caller ends; with the thread's stack, which the road then need not find again.
@usableFromInline
struct LookUp {
  /// Unretained: valid until the section ends, unless retained or protected before.
  @usableFromInline let found: UnsafeMutableRawPointer
  @usableFromInline let stack: Unmanaged<ResolutionStack>

  @usableFromInline
  init(found: UnsafeMutableRawPointer, stack: Unmanaged<ResolutionStack>) {
    self.found = found
    self.stack = stack
  }

  @inlinable
  func endSection() {
    stack._withUnsafeGuaranteedRef { $0.reader.end() }
  }

  /// Ends the section by entering `frame`, of the registration found, which the thread then
  /// protects as a retain would (see ``ReadSections``). Pair a `nil` answer with ``leave(_:)``.
  /// Always inlined: left to the optimizer, it stays a call on every request.
  @inlinable @inline(__always)
  func enterEndingSection(_ frame: ResolutionStack.Frame) -> ResolutionStack.Refusal? {
    stack._withUnsafeGuaranteedRef { $0.enterEndingReadSection(frame) }
  }

  /// Leaves the innermost frame, which ``enterEndingSection(_:)`` or
  /// ``Container/enterEndingWatchedLookUp(_:parameterType:)`` entered.
  /// Always inlined: left to the optimizer, it stays a call on every request.
  @inlinable @inline(__always)
  func leave(_ registration: AnyObject) {
    stack._withUnsafeGuaranteedRef { $0.leave(registration) }
  }
}

/// The look-up's reading without a lock or a retain, inside a read section: plain registrations,
/// unretained. A request with a parameter is undecided in a container that has had a
/// parametrized registration, which only ``RetainingSearch`` reads.
struct UnretainedSearch: RegistrationSearch {
  @inline(__always)
  init() {}

  /// The protocol's walk, written in the concrete type: a closure in the generic extension,
  /// specialized, calls the atomics out of line and reads the request from memory at each parent.
  @inline(__always)
  func nearest(_ request: LookUpRequest, from start: Container)
    -> LookUpAnswer<Unmanaged<KeyedRegistration>>?
  {
    start.firstInChain { answer(in: $0, to: request) }
  }

  /// Forced inline: looking through parents otherwise calls it. A reference, not a raw pointer,
  /// so that `nil`, `.undecided` and `.found` fit in one word (a reference has spare values, a
  /// pointer one): the walk through parents then returns in a register.
  @inline(__always)
  func answer(in container: Container, to request: LookUpRequest)
    -> LookUpAnswer<Unmanaged<KeyedRegistration>>?
  {
    if request.parameter != nil, container.registrations.hasHadParametrized {
      return .undecided
    }
    return container.registrations.registration(for: request.key).map {
      .found(Unmanaged.fromOpaque($0))
    }
  }

  /// Whether it decides every request with a parameter from `start`: none of the containers
  /// searched has had a parametrized registration, which only ``RetainingSearch`` reads.
  func decidesRequestsWithParameter(from start: Container) -> Bool {
    // Without building the chain's array: this runs at every such request.
    start.firstInChain { $0.registrations.hasHadParametrized ? () : nil } == nil
  }
}
