import Ravioli

/// The Networking module: how the app talks to its server.
// example: lookup-policies-and-modules-2
public enum NetworkingModule {
  /// What Networking provides. Modules that need it build their containers on this one;
  /// tests replace its entries.
  public static let container = Container(name: "networking") { container in
    container.register(scope: .singleton, needs: []) { () -> HTTPClient in CannedHTTPClient() }
  }
}
// example end: lookup-policies-and-modules-2

/// Fetches text from the server.
public protocol HTTPClient: Sendable {
  /// The body of the response to `GET path`.
  func get(_ path: String) throws -> String
}

/// What a server answered with an error.
public struct HTTPError: Error, Equatable {
  /// The status code, e.g. 404.
  public let status: Int

  /// An error with `status`.
  public init(status: Int) {
    self.status = status
  }
}

/// A client with a few answers built in, so that the sample runs without a network.
struct CannedHTTPClient: HTTPClient {
  func get(_ path: String) throws -> String {
    switch path {
    case "/products": "Pasta:4.5,Pesto:3.25,Parmesan:7"
    case "/products/featured": "Ravioli:6.75"
    default: throw HTTPError(status: 404)
    }
  }
}
