import Dispatch
import Foundation
import Ravioli
import Testing

// A failure reads the list of living containers, and each one's registrations, without
// retaining them, while other threads make and drop containers that register what it asks
// for, and objects whose deinit tells when the container that kept them is gone. CI also
// runs this under ThreadSanitizer and AddressSanitizer (with freed memory reused at once).

private protocol StressedKey: Sendable {}
private final class StressedValue: StressedKey {
  let released: Counter
  init(released: Counter) { self.released = released }
  deinit { released.increment() }
}

@Suite struct LivingContainersStressTests {
  @Test func failuresReadTheListWhileContainersComeAndGo() {
    let searched = Container(name: "searched")
    // Alive throughout: every failure names it, whatever the others do.
    let kept = Container(name: "kept") { container in
      container.register { () -> StressedKey in StressedValue(released: Counter()) }
    }
    let released = Counter()
    let made = Counter()
    let named = Counter()

    DispatchQueue.concurrentPerform(iterations: 4) { thread in
      for operation in 0..<1_000 {
        if thread < 2 {
          // A container that registers the key, and keeps an instance of it, made and dropped.
          let elsewhere = Container(name: "elsewhere-\(thread)") { container in
            container.register(scope: .unchecked(.singleton)) { [released] () -> StressedKey in
              StressedValue(released: released)
            }
          }
          if (try? elsewhere.resolve() as StressedKey) != nil { made.increment() }
        } else {
          do throws(ResolutionError) {
            _ = try searched.resolve() as StressedKey
          } catch {
            if error.registeredElsewhere.contains("kept") { named.increment() }
            _ = error.description
          }
          if operation % 100 == 0 {
            _ = try? Container.validateInjection(of: [])
          }
        }
      }
    }

    // Every instance that a dropped container kept is gone: reading the list kept none alive.
    #expect(made.value == 2_000)
    #expect(released.value == 2_000)
    #expect(named.value == 2_000)
    withExtendedLifetime(kept) {}
  }
}

@Suite struct IsolatedFailureStressTests {
  /// A container made in another test's isolation, still running, is that test's: a
  /// failure here does not name it. Once that isolation is over, it is named.
  @Test func aFailureDoesNotNameAContainerOfAnotherRunningIsolation() throws {
    let made = DispatchSemaphore(value: 0)
    let checked = DispatchSemaphore(value: 0)
    let done = DispatchSemaphore(value: 0)
    let kept = WeakReference<Container>()
    let keeper = KeptContainer()
    Thread {
      withIsolatedContainers {
        let other = Container(name: "another-tests") { container in
          container.register { () -> IsolatedKey in IsolatedValue() }
        }
        keeper.container = other
        kept.object = other
        made.signal()
        checked.wait()
      }
      done.signal()
    }.start()
    made.wait()
    let searched = Container(name: "this-tests")
    let during = withIsolatedContainers { () -> [String] in
      do throws(ResolutionError) {
        _ = try searched.resolve() as IsolatedKey
        return []
      } catch {
        return error.registeredElsewhere
      }
    }
    checked.signal()
    done.wait()
    #expect(!during.contains("another-tests"))
    let after: [String]
    do throws(ResolutionError) {
      _ = try searched.resolve() as IsolatedKey
      after = []
    } catch {
      after = error.registeredElsewhere
    }
    #expect(after.contains("another-tests"))
    #expect(kept.object != nil)
  }
}

private protocol IsolatedKey: Sendable {}
private struct IsolatedValue: IsolatedKey {}

/// Keeps a container made on another thread alive for the test.
// `container` is only touched under `lock`.
private final class KeptContainer: @unchecked Sendable {
  private let lock = NSLock()
  private var stored: Container?
  var container: Container? {
    get { lock.withLock { stored } }
    set { lock.withLock { stored = newValue } }
  }
}
