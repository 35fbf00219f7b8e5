/// Gives the token that the server asks for with each request.
public protocol AuthTokenProvider: Sendable {
  /// The current token.
  var token: String { get }
}

/// The token of a till, set when the till was installed.
struct StaticToken: AuthTokenProvider {
  let token: String
}
