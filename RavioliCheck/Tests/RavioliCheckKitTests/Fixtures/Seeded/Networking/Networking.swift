import Ravioli

public enum NetworkingModule {
  public static let container = Container(name: "networking") { container in
    container.register(scope: .singleton, needs: []) { () -> HTTPClient in CannedClient() }
  }
}

public protocol HTTPClient: Sendable {}
struct CannedClient: HTTPClient {}
