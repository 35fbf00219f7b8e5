import Ravioli
import Testing

private final class Mailer: Sendable {}
private final class Outbox: Sendable {}
private final class Archive: Sendable {}
private final class Newsletter: Sendable {}

/// An async resolver's requests are checked against its `needs:` while it runs, as a
/// synchronous resolver's are.
@Suite(.isolatedContainers) struct AwaitedNeedsTests {
  private let logger = RecordingLogger()

  init() {
    Container.logger = logger
  }

  private func messages(_ level: RavioliLoggingLevel) -> [String] {
    logger.messages.filter { $0.level == level }.map(\.message)
  }

  @Test func anUndeclaredRequestOfAnAsyncResolverIsReported() async throws {
    let container = Container(name: "post")
    container.register { () async -> Mailer in Mailer() }
    container.register { Outbox() }
    container.register(scope: .singleton) { Archive() }
    let line: UInt = #line + 1
    container.register(needs: [.on(Mailer.self)]) { [unowned container] () async throws in
      _ = try await container.resolve(Mailer.self)
      _ = try await container.resolve(Outbox.self)
      _ = try container.resolve() as Archive
      return Newsletter()
    }

    _ = try await container.resolve(Newsletter.self)
    let site = "RavioliTests/AwaitedNeedsTests.swift:\(line)"
    #expect(
      messages(.warning) == [
        "`Newsletter`, registered with `needs:` at \(site), asked for `Outbox`, which its "
          + "`needs:` does not list: add `.on(Outbox.self)` to it, so that `validate()` checks it.",
        "`Newsletter`, registered with `needs:` at \(site), asked for `Archive`, which its "
          + "`needs:` does not list: add `.on(Archive.self)` to it, so that `validate()` checks "
          + "it.",
      ])
  }

  @Test func aDeclaredNeedThatAnAsyncResolverDidNotAskForIsNoted() async throws {
    let container = Container(name: "post")
    container.register { () async -> Mailer in Mailer() }
    let line: UInt = #line + 1
    container.register(needs: [.on(Mailer.self), .on(Outbox.self)]) {
      [unowned container] () async throws in
      // From a child task: still the resolver's request.
      async let mailer = container.resolve(Mailer.self)
      _ = try await mailer
      return Newsletter()
    }

    _ = try await container.resolve(Newsletter.self)
    #expect(messages(.warning).isEmpty)
    #expect(
      messages(.info) == [
        "`Newsletter`, registered with `needs:` at RavioliTests/AwaitedNeedsTests.swift:\(line), "
          + "declares `Outbox`, but its resolver did not ask for it this time: if it never "
          + "does, remove it from `needs:`."
      ])
  }
}
