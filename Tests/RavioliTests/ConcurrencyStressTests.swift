import Ravioli
import Testing

// Run under ThreadSanitizer in CI, with the other `Stress` suites: many tasks awaiting async
// and main-actor resolvers at once, while instances are made, reset and replaced.

private actor Session {
  let number: Int
  init(number: Int) { self.number = number }
}

@MainActor private final class Toolbar {
  let number: Int
  init(number: Int) { self.number = number }
}

@Suite struct ConcurrencyStressTests {
  @Test func manyTasksAwaitAsyncInstancesWhileTheyAreReset() async throws {
    let container = Container()
    let made = Counter()
    container.register(scope: .cached) { () async throws -> Session in
      await Task.yield()
      return Session(number: made.increment())
    }
    container.register(scope: .singleton) { () async throws -> Toolbar in
      await Toolbar(number: made.increment())
    }
    let resolved = try await withThrowingTaskGroup(of: Int.self) { group in
      for task in 0..<64 {
        group.addTask {
          var numbers = 0
          for round in 0..<50 {
            if task == 0 && round % 5 == 0 {
              container.reset(.cached)
            }
            let session = try await container.resolve(Session.self)
            let toolbar = try await container.resolve(Toolbar.self)
            numbers += session.number > 0 && toolbar.number > 0 ? 1 : 0
          }
          return numbers
        }
      }
      return try await group.reduce(0, +)
    }
    #expect(resolved == 64 * 50)
    // One toolbar; a session for each of the 11 generations (the first, and one per reset),
    // plus, at most, one per reset that came while a session was being made (it is handed
    // to its caller, not kept).
    #expect(made.value <= 1 + 11 + 10)
  }

  @Test func manyTasksAwaitMainActorResolversWhileOthersResolveSynchronously() async throws {
    let container = Container()
    let made = Counter()
    container.register { @MainActor () -> Toolbar in Toolbar(number: made.increment()) }
    container.register(scope: .singleton) { () -> Greeter in EnglishGreeter() }
    let total = try await withThrowingTaskGroup(of: Int.self) { group in
      for task in 0..<32 {
        group.addTask {
          var count = 0
          for _ in 0..<100 {
            if task.isMultiple(of: 2) {
              count += try await container.resolve(Toolbar.self).number > 0 ? 1 : 0
            } else {
              count += (try container.resolve() as Greeter).greet().isEmpty ? 0 : 1
            }
          }
          return count
        }
      }
      return try await group.reduce(0, +)
    }
    #expect(total == 32 * 100)
    #expect(made.value == 16 * 100)
  }

  @Test func manyTasksAwaitOneSingletonAcrossIsolationScopes() async throws {
    let module = Container(name: "module")
    module.register(scope: .singleton) { () async throws -> Session in Session(number: 0) }
    let shared = try await module.resolve(Session.self)
    let distinct = try await withThrowingTaskGroup(of: Bool.self) { group in
      for _ in 0..<16 {
        group.addTask {
          try await withIsolatedContainers { () async throws in
            let mine = try await module.resolve(Session.self)
            let again = try await module.resolve(Session.self)
            return mine !== shared && mine === again
          }
        }
      }
      return try await group.reduce(true) { $0 && $1 }
    }
    #expect(distinct)
    #expect(try await module.resolve(Session.self) === shared)
  }
}
