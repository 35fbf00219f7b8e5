import Ravioli
import Testing

private final class LazyScreen {
  @Injected(.lazily) var service: Service
}

private final class CapturingScreen {
  @Injected var service: Service
}

private final class EagerScreen {
  @Injected(.resolvingOnInit()) var service: Service
}

private struct EagerValue {
  @Injected(.resolvingOnInit()) var greeter: Greeter
  @Injected(.resolvingOnInit(), alternative: .french) var french: Greeter
}

private final class NamedScreen {
  @Injected(alternative: .french) var greeter: Greeter
}

private final class StoredScreen {
  @Injected var greeter: Greeter = FrenchGreeter()
}

private final class LazyOwnerAwareScreen {
  let title = "Lazy"
  @Injected(.lazily) var label: String
}

private final class OptionalScreen {
  @Injected var optional: Greeter?
  @Injected var unwrapped: Greeter!
}

private final class ModuleScreen: Containerable {
  var container: Container! { Container.testContainer }
  @Injected var lazyGreeter: Greeter
  @Injected(.resolvingOnInit()) var eagerGreeter: Greeter
}

private final class OwnerAwareScreen {
  let title: String
  @Injected var label: String
  init(title: String) { self.title = title }
}

extension GlobalStateTests {
  @Suite struct InjectedTests {
    let container = Container(name: "injected-tests")
    let counter = Counter()

    init() {
      container.register { [counter] () -> Service in Service(id: counter.increment()) }
      container.register { () -> Greeter in EnglishGreeter() }
      container.register(alternative: .french) { () -> Greeter in FrenchGreeter() }
      Container.lookupPolicy = .singleton(container)
    }

    @Test func lazilyResolvesAtFirstAccessFromThePolicyInForceThen() {
      Container.lookupPolicy = nil
      let screen = LazyScreen()
      let other = Container()
      other.register { () -> Service in Service(id: 99) }
      Container.lookupPolicy = .singleton(other)

      #expect(screen.service.id == 99)
      #expect(counter.value == 0)
    }

    @Test func capturingKeepsThePolicyInForceWhenTheObjectIsCreated() {
      let screen = CapturingScreen()
      let other = Container()
      other.register { () -> Service in Service(id: 99) }
      Container.lookupPolicy = .singleton(other)

      #expect(counter.value == 0, "nothing is resolved before the first access")
      #expect(screen.service.id == 1)
    }

    @Test func capturingAGivenContainerIgnoresThePolicy() {
      final class Screen {
        @Injected(.capturingContainerOnInit(from: Container.testContainer)) var greeter: Greeter
      }
      #expect(Screen().greeter.greet() == "Guten Tag")
    }

    @Test func resolvingOnInitResolvesAtOnce() {
      let screen = EagerScreen()
      #expect(counter.value == 1)
      #expect(screen.service.id == 1)
      #expect(counter.value == 1)
    }

    @Test func resolvingOnInitWorksInStructs() {
      let value = EagerValue()
      #expect(value.greeter.greet() == "Hello")
      #expect(value.french.greet() == "Bonjour")
    }

    @Test func resolvingOnInitFromAGivenContainer() {
      struct Value {
        @Injected(.resolvingOnInit(from: Container.testContainer)) var greeter: Greeter
      }
      #expect(Value().greeter.greet() == "Guten Tag")
    }

    @Test func valueIsCachedPerPropertyPerInstance() {
      let first = CapturingScreen()
      let second = CapturingScreen()

      let firstIDs = [first.service.id, first.service.id]
      let secondID = second.service.id

      #expect(firstIDs == [1, 1])
      #expect(secondID == 2)
      #expect(counter.value == 2)
    }

    @Test func alternativeIsHonoured() {
      #expect(NamedScreen().greeter.greet() == "Bonjour")
    }

    @Test func assignmentReplacesTheValue() {
      let screen = CapturingScreen()
      screen.service = Service(id: 7)
      #expect(screen.service.id == 7)
      #expect(counter.value == 0, "an assigned property never resolves")

      let resolved = CapturingScreen()
      _ = resolved.service
      resolved.service = Service(id: 8)
      #expect(resolved.service.id == 8)
    }

    @Test func assignmentInAStruct() {
      var value = EagerValue()
      value.greeter = FrenchGreeter()
      #expect(value.greeter.greet() == "Bonjour")
    }

    @Test func initialValueIsStoredAndNothingIsResolved() {
      Container.lookupPolicy = nil
      let screen = StoredScreen()
      #expect(screen.greeter.greet() == "Bonjour")
    }

    @Test func parametrizedResolverReceivesTheEnclosingObjectFirst() {
      container.register { () -> String in "plain" }
      container.register { (parameter: Any) -> String in
        "label for \((parameter as? OwnerAwareScreen)?.title ?? "?")"
      }
      #expect(OwnerAwareScreen(title: "Settings").label == "label for Settings")
    }

    @Test func lazilyAlsoPassesTheEnclosingObject() {
      container.register { (parameter: Any) -> String in
        "label for \((parameter as? LazyOwnerAwareScreen)?.title ?? "?")"
      }
      #expect(LazyOwnerAwareScreen().label == "label for Lazy")
    }

    @Test func optionalAndImplicitlyUnwrappedPropertiesResolveFromThePlainRegistration() {
      let screen = OptionalScreen()
      #expect(screen.optional?.greet() == "Hello")
      #expect(screen.unwrapped.greet() == "Hello")
    }

    @Test func eagerInjectionInAContainerableClassUsesThePolicyDefaultNotTheObjectsContainer() {
      Container.lookupPolicy = .enclosingType(default: container)
      let screen = ModuleScreen()
      #expect(screen.lazyGreeter.greet() == "Guten Tag", "lazy: the object's own container")
      #expect(screen.eagerGreeter.greet() == "Hello", "eager: there is no object yet")
    }

    @Test func projectedValueOfAPropertyIsAResolverForItsValue() {
      func describe(@Injected greeter: Greeter) -> String { greeter.greet() }
      let screen = NamedScreen()
      #expect(describe($greeter: screen.$greeter) == "Bonjour")
    }
  }
}

extension Container {
  /// A container that answers `Greeter` with German, for tests that pass a container to a
  /// wrapper.
  static let testContainer: Container = {
    let container = Container(name: "test-container")
    container.register { () -> Greeter in GermanGreeter() }
    return container
  }()
}

struct GermanGreeter: Greeter {
  func greet() -> String { "Guten Tag" }
}
