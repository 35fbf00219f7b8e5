import Foundation
import Ravioli
import Testing

/// What a thread of its own saw: the value resolved through the chain, and whether the chain's
/// root was let go with the rest.
private final class ChainOutcome: @unchecked Sendable {
  private let lock = NSLock()
  private var stored: (resolved: Int?, rootReleased: Bool)?

  var value: (resolved: Int?, rootReleased: Bool)? {
    get { lock.withLock { stored } }
    set { lock.withLock { stored = newValue } }
  }
}

/// Builds a chain of `depth` containers below a root that registers an `Int`, resolves it from
/// the deepest, and drops the chain, on a thread with a call stack of `stackSize` bytes.
private func buildAndDropChain(depth: Int, stackSize: Int) -> (resolved: Int?, rootReleased: Bool)?
{
  let outcome = ChainOutcome()
  let finished = Counter()
  let thread = Thread {
    var container = Container(name: "root") { $0.register { () -> Int in 42 } }
    weak let root = container
    for level in 1...depth {
      container = Container(parent: container, name: "level-\(level)")
    }
    let resolved: Int? = try? container.resolve()
    container = Container(name: "replacement")
    outcome.value = (resolved, root == nil)
    finished.increment()
  }
  thread.stackSize = stackSize
  thread.start()
  guard wait(until: finished, reaches: 1, within: 60) else { return nil }
  return outcome.value
}

@Suite struct DeepChainTests {
  /// A container's `deinit` lets its parents go after it, not inside it: dropping a deep chain
  /// on a secondary thread's default stack on Apple platforms (512 KiB) does not overflow it.
  @Test func aChainTenThousandDeepIsLetGoOnASmallStack() {
    let outcome = buildAndDropChain(depth: 10_000, stackSize: 512 * 1024)
    #expect(outcome?.resolved == 42)
    #expect(outcome?.rootReleased == true)
  }

  @Test func eachContainerOfAChainIsLetGoOnceItsLastChildGoes() {
    var parent: Container? = Container(name: "parent")
    weak let watched = parent
    var left: Container? = Container(parent: parent, name: "left")
    let right = Container(parents: [left!, parent!], name: "right")
    parent = nil
    left = nil
    #expect(watched != nil)
    #expect(right.description == #"Container "right" -> "left" -> "parent""#)
    _ = consume right
    #expect(watched == nil)
  }

  /// Several parents' chains are joined once, in order; a chain with one parent goes on as its
  /// parent's does, however deep.
  @Test func chainsBuiltOnChainsAreSearchedInOrder() throws {
    let base = Container(name: "base") { $0.register { () -> String in "base" } }
    var left = base
    for level in 1...3 {
      left = Container(parent: left, name: "left-\(level)")
    }
    let right = Container(parent: base, name: "right") {
      $0.register { () -> String in "right" }
    }
    let joined = Container(parents: [left, right], name: "joined")
    let below = Container(parent: joined, name: "below")

    #expect(
      below.description
        == #"Container "below" -> "joined" -> "left-3" -> "left-2" -> "left-1" -> "right" -> "base""#
    )
    #expect(try below.resolve() as String == "right")
    #expect(below.parents.map(\.name) == ["joined"])
    #expect(joined.parents.map(\.name) == ["left-3", "right"])
  }

  /// Past the first few parents, a chain is searched in runs that its containers share: the
  /// order is the same at every depth, and the nearest registration wins.
  @Test func aDeepChainIsSearchedInOrderAtEveryDepth() throws {
    let root = Container(name: "root") { $0.register { () -> String in "root" } }
    var containers = [root]
    for level in 1...40 {
      containers.append(
        Container(parent: containers[level - 1], name: "level-\(level)") { container in
          if level == 20 {
            container.register { () -> String in "level-20" }
          }
        })
    }
    let names = ["root"] + (1...40).map { "level-\($0)" }
    for (level, container) in containers.enumerated() {
      let expected = names[...level].reversed().map { "\"\($0)\"" }.joined(separator: " -> ")
      #expect(container.description == "Container " + expected)
      #expect(try container.resolve() as String == (level >= 20 ? "level-20" : "root"))
    }
    let joined = Container(parents: [containers[40], containers[10]], name: "joined")
    #expect(
      joined.description.hasSuffix(
        #""level-12" -> "level-11" -> "level-10" -> "level-9" -> "level-8" -> "level-7" -> "level-6" -> "level-5" -> "level-4" -> "level-3" -> "level-2" -> "level-1" -> "root""#
      ))
    #expect(joined.description.hasPrefix(#"Container "joined" -> "level-40" -> "level-39""#))
  }
}
