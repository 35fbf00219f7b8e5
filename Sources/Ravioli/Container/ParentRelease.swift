/// Lets go of a container's parents one after the other, not one inside the other.
///
/// A container holds its parents. Left to Swift, the last release of a chain's child would run
/// each ancestor's `deinit` inside its child's, one call frame per container: a chain a few
/// thousand deep overflows a thread's stack (512 KiB is the default for secondary threads on
/// Apple platforms). Instead, a dying container hands its parents here: the first `deinit` on a
/// thread releases them in a loop, and a `deinit` that this loop sets off only adds its own
/// parents to the loop's list, so that the stack stays two containers deep at most.
enum ParentRelease {
  /// Releases `parents`, each retained once for the container that is going, on this thread.
  static func release(_ parents: [Unmanaged<Container>]) {
    guard !parents.isEmpty else { return }
    if let pointer = AtomicWord.threadParentsToRelease {
      Unmanaged<Pending>.fromOpaque(pointer).takeUnretainedValue().parents += parents
      return
    }
    let pending = Pending(parents)
    AtomicWord.threadParentsToRelease = Unmanaged.passUnretained(pending).toOpaque()
    // First in, first out: parents go in the order they were given, as Swift would release
    // them, before the grandparents that their own `deinit`s hand over.
    var next = 0
    while next < pending.parents.count {
      let parent = pending.parents[next]
      next += 1
      parent.release()
    }
    AtomicWord.threadParentsToRelease = nil
  }

  /// The list that the loop works through; only its thread reads it.
  private final class Pending {
    var parents: [Unmanaged<Container>]

    init(_ parents: [Unmanaged<Container>]) {
      self.parents = parents
    }
  }
}
