@_exported import Ravioli

// Each function here has the signature of one of Ravioli's `register` functions, plus
// `@_inheritActorContext`, so Swift uses it instead of Ravioli's in a file that imports this
// module.

extension Container {
  /// Registers a resolver for `Value`; written in main-actor code, it is a main-actor
  /// resolver.
  ///
  /// In a target whose default isolation is the main actor (`.defaultIsolation(MainActor.self)`,
  /// the default of new app targets in Xcode 26), `import RavioliMainActor` instead of
  /// `Ravioli`: a closure is then isolated to the actor of the code that writes it, as the rest
  /// of the target's code is, so a class of the target registers as it would in any target:
  ///
  /// ```swift
  /// container.register { () -> CatalogViewModel in CatalogViewModel() }
  /// ```
  ///
  /// It is resolved synchronously on the main actor, and with `await` from anywhere (see
  /// Ravioli's `register`). Register what must resolve on any thread (a service that is
  /// `nonisolated`) from `nonisolated` code, where closures are nonisolated:
  ///
  /// ```swift
  /// nonisolated func registerServices(in container: Container) {
  ///   container.register { () -> PriceFormatter in PriceFormatter() }
  /// }
  /// ```
  /// - Parameters:
  ///   - alternative: The name that tells this registration apart from others of the same type.
  ///   - scope: How long a resolved instance lives; `.unique` by default.
  ///   - replacing: Pass `true` to replace a registration on purpose, without the warning.
  ///   - file: The file of the call, for messages; leave the default.
  ///   - line: The line of the call, for messages; leave the default.
  ///   - resolver: Returns the value.
  public func register<Value>(
    alternative: RegistrationAlternative? = nil, scope: RegistrationScope<Value> = .unique,
    replacing: Bool = false, file: StaticString = #fileID, line: UInt = #line,
    @_inheritActorContext _ resolver: @escaping @isolated(any) @Sendable () throws -> Value
  ) {
    storeRegistration(
      alternative: alternative, scope: scope, replacing: replacing, file: file, line: line,
      resolver)
  }

  /// Registers a parametrized resolver for `Value`; written in main-actor code, it is a
  /// main-actor resolver.
  /// - Parameters:
  ///   - alternative: The name that tells this registration apart from others of the same type.
  ///   - scope: How long a resolved instance lives; `.unique` by default.
  ///   - replacing: Pass `true` to replace a registration on purpose, without the warning.
  ///   - file: The file of the call, for messages; leave the default.
  ///   - line: The line of the call, for messages; leave the default.
  ///   - resolver: Returns the value for the given parameter.
  public func register<Value>(
    alternative: RegistrationAlternative? = nil, scope: RegistrationScope<Value> = .unique,
    replacing: Bool = false, file: StaticString = #fileID, line: UInt = #line,
    @_inheritActorContext _ resolver:
      @escaping @isolated(any) @Sendable (_ parameter: Any) throws
      -> Value
  ) {
    storeRegistration(
      alternative: alternative, scope: scope, replacing: replacing, file: file, line: line,
      resolver)
  }

  /// Registers a resolver for `Value` that takes a parameter of a given type; written in
  /// main-actor code, it is a main-actor resolver.
  /// - Parameters:
  ///   - alternative: The name that tells this registration apart from others of the same type.
  ///   - scope: How long a resolved instance lives; `.unique` by default.
  ///   - replacing: Pass `true` to replace a registration on purpose, without the warning.
  ///   - file: The file of the call, for messages; leave the default.
  ///   - line: The line of the call, for messages; leave the default.
  ///   - resolver: Returns the value for the given parameter.
  public func register<Value, Parameter>(
    alternative: RegistrationAlternative? = nil, scope: RegistrationScope<Value> = .unique,
    replacing: Bool = false, file: StaticString = #fileID, line: UInt = #line,
    @_inheritActorContext _ resolver:
      @escaping @isolated(any) @Sendable (_ parameter: Parameter)
      throws -> Value
  ) {
    storeRegistration(
      alternative: alternative, scope: scope, replacing: replacing, file: file, line: line,
      resolver)
  }

  /// Registers an `async` resolver for `Value`; written in main-actor code, it runs on the
  /// main actor.
  /// - Parameters:
  ///   - alternative: The name that tells this registration apart from others of the same type.
  ///   - scope: How long a resolved instance lives; `.unique` by default.
  ///   - replacing: Pass `true` to replace a registration on purpose, without the warning.
  ///   - file: The file of the call, for messages; leave the default.
  ///   - line: The line of the call, for messages; leave the default.
  ///   - resolver: Returns the value.
  public func register<Value: Sendable>(
    alternative: RegistrationAlternative? = nil, scope: RegistrationScope<Value> = .unique,
    replacing: Bool = false, file: StaticString = #fileID, line: UInt = #line,
    @_inheritActorContext _ resolver: @escaping @isolated(any) @Sendable () async throws -> Value
  ) {
    storeRegistration(
      alternative: alternative, scope: scope, replacing: replacing, file: file, line: line,
      resolver)
  }
}
