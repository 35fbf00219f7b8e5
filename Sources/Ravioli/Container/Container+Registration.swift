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
}
