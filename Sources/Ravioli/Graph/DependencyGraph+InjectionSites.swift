extension DependencyGraph {
  /// The problems of `sites` (the graph's requests, in order) and, for each node, the first
  /// site whose first read reaches it, or `nil`. `onMainActor`: whether the check runs on the
  /// main actor, where a first read can call a main-actor resolver.
  func check(_ sites: [InjectionSite], onMainActor: Bool)
    -> (errors: [ValidationReport.Diagnostic], reachedFrom: [Int?])
  {
    var errors: [ValidationReport.Diagnostic] = []
    var reachedFrom = [Int?](repeating: nil, count: nodes.count)
    lazy var byType = registrationsByType()
    for (index, site) in sites.enumerated() {
      let (container, target) = requests[index]
      func error(_ kind: ValidationReport.Diagnostic.Kind, _ message: String) {
        errors.append(site.diagnostic(kind, " needs \(message)"))
      }
      switch target {
      case .node(let node):
        let needed = nodes[node]
        if needed.kind == .async, !needed.scope.keepsInstances {
          error(
            .asyncDependency,
            "`\(needed.label)`, whose resolver (registered at \(needed.site.label)) is async and "
              + "keeps no instance, so its first read, which is synchronous, always stops the "
              + "program (`.needsAwait`). Give `\(needed.label)` a kept scope (`.singleton`) and "
              + "make it at start-up with `try await container.resolve(\(needed.type).self)`, or "
              + "resolve it with `try await` where it is used.")
        } else if !onMainActor, !needed.scope.keepsInstances,
          // The shortest path to a main-actor resolver that keeps no instance, through nodes
          // that keep none (a kept instance, made at start-up, is there without its
          // resolver), each of which a read off the main actor would run.
          let path = shortestPath(
            from: node, to: { nodes[$0].kind == .mainActor && !nodes[$0].scope.keepsInstances },
            through: { !nodes[$0].scope.keepsInstances })
        {
          let isolated = nodes[path[path.count - 1]]
          let route = path.map { "`\(nodes[$0].label)`" }.joined(separator: " -> ")
          let through = path.count == 1 ? "" : ", which needs `\(isolated.label)` (\(route))"
          error(
            .needsMainActor,
            "`\(needed.label)`\(through), whose resolver (registered at \(isolated.site.label)) is "
              + "isolated to the main actor, and this check runs off it: a first read off the "
              + "main actor stops the program (`.needsActor`). If `\(site.declaringType)` is read "
              + "on the main actor only (a `@MainActor` class), run the check on the main actor; "
              + "else register the resolver without `@MainActor`, or give it a kept scope "
              + "(`.singleton`) and make it at start-up.")
        }
        markReached(from: node, by: index, in: &reachedFrom)
      case .missing:
        let example = registrationExample(of: "\(site.type)", alternative: site.alternative?.name)
        // What the first read asks for: `` `Analytics` ``; for `@InjectedWeakly`,
        // `` `ProfileDelegate` (or `ProfileDelegate?`) ``.
        let weakly = site.wrapper == .injectedWeakly ? " (or `\(site.type)?`)" : ""
        error(
          .missingDependency,
          "`\(describeRequest(site.type, site.alternative))`\(weakly), "
            + notRegistered(
              site.dependency, searchedFrom: container,
              fix: "Register it in \"\(containers[searchOrders[container][0]])\" "
                + "(\(example)), or correct the type or alternative of \(site.label).",
              byType: byType))
      case .parameterNotTaken(let first, _):
        error(
          .parameterNeverGiven,
          "`\(describeRequest(site.type, site.alternative))`, "
            + parameterTypes(
              of: site.dependency, searchedFrom: container, first: first, byType: byType)
            + " its first read gives them its object, a `\(site.objectType)`, which none of them "
            + "takes. Register a resolver that takes a `\(site.objectType)` (or `Any`), or a "
            + "plain one.")
      }
    }
    return (errors, reachedFrom)
  }

  private func markReached(from start: Int, by site: Int, in reachedFrom: inout [Int?]) {
    guard reachedFrom[start] == nil else { return }
    reachedFrom[start] = site
    var work = [start]
    while let node = work.popLast() {
      for next in successors[node] where reachedFrom[next] == nil {
        reachedFrom[next] = site
        work.append(next)
      }
    }
  }
}

extension InjectionSite {
  /// What the first read asks for, giving parametrized resolvers the object.
  var dependency: Container.Dependency {
    Container.Dependency(type: requestedType, alternative: alternative, parameterType: objectType)
  }

  /// A problem of the property, at its declaration: the message names it and its wrapper,
  /// `` `Screen.catalog` (@Injected) ``, then says `suffix`.
  func diagnostic(_ kind: ValidationReport.Diagnostic.Kind, _ suffix: String)
    -> ValidationReport.Diagnostic
  {
    ValidationReport.Diagnostic(
      kind: kind, message: "\(label) (\(wrapperName))" + suffix, file: file, line: line)
  }
}
