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
  /// Why `type` may not be the type registered: an alias in it that could not be settled.
  let unsettled: String?
  let alternative: Alternative
  /// What it needs, with the initializer's parameters for `autoregister(initializer:)`.
  let needs: [NeedFact]?

  init(
    fact: RegistrationFact, container: String?, type: String?, unsettled: String? = nil,
    alternative: Alternative, needs: [NeedFact]?
  ) {
    self.fact = fact
    self.container = container
    self.type = type
    self.unsettled = unsettled
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
  private let aliases: TypeAliases
  /// Each file's module, where known.
  private var modules: [String: String] = [:]
  /// Conformances by the type's name with the types around it.
  private(set) var conformances: [String: [ConformanceFact]] = [:]
  /// The kinds of the types the sources declare, by normalized name; a name that several
  /// declare with different kinds is left out.
  private(set) var typeKinds: [String: TypeKind] = [:]
  /// The modules that declare a type or protocol of each normalized name.
  private(set) var declaringModules: [String: Set<String>] = [:]
  private(set) var policies: [(PolicyAssignment, SourceLocation)] = []
  private(set) var registrations: [Registration] = []
  private(set) var injections: [InjectionFact] = []
  /// The generic types' parameters, by the type's last name; a name that several generic
  /// types share is left out.
  private(set) var genericTypes: [String: [String]] = [:]
  /// Specializations by the type's last name (`ListModel<Order>`: `ListModel`).
  private(set) var specializations: [String: [Specialization]] = [:]
  /// Each container's ``chain(of:)``, followed once: every request follows one.
  private var chains: [String: (ids: [String], complete: Bool)] = [:]
  /// The containers each method is called on (`app.registerPersistence()`).
  private var helperCalls: [String: [ContainerReference]] = [:]

  init(_ files: [FileFacts]) {
    aliases = TypeAliases(files)
    let exported = files.contains { $0.exportsRavioli }
    var initializers: [String: [InitializerFact]] = [:]
    var clashingKinds = Set<String>()
    var clashingGenerics = Set<String>()
    var rawRegistrations: [RegistrationFact] = []
    for file in files {
      modules[file.path] = file.module
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
      for (name, kind) in file.declaredTypes {
        let name = TypeName.normalized(name)
        if let module = file.module {
          declaringModules[name, default: []].insert(module)
        }
        if let known = typeKinds[name], known != kind {
          clashingKinds.insert(name)
        }
        typeKinds[name] = kind
      }
      for (name, parameters) in file.genericTypes {
        let last = TypeName.lastComponent(name)
        if genericTypes[last] != nil {
          clashingGenerics.insert(last)
        }
        genericTypes[last] = parameters
      }
      for specialization in file.specializations {
        specializations[TypeName.lastComponent(specialization.name), default: []].append(
          specialization)
      }
      for var conformance in file.conformances {
        conformance.module = file.module
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
    for name in clashingKinds {
      typeKinds[name] = nil
    }
    for name in clashingGenerics {
      genericTypes[name] = nil
    }
    for id in containers.keys {
      chains[id] = searchedChain(of: id)
    }
    let named = Named(initializers)
    registrations = rawRegistrations.map { fact in
      let type = fact.type.map { settledType($0, in: fact.context, from: fact.location.path) }
      return Registration(
        fact: fact, container: container(fact.container), type: type?.type,
        unsettled: type?.unsettled, alternative: alternative(fact.alternative),
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
      given[TypeName.key(type(written, from: fact.location.path))] = alternative
    }
    return needs.map { need in
      guard need.alternative == .none,
        let alternative = given[
          TypeName.key(type(need.type, in: need.context, from: need.location.path))]
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

  /// The module of the file at `path`, where known.
  func module(of path: String) -> String? {
    modules[path] ?? nil
  }

  /// Whether a `Containerable` getter is in another module than the container it returns.
  func isInAnotherModule(
    _ getter: (owner: String, container: String, location: SourceLocation)
  ) -> Bool {
    guard let declared = containers[getter.container]?.location.path,
      let containerModule = modules[declared], let getterModule = modules[getter.location.path]
    else { return false }
    return containerModule != getterModule
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
    chains[id] ?? searchedChain(of: id)
  }

  /// ``chain(of:)``, followed through the declarations.
  private func searchedChain(of id: String) -> (ids: [String], complete: Bool) {
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

  /// The normalized type, with the sources' type aliases followed as `path` sees them (see
  /// ``TypeAliases/answer(_:_:in:from:)``; `context` is the type whose code writes it).
  func type(_ written: String, in context: String? = nil, from path: String? = nil) -> String {
    settledType(written, in: context, from: path).type
  }

  /// ``type(_:in:from:)``, and why it may name another type, if an alias in it could not be
  /// settled: what the checks are then not sure of is a warning.
  func settledType(_ written: String, in context: String? = nil, from path: String? = nil)
    -> (type: String, unsettled: String?)
  {
    guard aliases.mayName(written) else { return (TypeName.normalized(written), nil) }
    let unsettled = UnsettledNames()
    let type = TypeName.normalized(written) { name, arguments in
      switch aliases.answer(name, arguments, in: context, from: path) {
      case .notAnAlias:
        return nil
      case .target(let target):
        return target
      case .unsettled(let modules):
        unsettled.add(
          "`\(name)` names type aliases of different types (in \(modules.joined(separator: ", "))), "
            + "which the file may all see")
        return nil
      }
    }
    return (type, unsettled.reason)
  }

  /// The aliases that a type's lookup could not settle.
  private final class UnsettledNames: @unchecked Sendable {  // used by one lookup, on one thread
    private(set) var reason: String?

    func add(_ reason: String) {
      self.reason = self.reason.map { $0 + "; " + reason } ?? reason
    }
  }
}
