extension ResolutionError {
  /// The full diagnostic, several lines long.
  public var description: String {
    var lines = [headline]
    if let enclosingTypeName {
      let property = propertyName.map { ", property `\($0)`" } ?? ", property"
      let place = declaredAt.map { "\(property) declared at \($0)" } ?? ""
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
      lines.append("  Containers searched: \(describeChain(searchedContainers))")
      lines.append(
        "  Registered for `\(typeName)`: \(describeAlternatives(registeredAlternatives))")
    }
    if !elsewhere.isEmpty {
      lines.append("  Registered in containers not searched: \(elsewhere.names)")
    }
    if let runningIn {
      lines += Self.runningLines(runningIn, alsoStopped: alsoStopped)
    }
    if let note {
      lines.append("  Note: \(note)")
    }
    lines.append("  To fix: \(fix)")
    if runningIn != nil, isFoundBeforeRunning {
      lines.append(
        "  Before the next run: find every such problem before a test runs with ravioli-check's "
          + "build-tool plugin (`RavioliCheckBuildTool`) on the app's and the test targets, or in "
          + "a test that fails alone, with `expectInjectable(_:)` on the objects or "
          + "`expectValidGraph(_:)` on the container (Ravioli's Testing article shows both).")
    }
    return lines.joined(separator: "\n")
  }

  /// The lines of a property wrapper's message that name the test running (`runningIn`) and
  /// the other tests that stopped with it.
  static func runningLines(_ runningIn: String, alsoStopped: [String]) -> [String] {
    ["  While running: \(runningIn)"]
      + (alsoStopped.isEmpty
        ? [] : ["  Also stopped (running at the time): \(alsoStopped.joined(separator: ", "))"])
  }

  /// Whether the checks that run nothing (ravioli-check, `expectInjectable`,
  /// `expectValidGraph`) find this failure: what is registered and declared, not what a
  /// resolver did at run time.
  private var isFoundBeforeRunning: Bool {
    switch reason {
    case .notRegistered, .needsParameter, .parameterMismatch, .cycle: true
    default: false
    }
  }

  private var requested: String {
    "`\(typeName)`" + (alternativeName.map { " (alternative \"\($0)\")" } ?? "")
  }

  var headline: String {
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

  private var plainRegistrationExample: String {
    registrationExample(of: typeName, alternative: alternativeName)
  }

  /// Where to register what was not found: the first container searched, `in "catalog" `,
  /// or, where it has parents, `in "catalog" (or a container it searches) `.
  private var registeringContainer: String {
    guard let first = searchedContainers.first else { return "" }
    let parents = searchedContainers.count > 1 ? " (or a container it searches)" : ""
    return "in \"\(first)\"\(parents) "
  }

  private static let givingTheContainer =
    "or give the wrapper its container: `@Injected(.capturingContainerOnInit(from: container))` "
    + "or `@Injected(.resolvingOnInit(from: container))`."

  var fix: String {
    switch reason {
    case .notRegistered:
      let fix =
        registeredAlternatives.isEmpty
        ? "register it \(registeringContainer)before it is resolved: \(plainRegistrationExample)."
        : "register it \(registeringContainer)(\(plainRegistrationExample)), or ask for an "
          + "alternative that is registered."
      guard let first = searchedContainers.first, !elsewhere.isEmpty else { return fix }
      return fix + " " + elsewhere.advice(searchedFirst: first)
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

/// How messages list the alternatives registered for a type: `the unnamed registration,
/// alternative "french"`, or `nothing`.
func describeAlternatives(_ names: [String?]) -> String {
  guard !names.isEmpty else { return "nothing" }
  return names.map { $0.map { "alternative \"\($0)\"" } ?? "the unnamed registration" }
    .joined(separator: ", ")
}

/// How messages show a chain of containers, nearest first: `"screen" -> "app"`.
func describeChain(_ names: [String]) -> String {
  names.map { "\"\($0)\"" }.joined(separator: " -> ")
}

/// How messages show registering a type, with the alternative asked for:
/// `` `container.register(alternative: "french") { () -> Greeter in ... }` ``.
func registrationExample(of typeName: String, alternative: String?) -> String {
  let argument = alternative.map { "(alternative: \"\($0)\")" } ?? ""
  return "`container.register\(argument) { () -> \(typeName) in ... }`"
}
