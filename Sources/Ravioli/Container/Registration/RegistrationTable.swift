/// Where a registration's resolver may run.
@usableFromInline
enum ResolverKind: Sendable {
  /// Anywhere: most registrations.
  case nonisolated
  /// On the main actor: `{ @MainActor in ... }`.
  case mainActor
  /// Anywhere, with `await`: an `async` resolver.
  case async
}

/// A registered type plus its optional alternative.
struct RegistrationKey: Hashable, Sendable {
  /// The type itself, for messages, where a registration is known only by its key; one
  /// word, as its identity is.
  let metatype: Any.Type
  let alternative: RegistrationAlternative?

  init(_ type: Any.Type, _ alternative: RegistrationAlternative?) {
    metatype = type
    self.alternative = alternative
  }

  /// The type's identity: what keys are compared and hashed by.
  var type: ObjectIdentifier { ObjectIdentifier(metatype) }

  /// A cheap hash for ``RegistrationSlots``: the type's address, mixed with the hash that
  /// the alternative computed when it was made.
  var hash: Int {
    Int(bitPattern: UInt(bitPattern: type)) ^ (alternative?.hash ?? 0)
  }

  static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.type == rhs.type && lhs.alternative == rhs.alternative
  }

  func hash(into hasher: inout Hasher) {
    hasher.combine(type)
    hasher.combine(alternative)
  }

  /// The key's home slot in an open-addressing table of `1 << (64 - shift)` slots: ``hash``
  /// mixed by a multiply, its top bits taken. Forced inline: every look-up otherwise calls it.
  @inline(__always)
  func slot(shift: Int) -> Int {
    let mixed = UInt64(truncatingIfNeeded: hash) &* 0x9E37_79B9_7F4A_7C15
    return Int(truncatingIfNeeded: mixed >> UInt64(shift))
  }
}

/// Registrations in a value that can be copied and changed: what an isolation scope
/// registers for a container, and a copy of a container's own table
/// (``ContainerRegistrations``) for validation. Plain and parametrized resolvers live apart
/// because a request with a parameter prefers a parametrized one; there is one parametrized
/// resolver per parameter type, kept in the order they were registered.
///
/// Not on the road outside isolation scopes, so the standard `Dictionary` serves.
struct RegistrationTable: Sendable {
  var plain: [RegistrationKey: any AnyRegistration] = [:]
  var parametrized: [RegistrationKey: [any AnyRegistration]] = [:]

  /// Every registration, for eager creation and resets.
  var all: [any AnyRegistration] { Array(plain.values) + parametrized.values.flatMap { $0 } }

  /// Stores `registration` under its key, returning the registration it replaces: the plain
  /// one, or the parametrized one that takes the same parameter type.
  mutating func insert(_ registration: any AnyRegistration) -> (any AnyRegistration)? {
    guard registration.parameterType != nil else {
      return plain.updateValue(registration, forKey: registration.key)
    }
    return Self.insert(registration, into: &parametrized)
  }

  /// Appends a parametrized `registration` to its key's list in `lists` (a table's, or
  /// ``ContainerRegistrations``'), returning the one it replaces: the one that takes the same
  /// parameter type.
  static func insert(
    _ registration: any AnyRegistration, into lists: inout [RegistrationKey: [any AnyRegistration]]
  ) -> (any AnyRegistration)? {
    // Taken out, so that the list is changed in place rather than copied.
    var list = lists.removeValue(forKey: registration.key) ?? []
    let replaced = list.firstIndex { $0.parameterType == registration.parameterType }
      .map { list.remove(at: $0) }
    list.append(registration)
    lists[registration.key] = list
    return replaced
  }

  /// What the table holds under `key`.
  subscript(key: RegistrationKey) -> ResolversUnderKey {
    ResolversUnderKey(plain: plain[key], parametrized: parametrized[key])
  }

  /// Removes every resolver (plain and parametrized) stored under `key`, returning them.
  mutating func remove(_ key: RegistrationKey) -> [any AnyRegistration] {
    ResolversUnderKey(
      plain: plain.removeValue(forKey: key), parametrized: parametrized.removeValue(forKey: key)
    ).all
  }

  /// Whether this table holds `registration` itself.
  func isStored(_ registration: any AnyRegistration) -> Bool {
    let key = registration.key
    return plain[key] === registration
      || parametrized[key]?.contains { $0 === registration } == true
  }

  /// The alternatives registered for `type`, the unnamed one first.
  func alternatives(of type: ObjectIdentifier) -> [RegistrationAlternative?] {
    let keys = Set(plain.keys.filter { $0.type == type })
      .union(parametrized.keys.filter { $0.type == type })
    return keys.map(\.alternative).sorted { ($0?.name ?? "") < ($1?.name ?? "") }
  }
}

/// What one container (with an isolation scope's overlay, if any) holds under a key.
struct ResolversUnderKey {
  let plain: (any AnyRegistration)?
  let parametrized: [any AnyRegistration]?

  /// The plain one, then the parametrized ones in the order they were registered.
  var all: [any AnyRegistration] { (plain.map { [$0] } ?? []) + (parametrized ?? []) }

  /// Where the plain one, else the first parametrized one, was registered.
  var site: RequestSite? { (plain ?? parametrized?.first)?.site }

  /// The registration that storing `registration` would replace: the plain one, or the
  /// parametrized one that takes the same parameter type.
  func stored(like registration: any AnyRegistration) -> (any AnyRegistration)? {
    guard registration.parameterType != nil else { return plain }
    return parametrized?.first { $0.parameterType == registration.parameterType }
  }

  /// The rule inside one container: a parametrized resolver that takes the request's parameter
  /// wins over the plain one.
  func answer(to parameter: LookUpParameter?) -> (any AnyRegistration)? {
    if let parameter, let parametrized, let chosen = parameter.choose(from: parametrized) {
      return chosen
    }
    return plain
  }
}
