extension Container {
  /// Registers an initializer, whose parameters are resolved when it runs.
  ///
  /// The parameters are the registration's declared dependencies, resolved as
  /// `try container.resolve()` in a resolver would be. See
  /// <doc:RegisteringAndResolving#Registering-initializers>.
  /// - Parameters:
  ///   - type: The type to register the initializer for, when not the one it makes (a
  ///     protocol it conforms to, say).
  ///   - alternative: The name that tells this registration apart from others of the same type.
  ///   - scope: How long an instance lives; ``Scope/unique`` by default (``RegistrationScope``).
  ///   - parameters: The alternatives to resolve parameters under, as
  ///     `.on(Greeter.self, alternative: .french)`, each for every parameter of its type.
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
    let alternatives = ParameterAlternatives(parameters, for: repeat (each Parameter).self)
    storeInitializer(
      alternative: alternative, scope: scope, alternatives: alternatives, replacing: replacing,
      file: file, line: line
    ) { [unowned(unsafe) self] () throws -> Value in
      try initializer(
        repeat try self.resolve(
          alternative: alternatives.alternative(for: (each Parameter).self), file: file,
          line: line))
    }
  }

  /// Registers an initializer isolated to the main actor (a view model's, say), run as a
  /// `@MainActor` resolver is (see <doc:SwiftConcurrency#Main-actor-resolvers>).
  /// - Parameters:
  ///   - type: The type to register the initializer for, when not the one it makes.
  ///   - alternative: The name that tells this registration apart from others of the same type.
  ///   - scope: How long an instance lives; ``Scope/unique`` by default (``RegistrationScope``).
  ///   - parameters: The alternatives to resolve parameters under.
  ///   - replacing: Pass `true` to replace a registration on purpose, without the warning.
  ///   - file: The file of the call, for messages; leave the default.
  ///   - line: The line of the call, for messages; leave the default.
  ///   - isolation: Tells this function apart from the nonisolated `autoregister`; leave it.
  ///   - initializer: Makes the value from its parameters, on the main actor.
  @inlinable
  public func autoregister<Value, each Parameter>(
    _ type: Value.Type = Value.self, alternative: RegistrationAlternative? = nil,
    scope: RegistrationScope<Value> = .unique, parameters: [Dependency] = [],
    replacing: Bool = false, file: StaticString = #fileID, line: UInt = #line,
    _ isolation: MainActorResolution = MainActorResolution(),
    initializer: @escaping @MainActor @Sendable (repeat each Parameter) throws -> Value
  ) {
    let alternatives = ParameterAlternatives(parameters, for: repeat (each Parameter).self)
    storeInitializer(
      alternative: alternative, scope: scope, alternatives: alternatives, replacing: replacing,
      file: file, line: line, kind: .mainActor
    ) { [unowned(unsafe) self] in
      try callOnMainActor(
        { @MainActor (_: Void) in
          try initializer(
            repeat try self.resolve(
              alternative: alternatives.alternative(for: (each Parameter).self), file: file,
              line: line))
        }, ())
    }
  }

  // `autoregister`'s resolvers hold their container `unowned(unsafe)`: a registration runs only
  // when resolved through its container (or one that builds on it, which holds it), which the
  // caller holds. A strong reference would keep the container alive through its own table; a
  // safe `unowned` one adds reference counting per parameter (measured in Benchmarks).

  @usableFromInline
  func storeInitializer<Value>(
    alternative: RegistrationAlternative?, scope: RegistrationScope<Value>,
    alternatives: ParameterAlternatives, replacing: Bool, file: StaticString, line: UInt,
    kind: ResolverKind = .nonisolated, make: @escaping @Sendable () throws -> Value
  ) {
    let types = alternatives.types
    let declared = types.map { type in
      Dependency(
        type: type, alternative: alternatives.alternative(for: type), parameterType: nil)
    }
    for unmatched in alternatives.unmatched {
      Self.logger.log(
        "Container \"\(name)\": `parameters:` gives `\(unmatched)` to an initializer of "
          + "`\(Value.self)` that takes no `\(unmatched.type)`; it takes "
          + "\(types.isEmpty ? "nothing" : types.map { "`\($0)`" }.joined(separator: ", ")). "
          + "Remove it, or correct its type.",
        level: .warning, file: file, function: #function, line: line)
    }
    store(
      Registration(
        alternative: alternative, scope: scope.scope, file: file, line: line, needs: declared,
        checked: false, kind: kind, resolver: make),
      replacing: replacing)
  }
}

@usableFromInline
struct ParameterAlternatives: Sendable {
  /// The initializer's parameter types, in order.
  let types: [Any.Type]
  private let byType: [(type: ObjectIdentifier, alternative: RegistrationAlternative)]
  /// What `parameters:` listed for a type the initializer does not take, or with a parameter.
  let unmatched: [Container.Dependency]

  @usableFromInline
  init<each P>(_ dependencies: [Container.Dependency], for parameters: repeat (each P).Type) {
    var types: [Any.Type] = []
    for type in repeat each parameters {
      types.append(type)
    }
    self.types = types
    let taken = Set(types.map(ObjectIdentifier.init))
    // An entry with a parameter is reported, not applied: initializers' parameters take none.
    byType = dependencies.compactMap { dependency in
      guard dependency.parameterType == nil else { return nil }
      return dependency.alternative.map { (dependency.key.type, $0) }
    }
    unmatched = dependencies.filter { dependency in
      !taken.contains(dependency.key.type) || dependency.parameterType != nil
    }
  }

  @usableFromInline
  func alternative(for type: Any.Type) -> RegistrationAlternative? {
    // Most initializers give no alternative: nothing to search.
    guard !byType.isEmpty else { return nil }
    let id = ObjectIdentifier(type)
    return byType.last { $0.type == id }?.alternative
  }
}
