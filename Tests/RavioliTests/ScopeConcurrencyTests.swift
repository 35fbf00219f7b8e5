import Dispatch
import Foundation
import Ravioli
import Testing

// Scopes under concurrency. The suite name contains "Stress" so that CI also runs it under
// ThreadSanitizer. Waits have time limits, so a regression fails instead of hanging.

/// Waits until `counter` reaches `count`, for at most `seconds`; returns whether it did.
func wait(until counter: Counter, reaches count: Int, within seconds: TimeInterval = 5) -> Bool {
  let deadline = Date().addingTimeInterval(seconds)
  while counter.value < count {
    if Date() > deadline { return false }
    usleep(1_000)
  }
  return true
}

/// Whether `reference`'s object is released within a few seconds. A registration taken away
/// while a thread runs it is released when the thread is done, by that thread or, when a
/// writer (of any container) looks at what is kept at that moment, by the writer just after.
func isReleasedSoon<Object>(_ reference: WeakReference<Object>) -> Bool {
  let deadline = Date().addingTimeInterval(5)
  while reference.object != nil {
    if Date() > deadline { return false }
    usleep(1_000)
  }
  return true
}

/// Runs `read` over and over on `threads` threads of their own while `write` runs: `write`
/// starts once every thread has started reading, and the threads stop once it returns.
/// Returns whether they all started and stopped in time.
func reading(
  on threads: Int = 3, _ read: @escaping @Sendable () -> Void, whileRunning write: () -> Void
) -> Bool {
  let stop = Counter()
  let started = Counter()
  let done = Counter()
  for _ in 0..<threads {
    Thread {
      started.increment()
      while stop.value == 0 {
        // A few reads between looks at `stop`, which takes a lock.
        for _ in 0..<50 { read() }
      }
      done.increment()
    }.start()
  }
  let allStarted = wait(until: started, reaches: threads)
  if allStarted {
    write()
  }
  stop.increment()
  return allStarted && wait(until: done, reaches: threads)
}

private final class Slow: Sendable {}
private final class Fast: Sendable {}
private final class First: Sendable {}
private final class Second: Sendable {}

@Suite struct ScopeStressTests {
  @Test(arguments: [Scope.singleton, .cached])
  func theResolverRunsExactlyOnceHoweverManyThreadsAsk(scope: Scope) {
    for _ in 0..<20 {
      let container = Container()
      let made = Counter()
      container.register(scope: RegistrationScope(scope)) { () -> Service in
        usleep(2_000)  // widen the window in which other threads arrive
        return Service(id: made.increment())
      }
      let ids = Counter()

      DispatchQueue.concurrentPerform(iterations: 8) { _ in
        if let service: Service = try? container.resolve(), service.id == 1 {
          ids.increment()
        }
      }

      #expect(made.value == 1)
      #expect(ids.value == 8, "every thread got the one instance")
    }
  }

  @Test func aParentSingletonIsMadeOnceThroughManyChildrenAtOnce() {
    for _ in 0..<20 {
      let parent = Container()
      let made = Counter()
      parent.register(scope: .singleton) { () -> Service in
        usleep(2_000)
        return Service(id: made.increment())
      }
      let children = (0..<8).map { Container(parent: parent, name: "child-\($0)") }
      let ones = Counter()

      DispatchQueue.concurrentPerform(iterations: children.count) { index in
        if let service: Service = try? children[index].resolve(), service.id == 1 {
          ones.increment()
        }
      }

      #expect(made.value == 1)
      #expect(ones.value == children.count)
    }
  }

  @Test func aResetDuringACreationKeepsNothingFromBeforeIt() throws {
    let container = Container()
    let started = Counter()
    let mayFinish = Counter()
    let made = Counter()
    container.register(scope: .cached) { () -> Service in
      let id = made.increment()
      if id == 1 {
        started.increment()
        _ = wait(until: mayFinish, reaches: 1)
      }
      return Service(id: id)
    }
    let finished = Counter()
    let firstID = Counter()
    Thread {
      if let service: Service = try? container.resolve() {
        for _ in 0..<service.id { firstID.increment() }
      }
      finished.increment()
    }.start()
    #expect(wait(until: started, reaches: 1))

    container.reset(.cached)  // e.g. logout while the old session's instance is being made
    mayFinish.increment()
    #expect(wait(until: finished, reaches: 1))
    let next: Service = try container.resolve()

    #expect(firstID.value == 1, "the caller that started it still gets its instance")
    #expect(next.id == 2, "but it is not kept past the reset")
  }

  @Test func aSlowResolverDoesNotHoldUpOtherRegistrations() throws {
    let container = Container()
    let slowStarted = Counter()
    let mayFinish = Counter()
    container.register(scope: .singleton) { () -> Slow in
      slowStarted.increment()
      _ = wait(until: mayFinish, reaches: 1)
      return Slow()
    }
    container.register(scope: .singleton) { () -> Fast in Fast() }
    container.register { () -> Service in Service() }
    let slowFinished = Counter()
    let slowThread = Thread {
      _ = try? container.resolve() as Slow
      slowFinished.increment()
    }
    slowThread.start()
    #expect(wait(until: slowStarted, reaches: 1))

    let _: Fast = try container.resolve()
    let _: Service = try container.resolve()

    #expect(slowFinished.value == 0, "resolved while the slow singleton was still being made")
    mayFinish.increment()
    #expect(wait(until: slowFinished, reaches: 1))
  }

  @Test func singletonsThatNeedEachOtherOnTwoThreadsAreACycleNotADeadlock() {
    let container = Container()
    let arrived = Counter()
    container.register(scope: .singleton) { [unowned container] () -> First in
      arrived.increment()
      _ = wait(until: arrived, reaches: 2)
      let _: Second = try container.resolve()
      return First()
    }
    container.register(scope: .singleton) { [unowned container] () -> Second in
      arrived.increment()
      _ = wait(until: arrived, reaches: 2)
      let _: First = try container.resolve()
      return Second()
    }
    let cycles = Counter()
    let complete = Counter()
    let finished = Counter()

    for resolveFirst in [true, false] {
      Thread {
        do throws(ResolutionError) {
          if resolveFirst {
            let _: First = try container.resolve()
          } else {
            let _: Second = try container.resolve()
          }
        } catch {
          if case .cycle = error.reason { cycles.increment() }
          if !error.searchedContainers.isEmpty { complete.increment() }
        }
        finished.increment()
      }.start()
    }

    #expect(wait(until: finished, reaches: 2), "neither thread waits forever")
    #expect(cycles.value == 2)
    #expect(complete.value == 2, "both messages name the containers searched")
  }

  @Test func resolvingAndResettingFromManyThreads() {
    let container = Container()
    container.register(scope: .cached) { () -> Service in Service() }
    container.register(scope: .weak) { () -> Part in Part() }
    container.register(scope: .graph) { () -> Fast in Fast() }
    container.register { [unowned container] () -> [Fast] in
      [try container.resolve(), try container.resolve()]
    }
    let failures = Counter()

    DispatchQueue.concurrentPerform(iterations: 8) { thread in
      for operation in 0..<1_000 {
        if thread == 0 && operation % 10 == 0 {
          container.reset(.cached)
        }
        let service: Service? = try? container.resolve()
        let part: Part? = try? container.resolve()
        let pair: [Fast]? = try? container.resolve()
        if service == nil || part == nil || pair?.count != 2 || pair?[0] !== pair?[1] {
          failures.increment()
        }
      }
    }

    #expect(failures.value == 0)
  }
}

private final class Part: Sendable {}
