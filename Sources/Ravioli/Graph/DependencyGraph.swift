/// The dependency graph that a container's registrations declare: what each registration
/// needs, and which registration would resolve it. Nothing is resolved to build it.
///
/// Take it from ``Container/graph``, and draw it with ``mermaid`` or ``dot``. See
/// <doc:ValidatingTheGraph#Seeing-the-graph>.
public struct DependencyGraph: Sendable {
  /// The containers searched from the container the graph was taken from, in order; from
  /// several, each one's in turn, each container once.
  let containers: [String]
  /// Their identities, for looking elsewhere (see ``LivingContainers``): no container is
  /// held, so that the graph keeps nothing alive.
  let containerIDs: [ObjectIdentifier]
  let roots: [Int]
  /// For each container, the indices of the containers that its registrations' dependencies
  /// are looked up in, in order: itself, then its parents'.
  let searchOrders: [[Int]]
  let nodes: [Node]
  /// For each node, the nodes it depends on, each once, in the order declared.
  let successors: [[Int]]
  /// Dependencies that no registration resolves, each once per type and alternative.
  let missing: [Container.Dependency]
  /// What each request from outside the registrations (an injected property's first read)
  /// resolves to, in the order given, with the index of the container it is made in.
  let requests: [(container: Int, target: Target)]
  /// In a graph of what requests reach only, the registrations left out that messages name
  /// (of the type of something missing, or the type it wraps), in the order registered.
  let unreached: [Node]

  /// A registration, described: the graph holds none, so that it keeps nothing alive.
  struct Node: Sendable {
    let type: Any.Type
    let alternative: RegistrationAlternative?
    let scope: Scope
    let site: RequestSite
    let parameterTypeName: String?
    let needs: DeclaredNeeds?
    let kind: ResolverKind
    let container: Int
    /// What each declared dependency resolves to, in the order declared; empty for an
    /// opaque registration.
    var edges: [Edge] = []

    init(_ registration: any AnyRegistration, container: Int) {
      type = registration.type
      alternative = registration.key.alternative
      scope = registration.scope
      site = registration.site
      parameterTypeName = registration.parameterTypeName
      needs = registration.needs
      kind = registration.kind
      self.container = container
    }

    var isOpaque: Bool { needs == nil }
    /// How a message names it: `Greeter (alternative "french")`.
    var label: String { describeRequest(type, alternative) }
  }

  struct Edge: Sendable {
    let dependency: Container.Dependency
    let target: Target
  }

  enum Target: Sendable {
    case node(Int)
    /// Nothing: an index into ``DependencyGraph/missing``.
    case missing(Int)
    /// Only parametrized resolvers, none taking what the request gives (nothing, or another
    /// type): the first of them, and the index into ``DependencyGraph/missing``.
    case parameterNotTaken(first: Int, missing: Int)
  }
}

extension Container {
  /// The graph that this container's registrations, and its parents', declare: a snapshot,
  /// which registering afterwards does not change. See <doc:ValidatingTheGraph#Seeing-the-graph>.
  public var graph: DependencyGraph {
    DependencyGraph(of: [self])
  }
}

extension DependencyGraph {
  /// The graph of `roots` and the containers they search, with what each of `requests`
  /// resolves to (looked up from its container, as the road does; that container counts as a
  /// root). With `onlyReached`, only what the requests reach: what their resolutions build.
  init(
    of roots: [Container],
    requests: [(dependency: Container.Dependency, container: Container)] = [],
    onlyReached: Bool = false
  ) {
    var roots = roots
    var rootIDs = Set(roots.map(ObjectIdentifier.init))
    for request in requests where rootIDs.insert(ObjectIdentifier(request.container)).inserted {
      roots.append(request.container)
    }
    var chain: [Container] = []
    var index: [ObjectIdentifier: Int] = [:]
    for member in roots.flatMap(\.chain) where index[ObjectIdentifier(member)] == nil {
      index[ObjectIdentifier(member)] = chain.count
      chain.append(member)
    }
    let tables = chain.map(\.visibleTable)
    // A declared dependency is resolved from the container that holds the registration.
    let searchOrders = chain.map { member in
      member.chain.map { index[ObjectIdentifier($0)]! }
    }
    let search = TableSearch(tables: tables, searchOrders: searchOrders)
    let requestContainers = requests.map { index[ObjectIdentifier($0.container)]! }
    let members: [[any AnyRegistration]]
    if onlyReached {
      let reached = search.reached(
        from: zip(requests, requestContainers).map { ($0.dependency, $1) })
      members = tables.map { $0.all.filter { reached.contains(ObjectIdentifier($0)) } }
    } else {
      members = tables.map(\.all)
    }
    var nodes: [Node] = []
    var nodeOfRegistration: [ObjectIdentifier: Int] = [:]
    let files = FileOrder(members.flatMap { $0.map(\.site.file) })
    for (position, registrations) in members.enumerated() {
      // Sorted by where they were registered, so that exports and reports read in the order
      // of the code and do not change from run to run.
      let entries = registrations.map { (registration: $0, site: files.key(of: $0.site)) }
      var sites: [SiteKey: Int] = [:]
      for entry in entries { sites[entry.site, default: 0] += 1 }
      // Registrations made on one line (in a loop, say) are ordered by what they are.
      let sorted = entries.map { entry in
        (
          registration: entry.registration, site: entry.site,
          label: sites[entry.site]! > 1 ? Node(entry.registration, container: 0).labelLines : []
        )
      }
      .sorted { first, second in
        guard first.site == second.site else { return first.site < second.site }
        return first.label.lexicographicallyPrecedes(second.label)
      }
      for entry in sorted {
        nodeOfRegistration[ObjectIdentifier(entry.registration)] = nodes.count
        nodes.append(Node(entry.registration, container: position))
      }
    }
    var missing: [Container.Dependency] = []
    var missingIndex: [MissingKey: Int] = [:]
    func missingEntry(_ dependency: Container.Dependency) -> Int {
      let key = MissingKey(
        key: dependency.key, parameter: dependency.parameterType.map(ObjectIdentifier.init))
      if let found = missingIndex[key] { return found }
      missing.append(dependency)
      missingIndex[key] = missing.count - 1
      return missing.count - 1
    }
    func target(of dependency: Container.Dependency, from container: Int) -> Target {
      let resolver = search.resolver(of: dependency, from: container)
      if let found = resolver.found {
        return .node(nodeOfRegistration[ObjectIdentifier(found.registration)]!)
      }
      if let parametrized = resolver.parameterNotTaken {
        return .parameterNotTaken(
          first: nodeOfRegistration[ObjectIdentifier(parametrized.registration)]!,
          missing: missingEntry(dependency))
      }
      return .missing(missingEntry(dependency))
    }
    for position in nodes.indices {
      guard let needs = nodes[position].needs else { continue }
      nodes[position].edges = needs.dependencies.map { dependency in
        Edge(
          dependency: dependency, target: target(of: dependency, from: nodes[position].container))
      }
    }
    let requestTargets = zip(requests, requestContainers).map { request, container in
      (container, target(of: request.dependency, from: container))
    }
    var unreached: [Node] = []
    if onlyReached, !missing.isEmpty {
      let types = Set(missing.flatMap { $0.keys.map(\.type) })
      for (position, table) in tables.enumerated() {
        for registration in table.all
        where types.contains(registration.key.type)
          && nodeOfRegistration[ObjectIdentifier(registration)] == nil
        {
          unreached.append(Node(registration, container: position))
        }
      }
      unreached.sort { ($0.site.label, $0.label) < ($1.site.label, $1.label) }
    }
    let successors = nodes.map { node in
      var targets: [Int] = []
      targets.reserveCapacity(node.edges.count)
      // Most registrations declare a handful of dependencies, which a search of those listed
      // handles for less than a set per node; one that declares more gets a set (no square).
      var listed: Set<Int>? = node.edges.count > Self.dependenciesSearchedInPlace ? [] : nil
      for edge in node.edges {
        guard case .node(let target) = edge.target else { continue }
        let isNew = listed?.insert(target).inserted ?? !targets.contains(target)
        if isNew {
          targets.append(target)
        }
      }
      return targets
    }
    self.init(
      containers: chain.map(\.name), containerIDs: chain.map(ObjectIdentifier.init),
      roots: roots.map { index[ObjectIdentifier($0)]! }, searchOrders: searchOrders,
      nodes: nodes, successors: successors, missing: missing, requests: requestTargets,
      unreached: unreached)
  }

  /// The most dependencies of one registration whose targets are listed without a set.
  static let dependenciesSearchedInPlace = 32

  private struct MissingKey: Hashable {
    let key: RegistrationKey
    let parameter: ObjectIdentifier?
  }

  /// The shortest path from `start` to a node that `isTarget` accepts (`start` itself, if it
  /// does), going on only from nodes that `passes` accepts; `nil` when there is none.
  func shortestPath(
    from start: Int, to isTarget: (Int) -> Bool, through passes: (Int) -> Bool
  ) -> [Int]? {
    if isTarget(start) { return [start] }
    var cameFrom: [Int: Int] = [start: start]
    var queue = [start]
    var head = 0
    while head < queue.count {
      let node = queue[head]
      head += 1
      for next in successors[node] where cameFrom[next] == nil {
        cameFrom[next] = node
        if isTarget(next) {
          var path = [next]
          while let last = path.last, last != start { path.append(cameFrom[last]!) }
          return path.reversed()
        }
        if passes(next) {
          queue.append(next)
        }
      }
    }
    return nil
  }
}
