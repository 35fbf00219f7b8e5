/// Why a value could not be resolved, with everything needed to fix it.
///
/// `resolve` throws it; a property wrapper, which cannot throw, hands its ``description``, the
/// full diagnostic, to ``RavioliLogger/die(_:file:function:line:)``. See <doc:LoggingAndFailures>.
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
    /// Only parametrized resolvers are registered, and no parameter was given: `takes` names
    /// the type each takes (`Any` for an untyped one), nearest container first.
    case needsParameter(takes: [String])
    /// Only parametrized resolvers are registered, and none takes the parameter given (for a
    /// property, its object): `takes` names their types, nearest first; `given` the parameter's.
    case parameterMismatch(takes: [String], given: String)
    /// The scope is ``Scope/weak``, and the resolver returned this type, not a class instance.
    case notAnObject(actualType: String)
    /// Resolving the type needs the type itself, through this path, e.g. `["A", "B", "A"]`.
    /// See <doc:LoggingAndFailures#Cycles>.
    case cycle(path: [String])
    /// Resolutions were nested `depth` deep on one thread, the most they may; the
    /// ``ResolutionError/resolutionPath`` shows its start and end. See
    /// <doc:LoggingAndFailures#Runaway-recursion>.
    case tooDeep(depth: Int)
    /// The resolver ran and threw this error.
    case resolverFailed(any Error)
    /// The resolver is isolated to this actor (`MainActor` for `{ @MainActor in ... }`), and
    /// the synchronous request was not made on it.
    case needsActor(String)
    /// The resolver is `async`, the request synchronous, and no kept instance was made earlier.
    case needsAwait
    /// The asking task was cancelled before the value was made (also when its resolver throws
    /// `CancellationError`).
    case cancelled
    /// A property wrapper had no container: no lookup policy is set, or this policy found none.
    case noContainer(policy: String?)
    /// A property wrapper's container was released before the property was first read: see
    /// <doc:Lifetimes#What-a-container-and-a-property-hold>.
    case containerReleased
    /// The custom lookup policy in force when a property's object was created was replaced,
    /// and so released (an unread property holds it weakly), before the property was first read.
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
  /// The names of living containers, not searched, that register what was asked for (for
  /// ``Reason/notRegistered`` only): the app's, say, when a property resolves from a module's.
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
  /// For an injection other than a lazy property: what was injected, and where.
  var injectedInto: String?
  /// For ``Reason/noContainer(policy:)``: the `Containerable` type whose `container` was `nil`.
  var nilContainerOf: String?
  /// The test or `withIsolatedContainers` call running when a property wrapper stopped the program.
  var runningIn: String?
  /// The other tests (isolation scopes) running when a property wrapper stopped the program,
  /// which stop with it.
  var alsoStopped: [String] = []

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
