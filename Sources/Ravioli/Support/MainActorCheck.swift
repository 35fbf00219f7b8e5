import Dispatch

/// Whether the calling code runs on the main actor, asked without stopping the program when
/// it does not (as `MainActor.assumeIsolated` would). Asked of the main queue, whose values
/// are seen exactly by the code it runs: where an `async` main gives the main thread up
/// (Linux, `swift test` among them), another thread drains the queue.
enum MainActorCheck {
  private static let key = DispatchSpecificKey<Bool>()
  private static let marked: Void = DispatchQueue.main.setSpecific(key: key, value: true)

  static var isOnMainActor: Bool {
    _ = marked
    return DispatchQueue.getSpecific(key: key) == true
  }
}
