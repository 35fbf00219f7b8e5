import Ravioli
import Testing

@MainActor private final class EditorModel {
  var title = "detail"
}

@MainActor private final class DetailPane {
  @Injected var model: EditorModel

  init(container: Container) {
    _model = Injected(.capturingContainerOnInit(from: container))
  }
}

/// A class of no actor's whose property needs the main actor's `EditorModel`.
private final class OffMainReader {
  @Injected var model: EditorModel
  /// Where the wrapper is made, which messages name.
  static let line = #line + 3

  init(container: Container) {
    _model = Injected(.capturingContainerOnInit(from: container))
  }
}

/// A global: a default argument names its container where its function is declared.
private let defaultArgumentContainer = Container(name: "default-argument")

/// Takes a main-actor `EditorModel`, resolved when the caller leaves it out.
private func receive(_ model: EditorModel = injected(from: defaultArgumentContainer)) {}

/// A type of no actor's: registered from main-actor code, it still resolves anywhere.
private final class PlainService: Sendable {}

@MainActor private final class Badge {
  let text: String
  init(text: String) { self.text = text }
}

@globalActor private actor StorageActor {
  static let shared = StorageActor()
}

@StorageActor private final class Ledger {
  var entries = 0
}

/// Runs `body` off the main actor, in the calling task (so in its isolation scope, if any).
@concurrent private func offTheMainActor<Result: Sendable>(
  _ body: @Sendable () async throws -> Result
) async rethrows -> Result {
  try await body()
}

/// What a synchronous request off the main actor throws, if anything.
private func syncFailure<Value>(_ type: Value.Type, in container: Container) async
  -> ResolutionError?
{
  await offTheMainActor { () -> ResolutionError? in
    do throws(ResolutionError) {
      _ = try container.resolve() as Value
      return nil
    } catch {
      return error
    }
  }
}

@Suite struct MainActorResolverTests {
  @MainActor @Test func resolvesSynchronouslyOnTheMainActor() throws {
    let container = Container()
    container.register { @MainActor () -> EditorModel in EditorModel() }
    let model: EditorModel = try container.resolve()
    #expect(model.title == "detail")
    #expect(DetailPane(container: container).model.title == "detail")
  }

  @MainActor @Test func anUntypedParameterTakesAnything() throws {
    let container = Container()
    container.register { @MainActor parameter -> Badge in
      Badge(text: "for \(type(of: parameter))")
    }

    let badge: Badge = try container.resolve(parameter: PlainService())

    #expect(badge.text == "for PlainService")
  }

  @Test func refusesASynchronousRequestOffTheMainActor() async {
    let container = Container(name: "screens")
    container.register { @MainActor () -> EditorModel in EditorModel() }
    let error = await syncFailure(EditorModel.self, in: container)
    guard case .needsActor("MainActor")? = error?.reason else {
      Issue.record("expected a main-actor refusal, got \(String(describing: error))")
      return
    }
    let message = error?.description ?? ""
    #expect(message.contains("isolated to the main actor"))
    #expect(message.contains("try await container.resolve(EditorModel.self)"))
    #expect(message.contains("MainActorResolverTests.swift:"))
    #expect(message.contains("Containers searched: \"screens\""))
  }

  /// A property wrapper cannot throw: off the main actor, the refusal stops the program.
  @Test func aPropertyReadOffTheMainActorStopsTheProgramWithTheRefusal() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let container = Container(name: "screens")
      container.register { @MainActor () -> EditorModel in EditorModel() }
      await offTheMainActor { _ = OffMainReader(container: container).model }
    }
    let message = text(result?.standardErrorContent)
    #expect(message.contains("Cannot resolve `EditorModel` synchronously here"))
    #expect(message.contains("isolated to the main actor"))
    #expect(
      message.contains(
        "Injected into: `OffMainReader`, property `model` declared at "
          + "RavioliTests/MainActorResolverTests.swift:\(OffMainReader.line)"))
  }

  /// `injected()` cannot throw either.
  @Test func aDefaultArgumentResolvedOffTheMainActorStopsTheProgramWithTheRefusal() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      defaultArgumentContainer.register { @MainActor () -> EditorModel in EditorModel() }
      await offTheMainActor { receive() }
    }
    let message = text(result?.standardErrorContent)
    #expect(message.contains("Cannot resolve `EditorModel` synchronously here"))
    #expect(message.contains("receive(_:)"))
  }

  @Test func awaitsItFromAnywhere() async throws {
    let container = Container()
    container.register(alternative: .another) { @MainActor () -> EditorModel in
      let model = EditorModel()
      model.title = "another"
      return model
    }
    let model = try await offTheMainActor {
      try await container.resolve(EditorModel.self, alternative: .another)
    }
    #expect(await model.title == "another")
  }

  @Test func keepsItsSingletonForEveryThread() async throws {
    let container = Container()
    container.register(scope: .singleton) { @MainActor () -> EditorModel in
      EditorModel()
    }
    let first = try await container.resolve(EditorModel.self)
    // Made: a synchronous request anywhere gets it without running the resolver.
    let again = try await offTheMainActor { try container.resolve() as EditorModel }
    #expect(first === again)
  }

  @MainActor @Test func givesTheEnclosingObjectToAParametrizedResolver() throws {
    let container = Container()
    container.register { @MainActor (pane: DetailPane) -> Badge in
      Badge(text: "on \(type(of: pane))")
    }
    let screen = DetailPane(container: container)
    let badge: Badge = try container.resolve(parameter: screen)
    #expect(badge.text == "on DetailPane")
  }

  @MainActor @Test func reportsACycleAmongMainActorResolvers() {
    let container = Container()
    container.register { @MainActor () -> EditorModel in
      _ = try container.resolve() as Badge
      return EditorModel()
    }
    container.register { @MainActor () -> Badge in
      _ = try container.resolve() as EditorModel
      return Badge(text: "")
    }
    let error = #expect(throws: ResolutionError.self) {
      _ = try container.resolve() as EditorModel
    }
    guard case .cycle(let path) = error?.reason else {
      Issue.record("expected a cycle, got \(String(describing: error))")
      return
    }
    #expect(path == ["EditorModel", "Badge", "EditorModel"])
  }

  /// The trap on the other side: a closure that says nothing is nonisolated, even written
  /// in a `@MainActor` function (a SwiftUI `App`'s initializer, a `@MainActor` test).
  @MainActor @Test func registrationsFromMainActorCodeStayNonisolated() async throws {
    let container = Container()
    container.register { () -> PlainService in PlainService() }
    container.register(scope: .singleton) { () -> Greeter in EnglishGreeter() }
    let service = try await offTheMainActor { try container.resolve() as PlainService? }
    let greeter = try await offTheMainActor { try container.resolve() as Greeter }
    #expect(service != nil)
    #expect(greeter.greet() == EnglishGreeter().greet())
  }

  /// Another global actor's resolver is an async one: the road awaits it, and so runs it on
  /// that actor.
  @Test func registersAnotherGlobalActorsTypeAsAnAsyncResolver() async throws {
    let container = Container()
    container.register { @StorageActor () async -> Ledger in Ledger() }
    let ledger = try await container.resolve(Ledger.self)
    #expect(await ledger.entries == 0)
  }
}
