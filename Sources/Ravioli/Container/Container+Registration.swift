extension Container {
  /// Registers a resolver for `Value`.
  ///
  /// The resolver runs on every resolution, so return a stored instance to share one, or a
  /// new one each time. Registering `Value` also makes `Value?` (and `Value!`) resolvable.
  /// Registering the same type and alternative again replaces the earlier resolver, and the
  /// logger says so.
  ///
  /// ```swift
  /// container.register { () -> Greeter in EnglishGreeter() }
  /// container.register(alternative: .french) { () -> Greeter in FrenchGreeter() }
  /// ```
  ///
  /// Resolvers are `@Sendable`, because any thread may resolve them: capture only what is
  /// safe to share, or create the instance inside the resolver. A resolver may resolve what
  /// it needs with `try container.resolve()`; if it throws, the resolution fails with
  /// ``ResolutionError/Reason/resolverFailed(_:)``.
  /// - Parameters:
  ///   - alternative: The name that tells this registration apart from others of the same type.
  ///   - resolver: Returns the value.
  ///   - file: The file of the call, for messages; leave the default.
  ///   - line: The line of the call, for messages; leave the default.
  public func register<Value>(
    alternative: RegistrationAlternative? = nil,
    file: StaticString = #fileID, line: UInt = #line,
    _ resolver: @escaping @Sendable () throws -> Value
  ) {
    store(
      Registration(file: file, line: line) { _ in try resolver() },
      for: RegistrationKey(Value.self, alternative), parametrized: false)
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
  ///   - resolver: Returns the value for the given parameter.
  ///   - file: The file of the call, for messages; leave the default.
  ///   - line: The line of the call, for messages; leave the default.
  public func register<Value>(
    alternative: RegistrationAlternative? = nil,
    file: StaticString = #fileID, line: UInt = #line,
    _ resolver: @escaping @Sendable (_ parameter: Any) throws -> Value
  ) {
    store(
      Registration(file: file, line: line) { parameter in
        // The road only calls a parametrized resolver when it has a parameter.
        try resolver(parameter!)
      },
      for: RegistrationKey(Value.self, alternative), parametrized: true)
  }

  /// Removes every registration from this container. Its parents keep theirs.
  /// - Parameters:
  ///   - file: The file of the call, for messages; leave the default.
  ///   - line: The line of the call, for messages; leave the default.
  public func removeAllRegistrations(file: StaticString = #fileID, line: UInt = #line) {
    // The removed resolvers, and what they captured, are released here, outside the lock.
    _ = registrations.exchange(with: RegistrationTable())
    Self.logger.log(
      "Container \"\(name)\": removed every registration.", level: .info,
      file: file, function: #function, line: line)
  }

  private func store<Value>(
    _ registration: Registration<Value>, for key: RegistrationKey, parametrized: Bool
  ) {
    let replaced = registrations.withLock { table in
      defer { table[key, parametrized: parametrized] = registration }
      return table[key, parametrized: parametrized]
    }
    let logger = Self.logger
    let what = {
      (parametrized ? "a parametrized resolver for " : "")
        + "`\(describeRequest(Value.self, key.alternative))`"
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
