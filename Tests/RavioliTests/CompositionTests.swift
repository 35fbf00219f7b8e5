import Ravioli
import Testing

// Containers that build on several others: the order they are searched in, failures that
// name them all, and cycles that cross them.

@Suite struct CompositionTests {
  /// core <- networking, core <- storage, [networking, storage] <- feature.
  private func modules() -> (
    core: Container, networking: Container, storage: Container,
    feature: Container
  ) {
    let core = Container(name: "core")
    let networking = Container(parent: core, name: "networking")
    let storage = Container(parent: core, name: "storage")
    let feature = Container(parents: [networking, storage], name: "feature")
    return (core, networking, storage, feature)
  }

  @Test func aSharedParentIsSearchedOnceAfterEveryContainerThatBuildsOnIt() {
    let (_, _, _, feature) = modules()
    #expect(feature.description == #"Container "feature" -> "networking" -> "storage" -> "core""#)
  }

  @Test func parentsAreSearchedInTheOrderGiven() throws {
    let (core, networking, storage, feature) = modules()
    core.register { () -> Tagged in Tagged(id: 0) }
    #expect(try feature.resolve() as Tagged == Tagged(id: 0))
    storage.register { () -> Tagged in Tagged(id: 2) }
    #expect(try feature.resolve() as Tagged == Tagged(id: 2))
    networking.register { () -> Tagged in Tagged(id: 1) }
    #expect(try feature.resolve() as Tagged == Tagged(id: 1))
    feature.register { () -> Tagged in Tagged(id: 3) }
    #expect(try feature.resolve() as Tagged == Tagged(id: 3))
  }

  @Test func anOverrideInOneParentWinsOverTheSharedParent() throws {
    let (core, _, storage, feature) = modules()
    core.register { () -> Tagged in Tagged(id: 0) }
    storage.register { () -> Tagged in Tagged(id: 2) }
    #expect(try storage.resolve() as Tagged == Tagged(id: 2))
    #expect(try feature.resolve() as Tagged == Tagged(id: 2))
  }

  @Test func aParentListedAfterItsOwnChildComesAfterIt() {
    let core = Container(name: "core")
    let networking = Container(parent: core, name: "networking")
    let feature = Container(parents: [core, networking], name: "feature")
    #expect(feature.description == #"Container "feature" -> "networking" -> "core""#)
  }

  @Test func parametrizedAndOptionalResolutionSearchEveryParent() throws {
    let (core, _, storage, feature) = modules()
    storage.register { (number: Int) -> Tagged in Tagged(id: number) }
    core.register(alternative: .french) { () -> Tagged in Tagged(id: 5) }
    #expect(try feature.resolve(parameter: 4) as Tagged == Tagged(id: 4))
    #expect(try feature.resolve(alternative: .french) as Tagged? == Tagged(id: 5))
    #expect(feature.isResolvable(Tagged.self, alternative: .french))
  }

  @Test func aFailureNamesEveryContainerSearched() {
    let (_, networking, _, feature) = modules()
    networking.register(alternative: .french) { () -> Tagged in Tagged(id: 1) }
    #expect {
      try feature.resolve() as Tagged
    } throws: { error in
      let error = error as! ResolutionError
      return error.searchedContainers == ["feature", "networking", "storage", "core"]
        && error.registeredAlternatives == ["french"]
        && error.description.contains(#""feature" -> "networking" -> "storage" -> "core""#)
    }
  }

  @Test func aCycleAcrossContainersIsReported() {
    let (_, networking, storage, feature) = modules()
    networking.register { [unowned feature] () -> Tagged in
      Tagged(id: (try feature.resolve() as Service).id)
    }
    storage.register { [unowned feature] () -> Service in
      Service(id: (try feature.resolve() as Tagged).id)
    }
    #expect {
      try feature.resolve() as Tagged
    } throws: { error in
      guard case .cycle(let path) = (error as! ResolutionError).reason else { return false }
      return path == ["Tagged", "Service", "Tagged"]
    }
  }

  @Test func aModuleOfComposedContainersInjectsThroughItsContainer() {
    let (core, _, storage, feature) = modules()
    core.register { () -> Tagged in Tagged(id: 0) }
    storage.register { () -> Service in Service(id: 8) }
    let screen = FeatureScreen(container: feature)
    #expect(screen.tagged == Tagged(id: 0))
    #expect(screen.service.id == 8)
  }
}

private final class FeatureScreen {
  @Injected var tagged: Tagged
  @Injected var service: Service

  init(container: Container) {
    _tagged = Injected(.capturingContainerOnInit(from: container))
    _service = Injected(.capturingContainerOnInit(from: container))
  }
}
