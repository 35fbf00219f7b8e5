import Ravioli
import Testing

private final class Notebook: Sendable {}
private final class Ledger: Sendable {}

/// What a resolver got for each of its requests.
private final class Desk: Sendable {
  let notebooks: [Notebook]
  let ledgers: [Ledger]

  init(notebooks: [Notebook] = [], ledgers: [Ledger] = []) {
    self.notebooks = notebooks
    self.ledgers = ledgers
  }
}

/// `.graph` keeps its promise on the awaiting road: one instance per top-level resolution.
@Suite struct AwaitedScopeTests {
  /// A graph-scoped async resolver, a graph-scoped synchronous one, and a desk whose async
  /// resolver awaits each twice.
  private func deskContainer() -> Container {
    let container = Container(name: "office")
    container.register(scope: .graph) { () async -> Notebook in Notebook() }
    container.register(scope: .graph) { Ledger() }
    container.register { [unowned container] () async throws -> Desk in
      Desk(
        notebooks: [
          try await container.resolve(Notebook.self), try await container.resolve(Notebook.self),
        ],
        ledgers: [
          try await container.resolve(Ledger.self), try await container.resolve(Ledger.self),
        ])
    }
    return container
  }

  @Test func anAwaitedResolutionMakesOneInstanceOfAGraphScope() async throws {
    let desk = try await deskContainer().resolve(Desk.self)
    #expect(desk.notebooks[0] === desk.notebooks[1])
    #expect(desk.ledgers[0] === desk.ledgers[1])
  }

  @Test func eachTopLevelResolutionMakesItsOwn() async throws {
    let container = deskContainer()
    let first = try await container.resolve(Desk.self)
    let second = try await container.resolve(Desk.self)
    #expect(first.notebooks[0] !== second.notebooks[0])
    #expect(first.ledgers[0] !== second.ledgers[0])
    let notebook = try await container.resolve(Notebook.self)
    #expect(try await container.resolve(Notebook.self) !== notebook)
  }

  @Test func childTasksThatAResolverStartsShareItsInstances() async throws {
    let container = Container(name: "office")
    container.register(scope: .graph) { () async -> Notebook in
      await Task.yield()
      return Notebook()
    }
    container.register { [unowned container] () async throws -> Desk in
      let notebooks = try await withThrowingTaskGroup(of: Notebook.self) { group in
        for _ in 0..<8 {
          group.addTask { try await container.resolve(Notebook.self) }
        }
        return try await group.reduce(into: []) { $0.append($1) }
      }
      return Desk(notebooks: notebooks + [try await container.resolve(Notebook.self)])
    }
    let desk = try await container.resolve(Desk.self)
    #expect(desk.notebooks.allSatisfy { $0 === desk.notebooks[0] })
  }

  @Test func aSynchronousRequestInsideIsATopLevelResolutionOfItsOwn() async throws {
    let container = Container(name: "office")
    container.register(scope: .graph) { Ledger() }
    container.register { [unowned container] () async throws -> Desk in
      Desk(ledgers: [
        try await container.resolve(Ledger.self), try container.resolve(), try container.resolve(),
      ])
    }
    let desk = try await container.resolve(Desk.self)
    #expect(desk.ledgers[0] !== desk.ledgers[1])
    #expect(desk.ledgers[1] !== desk.ledgers[2])
  }

  @MainActor @Test func aMainActorResolversInstanceIsTheAwaitedResolutions() async throws {
    let container = Container(name: "office")
    container.register(scope: .graph) { @MainActor () -> Ledger in Ledger() }
    container.register { [unowned container] () async throws -> Desk in
      Desk(ledgers: [
        try await container.resolve(Ledger.self), try await container.resolve(Ledger.self),
      ])
    }
    let desk = try await container.resolve(Desk.self)
    #expect(desk.ledgers[0] === desk.ledgers[1])
  }
}
