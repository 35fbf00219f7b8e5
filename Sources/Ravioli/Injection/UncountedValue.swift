/// A copy of a value that is one object (a class instance, or an existential that holds
/// one), kept as its bits, without counting a reference to the object: `@InjectedWeakly`
/// keeps the first value it holds this way beside its weak reference, and makes `Value` from
/// the object that the weak reference gives and these bits, without a dynamic cast.
///
/// A cast of the weakly held object back to `Value` (`object as? Value`) asks the runtime
/// whether the object's class conforms to `Value`'s protocols, through its conformance
/// cache, at every read: most of the cost of a read of a resolved `@InjectedWeakly` property
/// (Benchmarks/README gives the counts). The bits of a value hold the object, then the witness tables
/// of its class's conformances, which are the same for every object of that class: the
/// bits, with the object replaced, are the value of any object of the class they were taken
/// from, ``objectClass``. The object is never taken from the bits, only from the caller, so
/// that bits kept from one object serve another of its class, and no value can be made of an
/// object and witness tables of different classes.
///
/// Where the bits cannot serve, ``value(holding:)`` casts: for an object of another class, a
/// value larger than five words (an existential of five class-bound protocols or more, or of
/// two or more that are not class-bound), or one whose first word is not the object (an
/// `any Error`, which points to a box that holds the object). A class, an `AnyObject`, an
/// existential of one protocol, `Any`, a class-bound composition of up to four protocols
/// and a composition with a class fit; marker protocols such as `Sendable` take no room.
@usableFromInline
struct UncountedValue<Value> {
  @usableFromInline typealias Bits = (UInt, UInt, UInt, UInt, UInt)

  /// The value's bits; zero where it is not kept, or there is none.
  @usableFromInline var bits: Bits = (0, 0, 0, 0, 0)
  /// The class of the object whose value the bits are, when their first word is that object:
  /// the objects whose value they make.
  @usableFromInline var objectClass: ObjectIdentifier?

  /// Whether `Value` fits in ``bits``: a constant where `Value` is known.
  @inlinable
  static var fits: Bool {
    MemoryLayout<Value>.size <= MemoryLayout<Bits>.size
      && MemoryLayout<Value>.alignment <= MemoryLayout<Bits>.alignment
  }

  /// Nothing kept.
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

  /// `value`'s bits, serving objects of the class of `object`, the object that it is.
  @inlinable
  init(_ value: borrowing Value, object: AnyObject) {
    self.init(value)
    keep(holding: object)
  }

  /// Makes the bits serve the objects of the class of `object`, the object that the value
  /// they were taken from is, if their first word is that object; else no object.
  @inlinable
  mutating func keep(holding object: AnyObject) {
    if Self.fits, bits.0 == UInt(bitPattern: Unmanaged.passUnretained(object).toOpaque()) {
      objectClass = ObjectIdentifier(Swift.type(of: object))
    } else {
      bits = (0, 0, 0, 0, 0)
      objectClass = nil
    }
  }

  /// `object` as `Value`: made from the bits kept, with `object` in the place of the object
  /// they were taken from, when `object` is of that class; cast otherwise. `object` is alive,
  /// strongly held by the caller, which hands its reference over to the value.
  @inlinable @inline(__always)
  func value(holding object: consuming AnyObject) -> Value {
    guard Self.fits, let objectClass, objectClass == ObjectIdentifier(Swift.type(of: object))
    else {
      return Self.cast(object)
    }
    // The value counts no reference of its own: it takes the caller's. A retain that the end
    // of `object`'s lifetime balances, which the optimizer removes, where copying the bits
    // would retain the object again and the caller release it (both on the slow path for an
    // object that is weakly referenced).
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
