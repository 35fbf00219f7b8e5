extension DependencyGraph {
  struct NodeDiagnostic {
    let node: Int
    let diagnostic: ValidationReport.Diagnostic
  }

  /// The report of `sites` and of the graph of `roots` and of the containers the sites
  /// resolve from (with `onlyReached`, of what the sites reach). The graph is built here,
  /// since the sites' requests are looked up while it is.
  static func report(
    checking sites: [InjectionSite], roots: [Container],
    objectProblems: [ValidationReport.Diagnostic] = [], onlyReached: Bool, onMainActor: Bool
  ) -> ValidationReport {
    var errors = objectProblems
    // One request per property, container and object type: a thousand objects of one class
    // make a handful.
    var requests: [(dependency: Container.Dependency, container: Container)] = []
    var checked: [InjectionSite] = []
    var made: Set<RequestKey> = []
    for site in sites {
      let container: Container
      switch site.state {
      case .resolved, .beingResolved: continue
      case .noContainer(let failure):
        let note = failure.note.map { " \($0)" } ?? ""
        errors.append(
          site.diagnostic(.noContainer, ": \(failure.headline)\(note) To fix: \(failure.fix)"))
        continue
      case .resolvesFrom(let found): container = found
      }
      guard made.insert(RequestKey(site: site, container: ObjectIdentifier(container))).inserted
      else { continue }
      requests.append((site.dependency, container))
      checked.append(site)
    }
    let graph = DependencyGraph(of: roots, requests: requests, onlyReached: onlyReached)
    let (siteErrors, reachedFrom) = graph.check(checked, onMainActor: onMainActor)
    errors += siteErrors
    func annotated(_ found: NodeDiagnostic) -> ValidationReport.Diagnostic {
      guard let site = reachedFrom[found.node].map({ checked[$0] }) else {
        return found.diagnostic
      }
      let diagnostic = found.diagnostic
      return ValidationReport.Diagnostic(
        kind: diagnostic.kind,
        message: diagnostic.message + " (Reached from \(site.label), declared at "
          + "\(site.file):\(site.line).)",
        file: diagnostic.file, line: diagnostic.line)
    }
    let nodeErrors =
      graph.missingDependencies() + graph.cycles() + graph.captiveDependencies()
    errors += nodeErrors.map(annotated)
    var seen = Set<ValidationReport.Diagnostic>()
    errors = errors.filter { seen.insert($0).inserted }
    errors.sort { ($0.file, $0.line, $0.message) < ($1.file, $1.line, $1.message) }
    let opaque = graph.nodes.indices.filter { graph.nodes[$0].isOpaque }
      .map { index in
        let node = graph.nodes[index]
        // Resolvers of one type that take different parameters are told apart by the type.
        let subject =
          node.parameterTypeName.map { "`\(node.label)`'s resolver taking `\($0)`" }
          ?? "`\(node.label)`"
        return annotated(
          NodeDiagnostic(
            node: index,
            diagnostic: graph.diagnostic(
              .opaqueRegistration, at: node,
              "\(subject) declares no dependencies, so what its resolver needs is not "
                + "checked: declare them with `register(needs:)` (`needs: []` for none), or "
                + "register an initializer with `autoregister`.")))
      }
    return ValidationReport(
      errors: errors, opaqueRegistrations: opaque,
      registrationCount: graph.nodes.count,
      injectedPropertyCount: sites.count, containers: graph.containers,
      chains: graph.describedChains)
  }

  /// What makes two properties' requests the same: the declaration (a class and a property
  /// name), the container and the object's type (which parametrized resolvers are chosen by).
  private struct RequestKey: Hashable {
    let declaringType: ObjectIdentifier
    let name: String
    let container: ObjectIdentifier
    let objectType: ObjectIdentifier

    init(site: InjectionSite, container: ObjectIdentifier) {
      declaringType = ObjectIdentifier(site.declaringType)
      name = site.name
      self.container = container
      objectType = ObjectIdentifier(site.objectType)
    }
  }

  /// The chains of the containers the graph was taken from, for the report's summary, each
  /// once: a root that another root searches is part of that one's chain.
  var describedChains: [String] {
    let chains = roots.map { root in searchOrders[root] }
    return chains.enumerated().filter { position, chain in
      !chains.enumerated().contains { other, longer in
        other != position && longer.count > chain.count && longer.contains(chain[0])
      } && !chains[..<position].contains(chain)
    }
    .map { describeChain($0.element.map { containers[$0] }) }
  }

  func diagnostic(
    _ kind: ValidationReport.Diagnostic.Kind, at node: Node, _ message: String
  ) -> ValidationReport.Diagnostic {
    ValidationReport.Diagnostic(
      kind: kind, message: message, file: node.site.file.description, line: node.site.line)
  }
}
