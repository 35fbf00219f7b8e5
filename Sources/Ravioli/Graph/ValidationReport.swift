/// What ``Container/validate(file:line:)`` found: every problem of a container's graph, at
/// once, each where the registration that has it was made.
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
/// `expectValidGraph(_:)` records it as the test's failure.
public struct ValidationReport: Error, Sendable, CustomStringConvertible {
  /// One finding: an error, or a note about an opaque registration.
  public struct Diagnostic: Sendable, Hashable, CustomStringConvertible {
    /// What kind of problem it is.
    public enum Kind: Sendable, Hashable, CaseIterable {
      /// A registration needs something that nothing registers.
      case missingDependency
      /// Registrations that need each other, so that none of them can be made.
      case cycle
      /// A kept registration (a singleton, say) that holds an instance meant to live
      /// shorter (a `.cached` or `.weak` one), and so keeps it past its time.
      case captiveDependency
      /// A registration needs a type whose only resolvers take a parameter that it does
      /// not give them.
      case parameterNeverGiven
      /// A synchronous resolver needs a registration whose resolver is `async` and keeps no
      /// instance, which a synchronous request can never get.
      case asyncDependency
      /// A registration that declares nothing, so that what it needs cannot be checked:
      /// a note, not an error.
      case opaqueRegistration
    }

    /// What kind of problem it is.
    public let kind: Kind
    /// The message, without the location.
    public let message: String
    /// The file of the registration that has the problem (`#fileID`).
    public let file: String
    /// The line of that registration.
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
  /// A note for each registration that declares nothing, so that validation cannot check
  /// what its resolver needs.
  public let opaqueRegistrations: [Diagnostic]
  /// How many registrations were checked, in every container searched.
  public let registrationCount: Int
  /// The names of the containers checked, in the order searched: the container validated,
  /// then the containers searched after it.
  public let containers: [String]

  /// Whether there are no errors (opaque registrations are not errors).
  public var isValid: Bool { errors.isEmpty }

  /// Every error and note, one per line, then a summary line.
  public var description: String {
    (errors + opaqueRegistrations).map { "\($0)\n" }.joined() + summary
  }

  /// The last line of ``description``, e.g.
  /// `Container "shop": 2 errors in 8 registrations (1 missing dependency, 1 cycle); 1 opaque registration.`
  public var summary: String {
    let counts = Diagnostic.Kind.allCases.compactMap { kind -> String? in
      let count = errors.count { $0.kind == kind }
      return count == 0 ? nil : counted(count, kind.name, plural: kind.pluralName)
    }
    let found =
      errors.isEmpty
      ? "no errors in \(counted(registrationCount, "registration"))"
      : "\(counted(errors.count, "error")) in \(counted(registrationCount, "registration")) "
        + "(\(counts.joined(separator: ", ")))"
    let opaque =
      opaqueRegistrations.isEmpty
      ? "" : "; \(counted(opaqueRegistrations.count, "opaque registration"))"
    let searched = containers.map { "\"\($0)\"" }.joined(separator: " -> ")
    return "Container \(searched): \(found)\(opaque)."
  }
}

extension ValidationReport.Diagnostic.Kind {
  /// How the summary counts it.
  var name: String {
    switch self {
    case .missingDependency: "missing dependency"
    case .cycle: "cycle"
    case .captiveDependency: "captive dependency"
    case .parameterNeverGiven: "parameter never given"
    case .asyncDependency: "async dependency"
    case .opaqueRegistration: "opaque registration"
    }
  }

  var pluralName: String {
    switch self {
    case .missingDependency: "missing dependencies"
    case .cycle: "cycles"
    case .captiveDependency: "captive dependencies"
    case .parameterNeverGiven: "parameters never given"
    case .asyncDependency: "async dependencies"
    case .opaqueRegistration: "opaque registrations"
    }
  }
}

/// `1 error`, `2 errors`.
private func counted(_ count: Int, _ noun: String, plural: String? = nil) -> String {
  "\(count) \(count == 1 ? noun : plural ?? noun + "s")"
}
