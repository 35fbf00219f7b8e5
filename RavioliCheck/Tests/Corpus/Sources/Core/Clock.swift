/// Tells the time of the bakery's day.
public protocol Clock: Sendable {
  /// Minutes since the shop opened this morning.
  var minutesOpen: Int { get }
}

/// The clock of a shop that opened at `openingHour`; in this sample it is always half past
/// nine.
struct ShopClock: Clock {
  let openingHour: Int

  var minutesOpen: Int { (9 - openingHour) * 60 + 30 }
}
