extension Container {
  /// Registers a resolver for `Value`.
  ///
  /// Registering `Value` also makes `Value?` (and `Value!`) resolvable. Registering the same type
  /// and alternative again replaces the earlier resolver (and drops any instance its scope kept),
  /// and the logger warns about it, since it is usually a mistake; say `replacing: true` when it is
  /// not. Inside ``withIsolatedContainers(fileID:function:line:_:)`` (a test under the
  /// `.isolatedContainers` trait) a registration is the scope's own, and replaces the container's
  /// for that scope only.
  ///
  /// ```swift
  /// container.register { () -> Greeter in EnglishGreeter() }
  /// container.register(alternative: .french) { () -> Greeter in FrenchGreeter() }
  /// ```
  ///
  /// The resolver is nonisolated, wherever it is written (in a `@MainActor` function too),
  /// and resolves on any thread. One that needs the main actor says so, `{ @MainActor in ... }`
  /// (which another `register` function takes).
  ///
  /// Resolvers are `@Sendable`, because any thread may resolve them: capture only what is
  /// safe to share, or create the instance inside the resolver. A resolver may resolve what
  /// it needs with `try container.resolve()`; if it throws, the resolution fails with
  /// ``ResolutionError/Reason/resolverFailed(_:)``. A container holds its resolvers, so one
  /// that captures its own container strongly keeps it alive: capture a container that you
  /// will drop (a session, a screen) as `[unowned session]`.
  /// - Parameters:
  ///   - alternative: The name that tells this registration apart from others of the same type.
  ///   - scope: How long a resolved instance lives; ``Scope/unique`` (the resolver runs on
  ///     every resolution) by default. The scopes that share an instance between threads
  ///     take a `Sendable` value (see ``RegistrationScope``).
  ///   - needs: What the resolver resolves, so that ``validate(including:file:line:)`` can check
  ///     the graph without running it (`[]` for a resolver that needs nothing); `nil`, the default,
  ///     declares nothing. While the resolver runs, a request of something it did not declare is
  ///     logged as a warning, and a declared dependency that it did not ask for, as information.
  ///   - replacing: Pass `true` to replace a registration on purpose (a stub in an app's
  ///     launch for UI tests, say): the replacement is then logged at the debug level
  ///     instead of as a warning, and registering with nothing to replace is the warning.
  ///   - file: The file of the call, for messages; leave the default.
  ///   - line: The line of the call, for messages; leave the default.
  ///   - resolver: Returns the value.
  public func register<Value>(
    alternative: RegistrationAlternative? = nil, scope: RegistrationScope<Value> = .unique,
    needs: [Dependency]? = nil, replacing: Bool = false, file: StaticString = #fileID,
    line: UInt = #line,
    _ resolver: @escaping @Sendable () throws -> Value
  ) {
    store(
      Registration(
        alternative: alternative, scope: scope.scope, file: file, line: line,
        needs: declaredNeeds(needs, Value.self, alternative, file, line), resolver: resolver),
      replacing: replacing)
  }

  /// Registers a parametrized resolver for `Value`: it receives the parameter of
  /// ``resolve(parameter:alternative:file:line:)``, or, in property injection, the object
  /// that declares the property.
  ///
  /// The nearest container with a resolver for the type and alternative wins; within it, a
  /// request with a parameter prefers the parametrized resolver. A request without a
  /// parameter uses only plain ones.
  ///
  /// ```swift
  /// container.register { (parameter: Any) -> TaggedLogger in
  ///   TaggedLogger(tag: "\(type(of: parameter))")
  /// }
  /// ```
  /// - Parameters:
  ///   - alternative: The name that tells this registration apart from others of the same type.
  ///   - scope: How long a resolved instance lives; ``Scope/unique`` by default. The scopes
  ///     that share an instance between threads take a `Sendable` value (see
  ///     ``RegistrationScope``).
  ///   - needs: What the resolver resolves, so that ``validate(including:file:line:)`` can check
  ///     the graph without running it (`[]` for a resolver that needs nothing); `nil`, the default,
  ///     declares nothing. While the resolver runs, a request of something it did not declare is
  ///     logged as a warning, and a declared dependency that it did not ask for, as information.
  ///   - replacing: Pass `true` to replace a registration on purpose, without the warning.
  ///   - file: The file of the call, for messages; leave the default.
  ///   - line: The line of the call, for messages; leave the default.
  ///   - resolver: Returns the value for the given parameter.
  public func register<Value>(
    alternative: RegistrationAlternative? = nil, scope: RegistrationScope<Value> = .unique,
    needs: [Dependency]? = nil, replacing: Bool = false, file: StaticString = #fileID,
    line: UInt = #line,
    _ resolver: @escaping @Sendable (_ parameter: Any) throws -> Value
  ) {
    store(
      Registration(
        alternative: alternative, scope: scope.scope, file: file, line: line,
        needs: declaredNeeds(needs, Value.self, alternative, file, line), resolver: resolver),
      replacing: replacing)
  }

  /// Registers a resolver for `Value` that takes a parameter of a given type: in property
  /// injection, the object that declares the property, when it is a `Parameter`.
  ///
  /// ```swift
  /// app.register { (screen: CheckoutScreen) -> TaggedLogger in
  ///   TaggedLogger(tag: "screen \(screen.title)")
  /// }
  /// ```
  ///
  /// Resolvers for one type that take different parameter types live side by side (say, a
  /// logger for each kind of screen, plus a `(parameter: Any)` one for the rest); registering
  /// one for the same parameter type again replaces it. A request uses the resolver that
  /// takes exactly its parameter's type, else the most recently registered one that takes
  /// the parameter as a superclass or protocol, else the one taking `Any`. A request whose
  /// parameter none of them takes uses the plain resolver of
  /// the same container, or goes on to the parent. If nothing else resolves it, the error
  /// says which types the resolvers take and what they were given.
  /// - Parameters:
  ///   - alternative: The name that tells this registration apart from others of the same type.
  ///   - scope: How long a resolved instance lives; ``Scope/unique`` by default. The scopes
  ///     that share an instance between threads take a `Sendable` value (see
  ///     ``RegistrationScope``).
  ///   - needs: What the resolver resolves, so that ``validate(including:file:line:)`` can check
  ///     the graph without running it (`[]` for a resolver that needs nothing); `nil`, the default,
  ///     declares nothing. While the resolver runs, a request of something it did not declare is
  ///     logged as a warning, and a declared dependency that it did not ask for, as information.
  ///   - replacing: Pass `true` to replace a registration on purpose, without the warning.
  ///   - file: The file of the call, for messages; leave the default.
  ///   - line: The line of the call, for messages; leave the default.
  ///   - resolver: Returns the value for the given parameter.
  // Disfavored, so that a closure whose parameter type is not written (`{ parameter in ... }`)
  // takes `Any`, as in Macaroni: otherwise the type checker may infer a type from the body
  // (string interpolation makes it `Any.Type`), which no request would ever give.
  @_disfavoredOverload
  public func register<Value, Parameter>(
    alternative: RegistrationAlternative? = nil, scope: RegistrationScope<Value> = .unique,
    needs: [Dependency]? = nil, replacing: Bool = false, file: StaticString = #fileID,
    line: UInt = #line,
    _ resolver: @escaping @Sendable (_ parameter: Parameter) throws -> Value
  ) {
    store(
      Registration(
        alternative: alternative, scope: scope.scope, file: file, line: line,
        needs: declaredNeeds(needs, Value.self, alternative, file, line), resolver: resolver),
      replacing: replacing)
  }

  /// Registers a resolver for `Value` that is isolated to the main actor: a view model, or
  /// anything else that must be made on the main actor.
  ///
  /// ```swift
  /// container.register { @MainActor () -> DetailViewModel in DetailViewModel() }
  /// ```
  ///
  /// It is resolved synchronously where the request is made on the main actor (main-actor
  /// code, or an `@Injected` property of a `@MainActor` class), and with
  /// `try await container.resolve(DetailViewModel.self)` from anywhere. A synchronous request
  /// made elsewhere fails with ``ResolutionError/Reason/needsActor(_:)``. Scopes,
  /// alternatives and messages work as for any registration; a kept instance is handed to
  /// any thread that asks for it once it is made.
  /// - Parameters:
  ///   - alternative: The name that tells this registration apart from others of the same type.
  ///   - scope: How long a resolved instance lives; ``Scope/unique`` by default.
  ///   - needs: What the resolver resolves, so that ``validate(including:file:line:)`` can check
  ///     the graph without running it (`[]` for a resolver that needs nothing); `nil`, the default,
  ///     declares nothing. While the resolver runs, a request of something it did not declare is
  ///     logged as a warning, and a declared dependency that it did not ask for, as information.
  ///   - replacing: Pass `true` to replace a registration on purpose, without the warning.
  ///   - file: The file of the call, for messages; leave the default.
  ///   - line: The line of the call, for messages; leave the default.
  ///   - isolation: Tells this function apart from the nonisolated `register`; leave the
  ///     default.
  ///   - resolver: Returns the value, on the main actor.
  public func register<Value>(
    alternative: RegistrationAlternative? = nil, scope: RegistrationScope<Value> = .unique,
    needs: [Dependency]? = nil, replacing: Bool = false, file: StaticString = #fileID,
    line: UInt = #line,
    _ isolation: MainActorResolution = MainActorResolution(),
    _ resolver: @escaping @MainActor @Sendable () throws -> Value
  ) {
    store(
      Registration(
        alternative: alternative, scope: scope.scope, file: file, line: line,
        needs: declaredNeeds(needs, Value.self, alternative, file, line),
        mainActorResolver: resolver),
      replacing: replacing)
  }

  /// Registers a resolver for `Value` that is isolated to the main actor and takes a
  /// parameter of a given type: in property injection, the object that declares the
  /// property, when it is a `Parameter`.
  ///
  /// ```swift
  /// container.register { @MainActor (pane: DetailPane) -> Badge in
  ///   Badge(text: "on \(type(of: pane))")
  /// }
  /// ```
  /// - Parameters:
  ///   - alternative: The name that tells this registration apart from others of the same type.
  ///   - scope: How long a resolved instance lives; ``Scope/unique`` by default.
  ///   - needs: What the resolver resolves, so that ``validate(including:file:line:)`` can check
  ///     the graph without running it (`[]` for a resolver that needs nothing); `nil`, the default,
  ///     declares nothing. While the resolver runs, a request of something it did not declare is
  ///     logged as a warning, and a declared dependency that it did not ask for, as information.
  ///   - replacing: Pass `true` to replace a registration on purpose, without the warning.
  ///   - file: The file of the call, for messages; leave the default.
  ///   - line: The line of the call, for messages; leave the default.
  ///   - isolation: Tells this function apart from the nonisolated `register`; leave the
  ///     default.
  ///   - resolver: Returns the value for the given parameter, on the main actor.
  // Disfavored for the reason given on the nonisolated one.
  @_disfavoredOverload
  public func register<Value, Parameter>(
    alternative: RegistrationAlternative? = nil, scope: RegistrationScope<Value> = .unique,
    needs: [Dependency]? = nil, replacing: Bool = false, file: StaticString = #fileID,
    line: UInt = #line,
    _ isolation: MainActorResolution = MainActorResolution(),
    _ resolver: @escaping @MainActor @Sendable (_ parameter: Parameter) throws -> Value
  ) {
    store(
      Registration(
        alternative: alternative, scope: scope.scope, file: file, line: line,
        needs: declaredNeeds(needs, Value.self, alternative, file, line),
        mainActorResolver: resolver),
      replacing: replacing)
  }

  /// Registers a resolver for `Value` that is isolated to the main actor and takes any
  /// parameter: a closure whose parameter type is not written, `{ @MainActor parameter in ... }`,
  /// takes `Any`, as it does without `@MainActor`.
  ///
  /// ```swift
  /// container.register { @MainActor parameter -> Badge in
  ///   Badge(text: "for \(type(of: parameter))")
  /// }
  /// ```
  /// - Parameters:
  ///   - alternative: The name that tells this registration apart from others of the same type.
  ///   - scope: How long a resolved instance lives; ``Scope/unique`` by default.
  ///   - needs: What the resolver resolves, so that ``validate(including:file:line:)`` can check
  ///     the graph without running it (`[]` for a resolver that needs nothing); `nil`, the default,
  ///     declares nothing.
  ///   - replacing: Pass `true` to replace a registration on purpose, without the warning.
  ///   - file: The file of the call, for messages; leave the default.
  ///   - line: The line of the call, for messages; leave the default.
  ///   - isolation: Tells this function apart from the nonisolated `register`; leave the
  ///     default.
  ///   - resolver: Returns the value for the given parameter, on the main actor.
  public func register<Value>(
    alternative: RegistrationAlternative? = nil, scope: RegistrationScope<Value> = .unique,
    needs: [Dependency]? = nil, replacing: Bool = false, file: StaticString = #fileID,
    line: UInt = #line,
    _ isolation: MainActorResolution = MainActorResolution(),
    _ resolver: @escaping @MainActor @Sendable (_ parameter: Any) throws -> Value
  ) {
    store(
      Registration(
        alternative: alternative, scope: scope.scope, file: file, line: line,
        needs: declaredNeeds(needs, Value.self, alternative, file, line),
        mainActorResolver: resolver),
      replacing: replacing)
  }

  /// Registers an `async` resolver for `Value`: one that awaits what it makes the value
  /// from (a database it opens, a token it reads from an actor).
  ///
  /// ```swift
  /// container.register(scope: .singleton) { () async throws -> OrdersDatabase in
  ///   try await OrdersDatabase.open()
  /// }
  /// let database = try await container.resolve(OrdersDatabase.self)
  /// ```
  ///
  /// Resolve it with ``resolve(_:alternative:file:line:)``, which awaits it; a kept instance
  /// (``Scope/singleton``, ``Scope/cached``, ``Scope/weak``) is made once however many tasks
  /// ask for it at the same time, and the others wait for it without blocking their threads.
  /// A synchronous request (`try container.resolve()`, a property wrapper) gets the kept
  /// instance once it is made, and otherwise fails with
  /// ``ResolutionError/Reason/needsAwait``: make it at start-up, then inject it anywhere.
  /// ``Scope/graph`` makes a new instance per request, as ``Scope/unique`` does.
  ///
  /// The value is made where the resolver runs and handed to the task that awaits it, so
  /// it is `Sendable`. A resolver may await other resolutions: cycles among them are
  /// reported, not waited for forever, and the task's cancellation ends the wait with
  /// ``ResolutionError/Reason/cancelled``.
  /// - Parameters:
  ///   - alternative: The name that tells this registration apart from others of the same type.
  ///   - scope: How long a resolved instance lives; ``Scope/unique`` (the resolver runs on
  ///     every resolution) by default.
  ///   - needs: What the resolver resolves, so that ``validate(including:file:line:)`` can check
  ///     the graph without running it (`[]` for a resolver that needs nothing); `nil`, the default,
  ///     declares nothing. Unlike a synchronous resolver's, an async resolver's requests are not
  ///     checked against it while it runs.
  ///   - replacing: Pass `true` to replace a registration on purpose, without the warning.
  ///   - file: The file of the call, for messages; leave the default.
  ///   - line: The line of the call, for messages; leave the default.
  ///   - resolver: Returns the value.
  public func register<Value: Sendable>(
    alternative: RegistrationAlternative? = nil, scope: RegistrationScope<Value> = .unique,
    needs: [Dependency]? = nil, replacing: Bool = false, file: StaticString = #fileID,
    line: UInt = #line,
    _ resolver: @escaping @Sendable () async throws -> Value
  ) {
    store(
      Registration(
        alternative: alternative, scope: scope.scope, file: file, line: line,
        needs: declaredNeeds(needs, Value.self, alternative, file, line),
        asyncResolver: resolver),
      replacing: replacing)
  }

  /// Removes every registration from this container. Its parents keep theirs.
  ///
  /// Inside ``withIsolatedContainers(fileID:function:line:_:)``, the registrations are hidden from
  /// that scope only.
  /// - Parameters:
  ///   - file: The file of the call, for messages; leave the default.
  ///   - line: The line of the call, for messages; leave the default.
  public func removeAllRegistrations(file: StaticString = #fileID, line: UInt = #line) {
    // The removed resolvers, and what they captured, are released here, outside the lock.
    let removed: Any
    if let scope = IsolationScope.active {
      removed = scope.withOverlay(of: self) { overlay in
        defer {
          overlay.table = RegistrationTable()
          overlay.copies = [:]
          overlay.removed = []
          overlay.removedAll = true
        }
        return (overlay.table, overlay.copies)
      }
    } else {
      // What resolution reads changes under the table's lock, so that it always agrees with
      // the table.
      let unreachable: [AnyObject]
      (removed, unreachable) = registrations.withLock { table in
        defer { table = RegistrationTable() }
        return (table, published.removeAll())
      }
      ReadSections.release(unreachable)
    }
    _ = removed
    Self.logger.log(
      "Container \"\(name)\": removed every registration\(Self.inScope).", level: .info,
      file: file, function: #function, line: line)
  }

  /// Removes the registration of `type` under `alternative` from this container: its plain
  /// resolver and its parametrized ones. Its parents keep theirs, so a parent's registration
  /// of the type is what resolves next.
  ///
  /// ```swift
  /// NetworkingModule.container.removeRegistration(of: HTTPClient.self)
  /// ```
  ///
  /// Inside ``withIsolatedContainers(fileID:function:line:_:)``, the registration is hidden from
  /// that scope only.
  /// - Parameters:
  ///   - type: The registered type, as registered (`Greeter.self` for
  ///     `register { () -> Greeter in ... }`).
  ///   - alternative: The alternative it is registered under; `nil` for the unnamed one.
  ///   - file: The file of the call, for messages; leave the default.
  ///   - line: The line of the call, for messages; leave the default.
  /// - Returns: Whether there was anything to remove. When there was not, the logger warns,
  ///   naming the alternatives that are registered for the type.
  @discardableResult
  public func removeRegistration<Value>(
    of type: Value.Type, alternative: RegistrationAlternative? = nil,
    file: StaticString = #fileID, line: UInt = #line
  ) -> Bool {
    let key = RegistrationKey(type, alternative)
    if let scope = IsolationScope.active {
      // Read before the scope's lock; what is removed is released after it.
      let own = registrations.withLock { table in
        (table.plain[key].map { [$0] } ?? []) + (table.parametrized[key] ?? [])
      }
      let (visible, dropped) = scope.withOverlay(of: self) { overlay in
        let visible = (overlay.hides(key) ? [] : own) + overlay.table.remove(key)
        overlay.removed.insert(key)
        return (visible, overlay.removeCopies(of: key, taking: nil))
      }
      _ = dropped
      return logRemoval(of: visible, type, alternative, file: file, line: line)
    }
    let (fromTable, unreachable) = registrations.withLock { table in
      (table.remove(key), published.remove(key))
    }
    ReadSections.release(unreachable)
    return logRemoval(of: fromTable, type, alternative, file: file, line: line)
  }

  private func logRemoval<Value>(
    of removed: [any AnyRegistration], _ type: Value.Type,
    _ alternative: RegistrationAlternative?, file: StaticString, line: UInt
  ) -> Bool {
    let what = describeRequest(type, alternative)
    if removed.isEmpty {
      Self.logger.log(
        "Container \"\(name)\": nothing to remove for `\(what)`\(Self.inScope); registered "
          + "for `\(type)` here: \(describeAlternatives(of: type)).",
        level: .warning, file: file, function: #function, line: line)
      return false
    }
    let sites = removed.map { $0.site.label }.joined(separator: ", ")
    Self.logger.log(
      "Container \"\(name)\": removed `\(what)`\(Self.inScope), registered at \(sites).",
      level: .debug, file: file, function: #function, line: line)
    return true
  }

  /// The alternatives registered for `type` in this container, for messages.
  private func describeAlternatives<Value>(of type: Value.Type) -> String {
    let alternatives = visibleTable.alternatives(of: ObjectIdentifier(type))
    guard !alternatives.isEmpty else { return "nothing" }
    return alternatives.map { $0.map { "alternative \"\($0.name)\"" } ?? "unnamed" }
      .joined(separator: ", ")
  }

  /// " in this isolation scope" inside one, for messages.
  static var inScope: String {
    IsolationScope.active == nil ? "" : " in this isolation scope"
  }

  func store<Value>(_ registration: Registration<Value>, replacing: Bool) {
    let key = registration.key
    // What the registration replaces in the same table, and, inside an isolation scope, the
    // container's own registration that it hides from the scope.
    var replaced: (any AnyRegistration)?
    var hidden: (any AnyRegistration)?
    if let scope = IsolationScope.active {
      // Read before the scope's lock; what is replaced is released after it.
      let own = registrations.withLock { $0.stored(like: registration) }
      let dropped: [Overlay.Copy]
      (replaced, hidden, dropped) = scope.withOverlay(of: self) { overlay in
        registration.resetsWith(overlay.resets)
        return (
          overlay.table.insert(registration), overlay.hides(key) ? nil : own,
          overlay.removeCopies(of: key, taking: .some(registration.parameterType))
        )
      }
      _ = dropped
    } else {
      // The replaced registration, and the instance it kept, are released outside the lock.
      // What resolution reads changes under the table's lock, so that two threads
      // registering the same key at once leave the same winner in both.
      let unreachable: [AnyObject]
      registration.resetsWith(resets)
      (replaced, unreachable) = registrations.withLock { table in
        guard registration.parameterType == nil else {
          published.noteParametrized()
          return (table.insert(registration), [])
        }
        return (table.insert(registration), published.insert(registration))
      }
      ReadSections.release(unreachable)
    }
    let logger = Self.logger
    let what = {
      let kind =
        registration.parameterTypeName.map { "a resolver taking `\($0)` for " } ?? ""
      let scope = registration.scope == .unique ? "" : " (\(registration.scope))"
      return kind + "`\(describeRequest(Value.self, key.alternative))`" + scope
    }
    let log = { (message: @autoclosure () -> String, level: RavioliLoggingLevel) in
      logger.log(
        "Container \"\(self.name)\": " + message(), level: level, file: registration.file,
        function: #function, line: registration.line)
    }
    if let replaced {
      if replacing {
        log(
          "replaced \(what()) registered at \(replaced.site.label)\(Self.inScope), as asked.",
          .debug)
      } else {
        log(
          "registering \(what()) again replaces the one registered at "
            + "\(replaced.site.label)\(Self.inScope). If that is intended, register with "
            + "`replacing: true`.", .warning)
      }
    } else if let hidden {
      log(
        "registered \(what()) in this isolation scope, over the one registered at "
          + "\(hidden.site.label).", .debug)
    } else if replacing, let inherited = registeredInParents(like: registration) {
      log(
        "registered \(what()), over the one that \"\(inherited.container)\" registered at "
          + "\(inherited.site.label), as asked.", .debug)
    } else if replacing {
      log(
        "registered \(what()) with `replacing: true`\(Self.inScope), but there was nothing "
          + "to replace, here or in the containers searched after this one: check the type "
          + "and the alternative.", .warning)
    } else {
      log("registered \(what())\(Self.inScope).", .debug)
    }
  }

  /// The registration that `registration` overrides in a container searched after this one.
  private func registeredInParents(like registration: any AnyRegistration)
    -> (container: String, site: RequestSite)?
  {
    for container in chain.dropFirst() {
      if let stored = container.visibleTable.stored(like: registration) {
        return (container.name, stored.site)
      }
    }
    return nil
  }

  /// This container's registrations as the current task sees them: inside an isolation
  /// scope, with what the scope registered and removed.
  var visibleTable: RegistrationTable {
    if let scope = IsolationScope.active {
      return scope.visibleTable(of: self)
    }
    return registrations.withLock { $0 }
  }
}

extension Container {
  /// What `needs:` declared, for a registration.
  func declaredNeeds(
    _ needs: [Dependency]?, _ type: Any.Type, _ alternative: RegistrationAlternative?,
    _ file: StaticString, _ line: UInt
  ) -> DeclaredNeeds? {
    needs.map { needs in
      DeclaredNeeds(
        needs, checked: true, owner: type, alternative: alternative,
        site: RequestSite(file, line))
    }
  }
}

/// Tells the `register` functions for main-actor resolvers apart from the others, which
/// Swift would otherwise take for the same functions: leave the default.
public struct MainActorResolution: Sendable {
  /// The only value.
  public init() {}
}
