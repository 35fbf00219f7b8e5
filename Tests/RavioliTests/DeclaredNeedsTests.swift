import Ravioli
import RavioliTesting
import Testing

private final class Mailer: Sendable { init() {} }
private final class Outbox: Sendable { init() {} }
private final class Newsletter: Sendable {
  init(mailer: Mailer) {}
}

@Suite(.isolatedContainers) struct DeclaredNeedsTests {
  private let logger = RecordingLogger()

  init() {
    Container.logger = logger
  }

  private var warnings: [String] {
    logger.messages.filter { $0.level == .warning }.map(\.message)
  }

  @Test func aResolverThatAsksOnlyForWhatItDeclaredIsNotReported() throws {
    let container = Container()
    container.register(scope: .singleton, needs: []) { Mailer() }
    container.register(needs: [.on(Mailer.self)]) { Newsletter(mailer: try container.resolve()) }

    _ = try container.resolve() as Newsletter
    // The second time, the mailer is a kept instance: still a request of what was declared.
    _ = try container.resolve() as Newsletter
    #expect(warnings.isEmpty)
  }

  @Test func askingForWhatWasNotDeclaredIsReportedOnce() throws {
    let container = Container()
    container.register(needs: []) { Mailer() }
    container.register(needs: []) { Outbox() }
    let line: UInt = #line + 1
    container.register(needs: [.on(Mailer.self)]) { () -> Newsletter in
      _ = try container.resolve() as Outbox
      return Newsletter(mailer: try container.resolve())
    }

    _ = try container.resolve() as Newsletter
    _ = try container.resolve() as Newsletter
    #expect(
      warnings == [
        "`Newsletter`, registered with `needs:` at RavioliTests/DeclaredNeedsTests.swift:\(line), "
          + "asked for `Outbox`, which its `needs:` does not list: add `.on(Outbox.self)` to "
          + "it, so that `validate()` checks it."
      ])
  }

  @Test func declaringWhatIsNotAskedForIsReportedOnce() throws {
    let container = Container()
    container.register(needs: []) { Mailer() }
    let line: UInt = #line + 1
    container.register(needs: [.on(Mailer.self), .on(Outbox.self, alternative: .another)]) {
      Newsletter(mailer: try container.resolve())
    }

    _ = try container.resolve() as Newsletter
    _ = try container.resolve() as Newsletter
    #expect(
      warnings == [
        "`Newsletter`, registered with `needs:` at RavioliTests/DeclaredNeedsTests.swift:\(line), "
          + "declares `Outbox (alternative \"another\")`, but its resolver did not ask for it: "
          + "remove it from `needs:`, or resolve it in the resolver."
      ])
  }

  @Test func aResolverThatFailsIsNotReportedForWhatItDidNotReach() throws {
    let container = Container()
    container.register(needs: [.on(Mailer.self), .on(Outbox.self)]) { () -> Newsletter in
      let mailer: Mailer = try container.resolve()  // not registered: fails here
      _ = try container.resolve() as Outbox
      return Newsletter(mailer: mailer)
    }

    #expect(throws: ResolutionError.self) { try container.resolve() as Newsletter }
    #expect(warnings.isEmpty)
  }

  @Test func anOptionalRequestMatchesItsWrappedTypeEitherWay() throws {
    let container = Container()
    container.register(needs: []) { Mailer() }
    container.register(needs: [.on(Mailer.self)]) { () -> Newsletter in
      let mailer: Mailer? = try container.resolve()
      return Newsletter(mailer: mailer!)
    }
    container.register(needs: [.on(Mailer?.self)]) { () -> Outbox in
      _ = try container.resolve() as Mailer
      return Outbox()
    }

    _ = try container.resolve() as Newsletter
    _ = try container.resolve() as Outbox
    #expect(warnings.isEmpty)
  }

  @Test func eagerInjectionInTheMadeObjectCountsAsTheResolversRequest() throws {
    final class Digest {
      @Injected(.resolvingOnInit(from: DeclaredNeedsTests.shared)) var mailer: Mailer
    }
    let container = DeclaredNeedsTests.shared
    container.register(needs: []) { Mailer() }
    container.register(needs: []) { Digest() }

    _ = try container.resolve() as Digest
    #expect(warnings.count == 1)
    #expect(
      warnings.first?.contains("asked for `Mailer`, which its `needs:` does not list") == true)
  }

  @Test func requestsOfNestedResolversBelongToThem() throws {
    let container = Container()
    container.register(needs: []) { Mailer() }
    container.autoregister(initializer: Newsletter.init)
    container.register(needs: [.on(Newsletter.self)]) { () -> Outbox in
      _ = try container.resolve() as Newsletter  // which resolves `Mailer` itself
      return Outbox()
    }

    _ = try container.resolve() as Outbox
    #expect(warnings.isEmpty)
  }

  private static let shared = Container(name: "digest")
}
