#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A mutual-exclusion lock built on `pthread_mutex_t`.
///
/// `Synchronization.Mutex` would be the obvious choice, but ThreadSanitizer on Linux does not
/// see it (it reports races on data touched only inside `withLock`), and it would raise the
/// Apple platform minimums. ThreadSanitizer understands `pthread_mutex_t` everywhere.
@usableFromInline
final class Lock: @unchecked Sendable {  // the mutex is touched only through pthread calls
  @usableFromInline let mutex: UnsafeMutablePointer<pthread_mutex_t>

  init() {
    mutex = .allocate(capacity: 1)
    mutex.initialize(to: pthread_mutex_t())
    let status = pthread_mutex_init(mutex, nil)
    precondition(status == 0, "pthread_mutex_init failed with \(status)")
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deinitialize(count: 1)
    mutex.deallocate()
  }

  @inlinable
  func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return try body()
  }

  /// Takes the lock if it is free, without waiting.
  func tryLock() -> Bool {
    pthread_mutex_trylock(mutex) == 0
  }

  /// Takes the lock, waiting for it. Pair with ``unlock()`` on the same thread.
  func lock() {
    pthread_mutex_lock(mutex)
  }

  func unlock() {
    pthread_mutex_unlock(mutex)
  }
}

/// A value that is only read and written while holding its own lock.
///
/// Nothing that a user's code can observe runs under the lock: a value that is replaced is
/// handed back and released after the lock is let go, since releasing it may run a `deinit`
/// that comes back here.
final class Locked<Value: Sendable>: @unchecked Sendable {  // `value`: only under `lock`
  private let lock = Lock()
  // The lock already keeps accesses apart; the runtime's exclusivity check would cost more
  // than the lock.
  @exclusivity(unchecked) private var value: Value

  init(_ value: Value) {
    self.value = value
  }

  @inline(__always)
  func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    try lock.withLock { try body(&value) }
  }

  /// Stores `newValue` and returns the value it replaces, for the caller to release.
  func exchange(with newValue: Value) -> Value {
    withLock { value in
      let previous = value
      value = newValue
      return previous
    }
  }

  /// The current value; a copy taken under the lock. Setting it releases the old value
  /// outside the lock.
  var current: Value {
    get { withLock { $0 } }
    set { _ = exchange(with: newValue) }
  }
}
