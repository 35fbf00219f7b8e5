#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

// The thread-level primitives that Ravioli takes from the system: the current thread's stack,
// a release when a thread ends, and a yield.

/// The current thread's call stack, so that a recursion can stop with a message while there
/// is still room to build one, instead of overflowing the stack.
struct StackBounds {
  /// The lowest address of the stack (stacks grow down on every platform Swift runs on).
  let low: UInt
  let size: UInt

  /// The current thread's stack, or `nil` where the system does not say (or, on musl,
  /// where what it says is not the whole stack).
  static var current: StackBounds? {
    #if canImport(Darwin)
      let thread = pthread_self()
      let high = UInt(bitPattern: pthread_get_stackaddr_np(thread))
      let size = UInt(pthread_get_stacksize_np(thread))
      guard high > size else { return nil }
      return StackBounds(low: high - size, size: size)
    #elseif canImport(Glibc)
      guard let getAttributes = getAttributes else { return nil }
      var attributes = pthread_attr_t()
      guard getAttributes(pthread_self(), &attributes) == 0 else { return nil }
      defer { pthread_attr_destroy(&attributes) }
      var address: UnsafeMutableRawPointer?
      var size = 0
      guard pthread_attr_getstack(&attributes, &address, &size) == 0, let address else {
        return nil
      }
      return StackBounds(low: UInt(bitPattern: address), size: UInt(size))
    #else
      // musl describes only the part of the main thread's stack that is mapped so far, which
      // would make a growing stack look full: resolutions there rely on the depth limit.
      return nil
    #endif
  }

  #if canImport(Glibc)
    /// `pthread_getattr_np`, a GNU extension that the Swift module of the C library does not
    /// import, looked up by name (nil is `RTLD_DEFAULT`). On glibc it describes the main
    /// thread's stack by its size limit, and other threads' stacks as they were made.
    private static let getAttributes:
      (@convention(c) (pthread_t, UnsafeMutablePointer<pthread_attr_t>) -> Int32)? =
        dlsym(nil, "pthread_getattr_np").map {
          unsafeBitCast(
            $0,
            to: (@convention(c) (pthread_t, UnsafeMutablePointer<pthread_attr_t>) -> Int32).self)
        }
  #endif
}

/// Releases a per-thread object when its thread ends, through a `pthread` key's destructor;
/// the caller keeps the object where it reads it fastest (a C11 thread-local). `destructor`
/// runs on the ending thread, and must forget the object before releasing it: the release
/// may use the thread's object again (it is then made again, and so released again).
final class ThreadExitRelease: Sendable {
  private let key: pthread_key_t

  #if canImport(Darwin)
    typealias Destructor = @convention(c) (UnsafeMutableRawPointer) -> Void
  #else
    typealias Destructor = @convention(c) (UnsafeMutableRawPointer?) -> Void
  #endif

  init(_ destructor: Destructor) {
    var key = pthread_key_t()
    let status = pthread_key_create(&key, destructor)
    precondition(status == 0, "pthread_key_create failed with \(status)")
    self.key = key
  }

  func releaseAtExit(_ pointer: UnsafeMutableRawPointer) {
    pthread_setspecific(key, pointer)
  }
}

/// Lets another thread run, as a writer that waits for a reader does.
func yieldThread() {
  sched_yield()
}
