import Core
import Ravioli

/// The till's home screen: how long the shop has been open, and what happened last. Not
/// `Containerable`: it resolves from the app's container, the policy's default.
final class HomeScreen {
  // The time when the screen appears, not when it is first read.
  @Injected(.resolvingOnInit()) var clock: any Clock
  @Injected var log: EventLog
  #if DEBUG
    @Injected var overlay: DebugOverlay
  #endif

  /// What the screen says.
  func greeting() -> String {
    var text = "Open for \(clock.minutesOpen) minutes, \(log.events.count) events so far"
    #if DEBUG
      text += " (\(overlay.text))"
    #endif
    return text
  }
}
