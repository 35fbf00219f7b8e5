import Foundation
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

/// Registers `Int` under alternative `level-n`, whose resolver registers the next level and
/// resolves it: a recursion that never meets the same registration twice, so it is no cycle.
private func registerLevel(_ level: Int, in container: Container) {
  container.register(alternative: RegistrationAlternative("level-\(level)")) {
    [unowned container] () -> Int in
    registerLevel(level + 1, in: container)
    let next: Int = try container.resolve(
      alternative: RegistrationAlternative("level-\(level + 1)"))
    return next + 1
  }
}

/// Resolves level 0 of `container` on a thread of its own, with a call stack of `stackSize`
/// bytes: the test's own thread may have a small stack (512 KiB on Apple platforms), which a
/// debug build fills before 500 levels.
private func resolveLevelZero(of container: Container, stackSize: Int) -> Result<
  Int, ResolutionError
>? {
  let outcome = Outcome()
  let finished = Counter()
  let thread = Thread {
    outcome.result = Result { () throws(ResolutionError) -> Int in
      try container.resolve(alternative: "level-0")
    }
    finished.increment()
  }
  thread.stackSize = stackSize
  thread.start()
  guard wait(until: finished, reaches: 1) else { return nil }
  return outcome.result
}

private let largeStack = 16 * 1024 * 1024

@Suite struct NestingTests {
  @Test func aRunawayRecursionEndsInAnErrorThatNamesTheDepthAndThePathStart() {
    let container = Container(name: "runaway")
    registerLevel(0, in: container)

    let outcome = resolveLevelZero(of: container, stackSize: largeStack)

    guard case .failure(let error) = outcome, case .tooDeep(let depth) = error.reason else {
      Issue.record("expected .tooDeep, got \(String(describing: outcome))")
      return
    }
    #expect(depth == 500)
    let path = error.resolutionPath
    #expect(path.count == 15)
    #expect(path.first == #"Int (alternative "level-0")"#)
    #expect(path[9] == #"Int (alternative "level-9")"#)
    #expect(path[10] == "... 487 more ...")
    #expect(path[13] == #"Int (alternative "level-499")"#)
    #expect(path.last == #"Int (alternative "level-500")"#)
    #expect(
      error.description.hasPrefix(
        #"Cannot resolve `Int` (alternative "level-500"): resolutions are nested 500 deep, "#
          + "as deep as they may be."))
    #expect(
      error.description.contains(
        "Note: Ravioli nests resolutions at most 500 deep, which no real object graph needs"))
    #expect(error.description.contains("Containers searched: \"runaway\""))
  }

  @Test func aGraphAsDeepAsTheLimitResolves() throws {
    let container = Container(name: "deep")
    for level in 0..<499 {
      container.register(alternative: RegistrationAlternative("level-\(level)")) {
        [unowned container] () -> Int in
        let next: Int = try container.resolve(
          alternative: RegistrationAlternative("level-\(level + 1)"))
        return next + 1
      }
    }
    container.register(alternative: "level-499") { () -> Int in 0 }

    let outcome = resolveLevelZero(of: container, stackSize: largeStack)

    #expect(try outcome?.get() == 499)
  }

  @Test func theThreadResolvesNormallyAfterHittingTheLimit() throws {
    let container = Container(name: "runaway")
    registerLevel(0, in: container)
    container.register { () -> String in "fine" }
    _ = try? container.resolve(alternative: "level-0") as Int

    let value: String = try container.resolve()

    #expect(value == "fine")
  }

  @Test func onAThreadWithASmallStackTheRecursionStopsBeforeTheStackOverflows() {
    let container = Container(name: "runaway")
    registerLevel(0, in: container)

    let outcome = resolveLevelZero(of: container, stackSize: 256 * 1024)

    guard case .failure(let error) = outcome, case .tooDeep(let depth) = error.reason else {
      Issue.record("expected .tooDeep, got \(String(describing: outcome))")
      return
    }
    #expect(depth > 0 && depth < 500)
    // The size the thread has, which glibc may take from a larger stack that an ended thread
    // left (up to four times the size asked for).
    let size = error.description.firstMatch(
      of: /Note: This thread's call stack \((\d+) KiB\) is nearly full/
    )
    .flatMap { Int($0.1) }
    #expect(size.map { $0 >= 256 && $0 <= 1024 } == true)
  }
}

/// What a resolution on another thread ended with.
// `stored` is only touched under `lock`.
private final class Outcome: @unchecked Sendable {
  private let lock = NSLock()
  private var stored: Result<Int, ResolutionError>?

  var result: Result<Int, ResolutionError>? {
    get { lock.withLock { stored } }
    set { lock.withLock { stored = newValue } }
  }
}
