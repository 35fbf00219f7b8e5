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

  @usableFromInline
  func resolveAwaiting<Value: Sendable>(
    _ type: Value.Type, alternative: RegistrationAlternative?, site: RequestSite
  ) async throws(ResolutionError) -> Value {
    guard let found = lookUpPlain(of: type, alternative: alternative) else {
      // Not registered, or `Wrapped` for a `Wrapped?`: the general road decides.
      return try resolveValue(type, alternative: alternative, parameter: nil, site: site)
    }
    let registration = unsafeDowncast(found, to: Registration<Value>.self)
    switch registration.kind {
    case .nonisolated:
      // Inside an isolation scope, which only the general road (watched) sees.
      return try resolveValue(type, alternative: alternative, parameter: nil, site: site)
    case .mainActor:
      // A kept instance is handed over without a hop: the main actor may be busy.
      if let instances = registration.instances, let kept = instances.current {
        watchKept(registration, alternative: alternative)
        return kept
      }
      return try await runOnMainActor(registration, alternative: alternative, site: site)
    case .async:
      return try await runAsync(registration, alternative: alternative, site: site)
    }
  }

  /// Watches an awaited request answered by a kept instance, as a request answered without an
  /// await is on the published road.
  private func watchKept<Value>(
    _ registration: Registration<Value>, alternative: RegistrationAlternative?
  ) {
    if AtomicWord.roadIsWatched {
      watch(RegistrationKey(Value.self, alternative), parameterType: nil, found: registration)
    }
  }

  @MainActor
  private func runOnMainActor<Value: Sendable>(
    _ registration: Registration<Value>, alternative: RegistrationAlternative?,
    site: RequestSite
  ) throws(ResolutionError) -> Value {
    try run(registration, alternative: alternative, parameter: nil, site: site)
  }

  /// ``run(_:alternative:parameter:site:)`` for an `async` resolver: the path is the task's, not
  /// the thread's, and the creation gate suspends instead of blocking.
  private func runAsync<Value: Sendable>(
    _ registration: Registration<Value>, alternative: RegistrationAlternative?,
    site: RequestSite
  ) async throws(ResolutionError) -> Value {
    if let instances = registration.instances, let kept = instances.current {
      watchKept(registration, alternative: alternative)
      return kept
    }
    let path = AsyncResolutionPath.current
    var requested: String { describeRequest(Value.self, alternative) }
    let serial = registration.extras!.serial
    if let refusal = path.refusal(entering: serial) {
      throw refusalFailure(refusal, Value.self, alternative: alternative, site: site, on: path)
    }
    let inner = path.appending(
      .init(
        registration: serial, site: registration.site, type: Value.self,
        alternative: alternative, container: ObjectIdentifier(self), containerName: name))
    guard let instances = registration.instances else {
      return try await makeAsync(registration, alternative: alternative, on: inner, site: site)
    }
    let gate = instances.asyncCreation!
    switch await gate.enter(
      as: AsyncCreationGate.currentTask, label: requested, until: { instances.current != nil })
    {
    case .entered:
      break
    case .made, .retry:  // `enter` itself answers `.retry`, by asking again.
      if let kept = instances.current {
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
    defer { gate.leave() }
    // Another task may have made it while this one waited at the gate.
    if let kept = instances.current {
      return kept
    }
    let generation = instances.currentGeneration
    let value = try await makeAsync(registration, alternative: alternative, on: inner, site: site)
    try keep(
      value, of: registration, in: instances, madeIn: generation, alternative: alternative,
      site: site)
    return value
  }

  private func makeAsync<Value: Sendable>(
    _ registration: Registration<Value>, alternative: RegistrationAlternative?,
    on path: AsyncResolutionPath, site: RequestSite
  ) async throws(ResolutionError) -> Value {
    guard !Task.isCancelled else {
      throw failure(
        .cancelled, Value.self, alternative: alternative, site: site,
        resolutionPath: path.pathToInnermost)
    }
    do {
      return try await AsyncResolutionPath.$current.withValue(path) {
        try await registration.makeAsync!(nil)
      }
    } catch let error as ResolutionError {
      throw error
    } catch {
      let labels = path.pathToInnermost
      if error is CancellationError {
        throw failure(
          .cancelled, Value.self, alternative: alternative, site: site, resolutionPath: labels)
      }
      throw failure(
        .resolverFailed(error), Value.self, registeredAt: registration.site,
        alternative: alternative, site: site, resolutionPath: labels)
    }
  }
}

// MARK: - Synchronous requests for resolvers that cannot run here

extension Container {
  @usableFromInline
  func isolationRefusal<Value>(of registration: Registration<Value>) -> ResolutionError.Reason? {
    switch registration.kind {
    case .nonisolated:
      return nil
    case .mainActor:
      return MainActorCheck.isOnMainActor ? nil : .needsActor("MainActor")
    case .async:
      return .needsAwait
    }
  }

  @usableFromInline
  func isolationFailure<Value>(
    _ reason: ResolutionError.Reason, of registration: Registration<Value>,
    alternative: RegistrationAlternative?, site: RequestSite
  ) -> ResolutionError {
    let stack = ResolutionStack.current
    return failure(
      reason, Value.self, registeredAt: registration.site, alternative: alternative, site: site,
      resolutionPath: stack.pathToInnermost)
  }
}
