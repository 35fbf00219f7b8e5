import Foundation
import Ravioli
import Testing

private final class WeakScreen {
  @InjectedWeakly var delegate: Delegate?
}

private final class AlternativeWeakScreen {
  @InjectedWeakly(alternative: .another) var delegate: Delegate?
}

private final class EagerWeakScreen {
  @InjectedWeakly(.resolvingOnInit(), alternative: .another) var delegate: Delegate?
}

extension GlobalStateTests {
  @Suite struct InjectedWeaklyTests {
    let container = Container(name: "weak-tests")
    let counter = Counter()
    let registered = DroppableReference(SampleDelegate())

    init() {
      container.register { [counter, registered] () -> Delegate in
        counter.increment()
        return registered.value!
      }
      container.register(alternative: .another) { [registered] () -> Delegate in
        registered.value!
      }
      Container.lookupPolicy = .singleton(container)
    }

    @Test func resolvesFromAPlainRegistrationOnce() {
      let screen = WeakScreen()
      #expect(screen.delegate === registered.value)
      #expect(screen.delegate === registered.value)
      #expect(counter.value == 1)
    }

    @Test func readsNilAfterReleaseAndDoesNotResolveAgain() {
      let screen = WeakScreen()
      #expect(screen.delegate != nil)

      registered.value = nil

      #expect(screen.delegate == nil)
      #expect(counter.value == 1)
    }

    @Test func resolvesItsAlternativeAtTheFirstRead() {
      let screen = AlternativeWeakScreen()
      #expect(screen.delegate === registered.value)
      #expect(counter.value == 0)
    }

    @Test func resolvingOnInitWithAnAlternative() {
      let screen = EagerWeakScreen()
      #expect(screen.delegate === registered.value)
      registered.value = nil
      #expect(screen.delegate == nil)
    }

    /// Both resolvers return the same object: only which one ran tells that the eager
    /// property honoured its alternative.
    @Test func resolvingOnInitRunsTheAlternativesResolver() {
      let named = Counter()
      container.register(alternative: .another, replacing: true) {
        [named, registered] () -> Delegate in
        named.increment()
        return registered.value!
      }
      let screen = EagerWeakScreen()
      #expect(screen.delegate === registered.value)
      #expect(named.value == 1)
      #expect(counter.value == 0)
    }

    @Test func assignmentIsHeldWeakly() {
      let screen = WeakScreen()
      var replacement: SampleDelegate? = SampleDelegate()
      screen.delegate = replacement
      #expect(screen.delegate === replacement)
      #expect(counter.value == 0)

      replacement = nil

      #expect(screen.delegate == nil)
    }
  }
}

/// Holds an optional object that tests can drop, from any thread.
// `stored` is only touched under `lock`.
final class DroppableReference<Value: AnyObject>: @unchecked Sendable {
  private let lock = NSLock()
  private var stored: Value?

  init(_ value: Value) { stored = value }

  var value: Value? {
    get { lock.withLock { stored } }
    set { lock.withLock { stored = newValue } }
  }
}
