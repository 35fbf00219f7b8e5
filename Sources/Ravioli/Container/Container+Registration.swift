extension Container {
  /// Registers a resolver for `Value`.
  ///
  /// Registering `Value` also makes `Value?` (and `Value!`) resolvable. Registering the same type
  /// and alternative again replaces the earlier resolver and drops any instance its scope kept;
  /// the logger warns, since it is usually a mistake (say `replacing: true` when it is not).
  /// Inside ``withIsolatedContainers(fileID:function:line:_:)`` (a test under the
  /// `.isolatedContainers` trait) the registration is the scope's own.
  ///
  /// ```swift
  /// container.register { () -> Greeter in EnglishGreeter() }
  /// container.register(alternative: .french) { () -> Greeter in FrenchGreeter() }
  /// ```
  ///
  /// The resolver is nonisolated wherever it is written (in a `@MainActor` function too) and
  /// runs on any thread; one that needs the main actor says `{ @MainActor in ... }`. It is
  /// `@Sendable`: capture only what is safe to share, or create the instance inside it. It may
  /// resolve what it needs with `try container.resolve()`; if it throws, the resolution fails
  /// with ``ResolutionError/Reason/resolverFailed(_:)``. A container holds its resolvers, so one
  /// that captures its container strongly keeps it alive: capture a container that you will
  /// drop (a session, a screen) as `[unowned session]`.
  /// - Parameters:
  ///   - alternative: The name that tells this registration apart from others of the same type.
  ///   - scope: How long a resolved instance lives; ``Scope/unique`` (made at every resolution)
  ///     by default. Scopes that share an instance between threads take a `Sendable` value (see
  ///     ``RegistrationScope``).
  ///   - needs: What the resolver resolves, so that ``validate(including:file:line:)`` can check
  ///     the graph without running it (`[]` for a resolver that needs nothing); `nil`, the default,
  ///     declares nothing. While the resolver runs, a request of something it did not declare is
  ///     logged as a warning, and a declared dependency that it did not ask for, as information.
  ///   - replacing: Pass `true` to replace a registration on purpose (a stub for UI tests, say):
  ///     the replacement is then logged at the debug level, and nothing to replace is the warning.
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
        needs: needs, kind: .nonisolated, resolver: resolver),
      replacing: replacing)
  }

  /// Registers a parametrized resolver for `Value`: it receives the parameter of
  /// ``resolve(parameter:alternative:file:line:)``, or, in property injection, the object
  /// that declares the property.
  ///
  /// The nearest container with a resolver wins; within it, a request with a parameter prefers
  /// the parametrized resolver, and one without uses only plain ones.
  ///
  /// ```swift
  /// container.register { (parameter: Any) -> TaggedLogger in
  ///   TaggedLogger(tag: "\(type(of: parameter))")
  /// }
  /// ```
  /// - Parameters:
  ///   - alternative: The name that tells this registration apart from others of the same type.
  ///   - scope: How long a resolved instance lives; ``Scope/unique`` by default. Scopes that
  ///     share an instance between threads take a `Sendable` value (``RegistrationScope``).
  ///   - needs: What the resolver resolves, for ``validate(including:file:line:)`` and the
  ///     checks of each run (`[]`: nothing); `nil`, the default, declares nothing.
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
        needs: needs, kind: .nonisolated, resolver: resolver),
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
  /// Resolvers for one type that take different parameter types live side by side (a logger
  /// per kind of screen, plus a `(parameter: Any)` one for the rest); registering one for the
  /// same parameter type replaces it. A request uses the resolver taking exactly its
  /// parameter's type, else the latest registered taking it as a superclass or protocol, else
  /// the one taking `Any`, else the container's plain resolver, else the parent's. If nothing
  /// resolves it, the error says which types the resolvers take and what they were given.
  /// - Parameters:
  ///   - alternative: The name that tells this registration apart from others of the same type.
  ///   - scope: How long a resolved instance lives; ``Scope/unique`` by default. Scopes that
  ///     share an instance between threads take a `Sendable` value (``RegistrationScope``).
  ///   - needs: What the resolver resolves, for ``validate(including:file:line:)`` and the
  ///     checks of each run (`[]`: nothing); `nil`, the default, declares nothing.
  ///   - replacing: Pass `true` to replace a registration on purpose, without the warning.
  ///   - file: The file of the call, for messages; leave the default.
  ///   - line: The line of the call, for messages; leave the default.
  ///   - resolver: Returns the value for the given parameter.
  // Disfavored so that `{ parameter in ... }` takes `Any`, as in Macaroni, not a type inferred
  // from the body (string interpolation makes it `Any.Type`) that no request would give.
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
        needs: needs, kind: .nonisolated, resolver: resolver),
      replacing: replacing)
  }

  /// Registers a resolver for `Value` that is isolated to the main actor: a view model, or
  /// anything else that must be made on the main actor.
  ///
  /// ```swift
  /// container.register { @MainActor () -> DetailViewModel in DetailViewModel() }
  /// ```
  ///
  /// It is resolved synchronously on the main actor (main-actor code, or an `@Injected`
  /// property of a `@MainActor` class), and anywhere with
  /// `try await container.resolve(DetailViewModel.self)`; a synchronous request elsewhere fails
  /// with ``ResolutionError/Reason/needsActor(_:)``. A kept instance, once made, serves any thread.
  /// - Parameters:
  ///   - alternative: The name that tells this registration apart from others of the same type.
  ///   - scope: How long a resolved instance lives; ``Scope/unique`` by default.
  ///   - needs: What the resolver resolves, for ``validate(including:file:line:)`` and the
  ///     checks of each run (`[]`: nothing); `nil`, the default, declares nothing.
  ///   - replacing: Pass `true` to replace a registration on purpose, without the warning.
  ///   - file: The file of the call, for messages; leave the default.
  ///   - line: The line of the call, for messages; leave the default.
  ///   - isolation: Tells this function apart from the nonisolated `register`; leave the default.
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
        needs: needs, kind: .mainActor,
        resolver: { try callOnMainActor({ (_: Void) in try resolver() }, ()) }),
      replacing: replacing)
  }

  /// Registers a main-actor resolver for `Value` that takes a `Parameter`: in property
  /// injection, the object that declares the property, when it is one.
  ///
  /// ```swift
  /// container.register { @MainActor (pane: DetailPane) -> Badge in
  ///   Badge(text: "on \(type(of: pane))")
  /// }
  /// ```
  /// - Parameters:
  ///   - alternative: The name that tells this registration apart from others of the same type.
  ///   - scope: How long a resolved instance lives; ``Scope/unique`` by default.
  ///   - needs: What the resolver resolves, for ``validate(including:file:line:)`` and the
  ///     checks of each run (`[]`: nothing); `nil`, the default, declares nothing.
  ///   - replacing: Pass `true` to replace a registration on purpose, without the warning.
  ///   - file: The file of the call, for messages; leave the default.
  ///   - line: The line of the call, for messages; leave the default.
  ///   - isolation: Tells this function apart from the nonisolated `register`; leave the default.
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
        needs: needs, kind: .mainActor,
        resolver: { parameter in try callOnMainActor(resolver, parameter) }),
      replacing: replacing)
  }

  /// Registers a main-actor resolver for `Value` that takes any parameter: as without
  /// `@MainActor`, `{ @MainActor parameter in ... }`, its type not written, takes `Any`.
  ///
  /// ```swift
  /// container.register { @MainActor parameter -> Badge in
  ///   Badge(text: "for \(type(of: parameter))")
  /// }
  /// ```
  /// - Parameters:
  ///   - alternative: The name that tells this registration apart from others of the same type.
  ///   - scope: How long a resolved instance lives; ``Scope/unique`` by default.
  ///   - needs: What the resolver resolves, for ``validate(including:file:line:)`` and the
  ///     checks of each run (`[]`: nothing); `nil`, the default, declares nothing.
  ///   - replacing: Pass `true` to replace a registration on purpose, without the warning.
  ///   - file: The file of the call, for messages; leave the default.
  ///   - line: The line of the call, for messages; leave the default.
  ///   - isolation: Tells this function apart from the nonisolated `register`; leave the default.
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
        needs: needs, kind: .mainActor,
        resolver: { parameter in try callOnMainActor(resolver, parameter) }),
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
  /// Resolve it with ``resolve(_:alternative:file:line:)``, which awaits it. A kept instance
  /// (``Scope/singleton``, ``Scope/cached``, ``Scope/weak``) is made once however many tasks
  /// ask at once; the others wait without blocking their threads. A synchronous request
  /// (`try container.resolve()`, a property wrapper) gets the kept instance once made, else
  /// fails with ``ResolutionError/Reason/needsAwait``: make it at start-up, then inject it
  /// anywhere. ``Scope/graph`` makes a new instance per request, as ``Scope/unique`` does. The
  /// value goes from where the resolver runs to the awaiting task, so it is `Sendable`. A
  /// resolver may await other resolutions: cycles are reported, not waited for forever, and
  /// cancellation ends the wait with ``ResolutionError/Reason/cancelled``.
  /// - Parameters:
  ///   - alternative: The name that tells this registration apart from others of the same type.
  ///   - scope: How long a resolved instance lives; ``Scope/unique`` (made each time) by default.
  ///   - needs: What the resolver resolves (`[]`: nothing), for
  ///     ``validate(including:file:line:)``; `nil`, the default, declares nothing. Unlike a
  ///     synchronous resolver's, an async resolver's requests are not checked while it runs.
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
      Registration<Value>(
        alternative: alternative, scope: scope.scope, file: file, line: line,
        needs: needs, kind: .async,
        resolver: { preconditionFailure("The road awaits an async resolver.") },
        makeAsync: { _ in try await resolver() }),
      replacing: replacing)
  }
}
