/// A copy of a value that is one object (a class instance, or an existential that holds
/// one), kept as its bits without counting a reference: `@InjectedWeakly` keeps its first
/// value so, and makes `Value` of the object that its weak reference gives and these bits.
///
/// A cast (`object as? Value`) asks the runtime's conformance cache at every read (most of
/// the cost of such a read: Benchmarks/README). A value's bits hold the object, then its
/// class's witness tables: with the object replaced, they are the value of any object of
/// ``objectClass``. The object is always the caller's, never taken from the bits, so no
/// value mixes an object and another class's tables.
///
/// ``value(holding:)`` casts where the bits cannot serve: an object of another class, a
/// value larger than five words (an existential of five class-bound protocols or more, or
/// of two or more that are not), or one whose first word is not the object (`any Error`).
@usableFromInline
struct UncountedValue<Value> {
  @usableFromInline typealias Bits = (UInt, UInt, UInt, UInt, UInt)

  @usableFromInline var bits: Bits = (0, 0, 0, 0, 0)
  /// The class of the objects whose value the bits make, if their first word is the object.
  @usableFromInline var objectClass: ObjectIdentifier?

  /// Whether `Value` fits in ``bits``: a constant where `Value` is known.
  @inlinable
  static var fits: Bool {
    MemoryLayout<Value>.size <= MemoryLayout<Bits>.size
      && MemoryLayout<Value>.alignment <= MemoryLayout<Bits>.alignment
  }

  @inlinable
  init() {}

  /// `value`'s bits, if it fits; they serve no object until ``keep(holding:)``.
  @inlinable
  init(_ value: borrowing Value) {
    guard Self.fits else { return }
    withUnsafeBytes(of: value) { source in
      withUnsafeMutableBytes(of: &bits) { $0.copyMemory(from: source) }
    }
  }

  /// Makes the bits serve objects of `object`'s class if their first word is `object`, else none.
  @inlinable
  mutating func keep(holding object: AnyObject) {
    if Self.fits, bits.0 == UInt(bitPattern: Unmanaged.passUnretained(object).toOpaque()) {
      objectClass = ObjectIdentifier(Swift.type(of: object))
    } else {
      bits = (0, 0, 0, 0, 0)
      objectClass = nil
    }
  }

  /// `object` as `Value`: from the kept bits when `object` is of their class, else cast.
  /// `object` is alive, strongly held by the caller, which hands its reference to the value.
  @inlinable @inline(__always)
  func value(holding object: consuming AnyObject) -> Value {
    guard Self.fits, let objectClass, objectClass == ObjectIdentifier(Swift.type(of: object))
    else {
      return Self.cast(object)
    }
    // The value takes the caller's reference: a retain that the end of `object`'s lifetime
    // balances, which the optimizer removes; copying the bits would retain the object again
    // and the caller release it, both slow for a weakly referenced object.
    let address = UInt(bitPattern: Unmanaged.passRetained(object).toOpaque())
    return withUnsafeTemporaryAllocation(of: Value.self, capacity: 1) { value in
      withUnsafeBytes(of: bits) { bits in
        UnsafeMutableRawPointer(value.baseAddress!).copyMemory(
          from: bits.baseAddress!, byteCount: MemoryLayout<Value>.size)
      }
      UnsafeMutableRawPointer(value.baseAddress!).storeBytes(of: address, as: UInt.self)
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
