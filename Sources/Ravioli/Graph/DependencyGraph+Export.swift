extension DependencyGraph {
  /// The graph as a Mermaid flowchart, which GitHub draws in a fenced code block marked
  /// `mermaid`: a node per registration (type, alternative, scope) in a subgraph per
  /// container, an arrow to each thing it needs; missing dependencies red and dashed, arrows
  /// that close a cycle red, opaque registrations dashed.
  public var mermaid: String {
    var lines = ["flowchart TD"]
    for (position, container) in containers.enumerated() {
      lines.append("  subgraph c\(position) [\"\(Self.mermaidText(container))\"]")
      for (index, node) in nodes.enumerated() where node.container == position {
        let style = node.isOpaque ? ":::opaque" : ""
        lines.append(
          "    n\(index)[\"\(node.labelLines.map(Self.mermaidText).joined(separator: "<br/>"))\"]"
            + style)
      }
      lines.append("  end")
    }
    for (index, missing) in missing.enumerated() {
      lines.append(
        "  m\(index)[\"\(Self.mermaidText("\(missing)"))<br/>missing\"]:::missing")
    }
    var red: [Int] = []
    for (number, edge) in drawnEdges().enumerated() {
      lines.append("  n\(edge.from) --> \(edge.to)")
      if edge.onCycle {
        red.append(number)
      }
    }
    lines.append("  classDef missing stroke:#d33,stroke-width:2px,stroke-dasharray:5 5")
    lines.append("  classDef opaque stroke-dasharray:3 3")
    if !red.isEmpty {
      lines.append(
        "  linkStyle \(red.map(String.init).joined(separator: ",")) stroke:#d33,stroke-width:2px")
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// The graph in Graphviz's DOT language (`dot -Tsvg graph.dot > graph.svg`), showing what
  /// ``mermaid`` shows.
  public var dot: String {
    var lines = ["digraph dependencies {", "  node [shape=box];"]
    for (position, container) in containers.enumerated() {
      lines.append("  subgraph cluster_\(position) {")
      lines.append("    label=\(Self.dotText(container));")
      for (index, node) in nodes.enumerated() where node.container == position {
        let style = node.isOpaque ? ", style=dashed" : ""
        lines.append(
          "    n\(index) [label=\(Self.dotText(node.labelLines.joined(separator: "\n")))\(style)];")
      }
      lines.append("  }")
    }
    for (index, missing) in missing.enumerated() {
      lines.append(
        "  m\(index) [label=\(Self.dotText("\(missing)\nmissing")), color=red, "
          + "style=dashed];")
    }
    for edge in drawnEdges() {
      lines.append("  n\(edge.from) -> \(edge.to)\(edge.onCycle ? " [color=red]" : "");")
    }
    lines.append("}")
    return lines.joined(separator: "\n") + "\n"
  }

  /// Every arrow, once per pair of nodes, in the order of the nodes and their declarations,
  /// and whether it is on a cycle (joins two nodes of one strongly connected component).
  private func drawnEdges() -> [(from: Int, to: String, onCycle: Bool)] {
    var component: [Int: Int] = [:]
    for (number, members) in stronglyConnectedComponents().enumerated() {
      for member in members { component[member] = number }
    }
    var drawn: [(Int, String, Bool)] = []
    for (index, node) in nodes.enumerated() {
      var seen = Set<String>()
      for edge in node.edges where seen.insert(edge.target.id).inserted {
        var onCycle = false
        if case .node(let target) = edge.target, let own = component[index] {
          onCycle = component[target] == own
        }
        drawn.append((index, edge.target.id, onCycle))
      }
    }
    return drawn
  }

  private static func mermaidText(_ text: String) -> String {
    var escaped = ""
    for character in text {
      switch character {
      case "\"": escaped += "#quot;"
      case "<": escaped += "#lt;"
      case ">": escaped += "#gt;"
      default: escaped.append(character)
      }
    }
    return escaped
  }

  private static func dotText(_ text: String) -> String {
    var escaped = "\""
    for character in text {
      switch character {
      case "\"": escaped += "\\\""
      case "\\": escaped += "\\\\"
      case "\n": escaped += "\\n"
      default: escaped.append(character)
      }
    }
    return escaped + "\""
  }
}

extension DependencyGraph.Node {
  var labelLines: [String] {
    var lines = [String(describing: type)]
    if let alternative {
      lines.append("alternative \"\(alternative.name)\"")
    }
    if let parameterTypeName {
      lines.append("takes \(parameterTypeName)")
    }
    lines.append("\(scope)")
    return lines
  }
}

extension DependencyGraph.Target {

  /// The node an arrow points to: `n3`, or `m0` for a missing dependency.
  var id: String {
    switch self {
    case .node(let index): "n\(index)"
    case .missing(let index), .parameterNotTaken(_, let index): "m\(index)"
    }
  }
}
