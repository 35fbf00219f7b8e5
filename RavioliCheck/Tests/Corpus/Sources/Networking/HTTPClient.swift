import Core

/// Fetches text from the bakery's server.
public protocol HTTPClient: Sendable {
  /// The body of the response to `GET path`.
  func get(_ path: String) throws -> String
}

/// What the server answered with an error.
public struct HTTPError: Error, Equatable {
  /// The status code, e.g. 404.
  public let status: Int
}

/// A client with the server's answers built in, so that the sample runs without a network.
struct CannedHTTPClient: HTTPClient {
  let tokens: AuthTokenProvider
  let log: EventLog

  func get(_ path: String) throws -> String {
    log.record("GET \(path) as \(tokens.token)")
    switch path {
    case "/products": return "Sourdough:650:800,Croissant:180:60,Baguette:220:250"
    case "/products/featured": return "Kouign-amann:320:90"
    case "/orders": return "1001:Sourdough,1002:Croissant+Baguette"
    default: throw HTTPError(status: 404)
    }
  }
}
