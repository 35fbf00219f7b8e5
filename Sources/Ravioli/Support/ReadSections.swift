internal import RavioliAtomics

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Lets threads read shared objects without a lock and without retaining them, and lets a
/// writer that took an object out of their reach wait until none can still be reading it.
///
/// Resolution finds a container's registrations this way, and a new object with an injected
/// property reads ``Container/lookupPolicy`` this way: a lock shared by the threads that
/// resolve, or retaining a registration only to look at it, costs more than the rest of a
/// resolution, and makes the memory involved move between the threads' cores.
///
/// A thread reads inside a *read section* (``Reader/begin()`` ... ``Reader/end()``), which is
/// short, never nests and never runs a user's code: it finds a registration, and either
/// reads the instance that it keeps or retains it before the section ends; or it retains
/// what it needs of the lookup policy's setting. A writer publishes its
/// change, then calls ``waitForReaders()``: once it returns, no thread can still hold what
/// the change took out of reach, which the writer then releases, as it did before, at once.
///
/// Each thread's state is one word, `sections << 1 | inside`, that only the thread changes.
/// Starting a section is an atomic exchange, so that nothing read in it is read before a
/// writer can see that the thread is inside; ending one is a store.
enum ReadSections {
  /// One thread's state, from its first read section until it ends.
  final class Reader: @unchecked Sendable {  // `word`: only through atomics; the rest, its thread
    private let word: UnsafeMutablePointer<UInt>
    /// Sections ended, as the word has it.
    @exclusivity(unchecked) private var sections: UInt = 0

    init() {
      word = .allocate(capacity: 1)
      word.initialize(to: 0)
      ReadSections.readers.withLock { $0.append(self) }
    }

    deinit {
      word.deallocate()
    }

    /// Starts a read section.
    @inline(__always)
    func begin() {
      assert(ravioli_word_load(word) & 1 == 0, "Read sections do not nest.")
      _ = ravioli_word_exchange(word, sections << 1 | 1)
    }

    /// Ends the read section that ``begin()`` started.
    @inline(__always)
    func end() {
      sections &+= 1
      ravioli_word_store_release(word, sections << 1)
    }

    /// The section the thread is inside, if it is inside one.
    fileprivate var currentSection: UInt? {
      let current = ravioli_word_load(word)
      return current & 1 != 0 ? current : nil
    }

    /// Whether the thread has left `section`.
    fileprivate func hasLeft(_ section: UInt) -> Bool {
      ravioli_word_load_acquire(word) != section
    }

    /// Forgets the thread, which is ending outside any section.
    func finish() {
      let me = ObjectIdentifier(self)
      ReadSections.readers.withLock { $0.removeAll { ObjectIdentifier($0) == me } }
    }
  }

  private static let readers = Locked<[Reader]>([])

  /// Lets go of what a writer took out of readers' reach (replaced or removed registrations,
  /// outgrown slots), once no thread can still be reading it; at once if there is nothing.
  static func release(_ unreachable: [AnyObject]) {
    if !unreachable.isEmpty {
      waitForReaders()
    }
  }

  /// ``release(_:)-([AnyObject])`` for one object, if there is one.
  static func release(_ unreachable: AnyObject?) {
    if unreachable != nil {
      waitForReaders()
    }
  }

  /// Waits until every thread that is inside a read section now has left it: call it after
  /// publishing a change, and before releasing what the change took out of readers' reach.
  ///
  /// Sections are a few dozen instructions long, so the wait is as short, unless a reader's
  /// thread was descheduled inside one: the waiting thread then yields its core.
  static func waitForReaders() {
    let inside = readers.withLock { readers in
      readers.compactMap { reader in reader.currentSection.map { (reader, $0) } }
    }
    for (reader, section) in inside {
      var spins = 0
      while !reader.hasLeft(section) {
        spins += 1
        if spins > 64 {
          sched_yield()
        }
      }
    }
  }
}

/// Loads a word that a writer publishes with an exchange (sequentially consistent, like a
/// read section's start), as an address: for inlinable code, which cannot reach the atomics
/// module, so that only the load is a call and what it points to is read specialized.
@usableFromInline
func loadInReadSection(_ word: UnsafeMutablePointer<UInt>) -> UnsafeRawPointer? {
  UnsafeRawPointer(bitPattern: ravioli_word_load(word))
}
