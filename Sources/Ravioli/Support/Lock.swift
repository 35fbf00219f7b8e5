#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A `pthread_mutex_t` lock. Not `Synchronization.Mutex`: ThreadSanitizer on Linux does not
/// see it (it reports races on data touched only inside `withLock`), and it would raise the
/// Apple platform minimums.
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
  func withLock<Result: ~Copyable>(_ body: () throws -> Result) rethrows -> Result {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return try body()
  }

  func tryLock() -> Bool {
    pthread_mutex_trylock(mutex) == 0
  }

  func lock() {
    pthread_mutex_lock(mutex)
  }

  func unlock() {
    pthread_mutex_unlock(mutex)
  }
}

/// A value read and written only under its own lock. No code that a user can observe runs
/// under it: a replaced value is handed back and released after the lock, since its
/// `deinit` may come back here.
final class Locked<Value: Sendable>: @unchecked Sendable {  // `value`: only under `lock`
  private let lock = Lock()
  // The lock keeps accesses apart: the exclusivity check would cost more than the lock.
  @exclusivity(unchecked) private var value: Value

  init(_ value: Value) {
    self.value = value
  }

  func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    try lock.withLock { try body(&value) }
  }

  /// Setting it releases the old value outside the lock.
  var current: Value {
    get { withLock { $0 } }
    set {
      withLockLettingGo { value, takenOut in takenOut.replace(&value, with: newValue) }
    }
  }
}

extension Locked where Value: FixedWidthInteger {
  /// Counts one more and returns the new count: a counter that starts at 0 gives 1 first.
  func next() -> Value {
    withLock { count in
      count += 1
      return count
    }
  }
}
