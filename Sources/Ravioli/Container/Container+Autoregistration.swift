extension Container {
  /// Registers an initializer: each of its parameters is resolved, on the same road as any
  /// resolution, when the initializer runs.
  ///
  /// ```swift
  /// container.autoregister(initializer: HomeScreen.init)
  /// container.autoregister(Greeter.self, initializer: EnglishGreeter.init)
  /// container.autoregister(Clock.self, scope: .singleton, initializer: SystemClock.init)
  /// ```
  ///
  /// A parameter that is resolved under an alternative is named in `parameters:`:
  ///
  /// ```swift
  /// container.autoregister(
  ///   alternative: .french, parameters: [.on(Greeter.self, alternative: .french)],
  ///   initializer: HomeScreen.init)
  /// ```
  ///
  /// The parameters' types are the registration's dependencies, so
  /// ``validate(including:file:line:)`` checks them without running anything. They are resolved
  /// from this container and its parents, as `try container.resolve()` in a resolver would resolve
  /// them: missing ones, cycles and scopes are reported and behave exactly as for a closure
  /// registration, and a failure names this call as where they were requested.
  /// - Parameters:
  ///   - type: The type to register the initializer for, when it is not the type that the
  ///     initializer makes (a protocol it conforms to, say).
  ///   - alternative: The name that tells this registration apart from others of the same type.
  ///   - scope: How long a resolved instance lives; ``Scope/unique`` by default. The scopes
  ///     that share an instance between threads take a `Sendable` value (see
  ///     ``RegistrationScope``).
  ///   - parameters: The alternatives to resolve parameters under, as
  ///     `.on(Greeter.self, alternative: .french)`: each applies to every parameter of its
  ///     type. Parameters not listed are resolved under no alternative.
  ///   - replacing: Pass `true` to replace a registration on purpose, without the warning.
  ///   - file: The file of the call, for messages; leave the default.
  ///   - line: The line of the call, for messages; leave the default.
  ///   - initializer: Makes the value from its parameters, e.g. `WelcomeScreen.init`.
  @inlinable
  public func autoregister<Value, each Parameter>(
    _ type: Value.Type = Value.self, alternative: RegistrationAlternative? = nil,
    scope: RegistrationScope<Value> = .unique, parameters: [Dependency] = [],
    replacing: Bool = false, file: StaticString = #fileID, line: UInt = #line,
    initializer: @escaping @Sendable (repeat each Parameter) throws -> Value
  ) {
    var types: [Any.Type] = []
    for parameterType in repeat (each Parameter).self {
      types.append(parameterType)
    }
    let alternatives = ParameterAlternatives(parameters, for: types)
    storeInitializer(
      alternative: alternative, scope: scope, parameterTypes: types,
      alternatives: alternatives, replacing: replacing, file: file, line: line
    ) { [unowned(unsafe) self] () throws -> Value in
      try initializer(
        repeat try self.resolve(
          alternative: alternatives.alternative(for: (each Parameter).self), file: file,
          line: line))
    }
  }

  /// Registers an initializer isolated to the main actor: a view model's, or any type's in a
  /// target whose default isolation is the main actor. Each parameter is resolved when it
  /// runs, as for a nonisolated initializer, and the initializer runs as a resolver that
  /// says `@MainActor` does: synchronously on the main actor, and with `try await
  /// container.resolve(ReceiptViewModel.self)` from anywhere.
  ///
  /// - Parameters:
  ///   - type: The type to register the initializer for, when it is not the type that the
  ///     initializer makes.
  ///   - alternative: The name that tells this registration apart from others of the same type.
  ///   - scope: How long a resolved instance lives; ``Scope/unique`` by default.
  ///   - parameters: The alternatives to resolve parameters under, as
  ///     `.on(Greeter.self, alternative: .french)`.
  ///   - replacing: Pass `true` to replace a registration on purpose, without the warning.
  ///   - file: The file of the call, for messages; leave the default.
  ///   - line: The line of the call, for messages; leave the default.
  ///   - isolation: Tells this function apart from the nonisolated `autoregister`; leave the
  ///     default.
  ///   - initializer: Makes the value from its parameters, on the main actor.
  @inlinable
  public func autoregister<Value, each Parameter>(
    _ type: Value.Type = Value.self, alternative: RegistrationAlternative? = nil,
    scope: RegistrationScope<Value> = .unique, parameters: [Dependency] = [],
    replacing: Bool = false, file: StaticString = #fileID, line: UInt = #line,
    _ isolation: MainActorResolution = MainActorResolution(),
    initializer: @escaping @MainActor @Sendable (repeat each Parameter) throws -> Value
  ) {
    var types: [Any.Type] = []
    for parameterType in repeat (each Parameter).self {
      types.append(parameterType)
    }
    let alternatives = ParameterAlternatives(parameters, for: types)
    storeInitializer(
      alternative: alternative, scope: scope, parameterTypes: types,
      alternatives: alternatives, replacing: replacing, file: file, line: line, make: nil
    ) { @MainActor [unowned(unsafe) self] in
      try initializer(
        repeat try self.resolve(
          alternative: alternatives.alternative(for: (each Parameter).self), file: file,
          line: line))
    }
  }

  // The resolvers of `autoregister` hold their container `unowned(unsafe)`: a registration
  // runs only when it is resolved through its container (or a container that builds on it,
  // which holds it), whose caller holds it, so the container outlives every run. A strong
  // reference would keep the container alive through its own table; a safe `unowned` one
  // costs two atomic reference-count operations per parameter, which made resolving an
  // initializer 1.7 times as slow as the closure that resolves the same parameters.

  /// Stores what `autoregister(initializer:)`
  /// prepared, declaring the initializer's parameters as its dependencies.
  @usableFromInline
  func storeInitializer<Value>(
    alternative: RegistrationAlternative?, scope: RegistrationScope<Value>,
    parameterTypes: [Any.Type],
    alternatives: ParameterAlternatives, replacing: Bool, file: StaticString, line: UInt,
    make: (@Sendable () throws -> Value)?,
    mainActorMake: (@MainActor @Sendable () throws -> Value)? = nil
  ) {
    let declared = parameterTypes.map { type in
      Dependency(
        type: type, alternative: alternatives.alternative(for: type), parameterType: nil)
    }
    for unmatched in alternatives.unmatched {
      Self.logger.log(
        "Container \"\(name)\": `parameters:` gives `\(unmatched)` to an initializer of "
          + "`\(Value.self)` that takes no `\(unmatched.type)`; it takes "
          + "\(parameterTypes.isEmpty ? "nothing" : parameterTypes.map { "`\($0)`" }.joined(separator: ", ")). "
          + "Remove it, or correct its type.",
        level: .warning, file: file, function: #function, line: line)
    }
    let needs = DeclaredNeeds(
      declared, checked: false, owner: Value.self, alternative: alternative,
      site: RequestSite(file, line))
    if let make {
      store(
        Registration(
          alternative: alternative, scope: scope.scope, file: file, line: line, needs: needs,
          resolver: make),
        replacing: replacing)
    } else if let mainActorMake {
      store(
        Registration(
          alternative: alternative, scope: scope.scope, file: file, line: line, needs: needs,
          mainActorResolver: mainActorMake),
        replacing: replacing)
    }
  }
}

/// The alternatives that `autoregister(parameters:)` gives to an initializer's parameters.
@usableFromInline
struct ParameterAlternatives: Sendable {
  private let byType: [(type: ObjectIdentifier, alternative: RegistrationAlternative)]
  /// What `parameters:` listed for a type that the initializer does not take, or with a
  /// parameter, which an initializer's parameter cannot be given.
  let unmatched: [Container.Dependency]

  @usableFromInline
  init(_ dependencies: [Container.Dependency], for types: [Any.Type]) {
    let taken = Set(types.map(ObjectIdentifier.init))
    // An entry with a parameter is reported, and not applied: an initializer's parameter
    // is resolved without one.
    byType = dependencies.compactMap { dependency in
      guard dependency.parameterType == nil else { return nil }
      return dependency.alternative.map { (dependency.key.type, $0) }
    }
    unmatched = dependencies.filter { dependency in
      !taken.contains(dependency.key.type) || dependency.parameterType != nil
    }
  }

  /// The alternative to resolve a parameter of `type` under.
  @usableFromInline
  func alternative(for type: Any.Type) -> RegistrationAlternative? {
    // Most initializers give no alternative: nothing to search.
    guard !byType.isEmpty else { return nil }
    let id = ObjectIdentifier(type)
    return byType.last { $0.type == id }?.alternative
  }
}
