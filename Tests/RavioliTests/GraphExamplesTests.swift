import Foundation
import Ravioli
import RavioliTesting
import Testing

// The examples of the articles "Registering and resolving" (initializers) and "Validating the
// graph", compiled and checked here.

// example: registering-and-resolving-10
final class HomeScreen {
  let greeter: Greeter
  let clock: Clock

  init(greeter: Greeter, clock: Clock) {
    self.greeter = greeter
    self.clock = clock
  }
}

final class HomeBanner {
  let text: String
  init(text: String, clock: Clock) { self.text = text }
}
// example end: registering-and-resolving-10

private func registeringInitializers(_ container: Container) {
  // example: registering-and-resolving-11
  container.autoregister(initializer: HomeScreen.init)
  container.autoregister(Greeter.self, initializer: EnglishGreeter.init)
  container.autoregister(Clock.self, scope: .singleton, initializer: SystemClock.init)
  // example end: registering-and-resolving-11
}

private func parameterAlternatives(_ container: Container) {
  // example: registering-and-resolving-13
  container.autoregister(
    alternative: .french, parameters: [.on(Greeter.self, alternative: .french)],
    initializer: HomeScreen.init)
  // example end: registering-and-resolving-13
}

private func declaredNeeds(_ container: Container) {
  // example: registering-and-resolving-14
  container.register(needs: [.on(Greeter.self), .on(Clock.self)]) { () -> HomeBanner in
    HomeBanner(text: (try container.resolve() as Greeter).greet(), clock: try container.resolve())
  }
  container.register(needs: []) { () -> Greeter in EnglishGreeter() }
  // example end: registering-and-resolving-14
}

/// From `DependencyGraph`.
private func drawing(_ container: Container) {
  print(container.graph.mermaid)  // paste into a Markdown file, or mermaid.live
}

/// From `Container.validate(including:file:line:)`.
private func validating(_ container: Container) {
  do {
    try container.validate()
  } catch {
    print(error)  // one `file:line: error: ...` line per problem, then a summary
  }
}

/// Compiled only: it writes to standard error; ResolutionTraceTests check what it logs.
private func tracing(_ container: Container) throws {
  // example: validating-the-graph-3
  container.tracesResolutions = true
  // example: logging-and-failures-1
  Container.logger = StandardErrorLogger(minimumLevel: .debug)
  // example end: logging-and-failures-1
  let screen: HomeScreen = try container.resolve()
  // example end: validating-the-graph-3
  _ = screen
}

@Suite(.isolatedContainers) struct GraphExamplesTests {
  init() {
    Container.logger = SilentLogger()
  }

  @Test func initializersResolveTheirParameters() throws {
    let container = Container()
    registeringInitializers(container)
    container.register(alternative: .french) { () -> Greeter in FrenchGreeter() }
    parameterAlternatives(container)

    #expect((try container.resolve() as HomeScreen).greeter.greet() == "Hello")
    #expect(
      (try container.resolve(alternative: .french) as HomeScreen).greeter.greet() == "Bonjour")
    let first: HomeScreen = try container.resolve()
    let second: HomeScreen = try container.resolve()
    #expect(first !== second)
    let sameClock = (first.clock as AnyObject) === (second.clock as AnyObject)
    #expect(sameClock)
  }

  @Test func aDeclaringClosureValidates() throws {
    let container = Container()
    declaredNeeds(container)
    container.autoregister(Clock.self, scope: .singleton, initializer: SystemClock.init)
    #expect(try container.validate().opaqueRegistrations.isEmpty)
    #expect((try container.resolve() as HomeBanner).text == "Hello")
  }

  @Test func theArticleShowsTheReportOfItsExample() throws {
    let report: ValidationReport
    do {
      try exampleWithProblems().validate()
      Issue.record("the example has errors")
      return
    } catch {
      report = error
    }
    let article = try String(
      contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Sources/Ravioli/Ravioli.docc/ValidatingTheGraph.md"),
      encoding: .utf8)
    #expect(article.contains("```text\n\(report.description)\n```"), "\(report)")
  }
}
