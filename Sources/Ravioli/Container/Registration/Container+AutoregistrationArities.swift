// One to six parameters, each resolved by a `resolve` specialized where `autoregister` is
// called: Swift 6.3 does not specialize the variadic one's pack expansion, which then costs a
// generic resolution per parameter (metadata look-ups, an unspecialized instance store). The
// container is held unretained, as by the variadic one (see `storeInitializer`), as an
// `Unmanaged` borrowed per call: an `unowned(unsafe)` capture is retained and released at every
// use. The initializer consumes its parameters, as initializers do: a borrowing function type
// wraps it in a thunk that retains and releases each one (a borrowing function is still
// accepted, converted; the variadic one, unspecialized anyway, keeps the plain type). Each of
// these costs is measured in Benchmarks (scenario 11a).
extension Container {
  /// Registers an initializer of 1 parameter; see the variadic `autoregister`.
  @inlinable
  public func autoregister<Value, P1>(
    _ type: Value.Type = Value.self, alternative: RegistrationAlternative? = nil,
    scope: RegistrationScope<Value> = .unique, parameters: [Dependency] = [],
    replacing: Bool = false, file: StaticString = #fileID, line: UInt = #line,
    initializer: @escaping @Sendable (consuming P1) throws -> Value
  ) {
    let alternatives = ParameterAlternatives(parameters, for: P1.self)
    let alternative1 = alternatives.alternative(for: P1.self)
    storeInitializer(
      alternative: alternative, scope: scope, alternatives: alternatives, replacing: replacing,
      file: file, line: line,
      make: { [container = Unmanaged.passUnretained(self)] () throws -> Value in
        try container._withUnsafeGuaranteedRef { container in
          try initializer(
            try container.resolve(alternative: alternative1, file: file, line: line))
        }
      })
  }

  /// Registers an initializer of 2 parameters; see the variadic `autoregister`.
  @inlinable
  public func autoregister<Value, P1, P2>(
    _ type: Value.Type = Value.self, alternative: RegistrationAlternative? = nil,
    scope: RegistrationScope<Value> = .unique, parameters: [Dependency] = [],
    replacing: Bool = false, file: StaticString = #fileID, line: UInt = #line,
    initializer: @escaping @Sendable (consuming P1, consuming P2) throws -> Value
  ) {
    let alternatives = ParameterAlternatives(parameters, for: P1.self, P2.self)
    let alternative1 = alternatives.alternative(for: P1.self)
    let alternative2 = alternatives.alternative(for: P2.self)
    storeInitializer(
      alternative: alternative, scope: scope, alternatives: alternatives, replacing: replacing,
      file: file, line: line,
      make: { [container = Unmanaged.passUnretained(self)] () throws -> Value in
        try container._withUnsafeGuaranteedRef { container in
          try initializer(
            try container.resolve(alternative: alternative1, file: file, line: line),
            try container.resolve(alternative: alternative2, file: file, line: line))
        }
      })
  }

  /// Registers an initializer of 3 parameters; see the variadic `autoregister`.
  @inlinable
  public func autoregister<Value, P1, P2, P3>(
    _ type: Value.Type = Value.self, alternative: RegistrationAlternative? = nil,
    scope: RegistrationScope<Value> = .unique, parameters: [Dependency] = [],
    replacing: Bool = false, file: StaticString = #fileID, line: UInt = #line,
    initializer: @escaping @Sendable (consuming P1, consuming P2, consuming P3) throws -> Value
  ) {
    let alternatives = ParameterAlternatives(parameters, for: P1.self, P2.self, P3.self)
    let alternative1 = alternatives.alternative(for: P1.self)
    let alternative2 = alternatives.alternative(for: P2.self)
    let alternative3 = alternatives.alternative(for: P3.self)
    storeInitializer(
      alternative: alternative, scope: scope, alternatives: alternatives, replacing: replacing,
      file: file, line: line,
      make: { [container = Unmanaged.passUnretained(self)] () throws -> Value in
        try container._withUnsafeGuaranteedRef { container in
          try initializer(
            try container.resolve(alternative: alternative1, file: file, line: line),
            try container.resolve(alternative: alternative2, file: file, line: line),
            try container.resolve(alternative: alternative3, file: file, line: line))
        }
      })
  }

  /// Registers an initializer of 4 parameters; see the variadic `autoregister`.
  @inlinable
  public func autoregister<Value, P1, P2, P3, P4>(
    _ type: Value.Type = Value.self, alternative: RegistrationAlternative? = nil,
    scope: RegistrationScope<Value> = .unique, parameters: [Dependency] = [],
    replacing: Bool = false, file: StaticString = #fileID, line: UInt = #line,
    initializer:
      @escaping @Sendable (consuming P1, consuming P2, consuming P3, consuming P4) throws -> Value
  ) {
    let alternatives = ParameterAlternatives(parameters, for: P1.self, P2.self, P3.self, P4.self)
    let alternative1 = alternatives.alternative(for: P1.self)
    let alternative2 = alternatives.alternative(for: P2.self)
    let alternative3 = alternatives.alternative(for: P3.self)
    let alternative4 = alternatives.alternative(for: P4.self)
    storeInitializer(
      alternative: alternative, scope: scope, alternatives: alternatives, replacing: replacing,
      file: file, line: line,
      make: { [container = Unmanaged.passUnretained(self)] () throws -> Value in
        try container._withUnsafeGuaranteedRef { container in
          try initializer(
            try container.resolve(alternative: alternative1, file: file, line: line),
            try container.resolve(alternative: alternative2, file: file, line: line),
            try container.resolve(alternative: alternative3, file: file, line: line),
            try container.resolve(alternative: alternative4, file: file, line: line))
        }
      })
  }

  /// Registers an initializer of 5 parameters; see the variadic `autoregister`.
  @inlinable
  public func autoregister<Value, P1, P2, P3, P4, P5>(
    _ type: Value.Type = Value.self, alternative: RegistrationAlternative? = nil,
    scope: RegistrationScope<Value> = .unique, parameters: [Dependency] = [],
    replacing: Bool = false, file: StaticString = #fileID, line: UInt = #line,
    initializer:
      @escaping @Sendable (consuming P1, consuming P2, consuming P3, consuming P4, consuming P5)
      throws -> Value
  ) {
    let alternatives = ParameterAlternatives(
      parameters, for: P1.self, P2.self, P3.self, P4.self, P5.self)
    let alternative1 = alternatives.alternative(for: P1.self)
    let alternative2 = alternatives.alternative(for: P2.self)
    let alternative3 = alternatives.alternative(for: P3.self)
    let alternative4 = alternatives.alternative(for: P4.self)
    let alternative5 = alternatives.alternative(for: P5.self)
    storeInitializer(
      alternative: alternative, scope: scope, alternatives: alternatives, replacing: replacing,
      file: file, line: line,
      make: { [container = Unmanaged.passUnretained(self)] () throws -> Value in
        try container._withUnsafeGuaranteedRef { container in
          try initializer(
            try container.resolve(alternative: alternative1, file: file, line: line),
            try container.resolve(alternative: alternative2, file: file, line: line),
            try container.resolve(alternative: alternative3, file: file, line: line),
            try container.resolve(alternative: alternative4, file: file, line: line),
            try container.resolve(alternative: alternative5, file: file, line: line))
        }
      })
  }

  /// Registers an initializer of 6 parameters; see the variadic `autoregister`.
  @inlinable
  public func autoregister<Value, P1, P2, P3, P4, P5, P6>(
    _ type: Value.Type = Value.self, alternative: RegistrationAlternative? = nil,
    scope: RegistrationScope<Value> = .unique, parameters: [Dependency] = [],
    replacing: Bool = false, file: StaticString = #fileID, line: UInt = #line,
    initializer:
      @escaping @Sendable (
        consuming P1, consuming P2, consuming P3, consuming P4, consuming P5, consuming P6
      ) throws -> Value
  ) {
    let alternatives = ParameterAlternatives(
      parameters, for: P1.self, P2.self, P3.self, P4.self, P5.self, P6.self)
    let alternative1 = alternatives.alternative(for: P1.self)
    let alternative2 = alternatives.alternative(for: P2.self)
    let alternative3 = alternatives.alternative(for: P3.self)
    let alternative4 = alternatives.alternative(for: P4.self)
    let alternative5 = alternatives.alternative(for: P5.self)
    let alternative6 = alternatives.alternative(for: P6.self)
    storeInitializer(
      alternative: alternative, scope: scope, alternatives: alternatives, replacing: replacing,
      file: file, line: line,
      make: { [container = Unmanaged.passUnretained(self)] () throws -> Value in
        try container._withUnsafeGuaranteedRef { container in
          try initializer(
            try container.resolve(alternative: alternative1, file: file, line: line),
            try container.resolve(alternative: alternative2, file: file, line: line),
            try container.resolve(alternative: alternative3, file: file, line: line),
            try container.resolve(alternative: alternative4, file: file, line: line),
            try container.resolve(alternative: alternative5, file: file, line: line),
            try container.resolve(alternative: alternative6, file: file, line: line))
        }
      })
  }

}
