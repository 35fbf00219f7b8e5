// example: testing-imports
import Ravioli
import RavioliTesting
import Testing

// example end: testing-imports

private final class Stamp: Sendable { init() {} }
private final class Envelope: Sendable { init(stamp: Stamp) {} }
private final class Parcel: Sendable { init(envelope: Envelope, stamp: Stamp) {} }

@Suite(.isolatedContainers) struct ResolutionTraceTests {
  private let logger = RecordingLogger()

  init() {
    Container.logger = logger
  }

  private var traces: [String] { logger.traces }

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

  @Test func eagerCreationIsTracedLikeAnyResolution() throws {
    let container = Container(name: "eager")
    container.register(scope: .singleton, needs: []) { Stamp() }
    container.tracesResolutions = true

    try container.createSingletons()
    _ = try container.resolve() as Stamp

    #expect(
      traces.map(withoutDurations) == [
        """
        Container "eager" resolved `Stamp` in T:
          Stamp: made in T
        """,
        """
        Container "eager" resolved `Stamp`:
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

extension GlobalStateTests {
  /// Outside isolation scopes, resolution reads what containers publish, and tells its
  /// watchers (a trace, a checked `needs:`) the request's type and alternative, which it
  /// takes from the key of the registration it found: for a resolver that runs, for a
  /// singleton's first resolution, and for its kept instance.
  @Suite struct WatchedPublishedRoadTests {
    private let logger = RecordingLogger()

    init() {
      Container.logger = logger
    }

    /// A container of a resolver (`Service`) that asks for an unscoped greeter and a
    /// singleton one, each under an alternative; `needs` is what the service declares, if
    /// anything.
    private func greeters(needs: [Container.Dependency]?) -> Container {
      let container = Container(name: "watched")
      container.register(alternative: .french) { () -> Greeter in FrenchGreeter() }
      container.register(alternative: .another, scope: .singleton) { () -> Greeter in
        EnglishGreeter()
      }
      container.register(needs: needs) { () -> Service in
        _ = try container.resolve(alternative: .french) as Greeter
        _ = try container.resolve(alternative: .another) as Greeter
        _ = try container.resolve(alternative: .another) as Greeter
        return Service()
      }
      return container
    }

    @Test func aTraceNamesEachRequestWithItsAlternative() throws {
      defer { Container.logger = StandardErrorLogger() }
      let container = greeters(needs: nil)
      container.tracesResolutions = true
      defer { container.tracesResolutions = false }

      _ = try container.resolve() as Service

      let trace = logger.messages.filter { $0.message.contains(" resolved `") }.map(\.message)
      #expect(trace.count == 1)
      let lines = trace.first?.split(separator: "\n").map(String.init) ?? []
      #expect(lines.contains { $0.contains(#"Greeter (alternative "french"): made in"#) })
      #expect(lines.contains { $0.contains(#"Greeter (alternative "another"): made in"#) })
      #expect(lines.contains { $0.hasSuffix(#"Greeter (alternative "another"): kept"#) })
    }

    @Test func anUndeclaredRequestIsReportedWithItsAlternative() throws {
      defer { Container.logger = StandardErrorLogger() }
      let container = greeters(needs: [])

      _ = try container.resolve() as Service

      let warnings = logger.messages.filter { $0.level == .warning }.map(\.message)
      #expect(warnings.count == 2, "\(warnings)")
      #expect(warnings.contains { $0.contains(#"asked for `Greeter (alternative "french")`,"#) })
      #expect(warnings.contains { $0.contains(#"asked for `Greeter (alternative "another")`,"#) })
    }
  }
}
