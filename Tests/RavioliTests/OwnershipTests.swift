import Ravioli
import Testing

// Whether or not a property has been read, the wrappers of an object that a container keeps
// never keep that container alive. Each test drops everything and checks, with weak
// references, that it was released; CI also runs these suites under LeakSanitizer.

protocol Pricing: Sendable {}
final class StandardPricing: Pricing {}

/// A session's cart, kept by the session (`.cached`), with a property it may never read.
private final class Cart {
  @Injected var pricing: Pricing

  init(session: Container) {
    _pricing = Injected(.capturingContainerOnInit(from: session))
  }
}

/// A session's screen, kept by the session, with a weak property.
private final class CheckoutScreen {
  @InjectedWeakly var delegate: Delegate?

  init(session: Container) {
    _delegate = InjectedWeakly(.capturingContainerOnInit(from: session))
  }
}

/// What a test lets go of, watched through weak references.
private struct Released {
  let container = WeakReference<Container>()
  let object = WeakReference<AnyObject>()

  var both: Bool { container.object == nil && object.object == nil }
}

@Suite struct OwnershipTests {
  let app: Container = {
    let app = Container(name: "app")
    app.register { () -> Pricing in StandardPricing() }
    return app
  }()

  /// Opens a session that keeps a cart, resolves the cart, maybe reads its property, and
  /// drops the session.
  private func shopAndLeave(readingTheProperty read: Bool) throws -> Released {
    let released = Released()
    let session = Container(parent: app, name: "session")
    // A resolver that captures its own container holds it unowned, as the article "Lifetimes" says.
    session.register(scope: .unchecked(.cached)) { [unowned session] () -> Cart in
      Cart(session: session)
    }
    let cart: Cart = try session.resolve()
    if read {
      _ = cart.pricing
    }
    released.container.object = session
    released.object.object = cart
    return released
  }

  @Test func aSessionThatKeepsACartWhosePropertyWasNeverReadIsReleased() throws {
    let released = try shopAndLeave(readingTheProperty: false)
    #expect(released.both)
  }

  @Test func aSessionThatKeepsACartWhosePropertyWasReadIsReleased() throws {
    let released = try shopAndLeave(readingTheProperty: true)
    #expect(released.both)
  }

  private func showScreenAndLeave(readingTheProperty read: Bool) throws -> Released {
    let released = Released()
    let delegate = SampleDelegate()
    let session = Container(parent: app, name: "session")
    session.register { () -> Delegate in delegate }
    session.register(scope: .unchecked(.singleton)) { [unowned session] () -> CheckoutScreen in
      CheckoutScreen(session: session)
    }
    let screen: CheckoutScreen = try session.resolve()
    if read {
      #expect(screen.delegate === delegate)
    }
    released.container.object = session
    released.object.object = screen
    return released
  }

  @Test func aSessionThatKeepsAScreenWithAnUnreadWeakPropertyIsReleased() throws {
    let released = try showScreenAndLeave(readingTheProperty: false)
    #expect(released.both)
  }

  @Test func aSessionThatKeepsAScreenWithAResolvedWeakPropertyIsReleased() throws {
    let released = try showScreenAndLeave(readingTheProperty: true)
    #expect(released.both)
  }

  @Test func aPropertyResolvesFromItsContainerForAsLongAsSomethingElseKeepsIt() throws {
    let session = Container(parent: app, name: "session")
    let cart = Cart(session: session)

    #expect(cart.pricing is StandardPricing)
  }
}

/// A screen that a container keeps, with properties that take the policy in force when it is
/// created (the default).
private final class KeptScreen {
  @Injected var pricing: Pricing
  @InjectedWeakly var delegate: Delegate?
}

/// A screen of a module that carries its own container.
private final class ModuleScreen: Containerable {
  static let module: Container = {
    let module = Container(name: "module")
    module.register { () -> Pricing in StandardPricing() }
    return module
  }()

  var container: Container! { Self.module }
  @Injected var pricing: Pricing
}

/// A policy of the app's own, which holds its container.
private struct AppPolicy: ContainerLookupPolicy {
  let container: Container

  func container<EnclosingType>(
    for instance: EnclosingType, file: StaticString, function: String, line: UInt
  ) -> Container? {
    container
  }
}

extension GlobalStateTests {
  /// Sets `Container.lookupPolicy`, as a test that gives each test its own container would.
  @Suite final class PolicyOwnershipTests {
    deinit {
      Container.lookupPolicy = nil
    }

    /// Makes a container, sets a policy that picks it, resolves a screen that the container
    /// keeps without reading the screen's properties, then moves on to another policy.
    private func useAndReplace(
      _ policy: (Container) -> any ContainerLookupPolicy
    ) throws -> Released {
      let released = Released()
      let fresh = Container(name: "fresh")
      fresh.register { () -> Pricing in StandardPricing() }
      fresh.register(scope: .unchecked(.singleton)) { () -> KeptScreen in KeptScreen() }
      Container.lookupPolicy = policy(fresh)
      let screen: KeptScreen = try fresh.resolve()
      released.container.object = fresh
      released.object.object = screen
      Container.lookupPolicy = .singleton(Container(name: "next"))
      return released
    }

    @Test func aSingletonPolicysContainerIsReleasedOnceThePolicyIsReplaced() throws {
      let released = try useAndReplace { .singleton($0) }
      #expect(released.both)
    }

    @Test func anEnclosingTypePolicysDefaultIsReleasedOnceThePolicyIsReplaced() throws {
      let released = try useAndReplace { .enclosingType(default: $0) }
      #expect(released.both)
    }

    @Test func aCustomPolicysContainerIsReleasedOnceThePolicyIsReplaced() throws {
      let released = try useAndReplace { AppPolicy(container: $0) }
      #expect(released.both)
    }

    @Test func oneContainerPerTestLeavesNoneBehind() throws {
      let all = try (0..<50).map { _ in try useAndReplace { .singleton($0) } }
      #expect(all.filter(\.both).count == 50)
    }

    @Test func aContainerableObjectDoesNotNeedTheReleasedDefaultOfItsPolicy() {
      let released = WeakReference<Container>()
      let screen: ModuleScreen = {
        let shortLived = Container(name: "short-lived")
        released.object = shortLived
        Container.lookupPolicy = .enclosingType(default: shortLived)
        defer { Container.lookupPolicy = nil }
        return ModuleScreen()
      }()

      #expect(released.object == nil, "the policy's default is gone")
      #expect(screen.pricing is StandardPricing)
    }

    @Test func aBuiltInPolicysContainerServesUnreadPropertiesAfterThePolicyIsReplaced() {
      let delegate = SampleDelegate()
      let kept = Container(name: "kept")
      kept.register { () -> Pricing in StandardPricing() }
      kept.register { () -> Delegate in delegate }
      Container.lookupPolicy = .enclosingType(default: kept)
      let screen = KeptScreen()
      Container.lookupPolicy = nil

      #expect(screen.pricing is StandardPricing)
      #expect(screen.delegate === delegate)
    }
  }
}
