extension Container {
  /// Registers a resolver for `Value`, which also makes `Value?` resolvable.
  ///
  /// Registering the same type and alternative again replaces the earlier resolver, with a
  /// warning unless `replacing: true`. The resolver is nonisolated, even when written in
  /// `@MainActor` code, and keeps alive what it captures, its container included. See
  /// <doc:RegisteringAndResolving>.
  /// - Parameters:
  ///   - alternative: The name that tells this registration apart from others of the same type.
  ///   - scope: How long an instance lives; ``Scope/unique`` by default (``RegistrationScope``).
  ///   - needs: What the resolver resolves, for validation (`[]`: nothing); `nil` declares nothing.
  ///     See <doc:RegisteringAndResolving#Declared-dependencies>.
  ///   - replacing: Pass `true` to replace a registration on purpose, without the warning.
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
  /// A request without a parameter never uses it. See
  /// <doc:RegisteringAndResolving#Parametrized-resolvers>.
  /// - Parameters:
  ///   - alternative: The name that tells this registration apart from others of the same type.
  ///   - scope: How long an instance lives; ``Scope/unique`` by default (``RegistrationScope``).
  ///   - needs: What the resolver resolves, for validation (`[]`: nothing); `nil` declares nothing.
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
  /// Resolvers of one type that take different parameter types live side by side: see
  /// <doc:RegisteringAndResolving#Parametrized-resolvers> for which one a request uses.
  /// - Parameters:
  ///   - alternative: The name that tells this registration apart from others of the same type.
  ///   - scope: How long an instance lives; ``Scope/unique`` by default (``RegistrationScope``).
  ///   - needs: What the resolver resolves, for validation (`[]`: nothing); `nil` declares nothing.
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
  /// A synchronous request off the main actor fails with
  /// ``ResolutionError/Reason/needsActor(_:)``; ``resolve(_:alternative:file:line:)`` awaits it
  /// anywhere. See <doc:SwiftConcurrency#Main-actor-resolvers>.
  /// - Parameters:
  ///   - alternative: The name that tells this registration apart from others of the same type.
  ///   - scope: How long an instance lives; ``Scope/unique`` by default (``RegistrationScope``).
  ///   - needs: What the resolver resolves, for validation (`[]`: nothing); `nil` declares nothing.
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
  /// - Parameters:
  ///   - alternative: The name that tells this registration apart from others of the same type.
  ///   - scope: How long an instance lives; ``Scope/unique`` by default (``RegistrationScope``).
  ///   - needs: What the resolver resolves, for validation (`[]`: nothing); `nil` declares nothing.
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
  /// - Parameters:
  ///   - alternative: The name that tells this registration apart from others of the same type.
  ///   - scope: How long an instance lives; ``Scope/unique`` by default (``RegistrationScope``).
  ///   - needs: What the resolver resolves, for validation (`[]`: nothing); `nil` declares nothing.
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
  /// Resolve it with ``resolve(_:alternative:file:line:)``, which awaits it. A synchronous
  /// request gets only an instance that its scope kept, else fails with
  /// ``ResolutionError/Reason/needsAwait``. See <doc:SwiftConcurrency#Async-resolvers>.
  /// - Parameters:
  ///   - alternative: The name that tells this registration apart from others of the same type.
  ///   - scope: How long an instance lives; ``Scope/unique`` by default (``RegistrationScope``).
  ///   - needs: What the resolver resolves, for validation, and checked against its requests
  ///     while it runs, as a synchronous resolver's are (`[]`: nothing; `nil` declares nothing).
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
        makeAsync: resolver),
      replacing: replacing)
  }
}
