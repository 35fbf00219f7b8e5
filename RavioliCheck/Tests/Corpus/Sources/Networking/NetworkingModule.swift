import Core
import Ravioli

/// The Networking module: how the bakery talks to its server.
public enum NetworkingModule {
  /// What Networking provides, on top of Core.
  public static let container = Container(parents: [CoreModule.container], name: "networking") {
    container in
    container.register(needs: []) { () -> AuthTokenProvider in StaticToken(token: "till-7") }
    container.register(
      scope: .singleton, needs: [.on(AuthTokenProvider.self), .on(EventLog.self)]
    ) { () -> HTTPClient in
      CannedHTTPClient(tokens: try container.resolve(), log: try container.resolve())
    }
  }
}
