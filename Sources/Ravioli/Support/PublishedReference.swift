/// A reference to an object that writers replace and readers read without a lock: one
/// atomic word that holds the object's address, retained by the reference.
///
/// Readers ``load()`` it inside a read section and use the object unretained until the
/// section ends, or retain it before (see ``ReadSections``). A writer ``exchange(_:)``s it,
/// under a lock of its own where several may write, and releases what it took out of reach
/// with ``ReadSections/release(_:)-(AnyObject?)``.
///
/// Not copyable: its owner releases the object when it goes. A process-wide word (a C
/// global, read without `swift_once`) is used through ``load(from:)`` and ``exchange(_:in:)``.
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

  func exchange(_ object: Object?) -> Object? {
    Self.exchange(object, in: word)
  }

  @inlinable
  static func load(from word: UnsafeMutablePointer<UInt>) -> Unmanaged<Object>? {
    UnsafeRawPointer(bitPattern: AtomicWord(at: word).load()).map {
      Unmanaged<Object>.fromOpaque($0)
    }
  }

  static func exchange(_ object: Object?, in word: UnsafeMutablePointer<UInt>) -> Object? {
    let address = object.map { UInt(bitPattern: Unmanaged.passRetained($0).toOpaque()) } ?? 0
    return Self.object(at: AtomicWord(at: word).exchange(address))
  }

  /// The object, made by `make` and published by whichever thread publishes first (another's
  /// is released unused); never replaced after, so it is valid while the owner lives.
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

extension PublishedReference: @unchecked Sendable where Object: Sendable {}  // C atomics only
