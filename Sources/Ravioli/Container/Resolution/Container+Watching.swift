/// What the road does while watched (declared needs checked, a container tracing): look-ups
/// call it only then, so that the road pays one relaxed atomic load for it otherwise.
extension Container {
  /// Whether this container logs, at the `.debug` level, the tree of each top-level resolution
  /// that starts with it: what was made or kept, and how long each step took. Off by default;
  /// the container's setting, not an isolation scope's. See
  /// <doc:ValidatingTheGraph#Tracing-a-resolution>.
  public var tracesResolutions: Bool {
    get { tracing.withLock { $0 } }
    set {
      tracing.withLock { tracing in
        if tracing != newValue {
          AtomicWord.countRoadWatchers(newValue ? 1 : -1)
          tracing = newValue
        }
      }
    }
  }

  /// Checks a request against the declared needs of the resolver that makes it: the thread's
  /// innermost, or, when the thread runs none, the awaited one that the task runs.
  func watch(_ key: RegistrationKey, parameterType: Any.Type?, found: AnyObject?) {
    let stack = ResolutionStack.current
    if let needs = stack.top?.needs {
      check(key, parameterType: parameterType, against: needs, markingUsed: stack.markUsed)
    } else if stack.depth == 0, let awaited = AsyncResolutionPath.current.innermost,
      let needs = awaited.needs
    {
      check(key, parameterType: parameterType, against: needs, markingUsed: awaited.markUsed)
    }
    trace(key.metatype, key.alternative, found: found, on: stack)
  }

  private func check(
    _ key: RegistrationKey, parameterType: Any.Type?, against needs: DeclaredNeeds,
    markingUsed markUsed: (UInt64) -> Void
  ) {
    if let bit = needs.declared(key) {
      markUsed(bit)
    } else if needs.reportsFirst(key, unused: false) {
      warnOfUndeclared(key.metatype, key.alternative, parameterType: parameterType, by: needs)
    }
  }

  /// Apart from ``watch(_:parameterType:found:)``, which runs at every request of a resolver
  /// with declared needs: building the message there made every request slower.
  private func warnOfUndeclared(
    _ type: Any.Type, _ alternative: RegistrationAlternative?, parameterType: Any.Type?,
    by needs: DeclaredNeeds
  ) {
    let dependency = Dependency(type: type, alternative: alternative, parameterType: parameterType)
    Self.logger.log(
      "`\(needs.owner)`, registered with `needs:` at \(needs.site.label), asked for "
        + "`\(describeRequest(type, alternative))`, which its `needs:` does not list: add "
        + "`\(dependency.spelling)` to it, so that `validate()` checks it.",
      level: .warning, file: needs.site.file, function: "register", line: needs.site.line)
  }

  /// Reports what `needs` declares that the resolver, which asked for `used` (by default, what
  /// the thread's innermost frame asked for), did not ask for.
  @usableFromInline
  func checkAllAskedFor(_ needs: DeclaredNeeds, used: UInt64? = nil) {
    guard let used = used ?? ResolutionStack.current.top?.used, used != needs.allBits else {
      return
    }
    for (index, dependency) in needs.dependencies.prefix(64).enumerated()
    where used & (1 << UInt64(index)) == 0 && needs.reportsFirst(dependency.key, unused: true) {
      // Information, not a warning: a resolver may need something only sometimes, and
      // then declares it for validation although one run did not ask for it.
      Self.logger.log(
        "`\(needs.owner)`, registered with `needs:` at \(needs.site.label), declares "
          + "`\(dependency)`, but its resolver did not ask for it this time: if it never "
          + "does, remove it from `needs:`.",
        level: .info, file: needs.site.file, function: "register", line: needs.site.line)
    }
  }

  /// Records a request in the trace of the top-level resolution it belongs to: the thread's,
  /// or, when the thread runs none, the awaited one that the task runs.
  private func trace(
    _ type: Any.Type, _ alternative: RegistrationAlternative?, found: AnyObject?,
    on stack: ResolutionStack
  ) {
    if stack.depth == 0 {
      if let awaited = AsyncResolutionPath.current.innermost, awaited.isRunning {
        traceAwaited(type, alternative, found: found, on: stack, inside: awaited)
        return
      }
      // A trace left from a top-level request that made nothing (another thread made the
      // instance meanwhile) has nothing more to say.
      stack.follow(tracesResolutions && found != nil ? ResolutionTrace(container: name) : nil)
    }
    guard let trace = stack.trace, let registration = found as? any AnyRegistration else {
      return
    }
    let depth = stack.depth + stack.traceDepth
    trace.requested(
      describeRequest(type, alternative), registration: ObjectIdentifier(registration),
      kept: registration.hasKeptInstance, depth: depth)
    if depth == 0 && registration.hasKeptInstance {
      stack.trace = nil
      Container.log(trace)
    }
  }

  /// A request inside an awaited resolution goes into its trace; a synchronous one's frames
  /// too, on this thread's stack, whose last pop lets go of it. (Kept, or run in a task or on
  /// the main actor, it pushes nothing here: the stack keeps no trace then.)
  private func traceAwaited(
    _ type: Any.Type, _ alternative: RegistrationAlternative?, found: AnyObject?,
    on stack: ResolutionStack, inside awaited: AsyncResolutionPath.Node
  ) {
    guard let trace = awaited.trace, let registration = found as? any AnyRegistration else {
      stack.trace = nil
      return
    }
    let runsHere = registration.kind == .nonisolated && !registration.hasKeptInstance
    stack.follow(runsHere ? trace : nil, from: runsHere ? awaited.depth : 0)
    trace.requested(
      describeRequest(type, alternative), registration: ObjectIdentifier(registration),
      kept: registration.hasKeptInstance, depth: awaited.depth)
  }
}

extension Container {
  /// Logs a finished trace at the `.debug` level.
  static func log(_ trace: ResolutionTrace) {
    logger.log(trace.report, level: .debug, file: #fileID, function: "resolve", line: #line)
  }
}
