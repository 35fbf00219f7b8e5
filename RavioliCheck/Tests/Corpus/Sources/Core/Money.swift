/// An amount of money, in cents.
public struct Money: Sendable, Equatable {
  /// The amount, in cents.
  public let cents: Int

  /// An amount of `cents`.
  public init(cents: Int) {
    self.cents = cents
  }
}

/// Writes amounts in the currency of the program that shows them.
public protocol CurrencyFormatter: Sendable {
  /// The amount, e.g. `€4.50`.
  func format(_ amount: Money) -> String
}

/// Writes amounts with a symbol before them.
public struct SymbolFormatter: CurrencyFormatter {
  /// The symbol, e.g. `€`.
  public let symbol: String

  /// A formatter that writes `symbol` before the amount.
  public init(symbol: String) {
    self.symbol = symbol
  }

  public func format(_ amount: Money) -> String {
    let fraction = amount.cents % 100
    return "\(symbol)\(amount.cents / 100).\(fraction < 10 ? "0" : "")\(fraction)"
  }
}
