import Dispatch
import OpaqueSink
import Ravioli

// A fixed loop of one scenario, for instruction-level profiling with callgrind:
//   swift build -c release --product RavioliProfile
//   valgrind --tool=callgrind .build/release/RavioliProfile \
//     [stored|new|singleton|parent|injected|injectedInTask|newScreen|cached|autoregistered
//      |closureChain|closureNeeds|validate|baselineEmpty|baselineClosure|baselineNew
//      |baselineProperty|baselineScreen] \
//     [iterations]

protocol Greeter: AnyObject, Sendable {}
final class EnglishGreeter: Greeter {}

final class Clock: Sendable {}

/// Made anew by the `autoregistered`, `closureChain` and `closureNeeds` scenarios, from a
/// stored greeter and a singleton clock: as the benchmark's scenario 11.
final class Presenter: Sendable {
  let greeter: Greeter
  let clock: Clock
  init(greeter: Greeter, clock: Clock) {
    self.greeter = greeter
    self.clock = clock
  }
}

final class Screen {
  @Injected var greeter: Greeter
}

/// Consumes a result as the benchmark's `blackHole` does: the object, alive, goes to a C
/// function that the optimizer cannot see into, at the cost of a call, a jump and a return.
@inline(never)
func consume(_ object: AnyObject) {
  opaque_sink(Unmanaged.passUnretained(object).toOpaque())
}

/// The baselines' closures come through here, so that they stay calls: see the benchmark's
/// `opaque` (Fixtures.swift).
@_optimize(none) @inline(never)
func opaque(_ closure: @escaping @Sendable () -> Greeter) -> @Sendable () -> Greeter { closure }

final class Held: Sendable {}

/// The baseline of `cached`: a plain stored property.
final class PlainScreen {
  var greeter: Greeter
  init(greeter: Greeter) { self.greeter = greeter }
}

let stored: Greeter = EnglishGreeter()
let container = Container(name: "profile")
container.register { () -> Greeter in stored }
let child = Container(parent: container, name: "child")
let fresh = Container(name: "fresh")
fresh.register { () -> Greeter in EnglishGreeter() }
let singletons = Container(name: "singletons")
singletons.register(scope: .singleton) { () -> Greeter in EnglishGreeter() }
Container.lookupPolicy = .singleton(container)
// The presenter's dependencies are registered alike in each: only how it is made differs.
func registerPresenterDependencies(in container: Container) {
  container.register { () -> Greeter in stored }
  container.register(scope: .singleton) { Clock() }
}
let autoregistered = Container(name: "autoregistered")
registerPresenterDependencies(in: autoregistered)
autoregistered.autoregister(initializer: Presenter.init)
let closureChain = Container(name: "closure-chain")
registerPresenterDependencies(in: closureChain)
closureChain.register {
  Presenter(greeter: try closureChain.resolve(), clock: try closureChain.resolve())
}
let closureNeeds = Container(name: "closure-needs")
registerPresenterDependencies(in: closureNeeds)
closureNeeds.register(needs: [.on(Greeter.self), .on(Clock.self)]) {
  Presenter(greeter: try closureNeeds.resolve(), clock: try closureNeeds.resolve())
}

// The benchmark's baselines, to compare with in instructions.
let held = Held()
let storedClosure = opaque { stored }
let newClosure = opaque { EnglishGreeter() }
let plainScreen = PlainScreen(greeter: stored)

let scenario = CommandLine.arguments.dropFirst().first ?? "stored"
let iterations = Int(CommandLine.arguments.dropFirst(2).first ?? "") ?? 100_000
var total = iterations
switch scenario {
case "singleton":
  for _ in 0..<iterations { consume(try! singletons.resolve() as Greeter) }
case "new":
  for _ in 0..<iterations { consume(try! fresh.resolve() as Greeter) }
case "parent":
  for _ in 0..<iterations { consume(try! child.resolve() as Greeter) }
case "injected":
  for _ in 0..<iterations {
    let screen = Screen()
    consume(screen)
    consume(screen.greeter)
  }
case "injectedInTask":
  // The same, inside a task, as the benchmark's top-level code (which awaits) runs.
  let done = DispatchSemaphore(value: 0)
  Task.detached {
    for _ in 0..<iterations { consume(Screen().greeter) }
    done.signal()
  }
  done.wait()
case "newScreen":
  // Only making the object: what the wrapper's initializer costs.
  for _ in 0..<iterations { consume(Screen()) }
case "cached":
  let screen = Screen()
  for _ in 0..<iterations { consume(screen.greeter) }
case "autoregistered":
  for _ in 0..<iterations { consume(try! autoregistered.resolve() as Presenter) }
case "closureChain":
  for _ in 0..<iterations { consume(try! closureChain.resolve() as Presenter) }
case "closureNeeds":
  for _ in 0..<iterations { consume(try! closureNeeds.resolve() as Presenter) }
case "baselineEmpty":
  // The loop and `consume` alone: the harness's own cost.
  for _ in 0..<iterations { consume(held) }
case "baselineClosure":
  for _ in 0..<iterations { consume(storedClosure()) }
case "baselineNew":
  for _ in 0..<iterations { consume(newClosure()) }
case "baselineScreen":
  // 5a's baseline: an object with a stored property, made and read.
  for _ in 0..<iterations {
    let screen = PlainScreen(greeter: stored)
    consume(screen)
    consume(screen.greeter)
  }
case "baselineProperty":
  for _ in 0..<iterations { consume(plainScreen.greeter) }
case "validate":
  // `iterations` registrations, each declaring the two before it, on lines of their own as
  // an app's are (the file and line passed are made up): the loop count is the graph's
  // size, so that the difference of two runs is what validating more registrations costs.
  let graph = Container(name: "graph")
  for index in 0..<iterations {
    let needs: [Container.Dependency] = (max(0, index - 2)..<index).map {
      .on(Clock.self, alternative: RegistrationAlternative("\($0)"))
    }
    graph.register(
      alternative: RegistrationAlternative("\(index)"),
      scope: index % 10 == 0 ? .singleton : .unique,
      needs: needs, file: "Profile/Graph.swift", line: UInt(index + 1)
    ) { Clock() }
  }
  total = (try! graph.validate()).registrationCount
default:
  for _ in 0..<iterations { consume(try! container.resolve() as Greeter) }
}
print("\(scenario): \(total)")
