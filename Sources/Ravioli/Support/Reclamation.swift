// The one rule by which what threads read without a lock is freed, and all the code that
// keeps it: a reviewer checks it here.
//
// Threads read *published words* (a container's registration slots and its table of them, a
// kept instance's box, the lookup policy's setting) inside read sections, and use what they
// find past a section only retained or protected (ReadSections.swift). The rule:
//
//   Nothing that a published word held is let go before every read section that was open
//   when it was taken out has ended, nor, for a registration, while a thread protects it.
//
// It is kept by construction:
// 1. A published word changes only through `PublishedReference` and `PublishedWord` below
//    (a word is filled directly only before it is published).
// 2. What they take out of a word comes back only as an `Unreachable`; nothing else takes
//    over a word's reference. An `Unreachable` hands out only references of the caller's own
//    (`first(_:)`), which keep an object alive longer and never free it early. An owner of
//    many words (`RegistrationSlots`) hands them over with `takeObjects` in its `deinit`.
// 3. An `Unreachable` lets its objects go in its `deinit`, after `waitForReaders()`, keeping a
//    registration that a thread protects until that thread leaves it
//    (`takeProtectionOff(by:level:)`); or at once with `endUnread()`, which only this file
//    calls, for a `PublishedReference` whose owner is going and so can be read by no one.
//
// Writers let an `Unreachable` end after their lock, handing it to a `TakenOut`
// (`lock.withLockLettingGo { takenOut in ... }`): letting an object go runs its `deinit`,
// which may register or resolve, and come back to the lock.

/// What a writer took out of readers' reach: let go when it ends, once no reader can still be
/// reading it (see the rule above).
struct Unreachable: ~Copyable {
  private var objects: [AnyObject] = []

  /// Nothing.
  init() {}

  /// Takes over the references that published words' `entries` hold (0 and markers hold none).
  fileprivate init(taking entries: [UInt]) {
    objects = entries.compactMap { entry in
      entry < PublishedWord.firstObject
        ? nil
        : Unmanaged<AnyObject>.fromOpaque(UnsafeRawPointer(bitPattern: entry)!)
          .takeRetainedValue()
    }
  }

  deinit {
    if !objects.isEmpty {
      ReadSections.waitForReaders()
      ReadSections.keepProtected(objects)
    }
  }

  mutating func add(_ other: consuming Unreachable) {
    objects += other.objects
    other.objects = []
  }

  /// The object of type `T` among them, to read what it holds (a dropped instance, a
  /// replaced registration's slots): a reference of its own, which keeps it alive, never frees
  /// it early.
  func first<T: AnyObject>(_: T.Type) -> T? {
    objects.lazy.compactMap { $0 as? T }.first
  }

  /// Lets go at once: only for words whose owner is going, which no reader can reach.
  fileprivate consuming func endUnread() {
    objects = []
  }
}

/// A word that readers load inside read sections: 0, a marker below ``firstObject`` (a removed
/// slot), or the address of an object that the word retains.
enum PublishedWord {
  static let firstObject: UInt = 2

  /// The entry for `object`, retained for the word that it is stored in.
  static func entry(retaining object: AnyObject?) -> UInt {
    object.map { UInt(bitPattern: Unmanaged.passRetained($0).toOpaque()) } ?? 0
  }

  /// Stores `entry` in `word`, handing back what the word held.
  static func exchange(_ entry: UInt, in word: UnsafeMutablePointer<UInt>) -> Unreachable {
    Unreachable(taking: [AtomicWord(at: word).exchange(entry)])
  }

  /// Takes over the objects of `count` words, for their owner's `deinit`: readers may have
  /// found them through the owner until it was taken out of their reach.
  static func takeObjects(of words: UnsafeMutablePointer<UInt>, count: Int) -> Unreachable {
    Unreachable(taking: (0..<count).map { AtomicWord(at: words + $0).load() })
  }
}

/// A reference to an object that writers replace and readers read without a lock: one
/// published word, owned by the reference.
///
/// Readers ``load()`` it inside a read section. A writer ``exchange(_:)``s it, under a lock of
/// its own where several may write. Not copyable: its owner lets the object go when it goes.
/// A process-wide word (a C global, read without `swift_once`) is used through
/// ``load(from:)`` and ``exchange(_:in:)``.
@usableFromInline
struct PublishedReference<Object: AnyObject>: ~Copyable {
  @usableFromInline let word: UnsafeMutablePointer<UInt>

  init() {
    word = .allocate(capacity: 1)
    word.initialize(to: 0)
  }

  deinit {
    // Its owner is going: no reader can hold the owner, nor so be reading this.
    PublishedWord.exchange(0, in: word).endUnread()
    word.deallocate()
  }

  /// The object, unretained: read inside a read section, or by a writer under its lock.
  @inlinable
  func load() -> Unmanaged<Object>? {
    Self.load(from: word)
  }

  func exchange(_ object: Object?) -> Unreachable {
    Self.exchange(object, in: word)
  }

  @inlinable
  static func load(from word: UnsafeMutablePointer<UInt>) -> Unmanaged<Object>? {
    UnsafeRawPointer(bitPattern: AtomicWord(at: word).load()).map {
      Unmanaged<Object>.fromOpaque($0)
    }
  }

  static func exchange(_ object: Object?, in word: UnsafeMutablePointer<UInt>) -> Unreachable {
    PublishedWord.exchange(PublishedWord.entry(retaining: object), in: word)
  }

  /// The object, made by `make` and published by whichever thread publishes first (another's
  /// is released unused, never published); never replaced after, so it is valid while the
  /// owner lives.
  func object(making make: () -> Object) -> Unmanaged<Object> {
    if let published = load() {
      return published
    }
    let made = Unmanaged.passRetained(make())
    let held = AtomicWord(at: word).compareExchange(
      expecting: 0, storing: UInt(bitPattern: made.toOpaque()))
    guard let other = UnsafeRawPointer(bitPattern: held) else {
      return made
    }
    made.release()
    return Unmanaged<Object>.fromOpaque(other)
  }
}

extension PublishedReference: @unchecked Sendable where Object: Sendable {}  // C atomics only

// MARK: - Letting go after readers

extension ReadSections {
  /// What writers keep until the threads that protect it are done.
  private static let kept = Locked(ProtectedObjects())

  /// Lets go of `objects`, which no reader can reach any more, keeping a registration that a
  /// thread protects until it is done: only `Unreachable`'s `deinit` calls it.
  fileprivate static func keepProtected(_ objects: [AnyObject]) {
    // Most writes take nothing protectable out of reach (only outgrown slots, say).
    let protectable = objects.compactMap { $0 as? any Protectable }
    guard !protectable.isEmpty else { return }
    let candidates = ProtectedObjects.Candidates(protectable)
    kept.withLockLettingGo { kept, takenOut in
      var protections = [Int](repeating: 0, count: candidates.objects.count)
      readers.withLock { readers in
        // Not retained: the list holds them, and a retain would write a line of each.
        for index in readers.indices {
          Unmanaged.passUnretained(readers[index])._withUnsafeGuaranteedRef { reader in
            reader.mark(ifProtectingAny: candidates, counting: &protections)
          }
        }
      }
      for index in candidates.objects.indices {
        guard protections[index] > 0 else {
          takenOut.add(candidates.objects[index])
          continue
        }
        kept.keep(
          candidates.objects[index], at: candidates.addresses[index],
          protections: protections[index])
      }
    }
  }

  /// Called by a marked thread that ended its protection at `level`, before anything else
  /// that leaving the frame does (which may resolve, and protect at that level again): takes
  /// it off what writers keep, and unmarks the thread when it protects nothing kept. Returns
  /// what no thread protects now, for the caller to let go last. Only this thread's
  /// protection is looked at, never the other threads'.
  static func takeProtectionOff(by reader: Reader, level: Int) -> (any Protectable)? {
    kept.withLock { kept in
      let unprotected = kept.end(reader, at: level)
      if reader.keptCount == 0 {
        // Unmarked: the thread protects nothing that writers keep any more.
        AtomicWord(at: reader.marked).store(0)
      }
      return unprotected
    }
  }

  /// Ends every protection of what writers keep by a thread that is ending.
  static func endAllProtections(by reader: Reader) {
    kept.withLockLettingGo { kept, takenOut in
      var level = 0
      while reader.keptCount > 0, level < reader.levels {
        if let object = kept.end(reader, at: level) {
          takenOut.add(object)
        }
        level += 1
      }
    }
  }

  /// Waits until every thread that is inside a read section now has left it. Sections are
  /// short; a reader descheduled inside one makes the waiting thread yield.
  fileprivate static func waitForReaders() {
    let inside = readers.withLock { readers in
      readers.compactMap { reader in
        // A section is open while the word's low bit is set; the word is that section's.
        let section = AtomicWord(at: reader.word).load()
        return section & 1 != 0 ? (reader, section) : nil
      }
    }
    for (reader, section) in inside {
      var spins = 0
      // Acquire: what the reader's section did comes before what the writer lets go after.
      while AtomicWord(at: reader.word).loadAcquire() == section {
        spins += 1
        if spins > 64 {
          yieldThread()
        }
      }
    }
  }
}
