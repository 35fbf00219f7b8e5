import Ravioli
import Testing

// README.md examples that no sample holds. `.ci/check-examples` checks that every
// Swift block of the README appears verbatim in a sample or a test, such as these.

struct PrintingLogger: RavioliLogger {
  func log(
    _ message: @autoclosure () -> String, level: RavioliLoggingLevel,
    file: StaticString, function: String, line: UInt
  ) {
    if level >= .info { print("DI \(level): \(message())") }
  }

  func die(_ message: String, file: StaticString, function: String, line: UInt) -> Never {
    fatalError(message, file: file, line: line)
  }
}

/// The README's error handling: compiled here, while ResolutionErrorTests check its behaviour.
private func readmeErrorHandling(_ container: Container) {
  do throws(ResolutionError) {
    let greeter: Greeter = try container.resolve(alternative: .french)
    print(greeter.greet())
  } catch {
    if case .notRegistered = error.reason { print(error) }
  }
}

extension GlobalStateTests {
  @Suite struct ReadmeTests {
    @Test func loggerSetUp() {
      Container.logger = StandardErrorLogger(minimumLevel: .debug)
      #expect((Container.logger as? StandardErrorLogger)?.minimumLevel == .debug)
      Container.logger = PrintingLogger()
      #expect(Container.logger is PrintingLogger)
      Container.logger = StandardErrorLogger()
    }
  }
}
