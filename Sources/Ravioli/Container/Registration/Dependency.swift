extension Container {
  /// One thing a registration needs: a type, under an alternative, optionally with the
  /// parameter it is resolved with.
  ///
  /// A closure registration lists them in `needs:`; `autoregister(parameters:)` takes them to
  /// give an initializer's parameters an alternative. See
  /// <doc:RegisteringAndResolving#Declared-dependencies>.
  public struct Dependency: Sendable, CustomStringConvertible {
    let type: Any.Type
    let alternative: RegistrationAlternative?
    let parameterType: Any.Type?
    let key: RegistrationKey
    /// The key, then those the look-up falls back to (for `Analytics?`, `Analytics`'s): the
    /// keys of the registrations that may resolve it.
    let keys: [RegistrationKey]

    /// A dependency on `type`, under `alternative`.
    /// - Parameters:
    ///   - type: The type resolved, as it is resolved: `Greeter.self`, or `Analytics?.self`
    ///     for one resolved as an optional.
    ///   - alternative: The alternative it is resolved under; `nil` for the unnamed one.
    ///   - parameter: The type of the parameter it is resolved with, if any
    ///     (`resolve(parameter:)`); validation checks that a resolver takes it.
    public static func on<Value>(
      _ type: Value.Type, alternative: RegistrationAlternative? = nil,
      parameter: Any.Type? = nil
    ) -> Dependency {
      Dependency(type: type, alternative: alternative, parameterType: parameter)
    }

    init(type: Any.Type, alternative: RegistrationAlternative?, parameterType: Any.Type?) {
      self.type = type
      self.alternative = alternative
      self.parameterType = parameterType
      key = RegistrationKey(type, alternative)
      keys = Array(key.withFallbacks)
    }

    /// The dependency as messages name it, e.g. `Clock (alternative "utc")`.
    public var description: String {
      let request = describeRequest(type, alternative)
      guard let parameterType else { return request }
      return "\(request) with a `\(parameterType)` parameter"
    }

    /// How `needs:` spells it, e.g. `.on(Clock.self, alternative: "utc")`.
    var spelling: String {
      let alternative = alternative.map { ", alternative: \"\($0.name)\"" } ?? ""
      let parameter = parameterType.map { ", parameter: \($0).self" } ?? ""
      return ".on(\(type).self\(alternative)\(parameter))"
    }
  }
}

/// What a registration declared that its resolver needs: the data that validation walks,
/// and what the road checks a running resolver's requests against.
@usableFromInline
final class DeclaredNeeds: Sendable {
  let dependencies: [Container.Dependency]
  /// Whether the road checks the resolver's requests: a closure's declarations can rot,
  /// an initializer's parameters cannot.
  let checked: Bool
  /// What was already reported, so that each mistake is logged once.
  private let reported = Locked(Set<Report>())

  private struct Report: Hashable {
    let key: RegistrationKey
    let unused: Bool
  }

  private let ownerType: Any.Type
  private let ownerAlternative: RegistrationAlternative?
  let site: RequestSite
  /// The requests that match a declared dependency, and the bit of each: a dependency's key,
  /// its optional's, and, for a declared optional, its wrapped type's.
  private let matchingRequests: [RegistrationKey]
  private let bitsOfRequests: [UInt64]

  /// `nil` when nothing was declared (`needs: nil`).
  init?(
    _ dependencies: [Container.Dependency]?, checked: Bool, owner: Any.Type,
    alternative: RegistrationAlternative?, site: RequestSite
  ) {
    guard let dependencies else { return nil }
    self.dependencies = dependencies
    self.checked = checked
    self.ownerType = owner
    self.ownerAlternative = alternative
    self.site = site
    var requests: [RegistrationKey] = []
    var bits: [UInt64] = []
    for (index, dependency) in dependencies.enumerated() {
      let bit: UInt64 = 1 << UInt64(min(index, 63))
      // A dependency on `T` is asked for as `T` or `T?`; one on `T?`, as `T?` or `T`.
      for key in dependency.keys + [optionalKey(of: dependency.type, dependency.alternative)] {
        requests.append(key)
        bits.append(bit)
      }
    }
    matchingRequests = requests
    bitsOfRequests = bits
  }

  /// How messages name the registration, e.g. `Greeter (alternative "french")`: described
  /// only for a message, since describing a type costs more than registering it.
  var owner: String { describeRequest(ownerType, ownerAlternative) }

  /// The bits (in ``ResolutionStack/Frame/used``) of every dependency that a request for `key`
  /// matches: one type may be declared with several parameter types, or also as an optional.
  /// Those past the 64th share the last bit. Asked at every resolution the resolver makes, so
  /// it compares keys made at registration, in place, asking the runtime nothing.
  func declared(_ key: RegistrationKey) -> UInt64? {
    var bits: UInt64 = 0
    matchingRequests.withUnsafeBufferPointer { requests in
      for index in requests.indices where requests[index] == key {
        bits |= bitsOfRequests[index]
      }
    }
    return bits == 0 ? nil : bits
  }

  var allBits: UInt64 {
    dependencies.count >= 64 ? .max : (1 << UInt64(dependencies.count)) - 1
  }

  func reportsFirst(_ key: RegistrationKey, unused: Bool) -> Bool {
    reported.withLock { $0.insert(Report(key: key, unused: unused)).inserted }
  }
}

private func optionalKey(of type: Any.Type, _ alternative: RegistrationAlternative?)
  -> RegistrationKey
{
  func optional<Wrapped>(_: Wrapped.Type) -> Any.Type { Wrapped?.self }
  return RegistrationKey(optional(type), alternative)
}
