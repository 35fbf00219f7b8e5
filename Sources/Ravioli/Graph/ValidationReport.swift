/// What ``Container/validate(including:file:line:)`` and
/// ``Container/validateInjection(of:file:line:)`` found: every problem of a container's graph
/// and of the injected properties checked, at once, each where the registration that has it
/// was made, or the property declared.
///
/// Its description reads like compiler output, one line per problem, then a summary:
///
/// ```text
/// Shop/AppModule.swift:14: error: `CheckoutService` needs `PaymentGateway`, which is not registered (searched "shop" -> "networking").
/// Shop/AppModule.swift:20: note: `Clock` declares no dependencies: its resolver is not checked. Declare them with `register(needs:)`, or register an initializer with `autoregister`.
/// Container "shop" -> "networking": 1 error in 6 registrations (1 missing dependency); 1 opaque registration.
/// ```
///
/// `try container.validate()` throws it when it has errors; in a test, RavioliTesting's
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
      /// A kept registration (a singleton, say) that holds an instance meant to live
      /// shorter (a `.cached` or `.weak` one), and so keeps it past its time.
      case captiveDependency
      /// A registration (or an injected property) needs a type whose only resolvers take a
      /// parameter that it does not give them (a property gives its object).
      case parameterNeverGiven
      /// A synchronous resolver, or an injected property, needs a registration whose resolver
      /// is `async` and keeps no instance, which it can never get.
      case asyncDependency
      /// An injected property needs a registration whose resolver is isolated to the main
      /// actor, and the check ran off the main actor, where a read cannot call it.
      case needsMainActor
      /// An injected property whose object's lookup policy gives it no container: none is
      /// set, the policy finds none, or the property's container was released.
      case noContainer
      /// An object given to the check has no `@Injected` or `@InjectedWeakly` property (or
      /// is a value passed as an object): there is nothing to check.
      case noInjectedProperties
      /// A registration that declares nothing, so that what it needs cannot be checked:
      /// a note, not an error.
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
  /// The chains that the summary names, each as its containers' names, nearest first.
  let chains: [[String]]

  /// Whether there are no errors (opaque registrations are not errors).
  public var isValid: Bool { errors.isEmpty }

  /// Every error and note, one per line, then a summary line.
  public var description: String {
    (errors + opaqueRegistrations).map { "\($0)\n" }.joined() + summary
  }

  /// The last line of ``description``, e.g. `Container "shop": 2 errors in 8 registrations (1
  /// missing dependency, 1 cycle); 1 opaque registration.`, or, where properties were checked,
  /// `Container "catalog" -> "networking": no errors in 5 registrations and 4 injected properties.`
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
    let searched = chains.map { chain in
      chain.map { "\"\($0)\"" }.joined(separator: " -> ")
    }
    let subject =
      switch searched.count {
      case 0: "No container"
      case 1: "Container \(searched[0])"
      default: "Containers \(searched.joined(separator: ", "))"
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
