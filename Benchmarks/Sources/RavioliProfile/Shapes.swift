import OpaqueSink
import Ravioli

// The benchmark's scenario 12 and 13 shapes: a plain protocol holding a class, or a struct of
// four words. Scenarios `<shape>.<path>`, with shape `plainClass` or `plainStruct` and path
// `stored`, `singleton`, `injected`, `cached`, or a baseline: `baselineClosure`,
// `baselineScreen`, `baselineProperty`. The declarations repeat RavioliBenchmarks/Shapes.swift
// on purpose: in a module both shared, the types would sit behind a module boundary that the
// baselines, measured in this module, must not cross.

protocol PlainService: Sendable {
  var tag: Int { get }
}

final class PlainServiceClass: PlainService {
  let tag = 1
}

struct PlainServiceStruct: PlainService {
  let tag: Int
  let a: Int
  let b: Int
  let c: Int
}

/// Consumes a value by address, as `consume(_:)` consumes an object.
@inline(never)
func consume(_ value: any PlainService) {
  withUnsafePointer(to: value) { opaque_sink($0) }
}

@_optimize(none) @inline(never)
func opaque(_ closure: @escaping @Sendable () -> any PlainService)
  -> @Sendable () -> any PlainService
{ closure }

/// Resolves its service through `Container.lookupPolicy`, `.singleton` of the scenario's
/// container, at the first read.
final class PlainInjectedScreen {
  @Injected var service: any PlainService
}

final class PlainStoredScreen {
  var service: any PlainService
  init(service: any PlainService) { self.service = service }
}

@inline(never)
func resolveServices(_ container: Container, alternative: RegistrationAlternative?, _ count: Int) {
  for _ in 0..<count {
    consume(try! container.resolve(alternative: alternative) as any PlainService)
  }
}

@inline(never)
func callServiceClosure(_ closure: @Sendable () -> any PlainService, _ count: Int) {
  for _ in 0..<count { consume(closure()) }
}

@inline(never)
func makePlainInjectedScreensAndRead(_ count: Int) {
  for _ in 0..<count {
    let screen = PlainInjectedScreen()
    consume(screen)
    consume(screen.service)
  }
}

@inline(never)
func makePlainStoredScreensAndRead(_ stored: any PlainService, _ count: Int) {
  for _ in 0..<count {
    let screen = PlainStoredScreen(service: stored)
    consume(screen)
    consume(screen.service)
  }
}

@inline(never)
func readPlainInjected(_ screen: PlainInjectedScreen, _ count: Int) {
  for _ in 0..<count { consume(screen.service) }
}

@inline(never)
func readPlainStored(_ screen: PlainStoredScreen, _ count: Int) {
  for _ in 0..<count { consume(screen.service) }
}

/// Runs a `<shape>.<path>` scenario; `false` if `scenario` is not one.
func runShapeScenario(_ scenario: String, _ iterations: Int) -> Bool {
  let parts = scenario.split(separator: ".")
  guard parts.count == 2 else { return false }
  let stored: any PlainService
  switch parts[0] {
  case "plainClass": stored = PlainServiceClass()
  case "plainStruct": stored = PlainServiceStruct(tag: 1, a: 2, b: 3, c: 4)
  default: return false
  }
  let container = Container(name: "shapes")
  container.register { () -> any PlainService in stored }
  container.register(alternative: "singleton", scope: .singleton) { () -> any PlainService in
    stored
  }
  Container.lookupPolicy = .singleton(container)
  switch parts[1] {
  case "stored": resolveServices(container, alternative: nil, iterations)
  case "singleton": resolveServices(container, alternative: "singleton", iterations)
  case "injected": makePlainInjectedScreensAndRead(iterations)
  case "cached":
    let screen = PlainInjectedScreen()
    _ = screen.service
    readPlainInjected(screen, iterations)
  case "baselineClosure": callServiceClosure(opaque { stored }, iterations)
  case "baselineScreen": makePlainStoredScreensAndRead(stored, iterations)
  case "baselineProperty": readPlainStored(PlainStoredScreen(service: stored), iterations)
  default: return false
  }
  return true
}
