extension Container {
  /// Registers a resolver for `Value`.
  ///
  /// Registering `Value` also makes `Value?` (and `Value!`) resolvable. Registering the same
  /// type and alternative again replaces the earlier resolver (and drops any instance its
  /// scope kept), and the logger says so.
  ///
  /// ```swift
  /// container.register { () -> Greeter in EnglishGreeter() }
  /// container.register(alternative: .french) { () -> Greeter in FrenchGreeter() }
  /// ```
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
  ///   - file: The file of the call, for messages; leave the default.
  ///   - line: The line of the call, for messages; leave the default.
  ///   - resolver: Returns the value.
  public func register<Value>(
    alternative: RegistrationAlternative? = nil, scope: RegistrationScope<Value> = .unique,
    file: StaticString = #fileID, line: UInt = #line,
    _ resolver: @escaping @Sendable () throws -> Value
  ) {
    store(
      Registration(
        alternative: alternative, scope: scope.scope, file: file, line: line, resolver: resolver))
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
  ///   - file: The file of the call, for messages; leave the default.
  ///   - line: The line of the call, for messages; leave the default.
  ///   - resolver: Returns the value for the given parameter.
  public func register<Value>(
    alternative: RegistrationAlternative? = nil, scope: RegistrationScope<Value> = .unique,
    file: StaticString = #fileID, line: UInt = #line,
    _ resolver: @escaping @Sendable (_ parameter: Any) throws -> Value
  ) {
    store(
      Registration(
        alternative: alternative, scope: scope.scope, file: file, line: line, resolver: resolver))
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
  ///   - file: The file of the call, for messages; leave the default.
  ///   - line: The line of the call, for messages; leave the default.
  ///   - resolver: Returns the value for the given parameter.
  public func register<Value, Parameter>(
    alternative: RegistrationAlternative? = nil, scope: RegistrationScope<Value> = .unique,
    file: StaticString = #fileID, line: UInt = #line,
    _ resolver: @escaping @Sendable (_ parameter: Parameter) throws -> Value
  ) {
    store(
      Registration(
        alternative: alternative, scope: scope.scope, file: file, line: line, resolver: resolver))
  }

  /// Removes every registration from this container. Its parents keep theirs.
  /// - Parameters:
  ///   - file: The file of the call, for messages; leave the default.
  ///   - line: The line of the call, for messages; leave the default.
  public func removeAllRegistrations(file: StaticString = #fileID, line: UInt = #line) {
    // The removed resolvers, and what they captured, are released here, outside the lock.
    // The shards change under the table's lock, so that they always agree with the table.
    let removed = registrations.withLock { table in
      defer { table = RegistrationTable() }
      return (table, lookups.removeAll())
    }
    _ = removed
    Self.logger.log(
      "Container \"\(name)\": removed every registration.", level: .info,
      file: file, function: #function, line: line)
  }

  private func store<Value>(_ registration: Registration<Value>) {
    let key = RegistrationKey(Value.self, registration.alternative)
    // The replaced registration, and the instance it kept, are released outside the lock.
    // The shards change under the table's lock, so that two threads registering the same
    // key at once leave the same winner in the table and in every shard.
    let (replaced, replacedInShards) = registrations.withLock { table in
      (
        table.insert(registration, for: key),
        registration.parameterType == nil ? lookups.insert(registration, for: key) : []
      )
    }
    _ = replacedInShards  // released here, outside the shards' locks
    let logger = Self.logger
    let what = {
      let kind =
        registration.parameterTypeName.map { "a resolver taking `\($0)` for " } ?? ""
      let scope = registration.scope == .unique ? "" : " (\(registration.scope))"
      return kind + "`\(describeRequest(Value.self, key.alternative))`" + scope
    }
    if let replaced {
      let earlier = unsafeDowncast(replaced, to: Registration<Value>.self)
      logger.log(
        "Container \"\(name)\": registering \(what()) again replaces the one registered at "
          + "\(earlier.file):\(earlier.line).",
        level: .warning, file: registration.file, function: #function, line: registration.line)
    } else {
      logger.log(
        "Container \"\(name)\": registered \(what()).", level: .debug,
        file: registration.file, function: #function, line: registration.line)
    }
  }
}
