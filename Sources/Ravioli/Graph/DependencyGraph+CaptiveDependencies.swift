extension DependencyGraph {
  /// How long a scope's instance lives, compared with others: 0 for scopes that keep
  /// nothing (their instances live as long as whatever holds them).
  private static func lifetime(of scope: Scope) -> Int {
    switch scope {
    case .singleton: 3
    case .cached: 2
    case .weak: 1
    case .unique, .graph: 0
    }
  }

  func captiveDependencies() -> [NodeDiagnostic] {
    // For each node that keeps nothing, and each holder, the shorter-lived kept nodes (cached,
    // weak) that it reaches through nodes that keep nothing: computed once per node, children
    // first, so that many singletons over one long chain of unique instances cost one walk of
    // it.
    var reaches: [Set<Int>?] = Array(repeating: nil, count: nodes.count)
    // The nodes of the walk in progress, by index: one array for all the walks.
    var visiting = [Bool](repeating: false, count: nodes.count)
    func shortLived(reachedFrom node: Int) -> Set<Int> {
      if let known = reaches[node] { return known }
      var work = [(node: node, expanded: false)]
      while let (current, expanded) = work.popLast() {
        if reaches[current] != nil { continue }
        let next = successors[current]
        if !expanded {
          visiting[current] = true
          work.append((current, true))
          // A node already being visited closes a cycle, reported as one: not followed.
          for target in next
          where Self.lifetime(of: nodes[target].scope) == 0
            && reaches[target] == nil && !visiting[target]
          {
            work.append((target, false))
          }
          continue
        }
        var found: Set<Int> = []
        for target in next {
          let lifetime = Self.lifetime(of: nodes[target].scope)
          if lifetime == 1 || lifetime == 2 {
            found.insert(target)
          } else if lifetime == 0 {
            found.formUnion(reaches[target] ?? [])
          }
        }
        reaches[current] = found
        visiting[current] = false
      }
      return reaches[node] ?? []
    }
    var found: [NodeDiagnostic] = []
    for holder in nodes.indices {
      let lifetime = Self.lifetime(of: nodes[holder].scope)
      guard lifetime > 1 else { continue }
      for target in shortLived(reachedFrom: holder).sorted()
      where Self.lifetime(of: nodes[target].scope) < lifetime {
        // For the message: the path to a captive dependency known to exist.
        let path = shortestPath(
          from: holder, to: { $0 == target }, through: { Self.lifetime(of: nodes[$0].scope) == 0 })
        found.append(NodeDiagnostic(node: holder, diagnostic: captive(path ?? [holder, target])))
      }
    }
    return found
  }

  private func captive(_ path: [Int]) -> ValidationReport.Diagnostic {
    let holder = nodes[path[0]]
    let held = nodes[path[path.count - 1]]
    let route = path.map { "`\(nodes[$0].label)`" }.joined(separator: " -> ")
    return diagnostic(
      .captiveDependency, at: holder,
      "`\(holder.label)` (\(holder.scope)) holds `\(held.label)` (\(held.scope), registered "
        + "at \(held.site.label)), which is meant to live shorter, and keeps it alive past its "
        + "time: \(route). Give `\(holder.label)` a shorter scope, or have it resolve "
        + "`\(held.label)` each time it needs one instead of keeping it.")
  }
}
