/// What tables, eager creation and resets need of a registration, without knowing its type.
protocol AnyRegistration: KeyedRegistration, ReadSections.Protectable {
  var scope: Scope { get }
  var parameterTypeName: String? { get }
  var parameterType: ObjectIdentifier? { get }
  func accepts(_ parameter: Any) -> Bool
  func accepts(parameterOfType type: Any.Type) -> Bool
  var needs: DeclaredNeeds? { get }
  var type: Any.Type { get }
  var kind: ResolverKind { get }
  var hasKeptInstance: Bool { get }
  func createKeptInstance(in container: Container, site: RequestSite) throws(ResolutionError)
  func dropKeptInstance() -> Any?
  var site: RequestSite { get }
  func copyKeepingNothing(resetWith resets: ResetEpoch) -> any AnyRegistration
  /// Resets the kept instance with `resets`, those of the table the registration is stored in.
  func resetsWith(_ resets: ResetEpoch)
}

/// A registration's key, at the same place in every registration, so that a table holds
/// registrations alone (no copy of each key beside each) and compares a probed key with one
/// load from the registration's address, without a dynamic cast.
@usableFromInline
class KeyedRegistration {
  // Only `let`s of `Sendable` types, here and in `Registration`, whose `@unchecked Sendable`
  // rests on it.
  let key: RegistrationKey

  init(key: RegistrationKey) {
    self.key = key
  }

  /// What a table that holds the registration by address hands out, without a dynamic cast;
  /// overridden by ``Registration``.
  var erased: any AnyRegistration {
    preconditionFailure("Every registration is a `Registration`, which overrides `erased`.")
  }
}

/// What a container's table holds for one key: the resolver, its scope and the instance the scope
/// keeps, and where it was registered. Tables read registrations back with `unsafeDowncast`: the
/// key includes the registered type, so the cast always holds, and it costs nothing, where a
/// dynamic cast to a protocol type would cost more than the rest of the resolution.
@usableFromInline
final class Registration<Value>: KeyedRegistration, AnyRegistration {
  /// A field, not an enum case beside the parametrized resolver: a closure read out of an enum
  /// is a copy, retained and released at every call. The road calls it only where ``kind``
  /// allows (see ``Container/make(_:alternative:parameter:site:)``).
  @usableFromInline let makePlain: @Sendable () throws -> Value
  @usableFromInline let takesParameter: Bool
  @usableFromInline let kind: ResolverKind
  @usableFromInline let scope: Scope
  @usableFromInline let instances: InstanceStore<Value>?
  @usableFromInline let file: StaticString
  @usableFromInline let line: UInt
  let needs: DeclaredNeeds?
  /// ``needs``, when the road checks the resolver's requests against it.
  @usableFromInline let checkedNeeds: DeclaredNeeds?
  @usableFromInline let extras: RegistrationExtras<Value>?

  var parameterTypeName: String? { extras?.parameterType.map { String(describing: $0) } }
  var parameterType: ObjectIdentifier? { extras?.parameterType.map(ObjectIdentifier.init) }

  /// A resolver without a parameter: `kind: .async` for an async one, `makeAsync`, which the road
  /// awaits (`resolver` then never runs). `needs` are checked while it runs unless `checked` is false.
  convenience init(
    alternative: RegistrationAlternative?, scope: Scope, file: StaticString, line: UInt,
    needs: [Container.Dependency]?, checked: Bool = true, kind: ResolverKind,
    resolver: @escaping @Sendable () throws -> Value,
    makeAsync: (@Sendable () async throws -> Value)? = nil
  ) {
    self.init(
      alternative: alternative, scope: scope, file: file, line: line,
      needs: DeclaredNeeds(
        needs, checked: checked, owner: Value.self, alternative: alternative,
        site: RequestSite(file, line)),
      kind: kind, makePlain: resolver, extras: makeAsync.map { RegistrationExtras(makeAsync: $0) })
  }

  convenience init<Parameter>(
    alternative: RegistrationAlternative?, scope: Scope, file: StaticString, line: UInt,
    needs: [Container.Dependency]?, kind: ResolverKind,
    resolver: @escaping @Sendable (Parameter) throws -> Value
  ) {
    // The road calls a parametrized resolver only with a parameter that it accepts.
    self.init(
      alternative: alternative, scope: scope, file: file, line: line,
      needs: DeclaredNeeds(
        needs, checked: true, owner: Value.self, alternative: alternative,
        site: RequestSite(file, line)),
      kind: kind, makePlain: { preconditionFailure("A parametrized resolver takes a parameter.") },
      extras: RegistrationExtras(
        makeWithParameter: { parameter in try resolver(parameter as! Parameter) },
        accepts: { $0 is Parameter },
        // For validation, which has types and no values. `type is Parameter.Type` answers for a
        // class (its subclasses) or a concrete type; for an existential (`Any`, `any Shape`) it
        // is the protocol's own metatype, matching no conforming type, and Swift cannot ask
        // generically whether a metatype conforms (messages look it up by name, see
        // `kindTest(of:)`, which can fail): such a resolver is taken to take any type, so that
        // validation never reports what the road accepts.
        acceptsType: { [existential = isExistential(Parameter.self)] in
          existential || $0 is Parameter.Type
        },
        parameterType: Parameter.self))
  }

  private init(
    alternative: RegistrationAlternative?, scope: Scope, file: StaticString, line: UInt,
    needs: DeclaredNeeds?, kind: ResolverKind, makePlain: @escaping @Sendable () throws -> Value,
    extras: RegistrationExtras<Value>?
  ) {
    self.makePlain = makePlain
    takesParameter = extras?.makeWithParameter != nil
    self.extras = extras
    self.kind = kind
    self.needs = needs
    self.checkedNeeds = needs?.checked == true ? needs : nil
    self.scope = scope
    self.file = file
    self.line = line
    self.instances =
      scope.keepsInstances
      ? InstanceStore(
        scope: scope, label: describeRequest(Value.self, alternative),
        async: extras?.makeAsync != nil) : nil
    super.init(key: RegistrationKey(Value.self, alternative))
  }

  /// Runs the synchronous resolver. Plain resolvers ignore the parameter, which the road lends
  /// (see ``Container/run(_:alternative:parameter:site:)``).
  @inlinable @inline(__always)
  func make(_ parameter: UnsafePointer<Any>?) throws -> Value {
    guard takesParameter else { return try makePlain() }
    return try extras!.makeWithParameter!(parameter!.pointee)
  }

  var alternative: RegistrationAlternative? { key.alternative }

  override var erased: any AnyRegistration { self }

  var type: Any.Type { Value.self }

  var hasKeptInstance: Bool { instances?.current != nil }

  var site: RequestSite { RequestSite(file, line) }

  /// The same resolver in a registration of its own: its own kept instance, reset with
  /// `resets`, and its own serial.
  func copyKeepingNothing(resetWith resets: ResetEpoch) -> any AnyRegistration {
    let copy = Registration(
      alternative: alternative, scope: scope, file: file, line: line, needs: needs, kind: kind,
      makePlain: makePlain,
      extras: extras.map {
        RegistrationExtras(
          makeWithParameter: $0.makeWithParameter, makeAsync: $0.makeAsync,
          accepts: $0.acceptsParameter, acceptsType: $0.acceptsParameterType,
          parameterType: $0.parameterType)
      })
    copy.resetsWith(resets)
    return copy
  }

  func accepts(_ parameter: Any) -> Bool {
    extras?.acceptsParameter?(parameter) ?? true
  }

  func accepts(parameterOfType type: Any.Type) -> Bool {
    extras?.acceptsParameterType?(type) ?? false
  }

  func createKeptInstance(in container: Container, site: RequestSite) throws(ResolutionError) {
    // An async resolver is awaited, by `resolve(_:)`: it cannot be made here.
    guard instances != nil, parameterType == nil, kind != .async else { return }
    // Asked for like any request, on the road that watchers and traces follow; the container's
    // own registration is the nearest.
    _ = try container.resolveValue(Value.self, alternative: alternative, parameter: nil, site: site)
  }

  func dropKeptInstance() -> Any? {
    instances?.drop()
  }

  func resetsWith(_ resets: ResetEpoch) {
    instances?.resetsWith(resets)
  }
}

// Unchecked only because Swift does not check a class with a superclass (see `KeyedRegistration`).
extension Registration: @unchecked Sendable {}  // immutable: `let`s of `Sendable` types only

/// Kept apart so that a plain registration, the common one, is the smaller.
@usableFromInline
final class RegistrationExtras<Value>: Sendable {
  @usableFromInline let makeWithParameter: (@Sendable (_ parameter: Any) throws -> Value)?
  let makeAsync: (@Sendable () async throws -> Value)?
  let acceptsParameter: (@Sendable (Any) -> Bool)?
  let acceptsParameterType: (@Sendable (Any.Type) -> Bool)?
  let parameterType: Any.Type?
  /// A number of its own, never another registration's: the async road's frames name the
  /// registration by it (see `AsyncResolutionPath`), where a reference would keep it alive
  /// or, weak, cost a side table, and an address could be another's once it is gone.
  let serial: UInt64

  init(
    makeWithParameter: (@Sendable (Any) throws -> Value)? = nil,
    makeAsync: (@Sendable () async throws -> Value)? = nil,
    accepts: (@Sendable (Any) -> Bool)? = nil, acceptsType: (@Sendable (Any.Type) -> Bool)? = nil,
    parameterType: Any.Type? = nil
  ) {
    self.makeWithParameter = makeWithParameter
    self.makeAsync = makeAsync
    acceptsParameter = accepts
    acceptsParameterType = acceptsType
    self.parameterType = parameterType
    serial = registrationSerials.next()
  }
}

private let registrationSerials = Locked<UInt64>(0)

/// The road calls it only on the main actor (see `Container.isolationFailure`), and this
/// checks it again. What `MainActor.assumeIsolated` does, for a value and a parameter that need
/// not be `Sendable` (a view model often is not), which it does not take: both stay on this
/// thread, within this one synchronous call. Once the isolation is checked, the resolver is
/// called as the nonisolated function it then is, as `assumeIsolated` calls its closure.
@usableFromInline
func callOnMainActor<Parameter, Value>(
  _ resolver: @MainActor (Parameter) throws -> Value, _ parameter: Parameter
) throws -> Value {
  MainActor.preconditionIsolated("A main-actor resolver ran off the main actor.")
  return try withoutActuallyEscaping(resolver) { resolver in
    try unsafeBitCast(resolver, to: ((Parameter) throws -> Value).self)(parameter)
  }
}
