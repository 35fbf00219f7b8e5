import Core

/// How the ovens are set.
public struct OvenSettings: Sendable {
  /// The temperature, in degrees Celsius.
  public let temperature: Int

  /// The settings the bakers use unless a recipe says otherwise.
  public static let standard = OvenSettings(temperature: 230)
}

/// The oven.
public struct Oven: Sendable {
  let clock: Clock
  let temperature: Int

  init(clock: Clock) {
    self.clock = clock
    temperature = OvenSettings.standard.temperature
  }

  /// Minutes until the batch in the oven comes out.
  var minutesUntilFree: Int { 20 - clock.minutesOpen % 20 }
}

/// When the next batches come out of the oven.
public struct BakeSchedule: Sendable {
  let oven: Oven
  let log: EventLog

  /// When a batch of `product` will be ready.
  public func nextBatch(of product: String) -> String {
    log.record("scheduled \(product)")
    return "\(product) ready in \(oven.minutesUntilFree) min (\(oven.temperature) degrees)"
  }
}
