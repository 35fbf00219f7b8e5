/// Lets one task at a time create the kept instance of an async resolver, so that it is made
/// once. Waiting tasks suspend, freeing their threads, and can be cancelled. As with
/// ``CreationGate``, waiting in a loop of gates is refused and reported as a cycle.
final class AsyncCreationGate: Sendable {
  enum Entry: Sendable {
    /// The task may create the instance; pair it with ``leave()``.
    case entered
    /// Waiting would never end: the labels around the loop.
    case cycle([String])
    case cancelled
    /// Another task made the instance meanwhile.
    case made
    /// Only inside ``enter(label:until:)``, which then asks again: the gate was left (the
    /// instance may be there, or the creation failed).
    case retry
  }

  private struct State: Sendable {
    var held = false
    var waiters: [Int: CheckedContinuation<Entry, Never>] = [:]
    var nextWaiter = 0
  }

  private let state = Locked(State())

  /// Enters the gate as the current task, waiting while another task holds it, unless `made`
  /// says, after a wait, that the instance exists.
  func enter(label: String, until made: () -> Bool) async -> Entry {
    let gate = ObjectIdentifier(self)
    // The current task, by address: it is alive while it is in the wait graph.
    let task = withUnsafeCurrentTask { task in task.map { unsafeBitCast($0, to: UInt.self) } ?? 0 }
    var waited = false
    while true {
      // All waiters wake when the gate is left: usually the instance is there, and none need enter.
      if waited, made() {
        return .made
      }
      waited = true
      let waiter = state.withLock { state in
        defer { state.nextWaiter += 1 }
        return state.nextWaiter
      }
      let wake = await withTaskCancellationHandler {
        await withCheckedContinuation { (continuation: CheckedContinuation<Entry, Never>) in
          let now = WaitGraph.tasks.withLock { graph in
            state.withLock { state -> Entry? in
              if !state.held {
                state.held = true
                graph.owners[gate] = task
                return .entered
              }
              if let cycle = graph.cycle(waitingFor: gate, label: label, by: task) {
                return .cycle(cycle)
              }
              if Task.isCancelled {
                return .cancelled
              }
              state.waiters[waiter] = continuation
              graph.waiting[task] = (gate, label)
              return nil
            }
          }
          if let now {
            continuation.resume(returning: now)
          }
        }
      } onCancel: {
        state.withLock { $0.waiters.removeValue(forKey: waiter) }?.resume(returning: .cancelled)
      }
      WaitGraph.tasks.withLock { graph in graph.waiting[task] = nil }
      guard case .retry = wake else { return wake }
    }
  }

  func leave() {
    let gate = ObjectIdentifier(self)
    let waiters = WaitGraph.tasks.withLock { graph in
      graph.owners[gate] = nil
      return state.withLock { state in
        defer { state.waiters = [:] }
        state.held = false
        return state.waiters
      }
    }
    for continuation in waiters.values {
      continuation.resume(returning: .retry)
    }
  }
}
