extension Container {
  /// Resolves a `Value`, awaiting what cannot be made synchronously here: an `async`
  /// resolver, or one isolated to the main actor when the caller is not on it.
  ///
  /// It resolves every plain registration, so use it in async code, which need not know how a
  /// type is registered. A `Value?` request falls back to `Value` only when that one resolves
  /// synchronously. See <doc:SwiftConcurrency#Async-resolvers>.
  /// - Parameters:
  ///   - type: The type to resolve.
  ///   - alternative: The name of the registration to use; `nil` for the unnamed one.
  ///   - file: The file of the call, for messages; leave the default.
  ///   - line: The line of the call, for messages; leave the default.
  /// - Throws: ``ResolutionError`` as ``resolve(alternative:file:line:)`` does, and
  ///   ``ResolutionError/Reason/cancelled`` when the task is cancelled before the value is made.
  @inlinable
  public func resolve<Value: Sendable>(
    _ type: Value.Type, alternative: RegistrationAlternative? = nil,
    file: StaticString = #fileID, line: UInt = #line
  ) async throws(ResolutionError) -> Value {
    let site = RequestSite(file, line)
    if let value = try resolveWithoutAwaiting(type, alternative: alternative, site: site) {
      return value
    }
    return try await resolveAwaiting(type, alternative: alternative, site: site)
  }

  /// What needs no await, on the published road, in a function of its own: inlined into an
  /// async function, the road made an awaited request of a kept instance cost nearly twice as
  /// much (Benchmarks: awaitSingleton).
  @inlinable @inline(never)
  func resolveWithoutAwaiting<Value>(
    _ type: Value.Type, alternative: RegistrationAlternative?, site: RequestSite
  ) throws(ResolutionError) -> Value? {
    try resolvePublished(
      type, alternative: alternative, parameterType: nil, site: site, nonisolatedOnly: true,
      resolved: { $0 }, otherwise: { nil })
  }

  /// What the published road left: an async or main-actor resolver, a graph scope (whose
  /// instance is the awaited resolution's), a request inside an isolation scope, or one that
  /// only the general road decides.
  @usableFromInline
  func resolveAwaiting<Value: Sendable>(
    _ type: Value.Type, alternative: RegistrationAlternative?, site: RequestSite
  ) async throws(ResolutionError) -> Value {
    // The plain registration of `type`, retained: the road holds it while it suspends.
    guard
      let found = RetainingSearch(resolving: true).nearest(
        LookUpRequest(RegistrationKey(type, alternative), parameter: nil), from: self)?.found,
      case let registration = unsafeDowncast(found, to: Registration<Value>.self),
      registration.kind != .nonisolated || registration.scope == .graph
    else {
      // Not registered, or `Wrapped` for a `Wrapped?`, or a nonisolated resolver outside a graph
      // scope inside an isolation scope (which only the general road, watched, sees): the
      // general road decides.
      return try resolveValue(type, alternative: alternative, parameter: nil, site: site)
    }
    if AtomicWord.roadIsWatched {
      watch(RegistrationKey(Value.self, alternative), parameterType: nil, found: registration)
    }
    switch registration.kind {
    case .nonisolated:
      return try await awaitedGraphInstance(of: registration) { () throws(ResolutionError) in
        try run(registration, alternative: alternative, parameter: nil, site: site)
      }
    case .mainActor:
      // A kept instance is handed over without a hop: the main actor may be busy.
      if let kept = registration.instances?.current {
        return kept
      }
      guard registration.scope == .graph else {
        return try await runOnMainActor(
          registration, alternative: alternative, site: site, startedTrace: Self.takeThreadsTrace())
      }
      return try await awaitedGraphInstance(of: registration) { () throws(ResolutionError) in
        try await runOnMainActor(
          registration, alternative: alternative, site: site, startedTrace: Self.takeThreadsTrace())
      }
    case .async:
      return try await runAsync(registration, alternative: alternative, site: site)
    }
  }

  /// The graph instance of a registration whose resolver runs synchronously, made by `make`
  /// unless the awaited resolution around this request has one: the suspending adapter of
  /// ``Creation`` for a scope that has no gate.
  private func awaitedGraphInstance<Value: Sendable>(
    of registration: Registration<Value>,
    make: () async throws(ResolutionError) -> Value
  ) async throws(ResolutionError) -> Value {
    if let found = Creation.found(registration, in: .task(.current)) {
      if AtomicWord.roadIsWatched, ResolutionStack.current.depth == 0 {
        // Found, it pushed nothing, whose pop would have let go of the awaited trace.
        ResolutionStack.current.follow(nil)
      }
      return found
    }
    return try Creation.finish(try await make(), of: registration, madeIn: nil, in: .task(.current))
    { _ in
      preconditionFailure("A graph scope keeps any value.")
    }
  }

  /// Runs a main-actor resolver for an awaited request. Its frames go into the trace that the
  /// request belongs to: `startedTrace`, which the request started on the thread it came from
  /// (``takeThreadsTrace()``, called there), or the awaited resolution's around it.
  @MainActor
  private func runOnMainActor<Value: Sendable>(
    _ registration: Registration<Value>, alternative: RegistrationAlternative?,
    site: RequestSite, startedTrace: ResolutionTrace?
  ) throws(ResolutionError) -> Value {
    guard AtomicWord.roadIsWatched else {
      return try run(registration, alternative: alternative, parameter: nil, site: site)
    }
    let stack = ResolutionStack.current
    let awaited = AsyncResolutionPath.current.innermost
    stack.follow(
      startedTrace ?? awaited?.trace, from: startedTrace == nil ? awaited?.depth ?? 0 : 0)
    defer {
      // Made meanwhile (kept), it pushed nothing, whose pop would have let go of the trace.
      if stack.depth == 0 {
        stack.follow(nil)
      }
    }
    return try run(registration, alternative: alternative, parameter: nil, site: site)
  }

  /// The trace that a top-level awaited request (outside any awaited resolution) started on this
  /// thread's stack, taken off it: the resolution goes on elsewhere (in the task, on the main
  /// actor), which then logs it.
  private static func takeThreadsTrace() -> ResolutionTrace? {
    guard AtomicWord.roadIsWatched, AsyncResolutionPath.current.depth == 0 else { return nil }
    let stack = ResolutionStack.current
    guard stack.depth == 0, let trace = stack.trace else { return nil }
    stack.trace = nil
    return trace
  }

  /// ``run(_:alternative:parameter:site:)`` for an `async` resolver: the path is the task's, not
  /// the thread's, and the suspending adapter of ``Creation`` makes a kept or graph instance.
  private func runAsync<Value: Sendable>(
    _ registration: Registration<Value>, alternative: RegistrationAlternative?,
    site: RequestSite
  ) async throws(ResolutionError) -> Value {
    let path = AsyncResolutionPath.current
    // Each `Value?` here looks its metadata up (this function is not specialized): none for a
    // unique scope, which finds nothing and keeps nothing.
    let unique = registration.scope == .unique
    if !unique, let found = Creation.found(registration, in: .task(path)) {
      return found
    }
    let serial = registration.extras!.serial
    if let refusal = path.refusal(entering: serial) {
      throw refusalFailure(refusal, Value.self, alternative: alternative, site: site, on: path)
    }
    let inner = path.appending(
      DescribedFrame(
        type: Value.self, alternative: alternative, container: ObjectIdentifier(self),
        containerName: name, site: registration.site),
      serial: serial, needs: registration.checkedNeeds, trace: Self.takeThreadsTrace())
    let gate = registration.instances?.asyncCreation
    if let gate {
      switch await gate.enter(
        label: describeRequest(Value.self, alternative),
        until: { registration.instances?.current != nil })
      {
      case .entered:
        break
      case .made, .retry:  // `enter` itself answers `.retry`, by asking again.
        if let kept = registration.instances?.current {
          return kept
        }
        // Dropped by a reset as soon as it was made: make another.
        return try await runAsync(registration, alternative: alternative, site: site)
      case .cycle(let cycle):
        throw gateCycleFailure(cycle, Value.self, alternative: alternative, site: site, on: inner)
      case .cancelled:
        throw failure(
          .cancelled, Value.self, alternative: alternative, site: site,
          resolutionPath: inner.pathToInnermost)
      }
    }
    defer { gate?.leave() }
    if gate != nil, let kept = Creation.madeMeanwhile(registration) {
      return kept
    }
    let generation = Creation.generation(of: registration)
    let value = try await makeAsync(registration, alternative: alternative, on: inner, site: site)
    if unique {
      return value
    }
    return try Creation.finish(value, of: registration, madeIn: generation, in: .task(inner)) {
      reason in
      failure(reason, Value.self, alternative: alternative, site: site, resolutionPath: [])
    }
  }

  /// Forced inline: as a call of its own, it is one more async frame at every awaited
  /// resolution (RavioliProfile: awaitResolver).
  @inline(__always)
  private func makeAsync<Value: Sendable>(
    _ registration: Registration<Value>, alternative: RegistrationAlternative?,
    on path: AsyncResolutionPath, site: RequestSite
  ) async throws(ResolutionError) -> Value {
    guard !Task.isCancelled else {
      throw failure(
        .cancelled, Value.self, alternative: alternative, site: site,
        resolutionPath: path.pathToInnermost)
    }
    let needs = registration.checkedNeeds
    if needs != nil {
      // The resolver's requests are checked against them while it runs.
      AtomicWord.countRoadWatchers(1)
    }
    defer {
      if needs != nil {
        AtomicWord.countRoadWatchers(-1)
      }
    }
    let node = path.innermost!
    let trace = AtomicWord.roadIsWatched ? node.trace : nil
    trace?.entered(ObjectIdentifier(registration), depth: node.depth)
    defer {
      // Before the trace is logged: a task the resolver started may outlive it.
      node.finish()
      if let trace {
        trace.left(ObjectIdentifier(registration), depth: node.depth - 1)
        if node.depth == 1 {
          Container.log(trace)
        }
      }
    }
    do {
      let value = try await AsyncResolutionPath.$current.withValue(path) {
        try await registration.extras!.makeAsync!()
      }
      if let needs {
        checkAllAskedFor(needs, used: node.used)
      }
      return value
    } catch {
      trace?.failed(ObjectIdentifier(registration))
      if let error = error as? ResolutionError {
        throw error
      }
      let cancelled = error is CancellationError
      throw failure(
        cancelled ? .cancelled : .resolverFailed(error), Value.self,
        registeredAt: cancelled ? nil : registration.site, alternative: alternative, site: site,
        resolutionPath: path.pathToInnermost)
    }
  }
}

// MARK: - Synchronous requests for resolvers that cannot run here

extension Container {
  /// Why a synchronous request cannot run `registration`'s resolver here, if it cannot.
  @usableFromInline
  func isolationFailure<Value>(
    of registration: Registration<Value>, alternative: RegistrationAlternative?,
    site: RequestSite
  ) -> ResolutionError? {
    let reason: ResolutionError.Reason
    switch registration.kind {
    case .nonisolated:
      return nil
    case .mainActor:
      guard !MainActorCheck.isOnMainActor else { return nil }
      reason = .needsActor("MainActor")
    case .async:
      reason = .needsAwait
    }
    return failure(
      reason, Value.self, registeredAt: registration.site, alternative: alternative, site: site,
      resolutionPath: ResolutionStack.current.pathToInnermost)
  }
}
