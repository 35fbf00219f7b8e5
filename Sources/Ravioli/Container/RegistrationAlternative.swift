/// The name that tells apart several registrations of one type.
///
/// Declare the alternatives your app uses as static members, then pass them when you
/// register and resolve:
///
/// ```swift
/// extension RegistrationAlternative {
///   static let french: RegistrationAlternative = "french"
/// }
/// ```
///
/// ```swift
/// container.register(alternative: .french) { () -> Greeter in FrenchGreeter() }
/// let greeter: Greeter = try container.resolve(alternative: .french)
/// ```
public struct RegistrationAlternative: Hashable, Sendable, ExpressibleByStringLiteral,
  CustomStringConvertible
{
  /// The alternative's name.
  public let name: String

  /// Creates an alternative from a name built at run time.
  public init(_ name: String) {
    self.name = name
  }

  /// Creates an alternative from a string literal.
  public init(stringLiteral name: String) {
    self.name = name
  }

  /// The alternative's name.
  public var description: String { name }
}
