import Ravioli
import Testing

extension GlobalStateTests {
  /// A class, so that `deinit` puts the default logger back after each test and suites
  /// running alongside do not keep logging into this one's.
  @Suite final class LoggerTests {
    let logger = RecordingLogger()

    init() {
      Container.logger = logger
    }

    deinit {
      Container.logger = StandardErrorLogger()
    }

    /// Other suites run alongside and log too: look only at this container's messages.
    private func messages(about container: Container) -> [(
      level: RavioliLoggingLevel, message: String
    )] {
      logger.messages.filter { $0.message.contains("\"\(container.name)\"") }
    }

    @Test func registrationIsLoggedAtDebugLevel() {
      let container = Container()
      container.register { () -> Greeter in EnglishGreeter() }

      let logged = messages(about: container)
      #expect(logged.count == 1)
      #expect(logged.first?.level == .debug)
      #expect(logged.first?.message.contains("registered `Greeter`") == true)
    }

    @Test func replacingARegistrationIsAWarningNamingTheEarlierOne() {
      let container = Container()
      container.register(alternative: .french) { () -> Greeter in EnglishGreeter() }
      container.register(alternative: .french) { () -> Greeter in FrenchGreeter() }

      let warnings = messages(about: container).filter { $0.level == .warning }
      #expect(warnings.count == 1)
      #expect(
        warnings.first?.message.contains(
          "registering `Greeter (alternative \"french\")` again replaces the one registered at "
            + "RavioliTests/LoggerTests.swift:") == true)
    }

    @Test func resolveIfRegisteredLogsFailuresOtherThanAMissingRegistration() {
      let container = Container(name: "logged-cycle")
      container.register { () -> Service in try container.resolve() }

      let service: Service? = container.resolveIfRegistered()

      #expect(service == nil)
      let errors = messages(about: container).filter { $0.level == .error }
      #expect(errors.contains { $0.message.contains("dependency cycle Service -> Service") })
    }

    @Test func resolveIfRegisteredLogsNothingWhenNothingIsRegistered() {
      let container = Container(name: "logged-miss")

      let service: Service? = container.resolveIfRegistered()

      #expect(service == nil)
      #expect(messages(about: container).isEmpty)
    }

    @Test func resolveIfRegisteredLogsAResolverThatNeedsAParameter() {
      let container = Container(name: "logged-needs-parameter")
      container.register { (parameter: Any) -> Service in Service() }

      let service: Service? = container.resolveIfRegistered()

      #expect(service == nil)
      let errors = messages(about: container).filter { $0.level == .error }
      #expect(errors.count == 1)
      #expect(errors.first?.message.contains("only a parametrized resolver is registered") == true)
    }

    @Test func removingAllRegistrationsIsLogged() {
      let container = Container(name: "logged-removal")
      container.removeAllRegistrations()
      #expect(messages(about: container).map(\.level) == [.info])
    }

    @Test func levelsAreOrdered() {
      #expect(RavioliLoggingLevel.allCases == [.debug, .info, .warning, .error])
      #expect(RavioliLoggingLevel.debug < .error)
      #expect(StandardErrorLogger().minimumLevel == .warning)
    }

    @Test func loggerCanBeReadBack() {
      #expect(Container.logger is RecordingLogger)
      Container.logger = SilentLogger()
      #expect(Container.logger is SilentLogger)
      Container.logger = StandardErrorLogger()
    }
  }
}

@Suite struct StandardErrorLoggerTests {
  @Test func writesToStandardErrorFromTheMinimumLevelUp() async {
    let result = await #expect(
      processExitsWith: .success, observing: [\.standardErrorContent, \.standardOutputContent]
    ) {
      let logger = StandardErrorLogger(minimumLevel: .info)
      logger.log("hidden debug", level: .debug, file: "File.swift", function: "f", line: 3)
      logger.log("shown info", level: .info, file: "File.swift", function: "f", line: 4)
      logger.log("shown error", level: .error, file: "File.swift", function: "f", line: 5)
    }
    let standardError = text(result?.standardErrorContent)
    #expect(standardError.contains("[Ravioli] info: shown info (File.swift:4)"))
    #expect(standardError.contains("[Ravioli] error: shown error (File.swift:5)"))
    #expect(!standardError.contains("hidden debug"))
    let standardOutput = text(result?.standardOutputContent)
    #expect(!standardOutput.contains("shown"))
  }

  @Test func dieWritesTheWholeMessageThenStops() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      StandardErrorLogger().die(
        "first line\n  second line", file: "F.swift", function: "f", line: 1)
    }
    let standardError = text(result?.standardErrorContent)
    #expect(standardError.contains("[Ravioli] error: first line\n  second line"))
  }

  @Test func silentLoggerStillStopsOnDie() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      SilentLogger().log("never shown", level: .error, file: "F.swift", function: "f", line: 1)
      SilentLogger().die("stopped silently", file: "F.swift", function: "f", line: 2)
    }
    let standardError = text(result?.standardErrorContent)
    #expect(standardError.contains("stopped silently"))
    #expect(!standardError.contains("never shown"))
  }
}
