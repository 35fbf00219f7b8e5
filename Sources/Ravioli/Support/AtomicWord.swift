// The only file that imports RavioliAtomics (its header says why C). Public: the road's
// inlinable parts call these functions, which are then inlined where a request is made.
public import RavioliAtomics

/// A word that threads read and write at once through C11 atomics: one the library
/// allocated, or one of the process's own. Each access's ordering is part of the protocol that
/// uses it (see ``ReadSections``).
@usableFromInline
struct AtomicWord {
  @usableFromInline let address: UnsafeMutablePointer<UInt>

  @inlinable
  init(at address: UnsafeMutablePointer<UInt>) {
    self.address = address
  }

  /// Sequentially consistent: where a reader and a writer each store one word and then load
  /// the other's, so that at least one of them sees the other's store.
  @inlinable
  func load() -> UInt { ravioli_word_load(address) }

  func loadAcquire() -> UInt { ravioli_word_load_acquire(address) }

  /// Sequentially consistent, as ``load()``.
  @inlinable
  func store(_ value: UInt) { ravioli_word_store(address, value) }

  @inlinable
  func storeRelaxed(_ value: UInt) { ravioli_word_store_relaxed(address, value) }

  /// A release store that no retain written before it can follow: the end of a read section
  /// (see ``ReadSections``), which readers' retains must precede.
  @inlinable
  func storeReleaseAfterRetains(_ value: UInt) {
    ravioli_word_store_release_after_retains(address, value)
  }

  /// Sequentially consistent; returns what the word held.
  func exchange(_ value: UInt) -> UInt { ravioli_word_exchange(address, value) }

  /// Returns what the word held: `expected` if `desired` was stored.
  func compareExchange(expecting expected: UInt, storing desired: UInt) -> UInt {
    ravioli_word_compare_exchange(address, expected, desired)
  }

  /// The word that publishes the global lookup policy's setting.
  static var lookupPolicy: AtomicWord { AtomicWord(at: ravioli_lookup_policy_word()) }
}

extension AtomicWord {
  /// Whether an isolation scope is alive anywhere: one relaxed load, which is all that the
  /// road pays for isolation while none is.
  static var isolationScopesAlive: Bool { ravioli_isolation_scopes_alive() != 0 }

  /// Counts isolation scopes that begin (`1`) and end (`-1`).
  static func countIsolationScopes(_ delta: Int) { ravioli_isolation_scopes_add(delta) }

  /// Whether anything watches the road (a resolver whose needs are checked is running, or a
  /// container traces): one relaxed load at every resolution.
  @inlinable
  static var roadIsWatched: Bool { ravioli_road_watchers() != 0 }

  @inlinable
  static func countRoadWatchers(_ delta: Int) { ravioli_road_watchers_add(delta) }

  /// The current thread's resolution stack (a retained object), in a thread-local word; `nil`
  /// before its first resolution and after the thread's end released it.
  static var threadResolutionStack: UnsafeMutableRawPointer? {
    get { ravioli_resolution_stack() }
    set { ravioli_set_resolution_stack(newValue) }
  }

  /// The parents that the current thread is letting go of (see ``ParentRelease``), in a
  /// thread-local word; `nil` when it is not.
  static var threadParentsToRelease: UnsafeMutableRawPointer? {
    get { ravioli_parents_to_release() }
    set { ravioli_set_parents_to_release(newValue) }
  }

  /// Roughly where the current thread's stack pointer is.
  @inlinable
  static var stackPointer: UInt { ravioli_stack_pointer() }
}
