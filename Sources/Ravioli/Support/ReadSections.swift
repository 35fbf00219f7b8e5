/// Lets threads read shared objects without a lock and without retaining them, and lets a
/// writer that took an object out of their reach wait until none can still be reading it.
/// Resolution finds registrations this way, and a new object with an injected property
/// reads ``Container/lookupPolicy`` so: a shared lock, or a retain only to look, would cost
/// more than the rest of a resolution, and move memory between cores.
///
/// A thread reads inside a *read section* (``Reader/begin()`` ... ``Reader/end()``), which is
/// short, never nests and never runs a user's code: it finds a registration, and reads the
/// instance that it keeps, or retains or protects it (below) before the section ends; or it
/// retains what it needs of the lookup policy's setting. What a writer takes out of readers'
/// reach is let go only once no thread can still be reading it, and not while a thread
/// protects it: Reclamation.swift states that rule and holds the code that keeps it.
///
/// A thread's sections are one word, `sections << 1 | inside`, that only the thread changes.
/// Starting a section is an atomic exchange, so that nothing read in it is read before a
/// writer can see that the thread is inside; ending one is a release store behind a compiler
/// fence, so that what the section retained is retained before it ends: the optimizer
/// otherwise moves a retain down past stores, out of the section (issue 39).
///
/// A resolution runs the registration it found past the section without retaining it (so
/// that threads running it do not all write its reference count): it *protects* it first,
/// in a word of its own per level of nesting (``Reader/protect(_:level:)``), until the
/// resolution ends: hazard-pointer-style protection, beside the read sections' epoch-style
/// reclamation. A writer that took a registration out of reach reads, after waiting for the
/// sections, which objects threads protect and at which levels, keeps those with their
/// protections (``ProtectedObjects``), and marks the threads that protect them. A marked
/// thread that ends a protection takes it off what writers keep
/// (``takeProtectionOff(by:level:)``), without looking at other threads: a kept registration is
/// released when the last thread running it is done, and threads that protect nothing kept
/// pay nothing. The writer marks a thread before reading its protections, and a thread that
/// ends one reads its mark after, so that one of them always sees the other (both
/// sequentially consistent).
@usableFromInline
enum ReadSections {
  /// A registration, which a thread may use past its read section by protecting it.
  protocol Protectable: AnyObject, Sendable {}

  /// One thread's state, from its first read section until the thread ends.
  @usableFromInline
  final class Reader: @unchecked Sendable {  // words: C atomics only; `sections`: its thread's
    @usableFromInline let word: UnsafeMutablePointer<UInt>
    /// What the thread protects at each level (the object's address), 0 where nothing.
    @usableFromInline let protected: UnsafeMutablePointer<UInt>
    let levels: Int
    /// The highest level the thread has protected anything at, the levels writers look at
    /// (Benchmarks, scenario 14): raised by the thread alone, before the protection it covers.
    @usableFromInline let highest: UnsafeMutablePointer<UInt>
    /// ``highest``, as the thread itself reads it, without an atomic load.
    @usableFromInline @exclusivity(unchecked) var highestSeen = 0
    /// Whether, when a writer last looked, the thread protected an object that writers keep
    /// (1) or not (0): the thread then looks at what they keep when it ends a protection.
    @usableFromInline let marked: UnsafeMutablePointer<UInt>
    @usableFromInline @exclusivity(unchecked) var sections: UInt = 0
    /// The address that writers keep for each level the thread protects it at (0 elsewhere),
    /// and how many levels hold one: only under the lock of what writers keep
    /// (``ProtectedObjects``).
    let keptAt: UnsafeMutablePointer<UInt>
    @exclusivity(unchecked) var keptCount = 0
    /// The memory of the words above.
    private let block: UnsafeMutableRawPointer

    /// A reader whose thread nests at most `levels` resolutions.
    ///
    /// Its words are one block, in the order a writer reads them, aligned to a cache line: a
    /// writer that looks at a thread it has not looked at lately (one of hundreds, parked)
    /// waits for each line it loads, one or two for most threads, where separate allocations
    /// were five.
    init(levels: Int) {
      self.levels = levels
      let count = 3 + 2 * levels
      block = UnsafeMutableRawPointer.allocate(
        byteCount: count * MemoryLayout<UInt>.stride, alignment: 64)
      let words = block.initializeMemory(as: UInt.self, repeating: 0, count: count)
      word = words
      marked = words + 1
      highest = words + 2
      protected = words + 3
      keptAt = words + 3 + levels
      ReadSections.readers.withLock { $0.append(self) }
    }

    deinit {
      block.deallocate()
    }

    func begin() {
      assert(AtomicWord(at: word).load() & 1 == 0, "Read sections do not nest.")
      _ = AtomicWord(at: word).exchange(sections << 1 | 1)
    }

    /// Inlined into resolution, so that one that takes a kept instance makes a single call.
    @inlinable
    func end() {
      sections &+= 1
      AtomicWord(at: word).storeReleaseAfterRetains(sections << 1)
    }

    /// Protects the object at `address`, found inside the current read section, at `level`
    /// (less than the reader's levels): until ``unprotect(level:)``, a writer that takes it
    /// out of reach keeps it. A relaxed store: the section's end publishes it.
    @inlinable
    func protect(_ address: UnsafeRawPointer, level: Int) {
      if level > highestSeen {
        raiseHighest(to: level)
      }
      AtomicWord(at: protected + level).storeRelaxed(UInt(bitPattern: address))
    }

    /// Raises ``highest`` to `level`, before a protection there: relaxed, since the section's
    /// end publishes both, and writers look only after sections end.
    @usableFromInline
    func raiseHighest(to level: Int) {
      highestSeen = level
      AtomicWord(at: highest).storeRelaxed(UInt(level))
    }

    /// Returns whether the thread is marked, for the caller to then call
    /// ``ReadSections/takeProtectionOff(by:level:)``.
    ///
    /// A plain store, which the optimizer may move a retain past (see ``end()``): what a
    /// frame reads of its registration it reads through the resolver's call, which is opaque,
    /// before this. Retaining something the registration owns between that call and this
    /// store would need the fence that ``end()`` has.
    @inlinable
    func unprotect(level: Int) -> Bool {
      AtomicWord(at: protected + level).store(0)
      return AtomicWord(at: marked).load() != 0
    }

    /// Marks the thread and notes, in ``keptAt``, each level where it protects one of
    /// `candidates`, adding one to that candidate's count in `protections`; unmarks it if it
    /// protects none of them and nothing that writers keep already. Under the lock of what
    /// writers keep. Marked first, then looked at: see ``ReadSections``. A thread that protects
    /// none at a first look needs no mark, and costs a few loads: a candidate out of every
    /// reader's reach (its writer waited for the sections) cannot come to be protected, and
    /// one that is still published (outgrown slots hand over what the new slots hold) is held
    /// by those slots, which keep it while anyone may protect it.
    func mark(
      ifProtectingAny candidates: borrowing ProtectedObjects.Candidates,
      counting protections: inout [Int]
    ) {
      guard protectsAny(of: candidates) else {
        if keptCount == 0, AtomicWord(at: marked).load() != 0 {
          AtomicWord(at: marked).store(0)
        }
        return
      }
      AtomicWord(at: marked).store(1)
      // Looked at again after the mark, which is what makes this look final.
      var found = false
      for level in 0...min(levels - 1, Int(AtomicWord(at: highest).load())) {
        let address = AtomicWord(at: protected + level).load()
        if address != 0, let candidate = candidates.index(of: address) {
          found = true
          // Already counted: the same object came back, from another reference to it (the
          // slots that a growth replaced hand over what the new slots still hold).
          guard keptAt[level] != address else { continue }
          assert(keptAt[level] == 0, "A level's kept object is taken off before it is reused.")
          keptAt[level] = address
          keptCount += 1
          protections[candidate] += 1
        }
      }
      if !found, keptCount == 0 {
        AtomicWord(at: marked).store(0)
      }
    }

    /// Whether the thread protects one of `candidates` now, up to its highest level (loaded
    /// each time).
    private func protectsAny(of candidates: borrowing ProtectedObjects.Candidates) -> Bool {
      (0...min(levels - 1, Int(AtomicWord(at: highest).load()))).contains { level in
        let address = AtomicWord(at: protected + level).load()
        return address != 0 && candidates.index(of: address) != nil
      }
    }

    /// Forgets the thread, which is ending outside any section.
    func finish() {
      let me = ObjectIdentifier(self)
      ReadSections.readers.withLock { $0.removeAll { ObjectIdentifier($0) == me } }
      // A thread that ends inside resolutions (`Thread.exit()` in a resolver) never leaves
      // their frames: its protections of what writers keep end here.
      ReadSections.endAllProtections(by: self)
    }
  }

  static let readers = Locked<[Reader]>([])
}
