import Foundation
import Ravioli
import Testing

/// An object that remembers which instance of its dependency it got.
private final class Part: Sendable {
  let id: Int
  init(id: Int) { self.id = id }
}

private final class Assembly: Sendable {
  let left: Part
  let right: Part
  init(left: Part, right: Part) {
    self.left = left
    self.right = right
  }
}

@Suite struct ScopeTests {
  let container = Container(name: "scopes")
  let made = Counter()

  @Test func uniqueRunsTheResolverEveryTime() throws {
    container.register(scope: .unique) { [made] () -> Part in Part(id: made.increment()) }

    let first: Part = try container.resolve()
    let second: Part = try container.resolve()

    #expect(first !== second)
    #expect(made.value == 2)
  }

  @Test func singletonIsMadeOnceAtTheFirstResolution() throws {
    container.register(scope: .singleton) { [made] () -> Part in Part(id: made.increment()) }
    #expect(made.value == 0)

    let first: Part = try container.resolve()
    let second: Part = try container.resolve()

    #expect(first === second)
    #expect(made.value == 1)
  }

  @Test func weakKeepsTheInstanceWhileSomethingElseDoes() throws {
    container.register(scope: .weak) { [made] () -> Part in Part(id: made.increment()) }

    var held: Part? = try container.resolve()
    do {
      let again: Part = try container.resolve()
      #expect(held === again)
      #expect(made.value == 1)
    }

    held = nil
    let afterRelease: Part = try container.resolve()
    #expect(afterRelease.id == 2, "a new instance once nothing kept the first")
  }

  @Test func weakNeedsAnObject() {
    container.register(scope: .weak) { () -> Int in 3 }

    let error = #expect(throws: ResolutionError.self) {
      let _: Int = try container.resolve()
    }

    guard case .notAnObject(let actualType) = error?.reason else {
      Issue.record("expected .notAnObject, got \(String(describing: error?.reason))")
      return
    }
    #expect(actualType == "Int")
    #expect(error?.description.contains("Cannot keep `Int` weakly") == true)
  }

  @Test func cachedIsDroppedByAResetOfItsScope() throws {
    container.register(scope: .cached) { [made] () -> Part in Part(id: made.increment()) }
    container.register(scope: .singleton) { () -> Service in Service(id: 1) }
    let part: Part = try container.resolve()
    let service: Service = try container.resolve()

    container.reset(.singleton)
    let partAfterSingletonReset: Part = try container.resolve()
    container.reset(.cached)
    let partAfterCachedReset: Part = try container.resolve()
    let serviceAfterResets: Service = try container.resolve()

    #expect(partAfterSingletonReset === part)
    #expect(partAfterCachedReset !== part)
    #expect(made.value == 2)
    #expect(serviceAfterResets !== service, "the singleton reset dropped it")
  }

  @Test func resetWithoutAScopeDropsEverything() throws {
    container.register(scope: .cached) { [made] () -> Part in Part(id: made.increment()) }
    container.register(scope: .singleton) { [made] () -> Service in Service(id: made.increment()) }
    _ = try container.resolve() as Part
    _ = try container.resolve() as Service

    container.reset()
    _ = try container.resolve() as Part
    _ = try container.resolve() as Service

    #expect(made.value == 4)
  }

  @Test(arguments: [Scope.singleton, .cached, .weak])
  func resetDropsTheInstancesOfParametrizedRegistrations(scope: Scope) throws {
    container.register(scope: RegistrationScope(scope)) { [made] (owner: Int) -> Part in
      Part(id: made.increment())
    }
    container.register(scope: RegistrationScope(scope)) { [made] (owner: Any) -> Part in
      Part(id: made.increment())
    }
    let released = WeakReference<Part>()
    var typed: Part? = try container.resolve(parameter: 1)
    var untyped: Part? = try container.resolve(parameter: "any")
    released.object = typed
    #expect(try container.resolve(parameter: 2) as Part === typed)
    #expect(try container.resolve(parameter: "other") as Part === untyped)

    container.reset(scope)
    let typedAfterReset: Part = try container.resolve(parameter: 1)
    let untypedAfterReset: Part = try container.resolve(parameter: "any")

    #expect(typedAfterReset !== typed)
    #expect(untypedAfterReset !== untyped)
    #expect(made.value == 4)
    typed = nil
    untyped = nil
    #expect(released.object == nil, "the reset let go of the instance")
  }

  @Test func resetWithoutAScopeDropsTheInstancesOfParametrizedRegistrations() throws {
    container.register(scope: .cached) { [made] (owner: Int) -> Part in Part(id: made.increment()) }
    let first: Part = try container.resolve(parameter: 1)

    container.reset()

    #expect(try container.resolve(parameter: 1) as Part !== first)
  }

  @Test func graphSharesOneInstanceWithinATopLevelResolution() throws {
    container.register(scope: .graph) { [made] () -> Part in Part(id: made.increment()) }
    container.register { [unowned container] () -> Assembly in
      Assembly(left: try container.resolve(), right: try container.resolve())
    }

    let first: Assembly = try container.resolve()
    let second: Assembly = try container.resolve()

    #expect(first.left === first.right)
    #expect(second.left === second.right)
    #expect(first.left !== second.left)
    #expect(made.value == 2)
  }

  @Test(arguments: [Scope.singleton, .cached])
  func registeringAgainDropsTheKeptInstance(scope: Scope) throws {
    weak var old: Part?
    container.register(scope: RegistrationScope(scope)) { () -> Part in Part(id: 1) }
    do {
      let first: Part = try container.resolve()
      old = first
    }
    #expect(old != nil)

    container.register(scope: RegistrationScope(scope), replacing: true) { () -> Part in
      Part(id: 2)
    }
    let replacement: Part = try container.resolve()

    #expect(old == nil)
    #expect(replacement.id == 2)
  }

  @Test func registeringAgainDropsTheInstanceOfAParametrizedAndOfAWeakRegistration() throws {
    container.register(scope: .singleton) { (parameter: Int) -> Part in Part(id: parameter) }
    container.register(scope: .weak) { () -> Service in Service(id: 1) }
    let first: Part = try container.resolve(parameter: 1)
    let held: Service = try container.resolve()

    container.register(scope: .singleton, replacing: true) { (parameter: Int) -> Part in
      Part(id: parameter * 10)
    }
    container.register(scope: .weak, replacing: true) { () -> Service in Service(id: 2) }
    let second: Part = try container.resolve(parameter: 2)
    let service: Service = try container.resolve()

    #expect(first.id == 1)
    #expect(second.id == 20)
    #expect(service !== held, "the new registration does not hand out the old weak instance")
  }

  @Test func graphInstancesAreReleasedAfterTheTopLevelResolution() throws {
    let shared = WeakReference<Part>()
    container.register(scope: .graph) { () -> Part in
      let part = Part(id: 1)
      shared.object = part
      return part
    }
    container.register { [unowned container] () -> Assembly in
      Assembly(left: try container.resolve(), right: try container.resolve())
    }

    do {
      let assembly: Assembly = try container.resolve()
      #expect(assembly.left === shared.object)
    }

    #expect(shared.object == nil)
  }

  @Test func createSingletonsMakesSingletonAndCachedInstancesNow() throws {
    let singletons = Counter()
    let cached = Counter()
    let others = Counter()
    container.register(scope: .singleton) { () -> Service in Service(id: singletons.increment()) }
    container.register(scope: .cached) { () -> Part in Part(id: cached.increment()) }
    container.register { () -> String in "\(others.increment())" }
    container.register(scope: .weak) { () -> Assembly in
      others.increment()
      return Assembly(left: Part(id: 0), right: Part(id: 0))
    }
    container.register(scope: .singleton) { (parameter: Any) -> Int in others.increment() }

    try container.createSingletons()
    try container.createSingletons()
    _ = try container.resolve() as Service

    #expect(singletons.value == 1)
    #expect(cached.value == 1)
    #expect(others.value == 0)
  }

  @Test func createSingletonsReportsTheFirstFailure() {
    struct Unavailable: Error {}
    container.register(scope: .singleton) { () -> Service in throw Unavailable() }

    let error = #expect(throws: ResolutionError.self) {
      try container.createSingletons()
    }

    guard case .resolverFailed(let underlying) = error?.reason else {
      Issue.record("expected .resolverFailed, got \(String(describing: error?.reason))")
      return
    }
    #expect(underlying is Unavailable)
  }

  @Test func aFailedCreationIsTriedAgainNextTime() throws {
    struct NotYet: Error {}
    let attempts = Counter()
    container.register(scope: .singleton) { () -> Service in
      if attempts.increment() == 1 { throw NotYet() }
      return Service(id: attempts.value)
    }

    #expect(throws: ResolutionError.self) { let _: Service = try container.resolve() }
    let service: Service = try container.resolve()

    #expect(service.id == 2)
  }
}

@Suite struct ChildContainerScopeTests {
  @Test func aParentSingletonIsOneInstanceThroughEveryChild() throws {
    let parent = Container(name: "app")
    parent.register(scope: .singleton) { () -> Service in Service() }
    let first = Container(parent: parent, name: "screen-1")
    let second = Container(parent: parent, name: "screen-2")

    let fromParent: Service = try parent.resolve()
    let fromFirst: Service = try first.resolve()
    let fromSecond: Service = try second.resolve()

    #expect(fromParent === fromFirst)
    #expect(fromFirst === fromSecond)
  }

  @Test func aChildOverridesForItselfOnly() throws {
    let parent = Container(name: "app")
    parent.register(scope: .singleton) { () -> Service in Service(id: 1) }
    let child = Container(parent: parent, name: "session")
    child.register(scope: .singleton) { () -> Service in Service(id: 2) }

    let fromChild: Service = try child.resolve()
    let fromParent: Service = try parent.resolve()

    #expect(fromChild.id == 2)
    #expect(fromParent.id == 1)
  }

  @Test func releasingAChildReleasesWhatItMadeAndNothingOfTheParents() throws {
    let parent = Container(name: "app")
    parent.register(scope: .singleton) { () -> Service in Service(id: 1) }
    weak var childsPart: Part?
    weak var parentsService: Service?
    do {
      let child = Container(parent: parent, name: "session")
      child.register(scope: .cached) { () -> Part in Part(id: 2) }
      let part: Part = try child.resolve()
      let service: Service = try child.resolve()
      childsPart = part
      parentsService = service
    }

    #expect(childsPart == nil)
    #expect(parentsService != nil)
    #expect(try parent.resolve() as Service === parentsService)
  }

  @Test func releasingAContainerReleasesItsSingletons() throws {
    weak var kept: Service?
    do {
      let container = Container()
      container.register(scope: .singleton) { () -> Service in Service() }
      let service: Service = try container.resolve()
      kept = service
    }
    #expect(kept == nil)
  }

  @Test func manyChildrenAreMadeAndDroppedWithoutKeepingAnything() throws {
    let parent = Container(name: "app")
    parent.register(scope: .singleton) { () -> Service in Service() }
    let shared: Service = try parent.resolve()
    var mismatches = 0
    var kept = 0
    for index in 0..<10_000 {
      weak var droppedChild: Container?
      weak var droppedPart: Part?
      do {
        let child = Container(parent: parent, name: "request-\(index)")
        child.register(scope: .cached) { [unowned child] () -> Part in
          Part(id: index + (try child.resolve() as Service).id)
        }
        let part: Part = try child.resolve()
        let service: Service = try child.resolve()
        if part.id != index || service !== shared { mismatches += 1 }
        droppedChild = child
        droppedPart = part
      }
      if droppedChild != nil || droppedPart != nil { kept += 1 }
    }
    #expect(mismatches == 0)
    #expect(kept == 0)
  }

  @Test func resetOnAChildLeavesTheParentAloneAndTheOtherWayRound() throws {
    let parent = Container(name: "app")
    parent.register(scope: .cached) { () -> Service in Service() }
    let child = Container(parent: parent, name: "session")
    child.register(scope: .cached) { () -> Part in Part(id: 0) }
    let service: Service = try child.resolve()
    let part: Part = try child.resolve()

    child.reset()
    #expect(try child.resolve() as Service === service)
    let newPart: Part = try child.resolve()
    #expect(newPart !== part)

    parent.reset()
    #expect(try child.resolve() as Service !== service)
    #expect(try child.resolve() as Part === newPart)
  }

  @Test func createSingletonsOnAChildLeavesTheParentsAlone() throws {
    let made = Counter()
    let parent = Container(name: "app")
    parent.register(scope: .singleton) { () -> Service in Service(id: made.increment()) }
    let child = Container(parent: parent, name: "session")
    child.register(scope: .singleton) { () -> Part in Part(id: made.increment()) }

    try child.createSingletons()

    #expect(made.value == 1, "only the child's own singleton")
  }
}
