/// A reference to an object that writers replace and readers read without a lock: one
/// atomic word that holds the object's address, retained by the reference.
///
/// Readers ``load()`` it inside a read section (see ``ReadSections``), and use the object
/// unretained until the section ends, or retain it before. A writer ``exchange(_:)``s it
/// (under a lock of its own, where several may write) and hands what it took out of reach
/// to ``ReadSections/release(_:)-(AnyObject?)``, which lets go of it once no section can
/// still be reading it.
///
/// Not copyable: the word has one owner, which releases its object when it goes. A word
/// that lives for the whole process (a C global, read without `swift_once`) is read and
/// replaced with the static ``load(from:)`` and ``exchange(_:in:)``.
@usableFromInline
struct PublishedReference<Object: AnyObject>: ~Copyable {
  @usableFromInline let word: UnsafeMutablePointer<UInt>

  init() {
    word = .allocate(capacity: 1)
    word.initialize(to: 0)
  }

  deinit {
    // Its owner is going: no reader can hold the owner, nor so be reading this.
    _ = Self.object(at: word.pointee)
    word.deallocate()
  }

  /// The object, unretained: read inside a read section, or by a writer under its lock.
  @inlinable
  func load() -> Unmanaged<Object>? {
    Self.load(from: word)
  }

  /// Publishes `object`, returning the object it replaces: release that with
  /// ``ReadSections/release(_:)-(AnyObject?)``.
  func exchange(_ object: Object?) -> Object? {
    Self.exchange(object, in: word)
  }

  /// ``load()`` of a word that no reference owns.
  @inlinable
  static func load(from word: UnsafeMutablePointer<UInt>) -> Unmanaged<Object>? {
    UnsafeRawPointer(bitPattern: AtomicWord(at: word).load()).map {
      Unmanaged<Object>.fromOpaque($0)
    }
  }

  /// ``exchange(_:)`` of a word that no reference owns.
  static func exchange(_ object: Object?, in word: UnsafeMutablePointer<UInt>) -> Object? {
    let address = object.map { UInt(bitPattern: Unmanaged.passRetained($0).toOpaque()) } ?? 0
    return Self.object(at: AtomicWord(at: word).exchange(address))
  }

  /// The object, made by `make` and published if there is none yet, by whichever thread
  /// publishes first (another thread's is released, unused). It is never replaced after,
  /// and so is valid for as long as the owner lives.
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

  /// The object at `address`, taking over the reference that the word held.
  private static func object(at address: UInt) -> Object? {
    UnsafeRawPointer(bitPattern: address).map {
      Unmanaged<Object>.fromOpaque($0).takeRetainedValue()
    }
  }
}

// Its one word, which holds a `Sendable` object, is read and written through C atomics alone.
extension PublishedReference: @unchecked Sendable where Object: Sendable {}  // C atomics only
