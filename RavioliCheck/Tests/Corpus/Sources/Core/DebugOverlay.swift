/// What a debug build shows over the screens: the last event of the log. Registered only in
/// debug builds.
public struct DebugOverlay: Sendable {
  let log: EventLog

  /// An overlay that shows the end of `log`.
  public init(log: EventLog) {
    self.log = log
  }

  /// The text to show.
  public var text: String {
    "last event: \(log.events.last ?? "none")"
  }
}
