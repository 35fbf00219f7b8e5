import Dispatch

/// Whether the calling code runs on the main actor, asked without stopping the program when
/// it does not (as `MainActor.assumeIsolated` would).
///
/// The main actor runs its work on the main dispatch queue. That is usually, but not
/// always, the main thread: where a program's `async` main gives the main thread up (Linux,
/// `swift test` among them), another thread drains the queue. So the question goes to the
/// queue: a value set on it is visible exactly to the code it runs.
enum MainActorCheck {
  private static let key = DispatchSpecificKey<Bool>()
  private static let marked: Void = DispatchQueue.main.setSpecific(key: key, value: true)

  static var isOnMainActor: Bool {
    _ = marked
    return DispatchQueue.getSpecific(key: key) == true
  }
}
