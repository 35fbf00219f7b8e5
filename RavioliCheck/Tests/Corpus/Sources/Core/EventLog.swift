import Foundation

/// What happened, in order, for the support team to read.
// `entries` is only touched under `lock`.
public final class EventLog: @unchecked Sendable {
  private let lock = NSLock()
  private var entries: [String] = []

  /// An empty log.
  public init() {}

  /// Appends `event`.
  public func record(_ event: String) {
    lock.withLock { entries.append(event) }
  }

  /// Every event so far, oldest first.
  public var events: [String] {
    lock.withLock { entries }
  }
}
