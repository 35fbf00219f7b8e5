import Foundation

/// Checks a program's injections and declared needs against its registrations.
///
/// Conservative: a registration whose container the source does not settle counts for
/// every container, one whose alternative it does not settle for every alternative, and
/// one whose type it cannot tell turns the errors it might answer into warnings.
struct Checker {
  let program: Program
  /// Registrations by the key of their type, without `?`.
  let byType: [String: [Registration]]
  /// The indices of registrations by the key of their type, `?` kept.
  let indicesByKey: [String: [Int]]
  private let untyped: [Registration]
  /// Registrations whose type names an alias that could not be settled.
  private let unsettled: [Registration]
  /// The scope of the injections of each module and owner that resolve through the policy.
  private var policyScopes: [[String?]: Scope?] = [:]

  init(_ program: Program) {
    self.program = program
    var byType: [String: [Registration]] = [:]
    var indicesByKey: [String: [Int]] = [:]
    for (index, registration) in program.registrations.enumerated() {
      guard let type = registration.type, let key = registration.key else { continue }
      byType[Self.bucket(type), default: []].append(registration)
      indicesByKey[key, default: []].append(index)
    }
    self.byType = byType
    self.indicesByKey = indicesByKey
    untyped = program.registrations.filter { $0.type == nil }
    unsettled = program.registrations.filter { $0.unsettled != nil }
    // Each owner's policy scope, found once: its type's conformances are followed for it.
    for injection in program.injections {
      let module = program.module(of: injection.location.path)
      if case .policy(let owner) = injection.source, policyScopes[[module, owner]] == nil {
        policyScopes[[module, owner]] = .some(scope(of: injection.source, from: module))
      }
    }
  }

  static func bucket(_ type: String) -> String {
    TypeName.key(TypeName.unwrappingOptional(type))
  }

  func findings() -> [Finding] {
    var findings: [Finding] = []
    for injection in program.injections {
      guard let (request, scope) = request(for: injection) else { continue }
      if let finding = check(request, in: scope) {
        findings.append(finding)
      }
      findings += checkSpecializations(of: injection, request, in: scope)
    }
    for registration in program.registrations where !registration.fact.ignored {
      if registration.type == nil {
        findings.append(
          Finding(
            .warning, at: registration.location,
            "cannot tell which type this registers: write the resolver as a closure with its "
              + "return type (`{ () -> Service in ... }`). Until then, what its container may "
              + "lack is reported as warnings, not errors (`// ravioli-check: ignore` at the "
              + "end of the line silences this warning, not those)."))
      }
      for need in registration.needs ?? [] {
        if let finding = check(need, of: registration) {
          findings.append(finding)
        }
      }
    }
    findings += cycleFindings()
    return findings
  }

  // MARK: Requests

  /// What an injection or a need asks for, as the checks need it.
  struct Request {
    /// The type, normalized and with type aliases followed: what is compared.
    var type: String
    /// The type as the source writes it: what messages show.
    var written: String
    let alternative: Alternative
    /// `@InjectedWeakly`: a registration of the type or of its optional answers.
    let weak: Bool
    /// Whether the request gives a parameter (an injected property gives its object), so
    /// that a parametrized resolver may answer it.
    let givesParameter: Bool
    /// The keys of the registered types that answer it: its type's, the type it wraps if it
    /// is optional, and the optional for `@InjectedWeakly`.
    var acceptedKeys: Set<String> {
      var accepted = [type]
      if type.hasSuffix("?") {
        accepted.append(String(type.dropLast()))
      }
      if weak {
        accepted.append(type + "?")
      }
      return Set(accepted.map(TypeName.key))
    }
    /// "`Screen.greeter` (@Injected)": what asks, for messages.
    var subject: String
    /// What cannot give a parameter, for messages.
    let withoutParameter: String
    /// The other fix, for messages: "correct the type or alternative of `Screen.greeter`".
    var correction: String
    var location: SourceLocation
    /// The generic parameters its type names, which any type may stand for.
    var generics: Set<String> = []
    /// Why its type may be another than `type`: an alias that could not be settled.
    var unsettled: String? = nil
    /// The type of the object it gives a parametrized resolver: a property's class.
    var giver: String? = nil
  }

  /// The containers a request may be answered from: those named (each with the containers
  /// it searches), or, where the source does not settle it, any.
  struct Scope {
    var containers: [String] = []
    var anywhere = false
    /// Whether it may search a container that the checked sources do not declare (a parent
    /// from another package, a container held in a variable, a custom policy's): what is
    /// not found is then a warning.
    var unseen = false
    /// The type whose `Containerable` getter chose the container, that container, and where
    /// the getter is: what a message points at when the getter is in another module.
    var getter: (owner: String, container: String, location: SourceLocation)?
    /// Why it is unseen, for the warning: by default, a container declared elsewhere.
    var unseenBecause =
      "it may be registered in a container that the checked sources do not declare, which a "
      + "container it resolves from may search"

    func sees(_ registration: Registration) -> Bool {
      guard !anywhere, let container = registration.container else { return true }
      return containers.contains(container)
    }
  }

  /// What an injection asks for, and where it may be answered from; `nil` when the source
  /// does not settle its alternative, or no policy gives it a container.
  private func request(for injection: InjectionFact) -> (Request, Scope)? {
    let subject: String
    let givesParameter: Bool
    let withoutParameter: String
    let correction: String
    var weak = false
    switch injection.kind {
    case .property(let owner, let name, let isWeak):
      let property = "`\(owner.isEmpty ? name : owner + "." + name)`"
      weak = isWeak
      subject = "\(property) (\(isWeak ? "@InjectedWeakly" : "@Injected"))"
      givesParameter = !owner.isEmpty && !injection.resolvesOnInit
      withoutParameter =
        injection.resolvesOnInit
        ? "a property resolved on init (`.resolvingOnInit`), before its object exists,"
        : "a property outside a class"
      correction = "correct the type or alternative of \(property)"
    case .parameter(let function, let name):
      subject = "parameter `\(name)` of `\(function)` (@Injected)"
      givesParameter = false
      withoutParameter = "a function parameter"
      correction = "correct the type or alternative of parameter `\(name)`"
    case .defaultArgument(let function, let name):
      subject = "`injected()` for parameter `\(name)` of `\(function)`"
      givesParameter = false
      withoutParameter = "a default argument"
      correction = "correct the type or alternative of parameter `\(name)`"
    }
    let alternative = program.alternative(injection.alternative)
    let source: Scope?
    let module = program.module(of: injection.location.path)
    if case .policy(let owner) = injection.source, let known = policyScopes[[module, owner]] {
      source = known
    } else {
      source = scope(of: injection.source, from: module)
    }
    guard alternative != .unknown, let scope = source else { return nil }
    let type = program.settledType(
      injection.type, in: injection.context, from: injection.location.path)
    return (
      Request(
        type: type.type, written: Self.written(injection.type), alternative: alternative,
        weak: weak,
        givesParameter: givesParameter, subject: subject, withoutParameter: withoutParameter,
        correction: correction, location: injection.location, generics: injection.generics,
        unsettled: type.unsettled, giver: givesParameter ? injection.owner : nil),
      scope
    )
  }

  private func check(_ need: NeedFact, of registration: Registration) -> Finding? {
    let alternative = program.alternative(need.alternative)
    guard alternative != .unknown, let type = registration.type else { return nil }
    let registered =
      "`\(describe(Self.written(registration.fact.type ?? type), registration.alternative))`"
    var scope = scope(of: registration.container)
    if registration.container == nil {
      scope.unseenBecause =
        "the registration is made on a container that ravioli-check cannot name here (a "
        + "parameter, or `self` in an extension of `Container`), which may search one that "
        + "registers it"
    }
    let needed = program.settledType(need.type, in: need.context, from: need.location.path)
    return check(
      Request(
        type: needed.type, written: Self.written(need.type),
        alternative: alternative, weak: false,
        givesParameter: need.withParameter,
        subject: "\(registered), registered at \(registration.location),",
        withoutParameter: "a need without `parameter:`",
        correction: "correct what \(registered) declares that it needs",
        location: need.location, unsettled: needed.unsettled),
      in: scope)
  }

  func check(_ request: Request, in scope: Scope) -> Finding? {
    // The registrations of the type, under any alternative; those under the request's.
    let sameType = registrations(ofTypeOf: request)
    let matching = sameType.filter { $0.alternative.mayMatch(request.alternative) }
    let usable = matching.filter { registration in
      guard let parameter = registration.fact.parameterType else { return true }
      guard request.givesParameter else { return false }
      // A typed parameter takes the object only if it is one.
      return request.giver.map { program.isInstance(of: $0, a: parameter) != false } ?? true
    }
    let seen = usable.filter(scope.sees)
    if request.weak, let value = seen.first, let type = value.type,
      let kind = valueKind(of: type), kind == .structure || kind == .enumeration,
      seen.allSatisfy({ $0.type.flatMap(valueKind) == kind })
    {
      let what = kind == .structure ? "a structure" : "an enumeration"
      return Finding(
        .error, at: request.location,
        "\(request.subject) needs an object, which a weak property holds, but `\(type)`, "
          + "registered in \(describe(value)), is \(what): register a class, or make it "
          + "an @Injected property.")
    }
    if !seen.isEmpty {
      return nil
    }
    let text = message(
      for: request, in: scope, sameType: sameType, matching: matching, usable: usable)
    if scope.unseen {
      return Finding(
        .warning, at: request.location,
        text + " (A warning, not an error: \(scope.unseenBecause).)")
    }
    if let unsettled = request.unsettled {
      return Finding(
        .warning, at: request.location,
        text + " (A warning, not an error: \(unsettled), so the type asked for may be another.)")
    }
    if let unsettled = unsettled.first(where: scope.sees), let reason = unsettled.unsettled {
      return Finding(
        .warning, at: request.location,
        text + " (A warning, not an error: the registration at \(unsettled.location) may "
          + "register it: in its type, \(reason).)")
    }
    guard let untyped = untyped.first(where: scope.sees) else {
      return Finding(.error, at: request.location, text)
    }
    return Finding(
      .warning, at: request.location,
      text + " (A warning, not an error: the registration at \(untyped.location) may register "
        + "it, but ravioli-check cannot tell its type.)")
  }

  /// What the sources declare `type` (or the type it wraps) to be.
  private func valueKind(of type: String) -> TypeKind? {
    program.typeKinds[TypeName.normalized(TypeName.unwrappingOptional(type))]
  }

  /// The registrations whose type answers `request`, under any alternative: for a type that
  /// names generic parameters (`Repository<E>`), those of any type in their place.
  private func registrations(ofTypeOf request: Request) -> [Registration] {
    guard !request.generics.isEmpty else {
      let accepted = request.acceptedKeys
      return (byType[Self.bucket(request.type)] ?? []).filter { registration in
        guard let key = registration.key, let type = registration.type else { return false }
        return accepted.contains(key) && TypeName.mayBeSame(type, request.type)
      }
    }
    let placeholder = "RavioliCheckAnyType"
    var general = request
    general.type = TypeName.normalized(
      TypeName.replacingNames(
        in: request.type,
        Dictionary(uniqueKeysWithValues: request.generics.map { ($0, placeholder) })))
    let patterns = general.acceptedKeys.compactMap { key in
      try? NSRegularExpression(
        pattern: "^"
          + key.components(separatedBy: placeholder).map(NSRegularExpression.escapedPattern)
          .joined(separator: ".+") + "$")
    }
    return program.registrations.filter { registration in
      guard let key = registration.key else { return false }
      let range = NSRange(key.startIndex..., in: key)
      return patterns.contains { $0.firstMatch(in: key, range: range) != nil }
    }
  }

  /// A type as the source writes it, on one line.
  static func written(_ type: String) -> String {
    type.split(whereSeparator: \.isWhitespace).joined(separator: " ")
  }

  func describe(_ type: String, _ alternative: Alternative) -> String {
    alternative.label.map { "\(type) (\($0))" } ?? type
  }

  /// "`app` (Sources/App/main.swift:12)".
  func describe(_ registration: Registration) -> String {
    let container =
      registration.container.map(program.displayName) ?? "a container it cannot name"
    return "\(container) (\(registration.location))"
  }
}
