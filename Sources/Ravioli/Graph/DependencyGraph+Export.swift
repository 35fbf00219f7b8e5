extension DependencyGraph {
  /// The graph as a Mermaid flowchart, which GitHub draws in a code block marked `mermaid`.
  public var mermaid: String {
    render(
      ["flowchart TD"], container: { ["  subgraph c\($0) [\"\(Self.mermaidText($1))\"]"] },
      end: "  end",
      node: { index, node in
        "    n\(index)[\"\(node.labelLines.map(Self.mermaidText).joined(separator: "<br/>"))\"]"
          + (node.isOpaque ? ":::opaque" : "")
      },
      missing: { "  m\($0)[\"\(Self.mermaidText("\($1)"))<br/>missing\"]:::missing" },
      edge: { "  n\($0.from) --> \($0.to)" },
      footer: { red in
        let cycles = red.map(String.init).joined(separator: ",")
        return [
          "  classDef missing stroke:#d33,stroke-width:2px,stroke-dasharray:5 5",
          "  classDef opaque stroke-dasharray:3 3",
        ] + (red.isEmpty ? [] : ["  linkStyle \(cycles) stroke:#d33,stroke-width:2px"])
      })
  }

  /// The graph in Graphviz's DOT language, showing what ``mermaid`` shows.
  public var dot: String {
    render(
      ["digraph dependencies {", "  node [shape=box];"],
      container: { ["  subgraph cluster_\($0) {", "    label=\(Self.dotText($1));"] }, end: "  }",
      node: { index, node in
        "    n\(index) [label=\(Self.dotText(node.labelLines.joined(separator: "\n")))"
          + "\(node.isOpaque ? ", style=dashed" : "")];"
      },
      missing: { "  m\($0) [label=\(Self.dotText("\($1)\nmissing")), color=red, style=dashed];" },
      edge: { "  n\($0.from) -> \($0.to)\($0.onCycle ? " [color=red]" : "");" },
      footer: { _ in ["}"] })
  }

  /// The lines of an export: `header`, each container's (its lines, its nodes', `end`), each
  /// missing dependency's, each arrow's, then the `footer` given the numbers of the arrows on a
  /// cycle.
  private func render(
    _ header: [String], container: (Int, String) -> [String], end: String,
    node: (Int, Node) -> String, missing: (Int, Container.Dependency) -> String,
    edge: ((from: Int, to: String, onCycle: Bool)) -> String, footer: ([Int]) -> [String]
  ) -> String {
    var lines = header
    for (position, name) in containers.enumerated() {
      lines += container(position, name)
      for (index, member) in nodes.enumerated() where member.container == position {
        lines.append(node(index, member))
      }
      lines.append(end)
    }
    lines += self.missing.enumerated().map(missing)
    let edges = drawnEdges()
    lines += edges.map(edge) + footer(edges.indices.filter { edges[$0].onCycle })
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
    escaped(text, ["\"": "#quot;", "<": "#lt;", ">": "#gt;"])
  }

  private static func dotText(_ text: String) -> String {
    "\"" + escaped(text, ["\"": "\\\"", "\\": "\\\\", "\n": "\\n"]) + "\""
  }

  /// `text` with each character that `table` lists replaced by its escape.
  private static func escaped(_ text: String, _ table: [Character: String]) -> String {
    text.map { table[$0] ?? String($0) }.joined()
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
