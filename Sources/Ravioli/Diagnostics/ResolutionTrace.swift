import Dispatch

/// The tree of one top-level resolution, for a container that traces its resolutions: what
/// each request found, and how long making it took. Held by one thread's ``ResolutionStack``
/// until that resolution ends, or, for an awaited resolution, by its outermost frame, which
/// the threads and child tasks that resolve under it share; then logged at the `.debug` level
/// (by the Container layer: this one says what, not where).
@usableFromInline
final class ResolutionTrace: @unchecked Sendable {  // `entries` and `running`: only under `lock`
  private struct Entry {
    let label: String
    let registration: ObjectIdentifier
    /// How many resolutions were running around the request.
    let depth: Int
    let kept: Bool
    var started: UInt64?
    var nanoseconds: UInt64?
    var failed = false
  }

  private let container: String
  private let lock = Lock()
  private var entries: [Entry] = []
  /// The entries whose resolver is running, innermost last.
  private var running: [Int] = []

  init(container: String) {
    self.container = container
  }

  func requested(_ label: String, registration: ObjectIdentifier, kept: Bool, depth: Int) {
    lock.withLock {
      entries.append(Entry(label: label, registration: registration, depth: depth, kept: kept))
    }
  }

  /// `depth` is the stack's new depth, one more than the request's.
  @usableFromInline
  func entered(_ registration: ObjectIdentifier, depth: Int) {
    let now = DispatchTime.now().uptimeNanoseconds
    lock.withLock {
      guard
        let index = entries.lastIndex(where: {
          $0.registration == registration && $0.depth == depth - 1 && $0.started == nil
        })
      else { return }
      entries[index].started = now
      running.append(index)
    }
  }

  /// Ends the running entry of `registration` at `depth`: concurrent child tasks leave in any
  /// order.
  func left(_ registration: ObjectIdentifier, depth: Int) {
    let now = DispatchTime.now().uptimeNanoseconds
    lock.withLock {
      guard
        let position = running.lastIndex(where: {
          entries[$0].registration == registration && entries[$0].depth == depth
        }),
        let started = entries[running[position]].started
      else { return }
      entries[running[position]].nanoseconds = now - started
      running.remove(at: position)
    }
  }

  /// Marks the running entry of `registration` (the innermost, if several) as failed.
  func failed(_ registration: ObjectIdentifier) {
    lock.withLock {
      if let index = running.last(where: { entries[$0].registration == registration }) {
        entries[index].failed = true
      }
    }
  }

  /// The tree, as the container's log shows it once the resolution ends.
  var report: String {
    let entries = lock.withLock { self.entries }
    guard let root = entries.first else { return "" }
    let total = root.nanoseconds.map { " in \(duration($0))" } ?? ""
    let lines = entries.map { entry in
      let indent = String(repeating: "  ", count: entry.depth + 1)
      let what =
        entry.nanoseconds.map { "\(entry.failed ? "failed after" : "made in") \(duration($0))" }
        ?? (entry.kept ? "kept" : "not made here (made earlier in this resolution, or refused)")
      return "\(indent)\(entry.label): \(what)"
    }
    return "Container \"\(container)\" resolved `\(root.label)`\(total):\n"
      + lines.joined(separator: "\n")
  }

  /// `41 µs`, `1.2 ms`.
  private func duration(_ nanoseconds: UInt64) -> String {
    if nanoseconds < 10_000 {
      let tenths = (nanoseconds + 50) / 100
      return "\(tenths / 10).\(tenths % 10) µs"
    }
    if nanoseconds < 10_000_000 {
      return "\((nanoseconds + 500) / 1000) µs"
    }
    return "\((nanoseconds + 500_000) / 1_000_000) ms"
  }
}
