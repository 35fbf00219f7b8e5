import Ravioli
import RavioliTesting
import Testing

// The examples of UPDATE.md, compiled and run: `.ci/check-examples` checks that each of its
// blocks appears here (or in another test or sample) verbatim.

// example: update-1
final class GreetingScreen {
  @Injected var greeter: Greeter

  init(container: Container) {
    // Macaroni: _greeter = Injected(resolver: container.resolved(alternative: "french"))
    _greeter = Injected(.resolvingOnInit(from: container), alternative: .french)
  }
}
// example end: update-1

// example: update-3
private func summary(of reason: ResolutionError.Reason) -> String {
  switch reason {
  case .notRegistered: "nothing is registered"
  case .needsParameter(let takes): "needs a parameter: \(takes)"
  case .parameterMismatch(let takes, let given): "takes \(takes), given \(given)"
  case .notAnObject(let actualType): "a weak scope was given a \(actualType)"
  case .cycle(let path): "cycle \(path)"
  case .tooDeep(let depth): "nested \(depth) deep"
  case .resolverFailed(let error): "the resolver threw \(error)"
  case .needsActor(let actor): "needs \(actor)"
  case .needsAwait: "needs await"
  case .cancelled: "cancelled"
  case .noContainer(let policy): "no container (policy: \(policy ?? "none"))"
  case .containerReleased: "the container was released"
  case .policyReplaced: "the policy was replaced"
  }
}
// example end: update-3

@Suite(.isolatedContainers) struct UpdateGuideTests {
  let container = Container(name: "update-guide")
  let logger = RecordingLogger()

  init() {
    Container.logger = logger
  }

  @Test func catchingWhatMacaroniCalledNoResolver() {
    var caught: [String] = []
    func print(_ text: Any) { caught.append("\(text)") }

    // example: update-2
    do throws(ResolutionError) {
      let greeter: Greeter = try container.resolve()
      print(greeter.greet())
    } catch {
      switch error.reason {
      case .notRegistered, .needsParameter, .parameterMismatch:
        print("No resolver for it (Macaroni's noResolver): \(error)")
      default:
        print(error)
      }
    }
    // example end: update-2

    #expect(caught.count == 1)
    #expect(caught.first?.hasPrefix("No resolver for it (Macaroni's noResolver): Cannot") == true)
  }

  @Test func everyReasonHasACase() {
    #expect(summary(of: .notRegistered) == "nothing is registered")
    #expect(summary(of: .cycle(path: ["A", "A"])) == #"cycle ["A", "A"]"#)
  }

  @Test func optionalResolutionThrowsAsMacaronisDid() throws {
    let error = #expect(throws: ResolutionError.self) {
      // example: update-5
      // Macaroni: `let analytics: Analytics? = try container.resolve()` threw `noResolver`
      // when nothing was registered. The same line in Ravioli throws `.notRegistered`:
      let analytics: Analytics? = try container.resolve()
      // example end: update-5
      _ = analytics
    }
    guard case .notRegistered = error?.reason else {
      Issue.record("expected .notRegistered, got \(String(describing: error))")
      return
    }
    // example: update-6
    // To get nil instead when nothing is registered:
    let maybeAnalytics: Analytics? = container.resolveIfRegistered()
    // example end: update-6
    #expect(maybeAnalytics == nil)

    container.register { () -> Analytics in ConsoleAnalytics() }
    let analytics: Analytics? = try container.resolve()
    #expect(analytics?.track("x") == "tracked x")
  }

  @Test func injectingFromAResolver() {
    container.register(alternative: .french) { () -> Greeter in FrenchGreeter() }

    #expect(GreetingScreen(container: container).greeter.greet() == "Bonjour")
  }
}
