/// What a container's table holds for one key: the resolver, and where it was registered.
///
/// Tables store registrations as `AnyObject` and read them back with `unsafeDowncast`: the
/// key includes the registered type, so the cast always holds, and it costs nothing, where a
/// dynamic cast to a protocol type would cost more than the rest of the resolution.
final class Registration<Value>: Sendable {
  /// Runs the resolver. Plain resolvers ignore the parameter.
  let make: @Sendable (_ parameter: Any?) throws -> Value
  let file: StaticString
  let line: UInt

  init(
    file: StaticString, line: UInt, make: @escaping @Sendable (_ parameter: Any?) throws -> Value
  ) {
    self.make = make
    self.file = file
    self.line = line
  }
}

/// A registered type plus its optional alternative.
struct RegistrationKey: Hashable, Sendable {
  let type: ObjectIdentifier
  let alternative: RegistrationAlternative?

  init(_ type: Any.Type, _ alternative: RegistrationAlternative?) {
    self.type = ObjectIdentifier(type)
    self.alternative = alternative
  }
}

/// One container's registrations. Plain and parametrized resolvers live apart because a
/// request with a parameter prefers the parametrized one.
struct RegistrationTable: Sendable {
  var plain: [RegistrationKey: any AnyObject & Sendable] = [:]
  var parametrized: [RegistrationKey: any AnyObject & Sendable] = [:]

  /// The resolver for `key`: with a parameter the parametrized one if there is one, else the
  /// plain one.
  func registration(for key: RegistrationKey, withParameter: Bool) -> AnyObject? {
    if withParameter, let registration = parametrized[key] {
      return registration
    }
    return plain[key]
  }

  subscript(key: RegistrationKey, parametrized isParametrized: Bool) -> (any AnyObject & Sendable)?
  {
    get { isParametrized ? parametrized[key] : plain[key] }
    set {
      if isParametrized { parametrized[key] = newValue } else { plain[key] = newValue }
    }
  }

  /// The alternatives registered for `type`, the unnamed one first.
  func alternatives(of type: ObjectIdentifier) -> [RegistrationAlternative?] {
    let keys = plain.keys.filter { $0.type == type } + parametrized.keys.filter { $0.type == type }
    return keys.map(\.alternative).sorted { ($0?.name ?? "") < ($1?.name ?? "") }
  }
}
