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
    // Information, not a warning: a resolver may need something only sometimes.
    #expect(warnings.isEmpty)
    #expect(
      logger.messages.filter { $0.level == .info }.map(\.message) == [
        "`Newsletter`, registered with `needs:` at RavioliTests/DeclaredNeedsTests.swift:\(line), "
          + "declares `Outbox (alternative \"another\")`, but its resolver did not ask for it "
          + "this time: if it never does, remove it from `needs:`."
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
    #expect(!logger.messages.contains { $0.message.contains("did not ask for it") })
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

  @Test func anOptionalRequestMatchesOnlyUnderItsDependencysAlternative() throws {
    let container = Container()
    container.register(alternative: .another, needs: []) { Mailer() }
    container.register(needs: []) { Mailer() }
    container.register(needs: [.on(Mailer.self, alternative: .another)]) { () -> Newsletter in
      let declared: Mailer? = try container.resolve(alternative: .another)
      let undeclared: Mailer? = try container.resolve()
      _ = undeclared
      return Newsletter(mailer: declared!)
    }

    _ = try container.resolve() as Newsletter
    // The declared dependency was asked for, as an optional and then (the optional's
    // fallback) as itself: neither is reported. The unnamed requests are, since no
    // dependency lists them.
    #expect(warnings.count == 2, "\(warnings)")
    #expect(warnings.contains { $0.contains("asked for `Optional<Mailer>`,") })
    #expect(warnings.contains { $0.contains("asked for `Mailer`,") })
    #expect(!warnings.contains { $0.contains("another") })
    #expect(!warnings.contains { $0.contains("did not ask for it") })
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

  @Test func aTypeDeclaredTwiceIsMatchedByEveryRequestOfIt() throws {
    let container = Container()
    container.register(needs: []) { (number: Int) in Mailer() }
    container.register(needs: []) { (text: String) in Mailer() }
    container.register(needs: [
      .on(Mailer.self, parameter: Int.self), .on(Mailer.self, parameter: String.self),
    ]) { () -> Newsletter in
      _ = try container.resolve(parameter: 1) as Mailer
      return Newsletter(mailer: try container.resolve(parameter: "one"))
    }

    _ = try container.resolve() as Newsletter
    #expect(!logger.messages.contains { $0.level >= .info && $0.message.contains("needs:") })
  }

  @Test func anUndeclaredRequestWithAParameterIsToldToDeclareItsType() throws {
    let container = Container()
    container.register(needs: []) { (number: Int) in Mailer() }
    container.register(needs: []) { () -> Newsletter in
      Newsletter(mailer: try container.resolve(parameter: 1))
    }

    _ = try container.resolve() as Newsletter
    #expect(warnings.count == 1)
    #expect(warnings.first?.contains("add `.on(Mailer.self, parameter: Int.self)` to it") == true)
  }

  private static let shared = Container(name: "digest")
}
