import Dispatch
import OpaqueSink
import Ravioli

// A fixed loop of one scenario, for instruction-level profiling with callgrind:
//   swift build -c release --product RavioliProfile
//   valgrind --tool=callgrind .build/release/RavioliProfile \
//     [stored|optional|among|new|singleton|parent|injected|injectedInTask|newScreen|cached
//      |weakInjected|weakCached|autoregistered|autoregisteredVariadic|closureChain|closureNeeds
//      |awaitResolver
//      |awaitSingleton|awaitPlain|validate|validateObjects|baselineEmpty|baselineClosure|baselineNew
//      |baselineProperty|baselineWeak|baselineScreen|baselineAwait
//      |plainClass.<path>|plainStruct.<path>] \
//     [iterations]
// where <path> is stored, singleton, injected, cached, baselineClosure, baselineScreen or
// baselineProperty: the benchmark's scenarios 12 and 13 (Shapes.swift).

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

/// Five properties of five classes (`validateObjects`).
final class FiveScreen0 {
  @Injected var a: Greeter
  @Injected var b: Greeter
  @Injected var c: Greeter
  @Injected var d: Greeter
  @Injected var e: Greeter
}
final class FiveScreen1 {
  @Injected var a: Greeter
  @Injected var b: Greeter
  @Injected var c: Greeter
  @Injected var d: Greeter
  @Injected var e: Greeter
}
final class FiveScreen2 {
  @Injected var a: Greeter
  @Injected var b: Greeter
  @Injected var c: Greeter
  @Injected var d: Greeter
  @Injected var e: Greeter
}
final class FiveScreen3 {
  @Injected var a: Greeter
  @Injected var b: Greeter
  @Injected var c: Greeter
  @Injected var d: Greeter
  @Injected var e: Greeter
}
final class FiveScreen4 {
  @Injected var a: Greeter
  @Injected var b: Greeter
  @Injected var c: Greeter
  @Injected var d: Greeter
  @Injected var e: Greeter
}

/// `Screen` with the greeter held weakly (`weakInjected`, `weakCached`): the registration
/// hands over `stored`, which the program keeps.
final class WeakScreen {
  @InjectedWeakly var greeter: Greeter?
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

@_optimize(none) @inline(never)
func opaqueAsync(_ closure: @escaping @Sendable () async -> Greeter)
  -> @Sendable () async -> Greeter
{ closure }

final class Held: Sendable {}

/// The baseline of `cached`: a plain stored property.
final class PlainScreen {
  var greeter: Greeter
  init(greeter: Greeter) { self.greeter = greeter }
}

/// The baseline of `weakCached`: a plain weak property.
final class PlainWeakScreen {
  weak var greeter: Greeter?
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
/// The variadic `autoregister`, which Swift picks over the fixed-arity ones only from code
/// generic over a pack: what `autoregistered` would cost without them.
func autoregisterVariadic<Value, each Parameter>(
  in container: Container,
  _ initializer: @escaping @Sendable (repeat each Parameter) throws -> Value
) {
  container.autoregister(initializer: initializer)
}
let autoregisteredVariadic = Container(name: "autoregistered-variadic")
registerPresenterDependencies(in: autoregisteredVariadic)
autoregisterVariadic(in: autoregisteredVariadic, Presenter.init)
let closureChain = Container(name: "closure-chain")
registerPresenterDependencies(in: closureChain)
closureChain.register {
  Presenter(greeter: try closureChain.resolve(), clock: try closureChain.resolve())
}
// Scenario 9's: an async resolver, an async singleton (made before the loop), and awaiting a
// synchronous registration (`container`'s).
let asyncResolvers = Container(name: "async")
asyncResolvers.register { () async throws -> Greeter in stored }
asyncResolvers.register(alternative: "singleton", scope: .singleton) {
  () async throws -> Greeter in EnglishGreeter()
}
let asyncClosure: @Sendable () async -> Greeter = { stored }
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

// Each scenario's loop is a function of its own, not inlined here, so that what the compiler
// inlines into one scenario does not depend on the others: when all the loops were inlined
// into this file's top-level code, adding a scenario moved others' counts by 50 instructions.

/// Resolves a `Greeter` from `container`, `count` times.
@inline(never)
func resolveGreeters(_ container: Container, _ count: Int) {
  for _ in 0..<count { consume(try! container.resolve() as Greeter) }
}

/// Resolves a `Presenter` from `container`, `count` times.
@inline(never)
func resolvePresenters(_ container: Container, _ count: Int) {
  for _ in 0..<count { consume(try! container.resolve() as Presenter) }
}

@inline(never)
func resolveOptionalRepeatedly(_ container: Container, _ count: Int) {
  // A `Greeter?`, which no registration of `Greeter?` answers: the road falls back to `Greeter`.
  for _ in 0..<count { consume((try! container.resolve() as Greeter?)!) }
}

/// Awaits a `Greeter` from `container`, `count` times.
@inline(never)
func awaitGreeters(
  _ container: Container, alternative: RegistrationAlternative? = nil, _ count: Int
) async {
  for _ in 0..<count {
    consume(try! await container.resolve(Greeter.self, alternative: alternative))
  }
}

/// Awaits `closure`, `count` times: the baseline of the `await` scenarios.
@inline(never)
func awaitClosure(_ closure: @Sendable () async -> Greeter, _ count: Int) async {
  for _ in 0..<count { consume(await closure()) }
}

/// Runs `body` in a task off the main actor, and waits for it, as the benchmark measures
/// scenario 9.
func runDetached(_ body: @escaping @Sendable () async -> Void) {
  let done = DispatchSemaphore(value: 0)
  Task.detached {
    await body()
    done.signal()
  }
  done.wait()
}

@inline(never)
func makeScreensAndRead(_ count: Int) {
  for _ in 0..<count {
    let screen = Screen()
    consume(screen)
    consume(screen.greeter)
  }
}

@inline(never)
func makeScreens(_ count: Int) {
  for _ in 0..<count { consume(Screen()) }
}

@inline(never)
func readCached(_ screen: Screen, _ count: Int) {
  for _ in 0..<count { consume(screen.greeter) }
}

@inline(never)
func makeWeakScreensAndRead(_ count: Int) {
  for _ in 0..<count {
    let screen = WeakScreen()
    consume(screen)
    consume(screen.greeter!)
  }
}

@inline(never)
func readWeakCached(_ screen: WeakScreen, _ count: Int) {
  for _ in 0..<count { consume(screen.greeter!) }
}

@inline(never)
func consumeRepeatedly(_ object: AnyObject, _ count: Int) {
  for _ in 0..<count { consume(object) }
}

@inline(never)
func callRepeatedly(_ closure: @Sendable () -> Greeter, _ count: Int) {
  for _ in 0..<count { consume(closure()) }
}

@inline(never)
func makePlainScreensAndRead(_ count: Int) {
  for _ in 0..<count {
    let screen = PlainScreen(greeter: stored)
    consume(screen)
    consume(screen.greeter)
  }
}

@inline(never)
func readProperty(_ screen: PlainScreen, _ count: Int) {
  for _ in 0..<count { consume(screen.greeter) }
}

@inline(never)
func readWeakProperty(_ screen: PlainWeakScreen, _ count: Int) {
  for _ in 0..<count { consume(screen.greeter!) }
}

var total = iterations
switch scenario {
case "among":
  // Scenario 6's resolve among 1,000 registrations: the greeter after 999 others of another
  // type, each under an alternative, whose hashes (and so where the greeter's probe ends)
  // change from run to run, as Swift seeds string hashing per process.
  let sized = Container(name: "sized")
  for index in 1..<1_000 {
    sized.register(alternative: RegistrationAlternative("filler-\(index)")) { Clock() }
  }
  sized.register { () -> Greeter in stored }
  resolveGreeters(sized, iterations)
case "optional":
  resolveOptionalRepeatedly(container, iterations)
case "singleton":
  resolveGreeters(singletons, iterations)
case "new":
  resolveGreeters(fresh, iterations)
case "parent":
  resolveGreeters(child, iterations)
case "injected":
  makeScreensAndRead(iterations)
case "injectedInTask":
  // The same, inside a task, as the benchmark's top-level code (which awaits) runs.
  let done = DispatchSemaphore(value: 0)
  Task.detached {
    for _ in 0..<iterations { consume(Screen().greeter) }
    done.signal()
  }
  done.wait()
case "awaitResolver":
  runDetached { await awaitGreeters(asyncResolvers, iterations) }
case "awaitSingleton":
  runDetached {
    _ = try! await asyncResolvers.resolve(Greeter.self, alternative: "singleton")
    await awaitGreeters(asyncResolvers, alternative: "singleton", iterations)
  }
case "awaitPlain":
  runDetached { await awaitGreeters(container, iterations) }
case "baselineAwait":
  runDetached { await awaitClosure(opaqueAsync(asyncClosure), iterations) }
case "newScreen":
  // Only making the object: what the wrapper's initializer costs.
  makeScreens(iterations)
case "cached":
  readCached(Screen(), iterations)
case "weakInjected":
  makeWeakScreensAndRead(iterations)
case "weakCached":
  readWeakCached(WeakScreen(), iterations)
case "autoregistered":
  resolvePresenters(autoregistered, iterations)
case "autoregisteredVariadic":
  resolvePresenters(autoregisteredVariadic, iterations)
case "closureChain":
  resolvePresenters(closureChain, iterations)
case "closureNeeds":
  resolvePresenters(closureNeeds, iterations)
case "baselineEmpty":
  // The loop and `consume` alone: the harness's own cost.
  consumeRepeatedly(held, iterations)
case "baselineClosure":
  callRepeatedly(storedClosure, iterations)
case "baselineNew":
  callRepeatedly(newClosure, iterations)
case "baselineScreen":
  // 5a's baseline: an object with a stored property, made and read.
  makePlainScreensAndRead(iterations)
case "baselineProperty":
  readProperty(plainScreen, iterations)
case "baselineWeak":
  // Made here, not with the other baselines: a weakly referenced object counts its
  // references on the runtime's slow path, which `stored` must not pay in other scenarios.
  readWeakProperty(PlainWeakScreen(greeter: stored), iterations)
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
case "validateObjects":
  // `iterations` screens of five injected properties each (Screen's greeter five times over,
  // in five classes), checked with a graph of one registration: what a check of objects
  // costs beside the graph's.
  let objects: [AnyObject] = (0..<iterations).map { index in
    switch index % 5 {
    case 0: FiveScreen0()
    case 1: FiveScreen1()
    case 2: FiveScreen2()
    case 3: FiveScreen3()
    default: FiveScreen4()
    }
  }
  total = (try! Container.validateInjection(of: objects)).injectedPropertyCount
default:
  if !runShapeScenario(scenario, iterations) {
    resolveGreeters(container, iterations)
  }
}
print("\(scenario): \(total)")
