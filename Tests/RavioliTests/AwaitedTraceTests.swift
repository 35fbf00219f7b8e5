import Ravioli
import Testing

private final class Stamp: Sendable {}
private final class Envelope: Sendable {}
private final class Parcel: Sendable {}
@MainActor private final class Tally {}

/// Awaited resolutions are traced like any other: async and main-actor resolvers, and the
/// synchronous resolutions inside them, in one tree.
@Suite(.isolatedContainers) struct AwaitedTraceTests {
  private let logger = RecordingLogger()

  init() {
    Container.logger = logger
  }

  private var traces: [String] { logger.traces }

  /// A parcel made by an async resolver, which awaits an envelope from another async one and
  /// resolves a stamp synchronously inside it.
  private func postOffice() -> Container {
    let container = Container(name: "post")
    container.register(scope: .singleton) { Stamp() }
    container.register { [unowned container] () async throws -> Envelope in
      _ = try container.resolve() as Stamp
      return Envelope()
    }
    container.register { [unowned container] () async throws -> Parcel in
      _ = try await container.resolve(Envelope.self)
      _ = try await container.resolve(Stamp.self)
      return Parcel()
    }
    return container
  }

  @Test func anAwaitedResolutionIsTracedAsOneTree() async throws {
    let container = postOffice()
    container.tracesResolutions = true

    _ = try await container.resolve(Parcel.self)
    _ = try await container.resolve(Envelope.self)

    #expect(
      traces == [
        """
        Container "post" resolved `Parcel` in T:
          Parcel: made in T
            Envelope: made in T
              Stamp: made in T
            Stamp: kept
        """,
        """
        Container "post" resolved `Envelope` in T:
          Envelope: made in T
            Stamp: kept
        """,
      ])
  }

  @Test func aMainActorResolverAwaitedIsTraced() async throws {
    let container = Container(name: "main")
    container.register { @MainActor () -> Tally in Tally() }
    container.register { [unowned container] () async throws -> Parcel in
      _ = try await container.resolve(Tally.self)
      return Parcel()
    }
    container.tracesResolutions = true

    _ = try await container.resolve(Tally.self)
    _ = try await container.resolve(Parcel.self)

    #expect(
      traces == [
        """
        Container "main" resolved `Tally` in T:
          Tally: made in T
        """,
        """
        Container "main" resolved `Parcel` in T:
          Parcel: made in T
            Tally: made in T
        """,
      ])
  }

  @Test func aFailedAwaitedResolutionSaysWhatWasNotMade() async throws {
    let container = Container(name: "broken")
    container.register { () async throws -> Envelope in throw CancellationError() }
    container.tracesResolutions = true

    await #expect(throws: ResolutionError.self) { try await container.resolve(Envelope.self) }
    #expect(
      traces == [
        """
        Container "broken" resolved `Envelope` in T:
          Envelope: failed after T
        """
      ])
  }
}
