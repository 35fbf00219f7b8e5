import Ravioli
import Testing

private final class A: Sendable {
  let b: B
  init(b: B) { self.b = b }
}

private final class B: Sendable {
  let a: A
  init(a: A) { self.a = a }
}

private final class Leaf: Sendable {}

@Suite struct CycleTests {
  @Test func twoTypeCycleIsReportedWithItsPath() {
    let container = Container()
    container.register { () -> A in A(b: try container.resolve()) }
    container.register { () -> B in B(a: try container.resolve()) }

    let error = #expect(throws: ResolutionError.self) {
      let _: A = try container.resolve()
    }

    guard case .cycle(let path) = error?.reason else {
      Issue.record("expected a cycle, got \(String(describing: error?.reason))")
      return
    }
    #expect(path == ["A", "B", "A"])
    #expect(error?.description.contains("dependency cycle A -> B -> A") == true)
  }

  @Test func selfCycleIsReported() {
    let container = Container()
    container.register(alternative: .another) { () -> Leaf in
      try container.resolve(alternative: .another)
    }

    let error = #expect(throws: ResolutionError.self) {
      let _: Leaf = try container.resolve(alternative: .another)
    }

    guard case .cycle(let path) = error?.reason else {
      Issue.record("expected a cycle, got \(String(describing: error?.reason))")
      return
    }
    #expect(path == ["Leaf (alternative \"another\")", "Leaf (alternative \"another\")"])
  }

  @Test func cycleThroughParametrizedAndOptionalResolversIsReported() {
    let container = Container()
    container.register { (parameter: Any) -> A in A(b: try container.resolve(parameter: parameter))
    }
    container.register { () -> B in
      let a: A? = try container.resolve(parameter: "again")
      return B(a: a!)
    }

    let error = #expect(throws: ResolutionError.self) {
      let _: A = try container.resolve(parameter: "first")
    }

    guard case .cycle(let path) = error?.reason else {
      Issue.record("expected a cycle, got \(String(describing: error?.reason))")
      return
    }
    #expect(path == ["A", "B", "A"])
  }

  @Test func decoratingTheParentRegistrationIsNotACycle() throws {
    let parent = Container()
    let child = Container(parent: parent)
    parent.register { () -> String in "inner" }
    child.register { () -> String in "outer(" + (try parent.resolve() as String) + ")" }

    let value: String = try child.resolve()

    #expect(value == "outer(inner)")
  }

  @Test func theSameTypeResolvedTwiceSideBySideIsNotACycle() throws {
    let container = Container()
    container.register { () -> Leaf in Leaf() }
    container.register { () -> [Leaf] in [try container.resolve(), try container.resolve()] }

    let leaves: [Leaf] = try container.resolve()

    #expect(leaves.count == 2)
  }

  @Test func aFailedCycleLeavesTheThreadReadyForTheNextResolution() throws {
    let container = Container()
    container.register { () -> A in A(b: try container.resolve()) }
    container.register { () -> B in B(a: try container.resolve()) }
    container.register { () -> Leaf in Leaf() }
    _ = try? container.resolve() as A

    let _: Leaf = try container.resolve()
    let error = #expect(throws: ResolutionError.self) { let _: B = try container.resolve() }

    if case .cycle(let path) = error?.reason {
      #expect(path == ["B", "A", "B"])
    } else {
      Issue.record("expected a cycle")
    }
  }
}
