#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The current thread's call stack, so that a recursion can stop with a message while there
/// is still room to build one, instead of overflowing the stack.
struct StackBounds {
  /// The lowest address of the stack (stacks grow down on every platform Swift runs on).
  let low: UInt
  /// The highest address of the stack.
  let high: UInt

  /// The current thread's stack, or `nil` where the system does not say.
  static var current: StackBounds? {
    #if canImport(Darwin)
      let thread = pthread_self()
      let high = UInt(bitPattern: pthread_get_stackaddr_np(thread))
      let size = UInt(pthread_get_stacksize_np(thread))
      guard high > size else { return nil }
      return StackBounds(low: high - size, high: high)
    #elseif canImport(Glibc) || canImport(Musl)
      // `pthread_getattr_np` is a GNU extension that the Swift module of the C library does
      // not import; it is looked up by name instead (nil is `RTLD_DEFAULT`).
      typealias GetAttributes =
        @convention(c) (pthread_t, UnsafeMutablePointer<pthread_attr_t>) -> Int32
      guard let symbol = dlsym(nil, "pthread_getattr_np") else { return nil }
      let getAttributes = unsafeBitCast(symbol, to: GetAttributes.self)
      var attributes = pthread_attr_t()
      guard getAttributes(pthread_self(), &attributes) == 0 else { return nil }
      defer { pthread_attr_destroy(&attributes) }
      var address: UnsafeMutableRawPointer?
      var size = 0
      guard pthread_attr_getstack(&attributes, &address, &size) == 0, let address else {
        return nil
      }
      let low = UInt(bitPattern: address)
      return StackBounds(low: low, high: low + UInt(size))
    #else
      return nil
    #endif
  }

  var size: UInt { high - low }

  /// Whether `address`, a local of the caller, lies on this stack.
  func contains(_ address: UInt) -> Bool {
    low < address && address <= high
  }
}

/// The address of a local of the caller's frame: roughly where the stack pointer is.
@inline(__always)
func approximateStackPointer() -> UInt {
  var marker: UInt8 = 0
  return withUnsafeMutablePointer(to: &marker) { UInt(bitPattern: $0) }
}
