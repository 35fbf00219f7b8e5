import Ravioli

/// The Core module: what every part of the bakery shares.
public enum CoreModule {
  /// What Core provides. Every module's container builds on this one, through its parents.
  public static let container = Container(name: "core") { container in
    container.register(scope: .singleton, needs: []) { () -> Clock in ShopClock(openingHour: 7) }
    container.autoregister(scope: .singleton, initializer: EventLog.init)
    #if DEBUG
      // Debug builds show the last event over every screen.
      container.register(needs: [.on(EventLog.self)]) { () -> DebugOverlay in
        DebugOverlay(log: try container.resolve())
      }
    #endif
  }
}
