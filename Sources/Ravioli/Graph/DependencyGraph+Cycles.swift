extension DependencyGraph {
  /// The most cycles reported, and the most steps spent looking for them: a graph whose
  /// registrations all need each other has more cycles than anyone could read.
  private static let cycleLimit = 100
  private static let cycleSearchSteps = 1_000_000

  /// Every cycle (up to a limit), each reported once, at its first registration.
  func cycles() -> [NodeDiagnostic] {
    var found: [NodeDiagnostic] = []
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
        successors[node].filter { members.contains($0) }
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
          found.append(NodeDiagnostic(node: first, diagnostic: cycle(path)))
        } else if onPath.insert(node).inserted {
          path.append(node)
          pending.append(next(node))
        }
      }
      start = first + 1
    }
    if steps >= Self.cycleSearchSteps || found.count >= Self.cycleLimit, let last = found.last {
      let more = ValidationReport.Diagnostic(
        kind: .cycle,
        message: "There may be more cycles than the \(found.count) reported: break these first.",
        file: last.diagnostic.file, line: last.diagnostic.line)
      found.append(NodeDiagnostic(node: last.node, diagnostic: more))
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
  /// found without recursion (Tarjan's), so that a deep graph cannot overflow the stack.
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
      ? self.successors
      : nodes.indices.map { node in
        node < start ? [] : self.successors[node].filter { $0 >= start }
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

}
