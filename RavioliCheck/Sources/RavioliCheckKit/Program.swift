/// An alternative once the sources' declarations have named it.
enum Alternative: Hashable, Sendable {
  case none
  case named(String)
  /// `.member` that no checked source declares: its string is unknown, its member name is not.
  case undeclaredMember(String)
  case unknown

  /// Whether a registration under `self` may answer a request under `other`: where the
  /// source cannot say, it may.
  func mayMatch(_ other: Alternative) -> Bool {
    switch (self, other) {
    case (.unknown, _), (_, .unknown): true
    case (.none, .none): true
    case (.none, _), (_, .none): false
    case (.named(let a), .named(let b)): a == b
    case (.undeclaredMember(let a), .undeclaredMember(let b)): a == b
    case (.undeclaredMember, .named), (.named, .undeclaredMember): true
    }
  }

  /// How a list writes it: `"french"`, or `.french` when no checked source declares it.
  var name: String? {
    switch self {
    case .none, .unknown: nil
    case .named(let name): "\"\(name)\""
    case .undeclaredMember(let member): ".\(member)"
    }
  }

  /// How messages write it: `alternative "french"`.
  var label: String? {
    switch self {
    case .none, .unknown: nil
    case .named(let name): "alternative \"\(name)\""
    case .undeclaredMember(let member): "alternative .\(member)"
    }
  }
}

/// A registration, its container and alternative looked up.
struct Registration: Sendable {
  let fact: RegistrationFact
  /// The container's declaration id; `nil` when the source cannot say which container.
  let container: String?
  /// The normalized registered type; `nil` when the source does not say it.
  let type: String?
  /// ``TypeName/key(_:)`` of `type`, computed once: the checks compare it many times.
  let key: String?
  let alternative: Alternative
  /// What it needs, with the initializer's parameters for `autoregister(initializer:)`.
  let needs: [NeedFact]?

  init(
    fact: RegistrationFact, container: String?, type: String?, alternative: Alternative,
    needs: [NeedFact]?
  ) {
    self.fact = fact
    self.container = container
    self.type = type
    self.key = type.map(TypeName.key)
    self.alternative = alternative
    self.needs = needs
  }

  var location: SourceLocation { fact.location }
}

/// Every file's facts together, with names looked up across files.
struct Program: Sendable {
  private(set) var containers: [String: ContainerDeclaration] = [:]
  /// Ids that several declarations share: a reference to one of them is not settled.
  private var ambiguous: Set<String> = []
  /// How many declarations carry each `name:`, so that messages tell apart those that share.
  private var nameCounts: [String: Int] = [:]
  private var alternatives: [String: String] = [:]
  /// Type aliases by their name with the types around them (`Screen.ViewModel`).
  private var aliases: [String: [TypeAliasFact]] = [:]
  /// Conformances by the type's name with the types around it.
  private(set) var conformances: [String: [ConformanceFact]] = [:]
  private(set) var policies: [(PolicyAssignment, SourceLocation)] = []
  private(set) var registrations: [Registration] = []
  private(set) var injections: [InjectionFact] = []
  /// The containers each method is called on (`app.registerPersistence()`).
  private var helperCalls: [String: [ContainerReference]] = [:]

  init(_ files: [FileFacts]) {
    let exported = files.contains { $0.exportsRavioli }
    var initializers: [String: [InitializerFact]] = [:]
    var rawRegistrations: [RegistrationFact] = []
    for file in files {
      for container in file.containers {
        if containers[container.id] != nil {
          ambiguous.insert(container.id)
        }
        containers[container.id] = container
        if let name = container.name {
          nameCounts[name, default: 0] += 1
        }
      }
      alternatives.merge(file.alternatives) { first, _ in first }
      for call in file.helperCalls {
        helperCalls[call.method, default: []].append(call.receiver)
      }
      for alias in file.typeAliases {
        aliases[alias.name, default: []].append(alias)
      }
      for conformance in file.conformances {
        conformances[TypeName.normalized(conformance.name), default: []].append(conformance)
      }
      for initializer in file.initializers {
        initializers[TypeName.normalized(initializer.type), default: []].append(initializer)
      }
      // A file that does not import Ravioli may see it through a module that re-exports it,
      // which may not be among the checked sources: its registrations whose type the source
      // says count (they can only hide an error), but only files that import Ravioli inject,
      // set policies, or register what the checker cannot read.
      let seesRavioli = file.importsRavioli || exported
      rawRegistrations += file.registrations.filter { seesRavioli || $0.type != nil }
      guard seesRavioli else { continue }
      policies += file.policies
      injections += file.injections
    }
    let named = Named(initializers)
    registrations = rawRegistrations.map { fact in
      Registration(
        fact: fact, container: container(fact.container),
        type: fact.type.map { type($0, in: fact.context) },
        alternative: alternative(fact.alternative),
        needs: withParameterAlternatives(
          fact.needs ?? initializerNeeds(of: fact, among: named), of: fact))
    }
  }

  /// The needs of `autoregister(initializer: T.init)`: the parameters of the one initializer
  /// of `T` (or the one with those labels) that the sources declare. Not for a generic type
  /// (`Repository<User>.init`), whose parameters the source writes with the type's own
  /// parameters.
  private func initializerNeeds(
    of fact: RegistrationFact, among initializers: Named<[InitializerFact]>
  ) -> [NeedFact]? {
    guard let (made, labels) = fact.initializerOf,
      TypeName.arguments(TypeName.normalized(made)).isEmpty,
      let declared = initializers.lookUp(TypeName.normalized(made), inside: fact.context)
    else { return nil }
    let candidates = declared.filter { candidate in
      labels.map { $0 == candidate.labels } ?? true
    }
    guard candidates.count == 1, let chosen = candidates.first else { return nil }
    return chosen.parameterTypes.map { parameter in
      NeedFact(
        type: parameter, alternative: .none, withParameter: false, location: fact.location,
        context: chosen.type)
    }
  }

  /// `autoregister`'s `parameters: [.on(A.self, alternative: .x)]` given to the needs of
  /// type `A`, the types compared once settled (`any A` and `A` are one).
  private func withParameterAlternatives(_ needs: [NeedFact]?, of fact: RegistrationFact)
    -> [NeedFact]?
  {
    guard let needs, !fact.parameterAlternatives.isEmpty else { return needs }
    var given: [String: AlternativeReference] = [:]
    for (written, alternative) in fact.parameterAlternatives {
      given[TypeName.key(type(written))] = alternative
    }
    return needs.map { need in
      guard need.alternative == .none, let alternative = given[TypeName.key(type(need.type))]
      else { return need }
      return NeedFact(
        type: need.type, alternative: alternative, withParameter: need.withParameter,
        location: need.location, context: need.context)
    }
  }

  // MARK: Names

  /// The declaration a reference names, looked up from the inside out; `nil` if none or
  /// several do.
  func container(_ reference: ContainerReference) -> String? {
    container(reference, inside: [])
  }

  /// ``container(_:)``, through the helpers whose calls are being followed (`helpers`), so
  /// that helpers that call each other end.
  private func container(_ reference: ContainerReference, inside helpers: Set<String>)
    -> String?
  {
    switch reference {
    case .helperSelf(let method):
      // The one container that every call of the helper is made on, if the calls settle it.
      guard !helpers.contains(method), let calls = helperCalls[method], !calls.isEmpty else {
        return nil
      }
      let ids = calls.map { container($0, inside: helpers.union([method])) }
      guard let first = ids.first, let id = first, ids.allSatisfy({ $0 == id }) else {
        return nil
      }
      return id
    case .declared(let id):
      return ambiguous.contains(id) ? nil : id
    case .path(let names, let inside):
      for depth in stride(from: inside.count, through: 0, by: -1) {
        let id = (inside.prefix(depth) + names).joined(separator: ".")
        if containers[id] != nil {
          return ambiguous.contains(id) ? nil : id
        }
      }
      return nil
    case .unknown:
      return nil
    }
  }

  /// How messages name a container: its `name:`, else its declaration.
  func displayName(_ id: String) -> String {
    guard let declaration = containers[id], let name = declaration.name else {
      return "`\(id)`"
    }
    // Two containers of one name: say which.
    return (nameCounts[name] ?? 0) > 1
      ? "\"\(name)\" (\(declaration.location))" : "\"\(name)\""
  }

  /// The containers that `id` searches, in order, and whether the source names them all.
  func chain(of id: String) -> (ids: [String], complete: Bool) {
    var ids: [String] = []
    var complete = true
    func visit(_ id: String) {
      guard !ids.contains(id), let declaration = containers[id] else { return }
      ids.append(id)
      for parent in declaration.parents {
        guard let parentID = container(parent) else {
          complete = false
          continue
        }
        visit(parentID)
      }
    }
    visit(id)
    return (ids, complete)
  }

  func alternative(_ reference: AlternativeReference) -> Alternative {
    switch reference {
    case .none: .none
    case .literal(let name): .named(name)
    case .member(let member):
      alternatives[member].map(Alternative.named) ?? .undeclaredMember(member)
    case .unknown: .unknown
    }
  }

  /// The normalized type, with the sources' type aliases followed: an alias named as
  /// written, or nested in `context` (a type's name, for what is written inside it) or a
  /// type around it, or the one alias of that last name.
  func type(_ written: String, in context: String? = nil) -> String {
    TypeName.normalized(written) { name, arguments in
      aliasTarget(name, arguments, in: context)
    }
  }

  private func aliasTarget(_ name: String, _ arguments: [String], in context: String?)
    -> String?
  {
    var candidates: [String] = []
    if let context {
      var outer = context.split(separator: ".").map(String.init)
      while !outer.isEmpty {
        candidates.append((outer + [name]).joined(separator: "."))
        outer.removeLast()
      }
    }
    candidates.append(name)
    var found = candidates.lazy.compactMap { aliases[$0] }.first
    if found == nil {
      let last = TypeName.lastComponent(name)
      let all = aliases.filter { TypeName.lastComponent($0.key) == last }
      if all.count == 1 {
        found = all.first?.value
      }
    }
    // Several aliases of one name in different places: not settled, not followed.
    guard let found, let alias = found.first,
      found.allSatisfy({ $0.target == alias.target && $0.parameters == alias.parameters }),
      alias.parameters.count == arguments.count
    else { return nil }
    guard !arguments.isEmpty else { return alias.target }
    return TypeName.replacingNames(
      in: alias.target, Dictionary(zip(alias.parameters, arguments)) { first, _ in first })
  }
}
