extension Container {
  /// Checks the dependency graph of this container and its parents, without running any
  /// resolver, and reports every problem at once.
  ///
  /// ```swift
  /// do {
  ///   try container.validate()
  /// } catch {
  ///   print(error)  // one `file:line: error: ...` line per problem, then a summary
  /// }
  /// ```
  ///
  /// It finds, in what the registrations declare (`register(needs:)`, and the parameters
  /// of an initializer registered with `autoregister`):
  /// - missing dependencies: who needs what, under which alternative, and what is
  ///   registered for that type instead;
  /// - every dependency cycle, with its path and where each registration in it was made;
  /// - captive dependencies: a kept instance (``Scope/singleton``, ``Scope/cached``) that
  ///   holds one meant to live shorter (``Scope/cached``, ``Scope/weak``), directly or
  ///   through unique instances, and so keeps it past its time;
  /// - dependencies on a type whose only resolvers take a parameter that the request
  ///   does not give;
  /// - a synchronous resolver's dependency on an `async` resolver that keeps no instance,
  ///   which it can never get.
  ///
  /// A registration that declares nothing is opaque: the report lists it as a note, not
  /// an error. Declare `needs: []` for one that needs nothing.
  /// - Parameters:
  ///   - file: The file of the call, for messages; leave the default.
  ///   - line: The line of the call, for messages; leave the default.
  /// - Returns: The report, when it has no errors (it may have notes).
  /// - Throws: The ``ValidationReport``, when it has errors.
  @discardableResult
  public func validate(file: StaticString = #fileID, line: UInt = #line) throws(ValidationReport)
    -> ValidationReport
  {
    let report = graph.report()
    // The caller has the report when it is thrown: logging it too would say it twice.
    guard report.isValid else { throw report }
    Self.logger.log(
      "Validated the graph of \(report.summary)", level: .info, file: file, function: #function,
      line: line)
    return report
  }
}

extension DependencyGraph {
  /// Every problem of the graph.
  func report() -> ValidationReport {
    var errors = missingDependencies() + cycles() + captiveDependencies()
    var seen = Set<ValidationReport.Diagnostic>()
    errors = errors.filter { seen.insert($0).inserted }
    errors.sort { ($0.file, $0.line, $0.message) < ($1.file, $1.line, $1.message) }
    let opaque = nodes.filter(\.isOpaque).map { node in
      diagnostic(
        .opaqueRegistration, at: node,
        "`\(node.label)` declares no dependencies, so what its resolver needs is not "
          + "checked: declare them with `register(needs:)` (`needs: []` for none), or register "
          + "an initializer with `autoregister`.")
    }
    return ValidationReport(
      errors: errors, opaqueRegistrations: opaque, registrationCount: nodes.count,
      containers: containers)
  }

  private func diagnostic(
    _ kind: ValidationReport.Diagnostic.Kind, at node: Node, _ message: String
  ) -> ValidationReport.Diagnostic {
    ValidationReport.Diagnostic(
      kind: kind, message: message, file: node.site.file.description, line: node.site.line)
  }

  // MARK: Missing dependencies

  private func missingDependencies() -> [ValidationReport.Diagnostic] {
    var found: [ValidationReport.Diagnostic] = []
    // The registrations by type, for near misses: made when the first one is missing.
    var index: [ObjectIdentifier: [Int]]?
    func byType() -> [ObjectIdentifier: [Int]] {
      if let index { return index }
      var made: [ObjectIdentifier: [Int]] = [:]
      for (position, node) in nodes.enumerated() {
        made[ObjectIdentifier(node.type), default: []].append(position)
      }
      index = made
      return made
    }
    for node in nodes {
      for edge in node.edges {
        switch edge.target {
        case .node(let target):
          let needed = nodes[target]
          // A kept instance of an async resolver, made at start-up, is there for
          // synchronous requests; a new one never is.
          if needed.kind == .async, node.kind != .async, !needed.scope.keepsInstances {
            found.append(
              diagnostic(
                .asyncDependency, at: node,
                "`\(node.label)` needs `\(needed.label)`, whose resolver (registered at "
                  + "\(needed.site.label)) is async and keeps no instance, so resolving "
                  + "`\(node.label)` always fails with `.needsAwait`. Make `\(node.label)`'s "
                  + "resolver async and await it, or give `\(needed.label)` a kept scope "
                  + "(`.singleton`) and make it at start-up with `try await "
                  + "container.resolve(\(needed.type).self)`."))
          }
        case .missing:
          found.append(
            diagnostic(
              .missingDependency, at: node,
              "`\(node.label)` needs `\(edge.dependency)`, which is not registered (searched "
                + "\(searched(from: node))). "
                + nearMisses(of: edge.dependency, from: node, byType: byType())))
        case .parameterNotTaken(let first, _):
          let dependency = edge.dependency
          let takes = parameterTypes(of: dependency, from: node)
          let given =
            dependency.parameterType.map { "gives them a `\($0)`, which none of them takes" }
            ?? "gives them no parameter"
          let resolvers = nodes[first]
          found.append(
            diagnostic(
              .parameterNeverGiven, at: node,
              "`\(node.label)` needs `\(describeRequest(dependency.type, dependency.alternative))`, "
                + "whose resolvers take a parameter (\(takes)), first registered at "
                + "\(resolvers.site.label), but `\(node.label)` \(given). "
                + "Register a plain resolver of `\(dependency.type)`, or declare the parameter "
                + "that it is resolved with: `.on(\(dependency.type).self, parameter: ...)`."))
        }
      }
    }
    return found
  }

  /// The containers that `node`'s dependencies are looked up in, for messages.
  private func searched(from node: Node) -> String {
    searchOrders[node.container].map { "\"\(containers[$0])\"" }.joined(separator: " -> ")
  }

  /// What is registered for the dependency's type under other alternatives, or as the
  /// optional's wrapped type.
  private func nearMisses(
    of dependency: Container.Dependency, from node: Node, byType: [ObjectIdentifier: [Int]]
  ) -> String {
    let candidates =
      (byType[ObjectIdentifier(dependency.type)] ?? [])
      + (dependency.wrappedKey.flatMap { byType[$0.type] } ?? [])
    guard !candidates.isEmpty else {
      return "Register it, or correct the type or alternative that `\(node.label)` declares."
    }
    // A handful is enough to see the mistake.
    let shown = 5
    let others = candidates.prefix(shown).map { nodes[$0] }
    let more = candidates.count > shown ? ", and \(candidates.count - shown) more" : ""
    let listed = others.map { other in
      "`\(other.label)`\(other.parameterTypeName.map { " taking `\($0)`" } ?? "") at "
        + "\(other.site.label) in \"\(containers[other.container])\""
    }
    return "Registered instead: \(listed.joined(separator: ", "))\(more). Register it, or correct "
      + "the type or alternative that `\(node.label)` declares."
  }

  /// The types that the parametrized resolvers of a dependency take, for messages.
  private func parameterTypes(of dependency: Container.Dependency, from node: Node) -> String {
    let names = nodes.filter { other in
      ObjectIdentifier(other.type) == dependency.key.type
        && other.alternative == dependency.alternative
    }
    .compactMap(\.parameterTypeName)
    return names.map { "`\($0)`" }.joined(separator: ", ")
  }

  // MARK: Cycles

  /// The most cycles reported, and the most steps spent looking for them: a graph whose
  /// registrations all need each other has more cycles than anyone could read.
  private static let cycleLimit = 100
  private static let cycleSearchSteps = 1_000_000

  private func cycles() -> [ValidationReport.Diagnostic] {
    var found: [ValidationReport.Diagnostic] = []
    var steps = 0
    var start = 0
    // Each cycle is found once, from its lowest node, through higher nodes only: the lowest
    // node of the strongly connected components among the nodes from `start` on, as in
    // Johnson's algorithm, so that nodes on no cycle are never searched from.
    search: while found.count < Self.cycleLimit {
      let components = stronglyConnectedComponents(from: start)
      guard let component = components.min(by: { $0.min()! < $1.min()! }) else { break }
      let first = component.min()!
      let members = Set(component)
      func next(_ node: Int) -> [Int] {
        successors(of: node).filter { members.contains($0) }
      }
      var path = [first]
      var onPath: Set<Int> = [first]
      var pending = [next(first)]
      while let last = pending.indices.last {
        steps += 1
        guard steps < Self.cycleSearchSteps, found.count < Self.cycleLimit else { break search }
        guard let node = pending[last].popLast() else {
          pending.removeLast()
          onPath.remove(path.removeLast())
          continue
        }
        if node == first {
          found.append(cycle(path))
        } else if onPath.insert(node).inserted {
          path.append(node)
          pending.append(next(node))
        }
      }
      start = first + 1
    }
    if steps >= Self.cycleSearchSteps || found.count >= Self.cycleLimit, let last = found.last {
      found.append(
        ValidationReport.Diagnostic(
          kind: .cycle,
          message: "There may be more cycles than the \(found.count) reported: break these first.",
          file: last.file, line: last.line))
    }
    return found
  }

  private func cycle(_ path: [Int]) -> ValidationReport.Diagnostic {
    let labels = (path + [path[0]]).map { "`\(nodes[$0].label)`" }
    let sites = path.map { "`\(nodes[$0].label)` at \(nodes[$0].site.label)" }
    let message =
      path.count == 1
      ? "`\(nodes[path[0]].label)` needs itself. Remove the dependency."
      : "dependency cycle: \(labels.joined(separator: " -> ")); registered: "
        + "\(sites.joined(separator: ", ")). None of them can be made: remove one of these "
        + "dependencies, or resolve it later (an `@Injected` property, read after the object "
        + "is made)."
    return diagnostic(.cycle, at: nodes[path[0]], message)
  }

  /// The strongly connected components that hold a cycle, among the nodes from `start` on,
  /// found without recursion (Tarjan's algorithm), so that a deep graph cannot overflow the
  /// call stack.
  func stronglyConnectedComponents(from start: Int = 0) -> [[Int]] {
    var index = [Int](repeating: -1, count: nodes.count)
    var lowLink = [Int](repeating: 0, count: nodes.count)
    var onStack = [Bool](repeating: false, count: nodes.count)
    var stack: [Int] = []
    var next = 0
    var components: [[Int]] = []
    // Copied without the nodes before `start` only when there are any: the first search
    // takes the graph's lists as they are.
    let successors =
      start == 0
      ? successorLists
      : nodes.indices.map { node in
        node < start ? [] : self.successors(of: node).filter { $0 >= start }
      }
    for root in start..<nodes.count where index[root] == -1 {
      var work: [(node: Int, edge: Int)] = [(root, 0)]
      index[root] = next
      lowLink[root] = next
      next += 1
      stack.append(root)
      onStack[root] = true
      while let (node, edge) = work.last {
        if edge < successors[node].count {
          work[work.count - 1].edge += 1
          let target = successors[node][edge]
          if index[target] == -1 {
            index[target] = next
            lowLink[target] = next
            next += 1
            stack.append(target)
            onStack[target] = true
            work.append((target, 0))
          } else if onStack[target] {
            lowLink[node] = min(lowLink[node], index[target])
          }
          continue
        }
        work.removeLast()
        if let parent = work.last?.node {
          lowLink[parent] = min(lowLink[parent], lowLink[node])
        }
        guard lowLink[node] == index[node] else { continue }
        var component: [Int] = []
        while let member = stack.popLast() {
          onStack[member] = false
          component.append(member)
          if member == node { break }
        }
        if component.count > 1 || successors[node].contains(node) {
          components.append(component)
        }
      }
    }
    return components
  }

  // MARK: Captive dependencies

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

  private func captiveDependencies() -> [ValidationReport.Diagnostic] {
    // For each node that keeps nothing, the shorter-lived kept nodes (cached, weak) that it
    // reaches through nodes that keep nothing: computed once per node, children first, so
    // that many singletons over one long chain of unique instances cost one walk of it.
    var reaches: [Set<Int>?] = Array(repeating: nil, count: nodes.count)
    // The nodes of the walk in progress, by index: one array for all the walks.
    var visiting = [Bool](repeating: false, count: nodes.count)
    func shortLived(reachedFrom node: Int) -> Set<Int> {
      if let known = reaches[node] { return known }
      var work = [(node: node, expanded: false)]
      while let (current, expanded) = work.popLast() {
        if reaches[current] != nil { continue }
        let next = successors(of: current)
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
    var found: [ValidationReport.Diagnostic] = []
    for holder in nodes.indices {
      let lifetime = Self.lifetime(of: nodes[holder].scope)
      guard lifetime > 1 else { continue }
      var held: Set<Int> = []
      for next in successors(of: holder) {
        let nextLifetime = Self.lifetime(of: nodes[next].scope)
        if nextLifetime == 0 {
          held.formUnion(shortLived(reachedFrom: next))
        } else {
          held.insert(next)
        }
      }
      for target in held.sorted() where Self.lifetime(of: nodes[target].scope) < lifetime {
        found.append(captive(path(from: holder, to: target)))
      }
    }
    return found
  }

  /// The shortest path from `holder` to `held` through nodes that keep nothing, for the
  /// message of a captive dependency that is known to exist.
  private func path(from holder: Int, to held: Int) -> [Int] {
    var cameFrom: [Int: Int] = [holder: holder]
    var queue = [holder]
    var head = 0
    while head < queue.count {
      let node = queue[head]
      head += 1
      for next in successors(of: node) where cameFrom[next] == nil {
        cameFrom[next] = node
        if next == held {
          var path = [next]
          while let last = path.last, last != holder { path.append(cameFrom[last]!) }
          return path.reversed()
        }
        if Self.lifetime(of: nodes[next].scope) == 0 {
          queue.append(next)
        }
      }
    }
    return [holder, held]
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
