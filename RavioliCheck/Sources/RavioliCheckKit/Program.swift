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
    case .undeclaredMember(let member): "alternative `.\(member)`"
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
  let alternative: Alternative
  /// What it needs, with the initializer's parameters for `autoregister(initializer:)`.
  let needs: [NeedFact]?

  var location: SourceLocation { fact.location }
}

/// Every file's facts together, with names looked up across files.
struct Program: Sendable {
  private(set) var containers: [String: ContainerDeclaration] = [:]
  /// Ids that several declarations share: a reference to one of them is not settled.
  private var ambiguous: Set<String> = []
  private var alternatives: [String: String] = [:]
  private var aliases: [String: String] = [:]
  private var conformances: [String: [ConformanceFact]] = [:]
  private(set) var policies: [(PolicyAssignment, SourceLocation)] = []
  private(set) var registrations: [Registration] = []
  private(set) var injections: [InjectionFact] = []

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
      }
      alternatives.merge(file.alternatives) { first, _ in first }
      aliases.merge(file.typeAliases) { first, _ in first }
      for conformance in file.conformances {
        conformances[TypeName.base(conformance.name), default: []].append(conformance)
      }
      for initializer in file.initializers {
        initializers[TypeName.base(initializer.type), default: []].append(initializer)
      }
      // Only files that can see Ravioli inject or register with it.
      guard file.importsRavioli || exported else { continue }
      policies += file.policies
      injections += file.injections
      rawRegistrations += file.registrations
    }
    registrations = rawRegistrations.map { fact in
      Registration(
        fact: fact, container: container(fact.container), type: fact.type.map(type),
        alternative: alternative(fact.alternative),
        needs: fact.needs ?? Self.initializerNeeds(of: fact, in: initializers))
    }
  }

  /// The needs of `autoregister(initializer: T.init)`: the parameters of the one initializer
  /// of `T` (or the one with those labels) that the sources declare.
  private static func initializerNeeds(
    of fact: RegistrationFact, in initializers: [String: [InitializerFact]]
  ) -> [NeedFact]? {
    guard let (type, labels) = fact.initializerOf else { return nil }
    let candidates = (initializers[TypeName.base(type)] ?? []).filter { candidate in
      labels.map { $0 == candidate.labels } ?? true
    }
    guard candidates.count == 1, let chosen = candidates.first else { return nil }
    return chosen.parameterTypes.map { parameter in
      NeedFact(
        type: parameter, alternative: fact.parameterAlternatives[parameter] ?? .none,
        withParameter: false, location: fact.location)
    }
  }

  // MARK: Names

  /// The declaration a reference names, looked up from the inside out; `nil` if none or
  /// several do.
  func container(_ reference: ContainerReference) -> String? {
    switch reference {
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
    "\"\(containers[id]?.name ?? id)\""
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

  /// The normalized type, with the sources' type aliases followed.
  func type(_ written: String) -> String {
    var type = TypeName.normalized(written)
    var seen = Set<String>()
    while true {
      let optional = type.hasSuffix("?")
      let wrapped = optional ? String(type.dropLast()) : type
      guard let target = aliases[wrapped] ?? aliases[TypeName.lastComponent(wrapped)],
        seen.insert(wrapped).inserted
      else { return type }
      type = TypeName.normalized(target) + (optional ? "?" : "")
    }
  }

  // MARK: Containerable

  enum OwnContainer {
    case notContainerable
    case container(String)
    /// `Containerable`, but the source does not say which container it returns.
    case unknown
  }

  /// The container that `Containerable` gives objects of `type`, under `.enclosingType`.
  func ownContainer(of type: String) -> OwnContainer {
    var queue = [TypeName.base(type)]
    var seen = Set<String>()
    var provider: ContainerReference?
    var isContainerable = false
    while !queue.isEmpty {
      let name = queue.removeFirst()
      guard seen.insert(name).inserted else { continue }
      if name == "Containerable" {
        isContainerable = true
      }
      for fact in conformances[name] ?? [] {
        provider = provider ?? fact.container
        queue += fact.inherits
      }
    }
    guard isContainerable else { return .notContainerable }
    return provider.flatMap(container).map(OwnContainer.container) ?? .unknown
  }
}
