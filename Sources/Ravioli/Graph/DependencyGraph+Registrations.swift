extension DependencyGraph {
  /// Each registration's dependencies that nothing resolves, that only parametrized resolvers
  /// resolve (none taking what it gives), or that a synchronous resolver can never get.
  func missingDependencies() -> [NodeDiagnostic] {
    var found: [NodeDiagnostic] = []
    // The registrations by type, for near misses: made when the first one is missing.
    lazy var byType = registrationsByType()
    for (position, node) in nodes.enumerated() {
      func report(_ kind: ValidationReport.Diagnostic.Kind, _ message: String) {
        found.append(
          NodeDiagnostic(node: position, diagnostic: diagnostic(kind, at: node, message)))
      }
      for edge in node.edges {
        switch edge.target {
        case .node(let target):
          let needed = nodes[target]
          // A kept instance of an async resolver, made at start-up, is there for
          // synchronous requests; a new one never is.
          if needed.kind == .async, node.kind != .async, !needed.scope.keepsInstances {
            report(
              .asyncDependency,
              "`\(node.label)` needs `\(needed.label)`, whose resolver (registered at "
                + "\(needed.site.label)) is async and keeps no instance, so resolving "
                + "`\(node.label)` always fails with `.needsAwait`. Make `\(node.label)`'s "
                + "resolver async and await it, or give `\(needed.label)` a kept scope "
                + "(`.singleton`) and make it at start-up with `try await "
                + "container.resolve(\(needed.type).self)`.")
          }
        case .missing:
          report(
            .missingDependency,
            "`\(node.label)` needs `\(edge.dependency)`, "
              + notRegistered(
                edge.dependency, searchedFrom: node.container,
                fix: "Register it, or correct the type or alternative that `\(node.label)` "
                  + "declares.", byType: byType))
        case .parameterNotTaken(let first, _):
          let dependency = edge.dependency
          let given =
            dependency.parameterType.map { "gives them a `\($0)`, which none of them takes" }
            ?? "gives them no parameter"
          report(
            .parameterNeverGiven,
            "`\(node.label)` needs `\(describeRequest(dependency.type, dependency.alternative))`, "
              + parameterTypes(
                of: dependency, searchedFrom: node.container, first: first, byType: byType)
              + " `\(node.label)` \(given). Register a plain resolver of `\(dependency.type)`, "
              + "or declare the parameter that it is resolved with: "
              + "`.on(\(dependency.type).self, parameter: ...)`.")
        }
      }
    }
    return found
  }

  /// The registrations of the graph, and those left out of it that messages name (see
  /// ``DependencyGraph/unreached``), by type.
  func registrationsByType() -> [ObjectIdentifier: [Node]] {
    var made: [ObjectIdentifier: [Node]] = [:]
    for node in nodes + unreached {
      made[ObjectIdentifier(node.type), default: []].append(node)
    }
    return made
  }

  /// Says that `dependency` is not registered in the containers searched from `container`
  /// (`which is not registered (searched "catalog" -> "networking").`), then what is
  /// registered for its type under other alternatives, or as the optional's wrapped type, then
  /// `fix`; or, when living containers that are not searched from `container` register the
  /// dependency itself, which, and what to do.
  func notRegistered(
    _ dependency: Container.Dependency, searchedFrom container: Int, fix: String,
    byType: [ObjectIdentifier: [Node]]
  ) -> String {
    let keys = dependency.keys
    let searched = searchOrders[container]
    var sentences = [
      "which is not registered (searched \(describeChain(searched.map { containers[$0] })))."
    ]
    // A registration of the dependency itself is in a container that is not searched: said
    // below, with the others that are.
    let candidates = keys.flatMap { byType[$0.type] ?? [] }
      .filter { !keys.contains(RegistrationKey($0.type, $0.alternative)) }
    if !candidates.isEmpty {
      // A handful is enough to see the mistake.
      let shown = 5
      let others = candidates.prefix(shown)
      let more = candidates.count > shown ? ", and \(candidates.count - shown) more" : ""
      let listed = others.map { other in
        "`\(other.label)`\(other.parameterTypeName.map { " taking `\($0)`" } ?? "") at "
          + "\(other.site.label) in \"\(containers[other.container])\""
      }
      sentences.append("Registered instead: \(listed.joined(separator: ", "))\(more).")
    }
    let elsewhere = LivingContainers.registering(
      keys, outside: searched.map { containerIDs[$0] })
    if elsewhere.isEmpty {
      sentences.append(fix)
    } else {
      let first = containers[searched[0]]
      sentences.append("Register it in \"\(first)\".")
      sentences.append(elsewhere.advice(searchedFirst: first))
    }
    return sentences.joined(separator: " ")
  }

  /// The phrase that says which types the parametrized resolvers of a dependency take, in the
  /// containers searched from `container` (nearest first), and where the `first` of them is
  /// registered: ``whose resolvers take a parameter (`A`, `B`), first registered at S, but``.
  func parameterTypes(
    of dependency: Container.Dependency, searchedFrom container: Int, first: Int,
    byType: [ObjectIdentifier: [Node]]
  ) -> String {
    let keys = dependency.keys
    let candidates = keys.flatMap { byType[$0.type] ?? [] }.filter { other in
      keys.contains(RegistrationKey(other.type, other.alternative))
    }
    let names = searchOrders[container].flatMap { searched in
      candidates.filter { $0.container == searched }.compactMap(\.parameterTypeName)
    }
    let takes = names.map { "`\($0)`" }.joined(separator: ", ")
    return "whose resolvers take a parameter (\(takes)), first registered at "
      + "\(nodes[first].site.label), but"
  }
}
