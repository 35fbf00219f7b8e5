import Ravioli
import RavioliTesting
import Testing

private final class Stamp: Sendable { init() {} }
private final class Envelope: Sendable { init(stamp: Stamp) {} }
private final class Parcel: Sendable { init(envelope: Envelope, stamp: Stamp) {} }

@Suite(.isolatedContainers) struct ResolutionTraceTests {
  private let logger = RecordingLogger()

  init() {
    Container.logger = logger
  }

  private var traces: [String] {
    logger.messages.filter { $0.level == .debug && $0.message.contains(" resolved `") }
      .map(\.message)
  }

  private func postOffice(named name: String = "post") -> Container {
    let container = Container(name: name)
    container.register(scope: .singleton, needs: []) { Stamp() }
    container.autoregister(initializer: Envelope.init)
    container.autoregister(initializer: Parcel.init)
    return container
  }

  /// The trace with its durations replaced by `T`, which vary from run to run.
  private func withoutDurations(_ trace: String) -> String {
    trace.replacing(/[0-9]+(\.[0-9])? (µs|ms)/, with: "T")
  }

  @Test func aTracingContainerLogsTheTreeOfEachTopLevelResolution() throws {
    let container = postOffice()
    container.tracesResolutions = true

    _ = try container.resolve() as Parcel
    _ = try container.resolve() as Parcel
    _ = try container.resolve() as Stamp

    #expect(
      traces.map(withoutDurations) == [
        """
        Container "post" resolved `Parcel` in T:
          Parcel: made in T
            Envelope: made in T
              Stamp: made in T
            Stamp: kept
        """,
        """
        Container "post" resolved `Parcel` in T:
          Parcel: made in T
            Envelope: made in T
              Stamp: kept
            Stamp: kept
        """,
        """
        Container "post" resolved `Stamp`:
          Stamp: kept
        """,
      ])
  }

  @Test func tracingIsOffByDefaultAndPerContainer() throws {
    let quiet = postOffice(named: "quiet")
    let loud = postOffice(named: "loud")
    loud.tracesResolutions = true

    _ = try quiet.resolve() as Parcel
    #expect(traces.isEmpty)
    _ = try loud.resolve() as Envelope
    #expect(traces.count == 1)
    loud.tracesResolutions = false
    _ = try loud.resolve() as Envelope
    #expect(traces.count == 1)
  }

  @Test func aTracedPropertyInjectionIsTraced() {
    final class Mailroom {
      @Injected var parcel: Parcel
    }
    let container = postOffice()
    container.tracesResolutions = true
    Container.lookupPolicy = .singleton(container)
    _ = Mailroom().parcel
    #expect(traces.count == 1)
    #expect(traces.first?.hasPrefix("Container \"post\" resolved `Parcel` in ") == true)
  }

  @Test func aFailedResolutionSaysWhatWasNotMade() throws {
    let container = Container(name: "broken")
    container.autoregister(initializer: Envelope.init)
    container.tracesResolutions = true

    #expect(throws: ResolutionError.self) { try container.resolve() as Envelope }
    // The stamp was never found, so only the envelope, whose resolver failed, is in it.
    #expect(
      traces.map(withoutDurations) == [
        """
        Container "broken" resolved `Envelope` in T:
          Envelope: failed after T
        """
      ])
  }
}
