extension DependencyGraph {
  /// Each registration's dependencies that nothing resolves, or that only parametrized
  /// resolvers resolve, none of which takes what the registration gives, or that a
  /// synchronous resolver can never get.
  func missingDependencies() -> [NodeDiagnostic] {
    var found: [NodeDiagnostic] = []
    // The registrations by type, for near misses: made when the first one is missing.
    var byType: [ObjectIdentifier: [Int]]?
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
          let made = byType ?? nodesByType()
          byType = made
          report(
            .missingDependency,
            "`\(node.label)` needs `\(edge.dependency)`, which is not registered (searched "
              + "\(describe(searchOrders[node.container]))). "
              + nearMisses(
                of: edge.dependency, searchedFrom: node.container,
                fix: "Register it, or correct the type or alternative that `\(node.label)` "
                  + "declares.", byType: made))
        case .parameterNotTaken(let first, _):
          let dependency = edge.dependency
          let given =
            dependency.parameterType.map { "gives them a `\($0)`, which none of them takes" }
            ?? "gives them no parameter"
          report(
            .parameterNeverGiven,
            "`\(node.label)` needs `\(describeRequest(dependency.type, dependency.alternative))`, "
              + "whose resolvers take a parameter (\(parameterTypes(of: dependency))), first "
              + "registered at \(nodes[first].site.label), but `\(node.label)` \(given). "
              + "Register a plain resolver of `\(dependency.type)`, or declare the parameter "
              + "that it is resolved with: `.on(\(dependency.type).self, parameter: ...)`.")
        }
      }
    }
    return found
  }

  /// The registrations by type.
  func nodesByType() -> [ObjectIdentifier: [Int]] {
    var made: [ObjectIdentifier: [Int]] = [:]
    for (position, node) in nodes.enumerated() {
      made[ObjectIdentifier(node.type), default: []].append(position)
    }
    return made
  }

  /// The containers `order` lists, for messages: `"catalog" -> "networking"`.
  func describe(_ order: [Int]) -> String {
    order.map { "\"\(containers[$0])\"" }.joined(separator: " -> ")
  }

  /// What is registered for the dependency's type under other alternatives, or as the
  /// optional's wrapped type, then `fix`; else, when living containers that are not searched
  /// from `container` register it, which, and what to do.
  func nearMisses(
    of dependency: Container.Dependency, searchedFrom container: Int, fix: String,
    byType: [ObjectIdentifier: [Int]]
  ) -> String {
    let candidates =
      (byType[ObjectIdentifier(dependency.type)] ?? [])
      + (dependency.wrappedKey.flatMap { byType[$0.type] } ?? [])
    guard !candidates.isEmpty else {
      let searched = searchOrders[container]
      let elsewhere = LivingContainers.registering(
        [dependency.key] + (dependency.wrappedKey.map { [$0] } ?? []),
        outside: searched.map { containerIDs[$0] })
      guard !elsewhere.isEmpty else { return fix }
      let first = containers[searched[0]]
      return "Register it in \"\(first)\". \(elsewhere.advice(searchedFirst: first))"
    }
    // A handful is enough to see the mistake.
    let shown = 5
    let others = candidates.prefix(shown).map { nodes[$0] }
    let more = candidates.count > shown ? ", and \(candidates.count - shown) more" : ""
    let listed = others.map { other in
      "`\(other.label)`\(other.parameterTypeName.map { " taking `\($0)`" } ?? "") at "
        + "\(other.site.label) in \"\(containers[other.container])\""
    }
    return "Registered instead: \(listed.joined(separator: ", "))\(more). \(fix)"
  }

  /// The types that the parametrized resolvers of a dependency take, for messages.
  func parameterTypes(of dependency: Container.Dependency) -> String {
    let names = nodes.filter { other in
      ObjectIdentifier(other.type) == dependency.key.type
        && other.alternative == dependency.alternative
    }
    .compactMap(\.parameterTypeName)
    return names.map { "`\($0)`" }.joined(separator: ", ")
  }
}
