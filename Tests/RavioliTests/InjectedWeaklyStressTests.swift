import Dispatch
import Ravioli
import Testing

// @InjectedWeakly read on several threads at once: reads that find the object gone, and
// reads racing assignments. CI also runs these in release, and under ThreadSanitizer and
// AddressSanitizer.

/// Made anew by the property's resolver, and kept by nothing.
private final class UnkeptValue: Sendable {}

/// Shared between threads, as an `@unchecked Sendable` class may be: its properties are only
/// read once the first read is made.
private final class SharedWeakHolder: @unchecked Sendable {
  @InjectedWeakly var object: UnkeptValue?
}

@Suite struct InjectedWeaklyReadStressTests {
  /// Reads of a property whose object is gone write nothing, so that reads on several
  /// threads at once do not race (ThreadSanitizer would report it); the warning is still
  /// given once. The reading tasks inherit the isolation, and so its logger.
  @Test func readsOfAReleasedUnkeptObjectWriteNothing() async {
    let logger = CountingLogger()
    let readsNil = await withIsolatedContainers { () -> Bool in
      Container.logger = logger
      let container = Container(name: "weak-reads")
      container.register { () -> UnkeptValue? in UnkeptValue() }
      Container.lookupPolicy = .singleton(container)
      let holder = SharedWeakHolder()
      _ = holder.object  // the new object is released as the read returns
      await withTaskGroup(of: Void.self) { group in
        for _ in 0..<4 {
          group.addTask {
            for _ in 0..<500 {
              _ = holder.object
            }
          }
        }
      }
      return holder.object == nil
    }
    #expect(readsNil)
    #expect(logger.count(of: .warning) == 1)
  }
}

/// What a racing read may see.
private protocol RacingDelegate: AnyObject, Sendable {
  var kind: String { get }
}
private final class FirstRacingDelegate: RacingDelegate {
  let kind = "first"
}
private final class SecondRacingDelegate: RacingDelegate {
  var kind: String { "second" }
}

/// Shared between threads that read and assign its property at once: a race in the user's
/// code, which Swift allows in a class declared `@unchecked Sendable`. The wrapper's read
/// touches nothing that an assignment after its first read writes but the weak reference,
/// which the runtime reads and writes atomically: ThreadSanitizer reports nothing.
private final class RacingWeakHolder: @unchecked Sendable {
  @InjectedWeakly var delegate: (any RacingDelegate)?
}

@Suite struct InjectedWeaklyRaceStressTests {
  /// A read racing assignments of objects of two classes returns one of the objects, as
  /// itself: its witness tables are its class's, never the other's. (Before, a read could
  /// make a value of one assignment's object and another's witness tables: in a release
  /// build this test crashed in one run of three.) CI runs it in release, and under
  /// ThreadSanitizer and AddressSanitizer.
  @Test func aReadRacingAssignmentsReturnsAnObjectOfItsOwnType() {
    let firsts = (0..<8).map { _ in FirstRacingDelegate() }
    let seconds = (0..<8).map { _ in SecondRacingDelegate() }
    let holder = withIsolatedContainers { () -> RacingWeakHolder in
      let container = Container(name: "racing")
      container.register { [firsts] () -> any RacingDelegate in firsts[0] }
      Container.lookupPolicy = .singleton(container)
      let holder = RacingWeakHolder()
      _ = holder.delegate
      return holder
    }
    let wrong = Counter()
    let reads = Counter()
    DispatchQueue.concurrentPerform(iterations: 4) { thread in
      for index in 0..<50_000 {
        if thread == 0 {
          holder.delegate = index.isMultiple(of: 2) ? firsts[index % 8] : seconds[index % 8]
        } else if let delegate = holder.delegate {
          reads.increment()
          let expected = delegate is FirstRacingDelegate ? "first" : "second"
          if delegate.kind != expected { wrong.increment() }
        }
      }
    }
    #expect(wrong.value == 0)
    #expect(reads.value > 0)
  }
}
