/// Why a value could not be resolved, with everything needed to fix it.
///
/// The throwing API (`container.resolve()`) throws it; the property wrappers, which cannot
/// throw, hand its ``description`` to the logger's ``RavioliLogger/die(_:file:function:line:)``.
/// The description is the full diagnostic: what was asked for, where, which containers were
/// searched, what is registered for the type instead, and how to fix it.
///
/// ```swift
/// do throws(ResolutionError) {
///   let greeter: Greeter = try container.resolve(alternative: .french)
///   print(greeter.greet())
/// } catch {
///   if case .notRegistered = error.reason { print(error) }
/// }
/// ```
public struct ResolutionError: Error, Sendable, CustomStringConvertible {
  /// What went wrong.
  public enum Reason: Sendable {
    /// No resolver is registered for the type and alternative in any searched container.
    case notRegistered
    /// Only parametrized resolvers are registered for the type and alternative, and the
    /// request had no parameter to give them. `takes` names the parameter type of each
    /// (`Any` for an untyped one), nearest container first.
    case needsParameter(takes: [String])
    /// Only parametrized resolvers are registered for the type and alternative, and none takes
    /// the parameter given (in property injection, the enclosing object): `takes` names the
    /// types they take, nearest container first, and `given` the parameter's type.
    case parameterMismatch(takes: [String], given: String)
    /// The registration's scope is ``Scope/weak``, which holds a class instance, and the
    /// resolver returned a value of this type instead.
    case notAnObject(actualType: String)
    /// Resolving the type needs the type itself, through the resolvers on this path, e.g.
    /// `["A", "B", "A"]`. A resolver entered again while it is still running is a cycle,
    /// whatever the parameter: a parametrized resolver cannot build a tree by resolving itself.
    case cycle(path: [String])
    /// Resolutions were nested `depth` deep on one thread, as deep as they may be: 500 levels,
    /// which no real object graph needs, or fewer where the thread's call stack is nearly full
    /// (a resolver that asks for something new at every level would overflow it).
    /// ``ResolutionError/resolutionPath`` shows the start and the end of the path.
    case tooDeep(depth: Int)
    /// The resolver ran and threw this error.
    case resolverFailed(any Error)
    /// The resolver is isolated to this actor (`MainActor` for `{ @MainActor in ... }`), and
    /// the synchronous request was not made on it.
    case needsActor(String)
    /// The resolver is `async`, the request was synchronous, and the scope kept no instance
    /// made earlier.
    case needsAwait
    /// The asking task was cancelled before the value was made: while it waited for another
    /// task making it, before its resolver ran, or by its resolver throwing `CancellationError`.
    case cancelled
    /// A property wrapper had no container to resolve from: no lookup policy is set, or the
    /// policy (named here) found none.
    case noContainer(policy: String?)
    /// A property wrapper's container (given to it, or named by the built-in lookup policy in
    /// force when its object was created) was released before the property was first read: see
    /// ``InjectionKind/capturingContainerOnInit(from:)``.
    case containerReleased
    /// The custom lookup policy in force when a property's object was created was replaced
    /// (and so released) before the property was first read. An unread property holds a
    /// custom policy weakly, since the policy may hold a container that keeps the object.
    case policyReplaced
  }

  /// What went wrong.
  public let reason: Reason
  /// The type that was asked for, e.g. `Greeter`.
  public let typeName: String
  /// The name of the alternative that was asked for; `nil` for the unnamed registration.
  public let alternativeName: String?
  /// The names of the containers searched, nearest first (a container, then its parents).
  public let searchedContainers: [String]
  /// The alternatives registered for ``typeName`` in those containers (`nil` is the
  /// unnamed registration). Empty when nothing at all is registered for the type.
  public let registeredAlternatives: [String?]
  /// The names of living containers, not searched, that register what was asked for: a
  /// registration made in the app's container, say, when the property resolves from its
  /// module's, which does not search the app's. Only for ``Reason/notRegistered``.
  public var registeredElsewhere: [String] { elsewhere.map(\.name) }
  /// Those containers, and how each relates to the first container searched.
  var elsewhere: [RegisteredElsewhere] = []
  /// The resolutions in progress when this one failed, outermost first: the resolvers that
  /// needed the value.
  public internal(set) var resolutionPath: [String]
  /// Where the failing request was made, as `file:line`, when known.
  public internal(set) var requestedAt: String?
  /// For property injection: the type that declares the injected property.
  public internal(set) var enclosingTypeName: String?
  /// For property injection: where the property is declared, as `file:line`.
  public internal(set) var declaredAt: String?
  /// For property injection: the property's name, where it could be found.
  var propertyName: String?
  /// One more line for the message, about this failure in particular.
  var note: String?
  /// For a cycle: where each of its resolvers is registered, as `` `Type` at file:line ``.
  var registrationSites: [String] = []
  /// For an injection other than a lazy property: what was injected and where, e.g. "the
  /// default argument `injected()` of `greet(greeter:)`, declared at Greeting.swift:12".
  var injectedInto: String?
  /// For ``Reason/noContainer(policy:)``: the `Containerable` type whose `container` was `nil`.
  var nilContainerOf: String?
  /// What was running, in an isolation scope, when a property wrapper stopped the program:
  /// a test under `.isolatedContainers`, or a `withIsolatedContainers` call.
  var runningIn: String?

  init(
    reason: Reason,
    typeName: String,
    alternativeName: String?,
    searchedContainers: [String] = [],
    registeredAlternatives: [String?] = [],
    resolutionPath: [String] = [],
    requestedAt: String? = nil,
    note: String? = nil
  ) {
    self.reason = reason
    self.typeName = typeName
    self.alternativeName = alternativeName
    self.searchedContainers = searchedContainers
    self.registeredAlternatives = registeredAlternatives
    self.resolutionPath = resolutionPath
    self.requestedAt = requestedAt
    self.note = note
  }

  mutating func add(note: String?) {
    guard let note else { return }
    self.note = self.note.map { "\($0) \(note)" } ?? note
  }
}
