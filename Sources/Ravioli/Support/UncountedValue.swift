/// A copy of a value that is one object (a class instance, or an existential that holds
/// one), kept as its bits, without counting a reference to the object: `@InjectedWeakly`
/// keeps its value this way beside the weak reference to the object, and gets `Value` back
/// from them without a dynamic cast.
///
/// A cast of the weakly held object back to `Value` (`object as? Value`) asks the runtime
/// whether the object's class conforms to `Value`'s protocols, through its conformance
/// cache, at every read: about 600 instructions, most of a read of a resolved
/// `@InjectedWeakly` property. A copy of the value's bits, which hold the object and the
/// witness tables of its conformances, is the answer, kept. Taking the value back from them
/// is valid while the object is alive, which the weak reference held beside them tells:
/// `@InjectedWeakly` sets the two together, and the bits' first word must be that object.
///
/// Where it is not, ``value(holding:)`` casts, as it does for a value that is not kept: one
/// larger than five words (an existential of five class-bound protocols or more, or of two
/// or more that are not class-bound), or one whose first word is not the object (an
/// `any Error`, which points to a box that holds the object). A class, an `AnyObject`, an
/// existential of one protocol, `Any`, a class-bound composition of up to four protocols
/// and a composition with a class fit; marker protocols such as `Sendable` take no room.
@usableFromInline
struct UncountedValue<Value> {
  @usableFromInline typealias Bits = (UInt, UInt, UInt, UInt, UInt)

  /// The value's bits; zero where it is not kept, or there is none.
  @usableFromInline var bits: Bits = (0, 0, 0, 0, 0)

  /// Whether `Value` fits in ``bits``: a constant where `Value` is known.
  @inlinable
  static var fits: Bool {
    MemoryLayout<Value>.size <= MemoryLayout<Bits>.size
      && MemoryLayout<Value>.alignment <= MemoryLayout<Bits>.alignment
  }

  /// Nothing kept.
  @inlinable
  init() {}

  /// `value`'s bits, if it fits.
  @inlinable
  init(_ value: borrowing Value) {
    guard Self.fits else { return }
    withUnsafeBytes(of: value) { source in
      withUnsafeMutableBytes(of: &bits) { $0.copyMemory(from: source) }
    }
  }

  /// The value kept, given `object`, the object that it is, alive: strongly held by the
  /// caller, which read it from the weak reference held beside this copy since the value
  /// was kept, and which hands its reference over to the value. A value that is not kept,
  /// or whose first word is not `object`, is cast from `object`.
  @inlinable @inline(__always)
  func value(holding object: consuming AnyObject) -> Value {
    guard Self.fits, bits.0 == UInt(bitPattern: Unmanaged.passUnretained(object).toOpaque())
    else {
      return Self.cast(object)
    }
    // The bits count no reference: they take the caller's. A retain that the end of
    // `object`'s lifetime balances, which the optimizer removes, where copying the bits
    // would retain the object again and the caller release it (both on the slow path for an
    // object that is weakly referenced).
    _ = Unmanaged.passRetained(object)
    return withUnsafeTemporaryAllocation(of: Value.self, capacity: 1) { value in
      withUnsafeBytes(of: bits) { bits in
        UnsafeMutableRawPointer(value.baseAddress!).copyMemory(
          from: bits.baseAddress!, byteCount: MemoryLayout<Value>.size)
      }
      return value.baseAddress!.move()
    }
  }

  /// `object` as `Value`, for a value that is not kept: out of line, so that the read of a
  /// kept value holds no call to the runtime's cast.
  @inlinable @inline(never)
  static func cast(_ object: AnyObject) -> Value {
    object as! Value
  }
}
