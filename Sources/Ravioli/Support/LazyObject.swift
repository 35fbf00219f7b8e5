internal import RavioliAtomics

/// An object made at its first use, by whichever thread asks first, and kept until this is
/// released; read without a lock: a load once it is made. Two threads that ask at once may
/// both make one: the first to publish it wins, and the other's is released.
final class LazyObject: @unchecked Sendable {  // `word`: only through atomics
  /// The object, retained, or 0 until it is made.
  private let word: UnsafeMutablePointer<UInt>

  init() {
    word = .allocate(capacity: 1)
    word.initialize(to: 0)
  }

  deinit {
    if let object = UnsafeRawPointer(bitPattern: word.pointee) {
      Unmanaged<AnyObject>.fromOpaque(object).release()
    }
    word.deallocate()
  }

  /// The object, made by `make` if it is not there yet. Make only `Sendable` objects: any
  /// thread may be handed it.
  func object(making make: () -> AnyObject) -> AnyObject {
    if let object = UnsafeRawPointer(bitPattern: ravioli_word_load_acquire(word)) {
      return Unmanaged<AnyObject>.fromOpaque(object).takeUnretainedValue()
    }
    let made = Unmanaged<AnyObject>.passRetained(make())
    let held = ravioli_word_compare_exchange(word, 0, UInt(bitPattern: made.toOpaque()))
    guard let other = UnsafeRawPointer(bitPattern: held) else {
      return made.takeUnretainedValue()
    }
    made.release()
    return Unmanaged<AnyObject>.fromOpaque(other).takeUnretainedValue()
  }
}
