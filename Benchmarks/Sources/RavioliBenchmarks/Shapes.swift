import OpaqueSink
import Ravioli

// Scenario 12: the shapes that apps register, beside the class-bound protocol of scenarios
// 1-5. Most apps declare plain protocols (`protocol Service { ... }`, no `AnyObject`), whose
// existential holds a class instance by reference, or a struct inline (up to three words) or
// in a box (more): here a class, and a struct of four words. Each baseline is written with the
// same shape, as cheap as the language allows: a closure returning the stored value, and an
// object with a plain stored property of the protocol's type.

/// A plain protocol, as most apps declare them.
protocol PlainService: Sendable {
  var tag: Int { get }
}

/// A class behind the plain protocol.
final class PlainServiceClass: PlainService {
  let tag = 1
}

/// A struct of four words behind the plain protocol: more than an existential holds inline, so
/// it lives in a box that each copy retains.
struct PlainServiceStruct: PlainService {
  let tag: Int
  let a: Int
  let b: Int
  let c: Int
}

/// Consumes a plain-protocol value as ``blackHole(_:)-(AnyObject)`` consumes an object: the
/// value, alive, goes by address to code the optimizer cannot see.
@inline(never)
func blackHole(_ value: any PlainService) {
  withUnsafePointer(to: value) { opaque_sink($0) }
}

@_optimize(none) @inline(never)
func opaque(_ closure: @escaping @Sendable () -> any PlainService)
  -> @Sendable () -> any PlainService
{ closure }

/// Resolves its service through `Container.lookupPolicy` at the first read.
final class PlainInjectedScreen {
  @Injected var service: any PlainService
}

/// The baseline: the same object with a plain stored property.
final class PlainStoredScreen {
  var service: any PlainService
  init(service: any PlainService) { self.service = service }
}

/// One shape's rows and targets.
struct ShapeMeasurement {
  let rows: [Row]
  let targets: [Target]
}

/// Scenario 12 for the value `stored`, registered in `container` (the lookup policy's) as a
/// stored instance under `stored` and as a singleton under `singleton`.
@MainActor @inline(never)
func measureShape(
  _ shape: String, number: String, stored: any PlainService, in container: Ravioli.Container
) -> ShapeMeasurement {
  let singletonAlternative = RegistrationAlternative("singleton-\(number)")
  // Each shape replaces the stored instance of the one before; the singletons are named apart.
  let replacing = container.isResolvable((any PlainService).self)
  container.register(replacing: replacing) { () -> any PlainService in stored }
  container.register(alternative: singletonAlternative, scope: .singleton) {
    () -> any PlainService in stored
  }
  let closure = opaque { stored }
  let (resolve, resolveClosure) = timeShapeResolve(container, closure)
  let (singleton, singletonClosure) = timeShapeSingleton(
    container, singletonAlternative, closure)
  let (firstRead, plainFirstRead) = timeShapeFirstRead(stored)
  let injected = PlainInjectedScreen()
  let plain = PlainStoredScreen(service: stored)
  _ = injected.service
  let (cached, plainCached) = timeShapeCachedRead(injected, plain)
  return ShapeMeasurement(
    rows: [
      Row(
        "\(number)a. \(shape): resolve a stored instance", ravioli: resolve,
        closure: resolveClosure),
      Row(
        "\(number)b. \(shape): resolve a singleton", ravioli: singleton,
        closure: singletonClosure),
      Row(
        "\(number)c. \(shape): @Injected new object, first read", ravioli: firstRead,
        property: plainFirstRead),
      Row("\(number)d. \(shape): @Injected cached read", ravioli: cached, property: plainCached),
    ],
    targets: [
      Target(
        "\(number)a: \(shape), stored instance ≤ 2.5× the bare closure", resolve / resolveClosure,
        limit: 2.5, atMost: true),
      Target(
        "\(number)b: \(shape), singleton ≤ 2.5× the bare closure", singleton / singletonClosure,
        limit: 2.5, atMost: true),
      Target(
        "\(number)c: \(shape), first read ≤ 3× a plain object", firstRead / plainFirstRead,
        limit: 3, atMost: true),
      Target(
        "\(number)d: \(shape), cached read ≤ 1.2× a stored property", cached / plainCached,
        limit: 1.2, atMost: true),
    ])
}

@MainActor @inline(never)
func timeShapeResolve(
  _ container: Ravioli.Container, _ closure: @Sendable () -> any PlainService
) -> (Double, Double) {
  nanosecondsPerOperation(
    { blackHole(try! container.resolve() as any PlainService) },
    alternatingWith: { blackHole(closure()) })
}

@MainActor @inline(never)
func timeShapeSingleton(
  _ container: Ravioli.Container, _ alternative: RegistrationAlternative,
  _ closure: @Sendable () -> any PlainService
) -> (Double, Double) {
  nanosecondsPerOperation(
    { blackHole(try! container.resolve(alternative: alternative) as any PlainService) },
    alternatingWith: { blackHole(closure()) })
}

@MainActor @inline(never)
func timeShapeFirstRead(_ stored: any PlainService) -> (Double, Double) {
  nanosecondsPerOperation(
    {
      let screen = PlainInjectedScreen()
      blackHole(screen)
      blackHole(screen.service)
    },
    alternatingWith: {
      let screen = PlainStoredScreen(service: stored)
      blackHole(screen)
      blackHole(screen.service)
    })
}

@MainActor @inline(never)
func timeShapeCachedRead(_ injected: PlainInjectedScreen, _ plain: PlainStoredScreen)
  -> (Double, Double)
{
  nanosecondsPerOperation(
    { blackHole(injected.service) }, alternatingWith: { blackHole(plain.service) })
}
