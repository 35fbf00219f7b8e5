#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

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
