#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// One instance of `Value` per thread, created on first use and released when the thread ends.
///
/// Used for state that must never be shared between threads, such as the stack of
/// resolutions in progress on the current thread.
final class ThreadLocal<Value: AnyObject>: Sendable {
  private let key: pthread_key_t
  private let makeValue: @Sendable () -> Value

  init(_ makeValue: @escaping @Sendable () -> Value) {
    var key = pthread_key_t()
    let status = pthread_key_create(&key) { pointer in
      #if canImport(Darwin)
        Unmanaged<AnyObject>.fromOpaque(pointer).release()
      #else
        if let pointer { Unmanaged<AnyObject>.fromOpaque(pointer).release() }
      #endif
    }
    precondition(status == 0, "pthread_key_create failed with \(status)")
    self.key = key
    self.makeValue = makeValue
  }

  /// This thread's instance.
  var value: Value {
    Unmanaged<Value>.fromOpaque(pointer).takeUnretainedValue()
  }

  /// Runs `body` with this thread's instance, without retaining it: the thread keeps it
  /// alive throughout.
  func withValue<Result>(_ body: (Value) throws -> Result) rethrows -> Result {
    try Unmanaged<Value>.fromOpaque(pointer)._withUnsafeGuaranteedRef(body)
  }

  private var pointer: UnsafeMutableRawPointer {
    if let pointer = pthread_getspecific(key) {
      return pointer
    }
    let pointer = Unmanaged.passRetained(makeValue() as AnyObject).toOpaque()
    pthread_setspecific(key, pointer)
    return pointer
  }
}
