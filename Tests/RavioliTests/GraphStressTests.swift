import Dispatch
import Ravioli
import RavioliTesting
import Testing

// Declared needs and traces are checked on every thread that resolves: these run under
// ThreadSanitizer in CI (`--filter Stress`).

private final class Sprocket: Sendable { init() {} }
private final class Gear: Sendable { init(sprocket: Sprocket) {} }
private final class Gearbox: Sendable { init() {} }

@Suite(.isolatedContainers) struct GraphStressTests {
  @Test func declaredNeedsAndTracesOnManyThreadsWhileTracingIsSwitched() throws {
    let logger = RecordingLogger()
    Container.logger = logger
    let container = Container(name: "works")
    container.register(scope: .singleton, needs: []) { Sprocket() }
    container.autoregister(initializer: Gear.init)
    container.register(needs: [.on(Gear.self)]) { () -> Gearbox in
      _ = try container.resolve() as Gear
      return Gearbox()
    }

    DispatchQueue.concurrentPerform(iterations: 4) { thread in
      for operation in 0..<500 {
        if thread == 0 {
          container.tracesResolutions = operation % 2 == 0
        }
        _ = try? container.resolve() as Gearbox
      }
    }
    container.tracesResolutions = false

    let messages = logger.messages
    #expect(!messages.contains { $0.level == .warning })
    let traces = messages.filter { $0.message.hasPrefix("Container \"works\" resolved") }
    #expect(!traces.isEmpty)
    // Every trace is one top-level resolution of a gearbox, never mixed with another thread's.
    for trace in traces.map(\.message) {
      let lines = trace.split(separator: "\n").dropFirst().map { $0.trimmingPrefix("  ") }
      #expect(lines.first?.hasPrefix("Gearbox: made in") == true, "\(trace)")
      #expect(lines.count == 3, "\(trace)")
    }

    // The road still checks a declaring resolver after all that switching.
    container.register(needs: [], replacing: true) { () -> Gearbox in
      _ = try container.resolve() as Sprocket
      return Gearbox()
    }
    _ = try container.resolve() as Gearbox
    #expect(logger.messages.filter { $0.level == .warning }.count == 1)
  }
}
