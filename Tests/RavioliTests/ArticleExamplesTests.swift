import Ravioli
import Testing

// Examples of the articles that no sample holds: each region between `// example:` markers is
// shown by a Swift block of an article (`.ci/check-examples` keeps them equal).

// example: logging-and-failures-2
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
// example end: logging-and-failures-2

/// The error handling of the article "Logging and failures": compiled here, while ResolutionErrorTests check its behaviour.
private func readmeErrorHandling(_ container: Container) {
  // example: logging-and-failures-3
  do throws(ResolutionError) {
    let greeter: Greeter = try container.resolve(alternative: .french)
    print(greeter.greet())
  } catch {
    if case .notRegistered = error.reason { print(error) }
  }
  // example end: logging-and-failures-3
}

extension GlobalStateTests {
  @Suite struct ArticleExamplesTests {
    @Test func loggerSetUp() {
      Container.logger = StandardErrorLogger(minimumLevel: .debug)
      #expect((Container.logger as? StandardErrorLogger)?.minimumLevel == .debug)
      Container.logger = PrintingLogger()
      #expect(Container.logger is PrintingLogger)
      Container.logger = StandardErrorLogger()
    }
  }
}
