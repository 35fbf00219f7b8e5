import AllocationCounter
import Dependencies
import Ravioli
import Swinject

// One release run measures every scenario for Ravioli, Swinject, swift-dependencies (where it
// has an equivalent; its dependencies are declared in Fixtures.swift) and the baselines, then
// prints the table and the ratios that issue 4 sets as targets. Numbers are nanoseconds per
// operation (medians of samples of about 20 ms), but milliseconds per `validate()` (scenario
// 10); compare them as ratios within one run. Every row of a scenario goes through the same
// loop (Harness.swift), whose own cost is measured first and printed apart.
//
// Each timed loop is a function of its own (`@inline(never)`, named for what it times), not
// code inlined into this file's top level: there, one large function held every loop, and
// what the compiler did with one loop (its registers, its place in memory) depended on the
// others, so that a row moved when another was added or when the library's inlining changed
// (5a's plain-object baseline by 25 % with no change of its own). Package.swift turns off
// the function merging that would join loops that differ only in a constant.

/// The instance that Ravioli's registrations and the baselines return.
let stored: Greeter = EnglishGreeter()
/// Swinject's own, alike. Swinject keeps a weak reference to each instance it resolves (its
/// graph scope), and a weakly referenced object keeps its reference counts in a side table,
/// where every retain and release takes a slower road (here about 30 ns more for a retain and
/// its release). Had Swinject shared `stored`, Ravioli's rows and the baselines measured after
/// its first resolve would have paid for that too.
let swinjectStored: Greeter = EnglishGreeter()
var rows: [Row] = []

// 0. The harness's own cost: an operation that only consumes an object already held, through
// the same loops as the rows. Printed apart, not subtracted from anything.
struct SinkHeld: ConcurrentOperation {
  let held: Held
  func callAsFunction() { blackHole(held) }
}
let held = Held()
@MainActor @inline(never) func timeEmptyOperation() -> Double {
  nanosecondsPerOperation { blackHole(held) }
}
let oneThreadOverhead = timeEmptyOperation()
let twoThreadOverhead = nanosecondsPerOperationOnTwoThreads(SinkHeld(held: held))

// 1. A protocol-typed registration whose resolver returns a stored instance.
let ravioli = Ravioli.Container(name: "benchmarks")
ravioli.register { () -> Greeter in stored }
let swinject = Swinject.Container()
swinject.register(Greeter.self) { _ in swinjectStored }
let storedClosure = opaque { stored }
let otherTypes: [Any.Type] = [
  Int.self, String.self, Double.self, Float.self, Bool.self, UInt8.self, Int8.self, Int16.self,
  Int32.self,
]
// A constant, so that reading it checks no exclusive access (a global `var` would).
let dictionary: [ObjectIdentifier: Any] = otherTypes.reduce(
  into: [ObjectIdentifier(Greeter.self): stored]
) { table, type in table[ObjectIdentifier(type)] = 0 }
// The rows that a target compares are measured in alternating samples (see
// `nanosecondsPerOperation(_:alternatingWith:)`).
@MainActor @inline(never) func timeRavioliStoredAndClosure() -> (Double, Double) {
  nanosecondsPerOperation(
    { blackHole(try! ravioli.resolve() as Greeter) },
    alternatingWith: { blackHole(storedClosure()) })
}
@MainActor @inline(never) func timeSwinjectStored() -> Double {
  nanosecondsPerOperation { blackHole(swinject.resolve(Greeter.self)!) }
}
// What a function that needs the greeter writes: a local `@Dependency`, read once.
@MainActor @inline(never) func timeDependencyStored() -> Double {
  nanosecondsPerOperation {
    @Dependency(\.storedGreeter) var greeter
    blackHole(greeter)
  }
}
@MainActor @inline(never) func timeDictionary() -> Double {
  nanosecondsPerOperation { blackHole(dictionary[ObjectIdentifier(Greeter.self)] as! Greeter) }
}
let (ravioliStored, storedClosureTime) = timeRavioliStoredAndClosure()
let storedInstance = Row(
  "1. resolve a stored instance",
  ravioli: ravioliStored, swinject: timeSwinjectStored(),
  swiftDependencies: timeDependencyStored(), closure: storedClosureTime,
  dictionary: timeDictionary())
rows.append(storedInstance)

// 2. A singleton-scoped registration.
let ravioliSingletons = Ravioli.Container(name: "singletons")
ravioliSingletons.register(scope: .singleton) { () -> Greeter in EnglishGreeter() }
let swinjectSingletons = Swinject.Container()
swinjectSingletons.register(Greeter.self) { _ in EnglishGreeter() }.inObjectScope(.container)
@MainActor @inline(never) func timeRavioliSingletonAndClosure() -> (Double, Double) {
  nanosecondsPerOperation(
    { blackHole(try! ravioliSingletons.resolve() as Greeter) },
    alternatingWith: { blackHole(storedClosure()) })
}
@MainActor @inline(never) func timeSwinjectSingleton() -> Double {
  nanosecondsPerOperation { blackHole(swinjectSingletons.resolve(Greeter.self)!) }
}
@MainActor @inline(never) func timeDependencySingleton() -> Double {
  nanosecondsPerOperation {
    @Dependency(\.singletonGreeter) var greeter
    blackHole(greeter)
  }
}
let (ravioliSingleton, singletonClosureTime) = timeRavioliSingletonAndClosure()
let singleton = Row(
  "2. resolve a singleton",
  ravioli: ravioliSingleton, swinject: timeSwinjectSingleton(),
  swiftDependencies: timeDependencySingleton(), closure: singletonClosureTime)
rows.append(singleton)

// 3. A resolver that makes a new object each time.
let ravioliNew = Ravioli.Container(name: "new")
ravioliNew.register { () -> Service in Service() }
let swinjectNew = Swinject.Container()
swinjectNew.register(Service.self) { _ in Service() }
let newClosure = opaque { Service() }
@MainActor @inline(never) func timeRavioliNew() -> Double {
  nanosecondsPerOperation { blackHole(try! ravioliNew.resolve() as Service) }
}
@MainActor @inline(never) func timeSwinjectNew() -> Double {
  nanosecondsPerOperation { blackHole(swinjectNew.resolve(Service.self)!) }
}
// The maker is read as a dependency and called, as `@Dependency(\.uuid)` is.
@MainActor @inline(never) func timeDependencyNew() -> Double {
  nanosecondsPerOperation {
    @Dependency(\.makeService) var makeService
    blackHole(makeService())
  }
}
@MainActor @inline(never) func timeNewClosure() -> Double {
  nanosecondsPerOperation { blackHole(newClosure()) }
}
rows.append(
  Row(
    "3. resolve a new object",
    ravioli: timeRavioliNew(), swinject: timeSwinjectNew(),
    swiftDependencies: timeDependencyNew(), closure: timeNewClosure()))

// 4. A three-level chain, each level made anew.
let ravioliChain = Ravioli.Container(name: "chain")
ravioliChain.register { () -> LevelC in LevelC() }
ravioliChain.register { () -> LevelB in LevelB(c: try ravioliChain.resolve()) }
ravioliChain.register { () -> LevelA in LevelA(b: try ravioliChain.resolve()) }
let swinjectChain = Swinject.Container()
swinjectChain.register(LevelC.self) { _ in LevelC() }
swinjectChain.register(LevelB.self) { resolver in LevelB(c: resolver.resolve(LevelC.self)!) }
swinjectChain.register(LevelA.self) { resolver in LevelA(b: resolver.resolve(LevelB.self)!) }
let makeC = opaque { LevelC() }
let makeB = opaque { LevelB(c: makeC()) }
let makeA = opaque { LevelA(b: makeB()) }
@MainActor @inline(never) func timeRavioliChain() -> Double {
  nanosecondsPerOperation { blackHole(try! ravioliChain.resolve() as LevelA) }
}
@MainActor @inline(never) func timeSwinjectChain() -> Double {
  nanosecondsPerOperation { blackHole(swinjectChain.resolve(LevelA.self)!) }
}
@MainActor @inline(never) func timeChainClosure() -> Double {
  nanosecondsPerOperation { blackHole(makeA()) }
}
rows.append(
  Row(
    "4. resolve a three-level chain",
    ravioli: timeRavioliChain(), swinject: timeSwinjectChain(), closure: timeChainClosure()))

// 5. @Injected: make the enclosing object and read the property; then read it again. Every
// row of 5a consumes two objects, the new one and what its property holds. swift-dependencies'
// equivalent is an object with a `@Dependency` property, which resolves at every read: its 5b
// is a read like its 5a's, not a cached one.
Ravioli.Container.lookupPolicy = .singleton(ravioli)
@MainActor @inline(never) func timeInjectedAndPlainFirstRead() -> (Double, Double) {
  nanosecondsPerOperation(
    {
      let screen = InjectedScreen()
      blackHole(screen)
      blackHole(screen.greeter)
    },
    alternatingWith: {
      let screen = PlainScreen(greeter: stored)
      blackHole(screen)
      blackHole(screen.greeter)
    })
}
@MainActor @inline(never) func timeDependencyFirstRead() -> Double {
  nanosecondsPerOperation {
    let screen = DependencyScreen()
    blackHole(screen)
    blackHole(screen.greeter)
  }
}
let (injectedFirstRead, plainFirstRead) = timeInjectedAndPlainFirstRead()
let firstRead = Row(
  "5a. @Injected: new object, first read",
  ravioli: injectedFirstRead, swiftDependencies: timeDependencyFirstRead(),
  property: plainFirstRead)
rows.append(firstRead)
let injectedScreen = InjectedScreen()
let dependencyScreen = DependencyScreen()
let plainScreen = PlainScreen(greeter: stored)
_ = injectedScreen.greeter
_ = dependencyScreen.greeter
@MainActor @inline(never) func timeInjectedAndPlainCachedRead() -> (Double, Double) {
  nanosecondsPerOperation(
    { blackHole(injectedScreen.greeter) }, alternatingWith: { blackHole(plainScreen.greeter) })
}
@MainActor @inline(never) func timeDependencyCachedRead() -> Double {
  nanosecondsPerOperation { blackHole(dependencyScreen.greeter) }
}
let (injectedCachedRead, plainCachedRead) = timeInjectedAndPlainCachedRead()
let cachedRead = Row(
  "5b. @Injected: cached read",
  ravioli: injectedCachedRead, swiftDependencies: timeDependencyCachedRead(),
  property: plainCachedRead)
rows.append(cachedRead)

// 5c. @InjectedWeakly: read a resolved object again, against a plain `weak var`. The object is
// one of its own, registered in a container of its own: a weakly referenced object counts
// its references on the runtime's slow path, which `stored` must not pay in other rows.
let weaklyHeld: Greeter = EnglishGreeter()
let weakContainer = Ravioli.Container(name: "weak")
weakContainer.register { () -> Greeter in weaklyHeld }
let weakInjectedScreen = WeakInjectedScreen(container: weakContainer)
let plainWeakScreen = PlainWeakScreen(greeter: weaklyHeld)
_ = weakInjectedScreen.greeter
@MainActor @inline(never) func timeWeakInjectedAndPlainRead() -> (Double, Double) {
  nanosecondsPerOperation(
    { blackHole(weakInjectedScreen.greeter!) },
    alternatingWith: { blackHole(plainWeakScreen.greeter!) })
}
let (weakInjectedRead, plainWeakRead) = timeWeakInjectedAndPlainRead()
let weakRead = Row(
  "5c. @InjectedWeakly: read again (plain object: a `weak var`)",
  ravioli: weakInjectedRead, property: plainWeakRead)
rows.append(weakRead)

// 12. Scenarios 1, 2, 5a and 5b with the shapes most apps register: a plain protocol holding a
// class, and holding a struct of four words (Shapes.swift). The class-bound rows above are the
// third shape.
let plainClass = measureShape(
  "plain protocol, a class", number: "12", stored: PlainServiceClass(), in: ravioli)
let plainStruct = measureShape(
  "plain protocol, a 4-word struct", number: "13",
  stored: PlainServiceStruct(tag: 1, a: 2, b: 3, c: 4), in: ravioli)
rows += plainClass.rows + plainStruct.rows

// 6. Resolution among 10, 1,000 and 10,000 registrations. Each size is measured by the same
// code: the measuring loops, inlined into a loop over three sizes, were copied once per size
// (the loop unrolled), and one copy's placement in memory made the 1,000 row 20 to 40 %
// slower than the others in every run, with the same table. Ravioli's three sizes, which the
// targets compare, are measured in alternating samples: one after another, on a shared
// machine, they printed NO in three runs of eight with the same probes.
let sizes = [10, 1_000, 10_000]
let sizedContainers = sizes.map { size in
  let ravioliSized = Ravioli.Container(name: "sized-\(size)")
  let swinjectSized = Swinject.Container()
  for index in 1..<size {
    ravioliSized.register(alternative: RegistrationAlternative("filler-\(index)")) {
      () -> Service in Service()
    }
    swinjectSized.register(Service.self, name: "filler-\(index)") { _ in Service() }
  }
  ravioliSized.register { () -> Greeter in stored }
  swinjectSized.register(Greeter.self) { _ in swinjectStored }
  return (ravioli: ravioliSized, swinject: swinjectSized)
}
@inline(never)
func timeRavioliAmong(_ containers: [Ravioli.Container]) -> [Double] {
  nanosecondsPerOperation(on: containers) { container in
    blackHole(try! container.resolve() as Greeter)
  }
}
@inline(never)
func timeSwinjectAmong(_ swinject: Swinject.Container) -> Double {
  nanosecondsPerOperation { blackHole(swinject.resolve(Greeter.self)!) }
}
let ravioliAmong = timeRavioliAmong(sizedContainers.map(\.ravioli))
var bySize: [Int: Double] = [:]
for (index, size) in sizes.enumerated() {
  let row = Row(
    "6. resolve among \(size) registrations", ravioli: ravioliAmong[index],
    swinject: timeSwinjectAmong(sizedContainers[index].swinject))
  bySize[size] = row.ravioli
  rows.append(row)
}

// 7. Two threads resolving at once (aggregate time per operation). Each operation is a type
// of its own, so that the threads' loop is specialized for it (see `ConcurrentOperation`).
struct RavioliResolve: ConcurrentOperation {
  let container: Ravioli.Container
  func callAsFunction() { blackHole(try! container.resolve() as Greeter) }
}
struct SwinjectResolve: ConcurrentOperation {
  let resolver: SharedAcrossThreads<Resolver>
  func callAsFunction() { blackHole(resolver.value.resolve(Greeter.self)!) }
}
struct DependencyRead: ConcurrentOperation {
  func callAsFunction() {
    @Dependency(\.storedGreeter) var greeter
    blackHole(greeter)
  }
}
struct ClosureCall: ConcurrentOperation {
  let closure: @Sendable () -> Greeter
  func callAsFunction() { blackHole(closure()) }
}
let twoThreads = Row(
  "7. two threads at once (aggregate)",
  ravioli: nanosecondsPerOperationOnTwoThreads(RavioliResolve(container: ravioli)),
  swinject: nanosecondsPerOperationOnTwoThreads(
    SwinjectResolve(resolver: SharedAcrossThreads(value: swinject.synchronize()))),
  swiftDependencies: nanosecondsPerOperationOnTwoThreads(DependencyRead()),
  closure: nanosecondsPerOperationOnTwoThreads(ClosureCall(closure: storedClosure)))
rows.append(twoThreads)

// 9. Awaited resolution, against awaiting a closure that returns the stored instance.
// Measured off the main actor (top-level code is on it), so that no await hops to it.
let ravioliAsync = Ravioli.Container(name: "async")
ravioliAsync.register { () async throws -> Greeter in stored }
ravioliAsync.register(alternative: "singleton", scope: .singleton) {
  () async throws -> Greeter in EnglishGreeter()
}
@concurrent func measureAwaitedResolution() async -> (overhead: Double, rows: [Row]) {
  let asyncClosure = opaque { () async -> Greeter in stored }
  let singleton: RegistrationAlternative = "singleton"
  let overhead = await nanosecondsPerAwaitedOperation { blackHole(held) }
  let awaitedClosure = await nanosecondsPerAwaitedOperation { blackHole(await asyncClosure()) }
  let rows = [
    Row(
      "9a. await an async resolver",
      ravioli: await nanosecondsPerAwaitedOperation {
        blackHole(try! await ravioliAsync.resolve(Greeter.self))
      },
      closure: awaitedClosure),
    Row(
      "9b. await an async singleton, made",
      ravioli: await nanosecondsPerAwaitedOperation {
        blackHole(try! await ravioliAsync.resolve(Greeter.self, alternative: singleton))
      },
      closure: awaitedClosure),
    Row(
      "9c. await a synchronous registration",
      ravioli: await nanosecondsPerAwaitedOperation {
        blackHole(try! await ravioli.resolve(Greeter.self))
      },
      closure: awaitedClosure),
  ]
  return (overhead, rows)
}
let awaited = await measureAwaitedResolution()
rows += awaited.rows

// 10. `validate()` on graphs of 10, 1,000 and 10,000 registrations, each built once, before
// the clock starts: only the validation is timed. One takes up to milliseconds, so these
// have a table of their own, in milliseconds per call.
var validations: [ValidationRow] = []
for size in [10, 1_000, 10_000] {
  let graph = validatedGraph(registrations: size)
  // A graph that is not what it claims (an error, an opaque registration) would time the
  // wrong work: report it rather than measure it.
  do {
    let report = try graph.validate()
    precondition(report.registrationCount == size && report.opaqueRegistrations.isEmpty)
  } catch {
    fatalError("the graph of \(size) registrations is not valid:\n\(error)")
  }
  validations.append(
    ValidationRow(
      registrations: size,
      milliseconds: millisecondsPerOperation {
        // Comparing what it returns keeps the call, and costs nothing beside it.
        precondition(try! graph.validate().registrationCount == size)
      }))
}

// 10b. 1,000 objects of five injected properties each (ten classes), checked with the graph of
// 10,000 registrations that they resolve from: `validate(including:)` checks all of it, and
// `validateInjection(of:)` what the properties reach. The objects are made before the clock
// starts, as an app makes them before it validates them.
let screensGraph = validatedGraph(registrations: 10_000)
let screens = graphScreens(count: 1_000, resolvingFrom: screensGraph)
do {
  let report = try screensGraph.validate(including: screens)
  precondition(report.injectedPropertyCount == 5_000 && report.registrationCount == 10_000)
  let reached = try Container.validateInjection(of: screens)
  precondition(reached.injectedPropertyCount == 5_000 && reached.opaqueRegistrations.isEmpty)
} catch {
  fatalError("the screens are not valid:\n\(error)")
}
let objectValidations = [
  ObjectValidationRow(
    check: "`validate(including:)`: the graph and the objects",
    milliseconds: millisecondsPerOperation {
      precondition(try! screensGraph.validate(including: screens).injectedPropertyCount == 5_000)
    }),
  ObjectValidationRow(
    check: "`validateInjection(of:)`: the objects and what they reach",
    milliseconds: millisecondsPerOperation {
      precondition(try! Container.validateInjection(of: screens).injectedPropertyCount == 5_000)
    }),
]

// 11. An initializer registered with `autoregister`, against the closure one would write
// instead, and that closure declaring its needs (which the road then checks): each makes a
// new `Presenter` from a stored greeter and a singleton clock. The greeter and the clock are
// registered alike in every container, so the rows differ only in how the presenter is made.
func registerPresenterDependencies(in container: Ravioli.Container) {
  container.register { () -> Greeter in stored }
  container.register(scope: .singleton) { Clock() }
}
let ravioliAutoregistered = Ravioli.Container(name: "autoregistered")
registerPresenterDependencies(in: ravioliAutoregistered)
ravioliAutoregistered.autoregister(initializer: Presenter.init)
let ravioliPresenterClosure = Ravioli.Container(name: "presenter-closure")
registerPresenterDependencies(in: ravioliPresenterClosure)
ravioliPresenterClosure.register {
  Presenter(
    greeter: try ravioliPresenterClosure.resolve(), clock: try ravioliPresenterClosure.resolve())
}
let ravioliPresenterNeeds = Ravioli.Container(name: "presenter-needs")
registerPresenterDependencies(in: ravioliPresenterNeeds)
ravioliPresenterNeeds.register(needs: [.on(Greeter.self), .on(Clock.self)]) {
  Presenter(
    greeter: try ravioliPresenterNeeds.resolve(), clock: try ravioliPresenterNeeds.resolve())
}
let swinjectPresenter = Swinject.Container()
swinjectPresenter.register(Greeter.self) { _ in swinjectStored }
swinjectPresenter.register(Clock.self) { _ in Clock() }.inObjectScope(.container)
swinjectPresenter.register(Presenter.self) { resolver in
  Presenter(greeter: resolver.resolve(Greeter.self)!, clock: resolver.resolve(Clock.self)!)
}
let sharedClock = Clock()
let makePresenter = opaque { Presenter(greeter: storedClosure(), clock: sharedClock) }
@MainActor @inline(never) func timePresenterClosure() -> Double {
  nanosecondsPerOperation { blackHole(makePresenter()) }
}
// Target 11 compares 11a with 11b: those two are measured alternately.
@MainActor @inline(never) func timeAutoregisteredAndClosurePresenter() -> (Double, Double) {
  nanosecondsPerOperation(
    { blackHole(try! ravioliAutoregistered.resolve() as Presenter) },
    alternatingWith: { blackHole(try! ravioliPresenterClosure.resolve() as Presenter) })
}
@MainActor @inline(never) func timeSwinjectPresenter() -> Double {
  nanosecondsPerOperation { blackHole(swinjectPresenter.resolve(Presenter.self)!) }
}
@MainActor @inline(never) func timePresenterNeeds() -> Double {
  nanosecondsPerOperation { blackHole(try! ravioliPresenterNeeds.resolve() as Presenter) }
}
let presenterClosure = timePresenterClosure()
let (autoregisteredTime, closureRegistrationTime) = timeAutoregisteredAndClosurePresenter()
let autoregisteredPresenter = Row(
  "11a. resolve an autoregistered initializer",
  ravioli: autoregisteredTime, closure: presenterClosure)
rows.append(autoregisteredPresenter)
let closurePresenter = Row(
  "11b. resolve the same, registered as a closure",
  ravioli: closureRegistrationTime, swinject: timeSwinjectPresenter(), closure: presenterClosure)
rows.append(closurePresenter)
rows.append(
  Row(
    "11c. the closure of 11b with `needs:`", ravioli: timePresenterNeeds(),
    closure: presenterClosure))

// 14. A registration that replaces another, with 256 idle threads that have resolved, and
// with none (Replacement.swift).
let replacement = microsecondsPerReplacement(threads: 256)
// 14b. The same with 256 threads parked 8 resolutions deep inside the registration replaced.
let parked = parkedReplacement(threads: 256, depth: 8)

// 8. Heap allocations per resolution, and heap bytes per registration.
let allocations = AllocationRow(
  storedInstance: allocationsPerOperation { blackHole(try! ravioli.resolve() as Greeter) },
  singleton: allocationsPerOperation { blackHole(try! ravioliSingletons.resolve() as Greeter) },
  swinjectStoredInstance: allocationsPerOperation { blackHole(swinject.resolve(Greeter.self)!) },
  swiftDependenciesStoredInstance: allocationsPerOperation {
    @Dependency(\.storedGreeter) var greeter
    blackHole(greeter)
  },
  swiftDependenciesSingleton: allocationsPerOperation {
    @Dependency(\.singletonGreeter) var greeter
    blackHole(greeter)
  },
  closure: allocationsPerOperation { blackHole(storedClosure()) },
  ravioliBytesPerRegistration: bytesPerRegistration(count: 10_000) { index in
    ravioli.register(alternative: RegistrationAlternative("memory-\(index)")) { () -> Service in
      Service()
    }
  },
  swinjectBytesPerRegistration: bytesPerRegistration(count: 10_000) { index in
    swinject.register(Service.self, name: "memory-\(index)") { _ in Service() }
  })

printReport(
  rows: rows,
  overhead: HarnessOverhead(
    oneThread: oneThreadOverhead, twoThreads: twoThreadOverhead, awaited: awaited.overhead),
  validations: validations, objectValidations: objectValidations,
  replacement: (threads: 256, idle: replacement.idle, alone: replacement.alone),
  parked: (threads: 256, depth: 8, replacement: parked.replacement, unwinding: parked.unwinding),
  allocations: allocations,
  targets: [
    Target(
      "1: Ravioli ≤ 2.5× the bare closure", storedInstance.ravioli! / storedInstance.closure!,
      limit: 2.5, atMost: true),
    Target(
      "1: Swinject ≥ 50× Ravioli", storedInstance.swinject! / storedInstance.ravioli!,
      limit: 50, atMost: false),
    Target(
      "2: a singleton ≤ 2.5× the bare closure", singleton.ravioli! / singleton.closure!,
      limit: 2.5, atMost: true),
    Target(
      "5: first read ≤ 3× a plain object", firstRead.ravioli! / firstRead.property!, limit: 3,
      atMost: true),
    Target(
      "5: cached read ≤ 1.2× a stored property", cachedRead.ravioli! / cachedRead.property!,
      limit: 1.2, atMost: true),
    Target(
      "5c: weak read ≤ 1.2× a weak var (not issue 12's; 5b's limit)",
      weakRead.ravioli! / weakRead.property!, limit: 1.2, atMost: true),
    Target(
      "6: 1,000 registrations ≤ 1.1× 10", bySize[1_000]! / bySize[10]!, limit: 1.1, atMost: true),
    Target(
      "6: 10,000 registrations ≤ 1.1× 10", bySize[10_000]! / bySize[10]!, limit: 1.1,
      atMost: true),
    Target(
      "7: two threads ≤ 2× the two-thread closure", twoThreads.ravioli! / twoThreads.closure!,
      limit: 2, atMost: true),
    Target(
      "8: heap per registration ≤ Swinject's",
      allocations.ravioliBytesPerRegistration! / allocations.swinjectBytesPerRegistration!,
      limit: 1, atMost: true),
    Target(
      "10: validate() of 10,000 registrations < 50 ms", validations.last!.milliseconds,
      limit: 50, atMost: true, unit: " ms"),
    Target(
      "10b: 1,000 objects of 5 properties with 10,000 registrations < 50 ms",
      objectValidations.map(\.milliseconds).max()!, limit: 50, atMost: true, unit: " ms"),
    Target(
      "14b: a replacement with 256 threads parked inside it ≤ 50 µs", parked.replacement,
      limit: 50, atMost: true, unit: " µs"),
    Target(
      "14b: those threads' unwinding ≤ 50 ms", parked.unwinding, limit: 50, atMost: true,
      unit: " ms"),
    Target(
      "11: autoregister ≤ 1.1× the closure registration",
      autoregisteredPresenter.ravioli! / closurePresenter.ravioli!, limit: 1.1, atMost: true),
  ] + plainClass.targets + plainStruct.targets)
