import Ravioli
import Testing

private final class Basket: Sendable { init() {} }
private final class BasketBadge: Sendable { init(basket: Basket) {} }
private protocol CardReader: Sendable {}
private final class Till: Sendable { init(reader: any CardReader) {} }
private final class Ping: Sendable { init(pong: Pong) {} }
private final class Pong: Sendable { init(ping: Ping) {} }
private final class Memo: Sendable { init() {} }
private final class Label<Content>: Sendable { init() {} }

@Suite(.isolatedContainers) struct GraphExportTests {
  /// core: a cached basket. app: a badge that needs it, a till whose card reader is
  /// missing, two initializers that need each other, an opaque memo under an alternative,
  /// and a generic type whose name needs escaping.
  private func smallGraph() -> Container {
    let core = Container(name: "core")
    core.register(scope: .cached, needs: []) { Basket() }
    let app = Container(parent: core, name: "app")
    app.autoregister(initializer: BasketBadge.init)
    app.autoregister(initializer: Till.init)
    app.autoregister(initializer: Ping.init)
    app.autoregister(initializer: Pong.init)
    app.register(alternative: "daily") { Memo() }
    app.register(needs: []) { (memo: Memo) -> Label<String> in Label() }
    return app
  }

  @Test func mermaid() {
    #expect(
      smallGraph().graph.mermaid == """
        flowchart TD
          subgraph c0 ["app"]
            n0["BasketBadge<br/>unique"]
            n1["Till<br/>unique"]
            n2["Ping<br/>unique"]
            n3["Pong<br/>unique"]
            n4["Memo<br/>alternative #quot;daily#quot;<br/>unique"]:::opaque
            n5["Label#lt;String#gt;<br/>takes Memo<br/>unique"]
          end
          subgraph c1 ["core"]
            n6["Basket<br/>cached"]
          end
          m0["CardReader<br/>missing"]:::missing
          n0 --> n6
          n1 --> m0
          n2 --> n3
          n3 --> n2
          classDef missing stroke:#d33,stroke-width:2px,stroke-dasharray:5 5
          classDef opaque stroke-dasharray:3 3
          linkStyle 2,3 stroke:#d33,stroke-width:2px

        """)
  }

  @Test func dot() {
    #expect(
      smallGraph().graph.dot == #"""
        digraph dependencies {
          node [shape=box];
          subgraph cluster_0 {
            label="app";
            n0 [label="BasketBadge\nunique"];
            n1 [label="Till\nunique"];
            n2 [label="Ping\nunique"];
            n3 [label="Pong\nunique"];
            n4 [label="Memo\nalternative \"daily\"\nunique", style=dashed];
            n5 [label="Label<String>\ntakes Memo\nunique"];
          }
          subgraph cluster_1 {
            label="core";
            n6 [label="Basket\ncached"];
          }
          m0 [label="CardReader\nmissing", color=red, style=dashed];
          n0 -> n6;
          n1 -> m0;
          n2 -> n3 [color=red];
          n3 -> n2 [color=red];
        }

        """#)
  }

  /// Several registrations that need one: each has its own arrow to the one node, and a
  /// missing dependency that several need is one node too.
  @Test func severalNodesNeedingOne() {
    let container = Container(name: "shared")
    container.register(needs: []) { Basket() }
    container.autoregister(initializer: BasketBadge.init)
    container.register(alternative: "second", needs: [.on(Basket.self), .on(CardReader.self)]) {
      BasketBadge(basket: Basket())
    }
    container.autoregister(initializer: Till.init)
    #expect(
      container.graph.mermaid == """
        flowchart TD
          subgraph c0 ["shared"]
            n0["Basket<br/>unique"]
            n1["BasketBadge<br/>unique"]
            n2["BasketBadge<br/>alternative #quot;second#quot;<br/>unique"]
            n3["Till<br/>unique"]
          end
          m0["CardReader<br/>missing"]:::missing
          n1 --> n0
          n2 --> n0
          n2 --> m0
          n3 --> m0
          classDef missing stroke:#d33,stroke-width:2px,stroke-dasharray:5 5
          classDef opaque stroke-dasharray:3 3

        """)
    #expect(
      container.graph.dot == #"""
        digraph dependencies {
          node [shape=box];
          subgraph cluster_0 {
            label="shared";
            n0 [label="Basket\nunique"];
            n1 [label="BasketBadge\nunique"];
            n2 [label="BasketBadge\nalternative \"second\"\nunique"];
            n3 [label="Till\nunique"];
          }
          m0 [label="CardReader\nmissing", color=red, style=dashed];
          n1 -> n0;
          n2 -> n0;
          n2 -> m0;
          n3 -> m0;
        }

        """#)
  }

  @Test func aGraphWithoutProblemsHasNoHighlights() {
    let container = Container(name: "tidy")
    container.register(needs: []) { Basket() }
    container.autoregister(initializer: BasketBadge.init)
    let mermaid = container.graph.mermaid
    #expect(!mermaid.contains("linkStyle") && !mermaid.contains(":::missing"))
    #expect(!container.graph.dot.contains("red"))
  }
}
