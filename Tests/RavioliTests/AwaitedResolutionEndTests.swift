import Foundation
import Ravioli
import Testing

/// A graph-scoped object that starts a task when made and cancels it when released: the task
/// inherits the awaited resolution's path.
private final class Poller: Sendable {
  let task: Task<Void, Never>
  init() {
    task = Task { try? await Task.sleep(for: .seconds(3600)) }
  }
  deinit { task.cancel() }
}
private final class Shelf: Sendable {
  let poller: Poller
  init(_ poller: Poller) { self.poller = poller }
}
private final class Widget: Sendable {}
private final class Both: Sendable {}
private final class Quick: Sendable {}
private final class Slow: Sendable {}
private struct Boom: Error {}

/// What an awaited resolution holds ends with it: a task that one of its resolvers started
/// keeps none of its graph instances alive, and resolves on its own once the resolver returned.
@Suite(.isolatedContainers) struct AwaitedResolutionEndTests {
  private let logger = RecordingLogger()

  init() {
    Container.logger = logger
  }

  private var traces: [String] { logger.traces }

  @Test func aGraphInstanceThatStartsATaskIsReleased() async throws {
    let container = Container(name: "poll")
    container.register(scope: .graph) { () async -> Poller in Poller() }
    container.register(scope: .graph) { Poller() }
    container.register { [unowned container] () async throws -> Shelf in
      Shelf(try await container.resolve(Poller.self))
    }
    weak var topLevel: Poller?
    weak var inside: Poller?
    do {
      topLevel = try await container.resolve(Poller.self)
      inside = try await container.resolve(Shelf.self).poller
    }
    #expect(topLevel == nil)
    #expect(inside == nil)
  }

  @Test func aTaskThatOutlivesItsResolverResolvesOnItsOwn() async throws {
    let container = Container(name: "late")
    container.register { Widget() }
    let done = AsyncStream<Void>.makeStream()
    container.register(needs: []) { [unowned container] () async throws -> Both in
      Task {
        try? await Task.sleep(for: .milliseconds(20))
        _ = try? container.resolve() as Widget
        done.continuation.finish()
      }
      return Both()
    }
    container.tracesResolutions = true
    _ = try await container.resolve(Both.self)
    for await _ in done.stream {}
    // Neither checked against the finished resolver's `needs: []`, nor put in its trace.
    #expect(logger.messages.filter { $0.level == .warning }.isEmpty)
    #expect(traces.contains { $0.hasPrefix("Container \"late\" resolved `Widget`") })
  }

  @Test func siblingsAreTimedAndFailedByTheirOwnEntries() async throws {
    let container = Container(name: "siblings")
    container.register { () async throws -> Quick in
      try? await Task.sleep(for: .milliseconds(10))
      throw Boom()
    }
    container.register { () async -> Slow in
      try? await Task.sleep(for: .milliseconds(100))
      return Slow()
    }
    container.register { [unowned container] () async throws -> Both in
      async let quick = container.resolve(Quick.self)
      try await Task.sleep(for: .milliseconds(2))
      async let slow = container.resolve(Slow.self)
      _ = try? await quick
      _ = try await slow
      return Both()
    }
    container.tracesResolutions = true
    _ = try await container.resolve(Both.self)
    let lines = traces.first?.split(separator: "\n") ?? []
    #expect(lines.contains { $0.contains("Quick: failed after") })
    #expect(lines.contains { $0.contains("Slow: made in") })
  }
}

@MainActor private final class Gauge {}

extension GlobalStateTests {
  /// The main thread's stack keeps no trace of an awaited request that it did not resolve.
  @Suite(.isolatedContainers) struct AwaitedMainActorTraceTests {
    private let logger = RecordingLogger()

    init() {
      Container.logger = logger
    }

    @MainActor @Test func aTraceIsNotLeftForALaterResolution() async throws {
      let container = Container(name: "stale")
      container.register(scope: .singleton) { @MainActor () -> Gauge in Gauge() }
      container.register { Widget() }
      container.tracesResolutions = true
      let task = startResolvingGauge(in: container)
      // The task takes its trace and waits for the main actor, held here, which then makes
      // the gauge itself.
      usleep(200_000)
      _ = try container.resolve() as Gauge
      try await task.value
      container.tracesResolutions = false
      let before = logger.messages.count
      _ = try container.resolve() as Widget
      #expect(logger.messages.count == before)
    }
  }
}

/// Off the main actor, in the calling task's isolation scope.
private func startResolvingGauge(in container: Container) -> Task<Void, any Error> {
  Task { _ = try await container.resolve(Gauge.self) }
}
