/// What ``Container/validate(including:file:line:)`` and
/// ``Container/validateInjection(of:file:line:)`` found: every problem at once, each at the line
/// of the registration or property that has it.
///
/// Its description reads like compiler output, one line per problem, then a summary: see
/// <doc:ValidatingTheGraph#Reading-the-report>. In a test, RavioliTesting's
/// `expectValidGraph(_:)` and `expectInjectable(_:)` record it as the test's failure.
public struct ValidationReport: Error, Sendable, CustomStringConvertible {
  /// One finding: an error, or a note about an opaque registration.
  public struct Diagnostic: Sendable, Hashable, CustomStringConvertible {
    /// What kind of problem it is.
    public enum Kind: Sendable, Hashable, CaseIterable {
      /// A registration, or an injected property, needs something that nothing registers.
      case missingDependency
      /// Registrations that need each other, so that none of them can be made.
      case cycle
      /// A kept instance (a singleton, say) holds one meant to live shorter (`.cached`, `.weak`).
      case captiveDependency
      /// A registration or property needs a type whose only resolvers take a parameter it
      /// does not give (a property gives its object).
      case parameterNeverGiven
      /// A synchronous resolver or a property needs an `async` resolver that keeps no instance.
      case asyncDependency
      /// A property needs a main-actor resolver, and the check ran off the main actor.
      case needsMainActor
      /// A property has no container: no lookup policy is set, the policy finds none, or the
      /// property's container was released.
      case noContainer
      /// An object given has no `@Injected` or `@InjectedWeakly` property (or is a value passed
      /// as an object), or no object was given to ``Container/validateInjection(of:file:line:)``.
      case noInjectedProperties
      /// A registration that declares nothing, so its needs cannot be checked: a note.
      case opaqueRegistration
    }

    /// What kind of problem it is.
    public let kind: Kind
    /// The message, without the location.
    public let message: String
    /// The file of the registration that has the problem, or of the property's declaration
    /// (`#fileID`); for a problem of an object as a whole, of the check's call.
    public let file: String
    /// The line of that registration, declaration or call.
    public let line: UInt

    /// Whether it is an error: every kind but ``Kind/opaqueRegistration``.
    public var isError: Bool { kind != .opaqueRegistration }

    /// `file:line: error: message` (or `note:`).
    public var description: String {
      "\(file):\(line): \(isError ? "error" : "note"): \(message)"
    }
  }

  /// The errors, in the order of their registrations' files and lines.
  public let errors: [Diagnostic]
  /// A note for each registration that declares nothing, whose needs validation cannot check.
  public let opaqueRegistrations: [Diagnostic]
  /// How many registrations were checked, in every container searched: all of them, or, for
  /// ``Container/validateInjection(of:file:line:)``, those that the properties reach.
  public let registrationCount: Int
  /// How many injected properties the objects checked have, already resolved ones included.
  public let injectedPropertyCount: Int
  /// The names of the containers checked, in the order searched: the container validated (or
  /// each that the properties resolve from), then those it searches.
  public let containers: [String]
  /// The chains that the summary names, each its containers' names, nearest first:
  /// `"screen" -> "app"`.
  let chains: [String]

  /// Whether there are no errors (opaque registrations are not errors).
  public var isValid: Bool { errors.isEmpty }

  /// Every error and note, one per line, then a summary line.
  public var description: String {
    (errors + opaqueRegistrations).map { "\($0)\n" }.joined() + summary
  }

  /// The last line of ``description``, e.g. `Container "shop": 2 errors in 8 registrations (1
  /// missing dependency, 1 cycle); 1 opaque registration.`
  public var summary: String {
    let counts = Diagnostic.Kind.allCases.compactMap { kind -> String? in
      let count = errors.count { $0.kind == kind }
      return count == 0 ? nil : counted(count, kind.names.one, plural: kind.names.many)
    }
    let properties =
      injectedPropertyCount == 0
      ? ""
      : " and \(counted(injectedPropertyCount, "injected property", plural: "injected properties"))"
    let checked = counted(registrationCount, "registration") + properties
    let found =
      errors.isEmpty
      ? "no errors in \(checked)"
      : "\(counted(errors.count, "error")) in \(checked) (\(counts.joined(separator: ", ")))"
    let opaque =
      opaqueRegistrations.isEmpty
      ? "" : "; \(counted(opaqueRegistrations.count, "opaque registration"))"
    let subject =
      switch chains.count {
      case 0: "No container"
      case 1: "Container \(chains[0])"
      default: "Containers \(chains.joined(separator: ", "))"
      }
    return "\(subject): \(found)\(opaque)."
  }
}

extension ValidationReport.Diagnostic.Kind {
  /// How the summary counts it: one, and more.
  var names: (one: String, many: String) {
    switch self {
    case .missingDependency: ("missing dependency", "missing dependencies")
    case .cycle: ("cycle", "cycles")
    case .captiveDependency: ("captive dependency", "captive dependencies")
    case .parameterNeverGiven: ("parameter never given", "parameters never given")
    case .asyncDependency: ("async dependency", "async dependencies")
    case .needsMainActor: ("main-actor dependency", "main-actor dependencies")
    case .noContainer: ("property without a container", "properties without a container")
    case .noInjectedProperties:
      ("object without injected properties", "objects without injected properties")
    case .opaqueRegistration: ("opaque registration", "opaque registrations")
    }
  }
}

/// `1 error`, `2 errors`.
private func counted(_ count: Int, _ noun: String, plural: String? = nil) -> String {
  "\(count) \(count == 1 ? noun : plural ?? noun + "s")"
}
