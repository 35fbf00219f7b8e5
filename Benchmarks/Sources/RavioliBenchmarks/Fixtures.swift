import Dependencies
import Ravioli

protocol Greeter: AnyObject, Sendable {
  func greet() -> Int
}

final class EnglishGreeter: Greeter {
  func greet() -> Int { 1 }
}

/// Made anew by the "new object" scenarios.
final class Service: Sendable {}

final class LevelC: Sendable {}

final class LevelB: Sendable {
  let c: LevelC
  init(c: LevelC) { self.c = c }
}

final class LevelA: Sendable {
  let b: LevelB
  init(b: LevelB) { self.b = b }
}

/// Resolves its greeter through `Container.lookupPolicy` at the first read.
final class InjectedScreen {
  @Injected var greeter: Greeter
}

/// The baseline: the same object with a plain stored property.
final class PlainScreen {
  var greeter: Greeter
  init(greeter: Greeter) { self.greeter = greeter }
}

/// Holds its greeter weakly, resolved from `container` at the first read (scenario 5c).
final class WeakInjectedScreen {
  @InjectedWeakly var greeter: Greeter?
  init(container: Ravioli.Container) {
    _greeter = InjectedWeakly(.capturingContainerOnInit(from: container))
  }
}

/// 5c's baseline: the same object with a plain weak property.
final class PlainWeakScreen {
  weak var greeter: Greeter?
  init(greeter: Greeter) { self.greeter = greeter }
}

// MARK: swift-dependencies

// A dependency of swift-dependencies is a key type whose `liveValue` the library reads once, at
// the first read in a live context, and keeps in its cache (`DependencyValues.cachedValues`,
// behind a lock) for every read after; a property of `DependencyValues` names the key, and
// `@Dependency(\.name)` reads it. Each key here holds its own value: none shares the instance
// that Ravioli's registrations and the baselines return.

/// Scenario 1: a stored instance, the key's `liveValue`.
private enum StoredGreeterKey: DependencyKey {
  static let liveValue: any Greeter = EnglishGreeter()
}

/// Scenario 2: a greeter made at the first read, which the library then keeps (its live values
/// are made once and cached: what a singleton is elsewhere).
private enum SingletonGreeterKey: DependencyKey {
  static var liveValue: any Greeter { EnglishGreeter() }
}

/// Scenario 3: what swift-dependencies has for a new object at each use: a dependency that is a
/// value wrapping a closure that makes one (as its own `\.uuid` and `\.date` are), read and then
/// called.
struct ServiceMaker: Sendable {
  let make: @Sendable () -> Service
  func callAsFunction() -> Service { make() }
}

private enum ServiceMakerKey: DependencyKey {
  static let liveValue = ServiceMaker { Service() }
}

extension DependencyValues {
  var storedGreeter: any Greeter {
    get { self[StoredGreeterKey.self] }
    set { self[StoredGreeterKey.self] = newValue }
  }

  var singletonGreeter: any Greeter {
    get { self[SingletonGreeterKey.self] }
    set { self[SingletonGreeterKey.self] = newValue }
  }

  var makeService: ServiceMaker {
    get { self[ServiceMakerKey.self] }
    set { self[ServiceMakerKey.self] = newValue }
  }
}

/// Scenario 5 for swift-dependencies: `@Dependency` keeps the dependency values current where
/// the object is made and reads its key from them, merged with the current ones, at every read.
final class DependencyScreen {
  @Dependency(\.storedGreeter) var greeter
}

/// What the harness-overhead lines consume: an object made once and held, so that their
/// operation is the `blackHole` alone.
final class Held: Sendable {}

// Baseline closures pass through `opaque` (each returns its argument, through code the
// optimizer does not look into) so that a baseline stays a call of a closure, not inlined
// into the loop. One for each type rather than one generic function: a closure that goes
// through a generic parameter comes back wrapped in two reabstraction thunks, two more calls
// each time it is called.

@_optimize(none) @inline(never)
func opaque(_ closure: @escaping @Sendable () -> Greeter) -> @Sendable () -> Greeter { closure }

@_optimize(none) @inline(never)
func opaque(_ closure: @escaping @Sendable () -> Service) -> @Sendable () -> Service { closure }

@_optimize(none) @inline(never)
func opaque(_ closure: @escaping @Sendable () -> LevelA) -> @Sendable () -> LevelA { closure }

@_optimize(none) @inline(never)
func opaque(_ closure: @escaping @Sendable () -> LevelB) -> @Sendable () -> LevelB { closure }

@_optimize(none) @inline(never)
func opaque(_ closure: @escaping @Sendable () -> LevelC) -> @Sendable () -> LevelC { closure }

@_optimize(none) @inline(never)
func opaque(_ closure: @escaping @Sendable () -> Presenter) -> @Sendable () -> Presenter {
  closure
}

@_optimize(none) @inline(never)
func opaque(
  _ closure: @escaping @Sendable () async -> Greeter
) -> @Sendable () async -> Greeter { closure }

// MARK: Scenario 10: the graph that `validate()` checks

/// A store, kept for the app's lifetime: the bottom layer of the validated graph.
final class GraphStore: Sendable {
  let parent: GraphStore?
  init() { parent = nil }
  init(parent: GraphStore) { self.parent = parent }
}

/// A service, kept for the app's lifetime, on a store and on another service.
final class GraphService: Sendable {
  let store: GraphStore
  let upstream: GraphService?
  init(store: GraphStore) {
    self.store = store
    upstream = nil
  }
  init(store: GraphStore, upstream: GraphService) {
    self.store = store
    self.upstream = upstream
  }
}

/// A repository, made for each screen, on a service and a store.
final class GraphRepository: Sendable {
  let service: GraphService
  let store: GraphStore
  init(service: GraphService, store: GraphStore) {
    self.service = service
    self.store = store
  }
}

/// A view model, made for each screen, on a repository, a service and a store.
final class GraphViewModel: Sendable {
  let repository: GraphRepository
  let service: GraphService
  let store: GraphStore
  init(repository: GraphRepository, service: GraphService, store: GraphStore) {
    self.repository = repository
    self.service = service
    self.store = store
  }
}

/// A container of `count` registrations that all declare what they need, shaped like an
/// app's: a parent container "app" of singletons (10 % stores, 20 % services) and a child
/// "screens" of unique instances (30 % repositories, 40 % view models), each registration
/// under an alternative of its own. Each needs one to three earlier registrations; every
/// third declares them with `register(needs:)`, the others are initializers registered with
/// `autoregister`. Everything needed is registered and nothing holds anything shorter-lived,
/// so the graph is valid: validation walks all of it and reports nothing.
///
/// Each registration names a line of its own, as an app's registrations each have theirs:
/// made in a loop, they would all share one, and validation would then order them by
/// describing each one's type (`String(describing:)`), work that an app's graph does not make.
func validatedGraph(registrations count: Int) -> Container {
  func named(_ role: String, _ index: Int) -> RegistrationAlternative {
    RegistrationAlternative("\(role)-\(index)")
  }
  let stores = max(1, count / 10)
  let services = max(1, count * 2 / 10)
  let repositories = max(1, count * 3 / 10)
  let viewModels = count - stores - services - repositories
  let app = Container(name: "app-\(count)")
  for index in 0..<stores {
    if index == 0 {
      app.register(
        alternative: named("store", 0), scope: .singleton, needs: [], file: "App/Stores.swift",
        line: 1
      ) { GraphStore() }
    } else {
      app.autoregister(
        alternative: named("store", index), scope: .singleton,
        parameters: [.on(GraphStore.self, alternative: named("store", (index - 1) / 2))],
        file: "App/Stores.swift", line: UInt(index + 1), initializer: GraphStore.init(parent:))
    }
  }
  for index in 0..<services {
    let store = named("store", index % stores)
    if index.isMultiple(of: 3) {
      app.register(
        alternative: named("service", index), scope: .singleton,
        needs: [.on(GraphStore.self, alternative: store)], file: "App/Services.swift",
        line: UInt(index + 1)
      ) { [unowned app] in
        GraphService(store: try app.resolve(alternative: store))
      }
    } else {
      app.autoregister(
        alternative: named("service", index), scope: .singleton,
        parameters: [
          .on(GraphStore.self, alternative: store),
          .on(GraphService.self, alternative: named("service", index / 2)),
        ], file: "App/Services.swift", line: UInt(index + 1),
        initializer: GraphService.init(store:upstream:))
    }
  }
  let screens = Container(parent: app, name: "screens-\(count)")
  for index in 0..<repositories {
    let service = named("service", index * 7 % services)
    let store = named("store", index % stores)
    if index.isMultiple(of: 3) {
      screens.register(
        alternative: named("repository", index),
        needs: [
          .on(GraphService.self, alternative: service), .on(GraphStore.self, alternative: store),
        ], file: "Screens/Repositories.swift", line: UInt(index + 1)
      ) { [unowned screens] in
        GraphRepository(
          service: try screens.resolve(alternative: service),
          store: try screens.resolve(alternative: store))
      }
    } else {
      screens.autoregister(
        alternative: named("repository", index),
        parameters: [
          .on(GraphService.self, alternative: service), .on(GraphStore.self, alternative: store),
        ], file: "Screens/Repositories.swift", line: UInt(index + 1),
        initializer: GraphRepository.init(service:store:))
    }
  }
  for index in 0..<viewModels {
    let repository = named("repository", index * 3 % repositories)
    let service = named("service", index % services)
    let store = named("store", index * 5 % stores)
    let needs: [Container.Dependency] = [
      .on(GraphRepository.self, alternative: repository),
      .on(GraphService.self, alternative: service), .on(GraphStore.self, alternative: store),
    ]
    if index.isMultiple(of: 3) {
      screens.register(
        alternative: named("view-model", index), needs: needs, file: "Screens/ViewModels.swift",
        line: UInt(index + 1)
      ) { [unowned screens] in
        GraphViewModel(
          repository: try screens.resolve(alternative: repository),
          service: try screens.resolve(alternative: service),
          store: try screens.resolve(alternative: store))
      }
    } else {
      screens.autoregister(
        alternative: named("view-model", index), parameters: needs,
        file: "Screens/ViewModels.swift", line: UInt(index + 1),
        initializer: GraphViewModel.init(repository:service:store:))
    }
  }
  return screens
}

// MARK: Scenario 11: an initializer against a closure

final class Clock: Sendable {}

/// Made anew on each resolution, from a stored greeter and a singleton clock.
final class Presenter: Sendable {
  let greeter: Greeter
  let clock: Clock
  init(greeter: Greeter, clock: Clock) {
    self.greeter = greeter
    self.clock = clock
  }
}

// MARK: Scenario 10b: objects' injected properties, with the graph

/// Screens of five injected properties each, on the registrations of `validatedGraph`:
/// ten classes, as an app has a handful of view models per feature.
final class GraphScreen0 {
  @Injected(alternative: "view-model-0") var viewModel: GraphViewModel
  @Injected(alternative: "repository-0") var repository: GraphRepository
  @Injected(alternative: "service-0") var service: GraphService
  @Injected(alternative: "store-0") var store: GraphStore
  @Injected(alternative: "view-model-10") var detail: GraphViewModel
}
final class GraphScreen1 {
  @Injected(alternative: "view-model-1") var viewModel: GraphViewModel
  @Injected(alternative: "repository-1") var repository: GraphRepository
  @Injected(alternative: "service-1") var service: GraphService
  @Injected(alternative: "store-1") var store: GraphStore
  @Injected(alternative: "view-model-11") var detail: GraphViewModel
}
final class GraphScreen2 {
  @Injected(alternative: "view-model-2") var viewModel: GraphViewModel
  @Injected(alternative: "repository-2") var repository: GraphRepository
  @Injected(alternative: "service-2") var service: GraphService
  @Injected(alternative: "store-2") var store: GraphStore
  @Injected(alternative: "view-model-12") var detail: GraphViewModel
}
final class GraphScreen3 {
  @Injected(alternative: "view-model-3") var viewModel: GraphViewModel
  @Injected(alternative: "repository-3") var repository: GraphRepository
  @Injected(alternative: "service-3") var service: GraphService
  @Injected(alternative: "store-3") var store: GraphStore
  @Injected(alternative: "view-model-13") var detail: GraphViewModel
}
final class GraphScreen4 {
  @Injected(alternative: "view-model-4") var viewModel: GraphViewModel
  @Injected(alternative: "repository-4") var repository: GraphRepository
  @Injected(alternative: "service-4") var service: GraphService
  @Injected(alternative: "store-4") var store: GraphStore
  @Injected(alternative: "view-model-14") var detail: GraphViewModel
}
final class GraphScreen5 {
  @Injected(alternative: "view-model-5") var viewModel: GraphViewModel
  @Injected(alternative: "repository-5") var repository: GraphRepository
  @Injected(alternative: "service-5") var service: GraphService
  @Injected(alternative: "store-5") var store: GraphStore
  @Injected(alternative: "view-model-15") var detail: GraphViewModel
}
final class GraphScreen6 {
  @Injected(alternative: "view-model-6") var viewModel: GraphViewModel
  @Injected(alternative: "repository-6") var repository: GraphRepository
  @Injected(alternative: "service-6") var service: GraphService
  @Injected(alternative: "store-6") var store: GraphStore
  @Injected(alternative: "view-model-16") var detail: GraphViewModel
}
final class GraphScreen7 {
  @Injected(alternative: "view-model-7") var viewModel: GraphViewModel
  @Injected(alternative: "repository-7") var repository: GraphRepository
  @Injected(alternative: "service-7") var service: GraphService
  @Injected(alternative: "store-7") var store: GraphStore
  @Injected(alternative: "view-model-17") var detail: GraphViewModel
}
final class GraphScreen8 {
  @Injected(alternative: "view-model-8") var viewModel: GraphViewModel
  @Injected(alternative: "repository-8") var repository: GraphRepository
  @Injected(alternative: "service-8") var service: GraphService
  @Injected(alternative: "store-8") var store: GraphStore
  @Injected(alternative: "view-model-18") var detail: GraphViewModel
}
final class GraphScreen9 {
  @Injected(alternative: "view-model-9") var viewModel: GraphViewModel
  @Injected(alternative: "repository-9") var repository: GraphRepository
  @Injected(alternative: "service-9") var service: GraphService
  @Injected(alternative: "store-9") var store: GraphStore
  @Injected(alternative: "view-model-19") var detail: GraphViewModel
}

/// `count` screens, a hundred of each class, made while `.singleton(container)` is the lookup
/// policy, so that their properties resolve from `container`; the policy is restored after.
@MainActor func graphScreens(count: Int, resolvingFrom container: Container) -> [AnyObject] {
  let policy = Container.lookupPolicy
  Container.lookupPolicy = .singleton(container)
  defer { Container.lookupPolicy = policy }
  let make: [() -> AnyObject] = [
    GraphScreen0.init, GraphScreen1.init, GraphScreen2.init, GraphScreen3.init,
    GraphScreen4.init, GraphScreen5.init, GraphScreen6.init, GraphScreen7.init,
    GraphScreen8.init, GraphScreen9.init,
  ]
  return (0..<count).map { make[$0 % make.count]() }
}
