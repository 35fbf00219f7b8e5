// Cycles among declared needs and autoregistered initializers.
extension Checker {
  /// One error for each group of registrations that need each other, at the first of them
  /// in the sources, with the whole path.
  ///
  /// A need leads to the registration that would answer it: the nearest, in the order the
  /// registration's container searches. Where the source does not settle that (the container
  /// is unknown and several registrations could answer), the need leads nowhere: a cycle is
  /// reported only when every step of it is certain.
  func cycleFindings() -> [Finding] {
    let registrations = program.registrations
    let edges = registrations.indices.map { index in
      (registrations[index].needs ?? []).compactMap { need in
        answer(to: need, from: registrations[index])
      }
    }
    var findings: [Finding] = []
    for component in stronglyConnected(edges) {
      let start = component.min { registrations[$0].location < registrations[$1].location }!
      guard component.count > 1 || edges[start].contains(start),
        let path = cycle(through: start, in: Set(component), edges)
      else { continue }
      let steps = path.map { index in
        "`\(describe(Self.written(registrations[index].fact.type ?? "?"), registrations[index].alternative))`"
      }
      let sites = path.dropLast().map { index in
        "`\(describe(Self.written(registrations[index].fact.type ?? "?"), registrations[index].alternative))` at "
          + "\(registrations[index].location)"
      }
      findings.append(
        Finding(
          .error, at: registrations[start].location,
          "dependency cycle: \(steps.joined(separator: " -> ")) (registered: "
            + "\(sites.joined(separator: "; "))). Break it: make one of them take what it needs "
            + "later (resolve it when it is first used), or remove a need."))
    }
    return findings
  }

  /// The index of the registration that answers `need` of `registration`, if the source
  /// settles which one does.
  private func answer(to need: NeedFact, from registration: Registration) -> Int? {
    let alternative = program.alternative(need.alternative)
    let type = program.type(need.type, in: need.context, from: need.location.path)
    let candidates = (indicesByKey[TypeName.key(type)] ?? []).filter { index in
      let candidate = program.registrations[index]
      return candidate.alternative == alternative
        && (candidate.fact.parameterType == nil || need.withParameter)
        && candidate.type.map { TypeName.mayBeSame($0, type) } == true
    }
    guard let container = registration.container else {
      return candidates.count == 1 ? candidates.first : nil
    }
    let chain = program.chain(of: container)
    guard chain.complete,
      !candidates.contains(where: { program.registrations[$0].container == nil })
    else { return nil }
    for id in chain.ids {
      let here = candidates.filter { program.registrations[$0].container == id }
      if !here.isEmpty {
        return here.count == 1 ? here.first : nil
      }
    }
    return nil
  }

  /// Tarjan's strongly connected components, without recursion (a long chain of needs must
  /// not overflow the stack).
  private func stronglyConnected(_ edges: [[Int]]) -> [[Int]] {
    var index = 0
    var indices = [Int?](repeating: nil, count: edges.count)
    var lowLinks = [Int](repeating: 0, count: edges.count)
    var onStack = [Bool](repeating: false, count: edges.count)
    var stack: [Int] = []
    var components: [[Int]] = []
    for root in edges.indices where indices[root] == nil {
      // Each frame: a node and how many of its edges have been followed.
      var frames: [(node: Int, next: Int)] = [(root, 0)]
      indices[root] = index
      lowLinks[root] = index
      index += 1
      stack.append(root)
      onStack[root] = true
      while let (node, next) = frames.last {
        if next < edges[node].count {
          frames[frames.count - 1].next += 1
          let target = edges[node][next]
          if indices[target] == nil {
            indices[target] = index
            lowLinks[target] = index
            index += 1
            stack.append(target)
            onStack[target] = true
            frames.append((target, 0))
          } else if onStack[target] {
            lowLinks[node] = min(lowLinks[node], indices[target]!)
          }
          continue
        }
        frames.removeLast()
        if let parent = frames.last?.node {
          lowLinks[parent] = min(lowLinks[parent], lowLinks[node])
        }
        if lowLinks[node] == indices[node] {
          var component: [Int] = []
          while let member = stack.popLast() {
            onStack[member] = false
            component.append(member)
            if member == node { break }
          }
          components.append(component)
        }
      }
    }
    return components
  }

  /// The shortest path from `start` back to itself inside `component`, `start` at both ends.
  private func cycle(through start: Int, in component: Set<Int>, _ edges: [[Int]]) -> [Int]? {
    var previous: [Int: Int] = [:]
    var queue = [start]
    var head = 0
    while head < queue.count {
      let node = queue[head]
      head += 1
      for target in edges[node] where component.contains(target) {
        if target == start {
          var path = [start]
          var step = node
          while step != start {
            path.append(step)
            step = previous[step]!
          }
          return [start] + Array(path[1...].reversed()) + [start]
        }
        if previous[target] == nil {
          previous[target] = node
          queue.append(target)
        }
      }
    }
    return nil
  }
}
