#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Releases a per-thread object when its thread ends, through a `pthread` key's destructor.
///
/// The object itself is read from wherever the caller keeps it for speed (a C11
/// thread-local); the key only gives it an end. `destructor` runs on the ending thread with
/// the pointer it was given, and must forget the object before releasing it, since
/// something that the release runs may use the thread's object again (it is then made
/// again, and its destructor runs again).
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

  /// Hands `pointer` to the destructor when the current thread ends.
  func releaseAtExit(_ pointer: UnsafeMutableRawPointer) {
    pthread_setspecific(key, pointer)
  }
}
