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
    /// Only parametrized resolvers are registered for the type and alternative, and none
    /// takes the parameter given: `takes` names the types they take, nearest container
    /// first, and `given` the type of the parameter (in property injection, the enclosing
    /// object's type).
    case parameterMismatch(takes: [String], given: String)
    /// The registration's scope is ``Scope/weak``, which holds a class instance, and the
    /// resolver returned a value of this type instead.
    case notAnObject(actualType: String)
    /// Resolving the type needs the type itself, through the resolvers on this path,
    /// e.g. `["A", "B", "A"]`.
    ///
    /// A registration whose resolver is entered again while it is still running is a cycle,
    /// whatever the parameter: a parametrized resolver cannot build a tree by resolving
    /// itself with another parameter.
    case cycle(path: [String])
    /// Resolutions were nested `depth` deep on one thread (each resolver resolving something
    /// that resolves something, and so on), as deep as they may be: 500 levels, which no
    /// real object graph needs, or fewer where the thread's call stack is nearly full. A
    /// resolver that asks for something new at every level would otherwise overflow the
    /// stack. ``ResolutionError/resolutionPath`` shows the start and the end of the path.
    case tooDeep(depth: Int)
    /// The resolver ran and threw this error.
    case resolverFailed(any Error)
    /// The resolver is isolated to this actor (`MainActor` for `{ @MainActor in ... }`), and
    /// the synchronous request was not made on it.
    case needsActor(String)
    /// The resolver is `async`, the request was synchronous, and the scope kept no instance
    /// made earlier.
    case needsAwait
    /// The task that asked was cancelled before the value was made: while it waited for
    /// another task making the same instance, or before its resolver ran, or the resolver
    /// threw `CancellationError`.
    case cancelled
    /// A property wrapper had no container to resolve from: no lookup policy is set, or the
    /// policy (named here) found none.
    case noContainer(policy: String?)
    /// A property wrapper's container was released before the property was first read: the
    /// container it was given, or the one that the built-in lookup policy in force when its
    /// object was created names. An unread property holds them weakly, so that an object
    /// kept by its own container does not keep it alive.
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
  /// The resolutions in progress when this one failed, outermost first: the resolvers that
  /// needed the value.
  public internal(set) var resolutionPath: [String]
  /// Where the failing request was made, as `file:line`, when known.
  public internal(set) var requestedAt: String?
  /// For property injection: the type that declares the injected property.
  public internal(set) var enclosingTypeName: String?
  /// For property injection: where the property is declared, as `file:line`.
  public internal(set) var declaredAt: String?
  /// One more line for the message, about this failure in particular.
  var note: String?
  /// For a cycle: where each of its resolvers is registered, as `` `Type` at file:line ``.
  var registrationSites: [String] = []
  /// For an injection that is not a lazily resolved property (whose line names the
  /// enclosing type): what was injected and where, e.g. "the default argument `injected()`
  /// of `greet(greeter:)`, declared at Greeting.swift:12".
  var injectedInto: String?
  /// For ``Reason/noContainer(policy:)``: the `Containerable` type whose `container` was
  /// `nil`.
  var nilContainerOf: String?

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

  /// Adds `note` (if any) to the message's note.
  mutating func add(note: String?) {
    guard let note else { return }
    self.note = self.note.map { "\($0) \(note)" } ?? note
  }

  /// The full diagnostic, several lines long.
  public var description: String {
    var lines = [headline]
    if let enclosingTypeName {
      let place = declaredAt.map { ", property declared at \($0)" } ?? ""
      lines.append("  Injected into: `\(enclosingTypeName)`\(place)")
    } else if let injectedInto {
      lines.append("  Injected into: \(injectedInto)")
    }
    if let requestedAt, requestedAt != declaredAt {
      lines.append("  Requested at: \(requestedAt)")
    }
    if !resolutionPath.isEmpty {
      lines.append("  While resolving: \(resolutionPath.joined(separator: " -> "))")
    }
    if !registrationSites.isEmpty {
      lines.append("  Registered at: \(registrationSites.joined(separator: ", "))")
    }
    if !searchedContainers.isEmpty {
      lines.append(
        "  Containers searched: \(searchedContainers.map { "\"\($0)\"" }.joined(separator: " -> "))"
      )
    }
    if !searchedContainers.isEmpty {
      lines.append("  Registered for `\(typeName)`: \(registeredList)")
    }
    if let note {
      lines.append("  Note: \(note)")
    }
    lines.append("  To fix: \(fix)")
    return lines.joined(separator: "\n")
  }

  private var requested: String {
    "`\(typeName)`" + (alternativeName.map { " (alternative \"\($0)\")" } ?? "")
  }

  private var headline: String {
    switch reason {
    case .notRegistered:
      "Cannot resolve \(requested): nothing is registered for it."
    case .needsParameter(let takes):
      "Cannot resolve \(requested): only a parametrized resolver is registered "
        + "(taking \(Self.list(takes))), and no parameter was given."
    case .parameterMismatch(let takes, let given):
      "Cannot resolve \(requested): the parametrized resolver takes \(Self.list(takes)), "
        + "but the parameter is a `\(given)`."
    case .notAnObject(let actualType):
      "Cannot keep \(requested) weakly: its resolver returned a `\(actualType)`, "
        + "which is not a class instance."
    case .cycle(let path):
      "Cannot resolve \(requested): dependency cycle \(path.joined(separator: " -> "))."
    case .tooDeep(let depth):
      "Cannot resolve \(requested): resolutions are nested \(depth) deep, as deep as they may be."
    case .resolverFailed(let error):
      "Cannot resolve \(requested): its resolver threw \(error)."
    case .needsActor("MainActor"):
      "Cannot resolve \(requested) synchronously here: its resolver is isolated to the main "
        + "actor, and this request is not made on the main actor."
    case .needsActor(let actor):
      "Cannot resolve \(requested) synchronously: its resolver is isolated to `\(actor)`."
    case .needsAwait:
      "Cannot resolve \(requested) synchronously: its resolver is async, and no instance of it "
        + "has been made."
    case .cancelled:
      "Cannot resolve \(requested): the task was cancelled before it was made."
    case .noContainer(nil):
      "Cannot inject \(requested): no lookup policy is set, so there is no container."
    case .noContainer(let policy?):
      if let nilContainerOf {
        "Cannot inject \(requested): `\(nilContainerOf).container` returned nil, so the lookup "
          + "policy \(policy) has no container for it."
      } else {
        "Cannot inject \(requested): the lookup policy \(policy) found no container."
      }
    case .containerReleased:
      "Cannot inject \(requested): its container was released before the property was first "
        + "read."
    case .policyReplaced:
      "Cannot inject \(requested): the lookup policy in force when its object was created was "
        + "replaced before the property was first read."
    }
  }

  private static func list(_ types: [String]) -> String {
    types.map { "`\($0)`" }.joined(separator: " or ")
  }

  private var registeredList: String {
    guard !registeredAlternatives.isEmpty else { return "nothing" }
    return registeredAlternatives.map {
      $0.map { "alternative \"\($0)\"" } ?? "the unnamed registration"
    }
    .joined(separator: ", ")
  }

  /// `container.register { () -> Greeter in ... }`, with the alternative that was asked for.
  private var plainRegistrationExample: String {
    let argument = alternativeName.map { "(alternative: \"\($0)\")" } ?? ""
    return "`container.register\(argument) { () -> \(typeName) in ... }`"
  }

  private static let givingTheContainer =
    "or give the wrapper its container: `@Injected(.capturingContainerOnInit(from: container))` "
    + "or `@Injected(.resolvingOnInit(from: container))`."

  private var fix: String {
    switch reason {
    case .notRegistered:
      if registeredAlternatives.isEmpty {
        return "register it before it is resolved: \(plainRegistrationExample)."
      }
      return "register it (\(plainRegistrationExample)), or ask for an alternative that is "
        + "registered."
    case .needsParameter:
      return "resolve it with a parameter (`resolve(parameter:)`, or through lazy property "
        + "injection, which passes the enclosing object), or register a plain resolver: "
        + "\(plainRegistrationExample)."
    case .parameterMismatch(let takes, let given):
      return "register a resolver that takes a `\(given)` (or `Any`), or a plain one "
        + "(\(plainRegistrationExample)), or resolve it with a \(Self.list(takes))."
    case .notAnObject:
      return "register it with another scope (`.singleton`, `.cached`), or register a class "
        + "type (not a value type, nor an optional) and return an instance of it."
    case .cycle:
      return "break the cycle: let one of these types take its dependency later "
        + "(a lazy `@Injected` property, or `@InjectedWeakly` for a back reference) "
        + "instead of resolving it in its resolver."
    case .tooDeep:
      return "find the resolver that repeats in the path above and make it stop: let it "
        + "resolve a fixed set of registrations, or build the rest of the structure itself."
    case .resolverFailed:
      return "make the resolver of \(requested) succeed; the error it threw is in the first line."
    case .needsActor("MainActor"):
      return "resolve it from main-actor code (a `@MainActor` function, or an `@Injected` "
        + "property of a `@MainActor` class), or await it from anywhere: "
        + "`try await container.resolve(\(typeName).self)`. If the resolver does not need the "
        + "main actor, register it without `@MainActor`."
    case .needsActor(let actor):
      return "await it, which runs the resolver on `\(actor)`: "
        + "`try await container.resolve(\(typeName).self)`."
    case .needsAwait:
      return "await it: `try await container.resolve(\(typeName).self)`. For a property, or "
        + "any synchronous code, register it with a scope that keeps the instance "
        + "(`.singleton`, `.cached`) and make it at start-up with "
        + "`_ = try await container.resolve(\(typeName).self)`: synchronous requests then get "
        + "that instance."
    case .cancelled:
      return "nothing, if the task was cancelled on purpose; otherwise, find out why it was."
    case .noContainer(nil):
      return "set a policy at start-up, e.g. `Container.lookupPolicy = .singleton(container)`, "
        + Self.givingTheContainer
    case .containerReleased:
      return "keep the container as long as the objects that resolve from it, or read the "
        + "property before letting the container go; or resolve the property when its object "
        + "is created, `@Injected(.resolvingOnInit(from: container))`, or at its first read "
        + "from the policy in force then, `@Injected(.lazily)`."
    case .policyReplaced:
      return "read the property before replacing `Container.lookupPolicy`, or resolve it at its "
        + "first read from the policy in force then, `@Injected(.lazily)`, or give it its "
        + "container: `@Injected(.capturingContainerOnInit(from: container))`."
    case .noContainer where nilContainerOf != nil:
      return "make `\(nilContainerOf!).container` return its module's container, e.g. "
        + "`var container: Container! { CatalogModule.container }`, and make sure that container "
        + "exists before the property is first read; or give the property its container: "
        + "`@Injected(.capturingContainerOnInit(from: container))`."
    case .noContainer:
      return "make the policy return a container for this type (a `Containerable` type must "
        + "return a non-nil `container`; `.enclosingType(default:)` needs a default for other "
        + "types), " + Self.givingTheContainer
    }
  }
}
