/// The name that tells apart several registrations of one type.
///
/// Declare the alternatives your app uses as static members, then pass them when you
/// register and resolve (see <doc:RegisteringAndResolving#Alternatives>):
///
/// ```swift
/// extension RegistrationAlternative {
///   static let french: RegistrationAlternative = "french"
/// }
/// ```
public struct RegistrationAlternative: Hashable, Sendable, ExpressibleByStringLiteral,
  CustomStringConvertible
{
  /// The alternative's name.
  public let name: String
  /// Computed once, so that looking a registration up does not hash the name again.
  let hash: Int

  /// Creates an alternative from a name built at run time.
  public init(_ name: String) {
    self.name = name
    self.hash = name.hashValue
  }

  /// Creates an alternative from a string literal.
  public init(stringLiteral name: String) {
    self.init(name)
  }

  /// Alternatives with the same name are equal.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.hash == rhs.hash && lhs.name == rhs.name
  }

  /// Hashes the name.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(hash)
  }

  /// The alternative's name.
  public var description: String { name }
}
