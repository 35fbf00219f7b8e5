import Ravioli

/// The module every other builds on.
public enum CoreModule {
  public static let container = Container(name: "core") { container in
    container.register(scope: .singleton, needs: []) { () -> any Clock in SystemClock() }
    container.register(alternative: .utc, needs: []) { () -> Clock in SystemClock() }
    container.register(needs: []) { Settings() }
    container.autoregister(initializer: Store.init)
  }
}

extension RegistrationAlternative {
  public static let utc: RegistrationAlternative = "utc"
  public static let verbose = RegistrationAlternative("verbose")
}

public typealias Clock = TimeSource

public protocol TimeSource: Sendable {}
struct SystemClock: TimeSource {}
public struct Settings: Sendable {}
public final class Store: Sendable {
  init(settings: Settings) {}
}

/// Registers what a container needs to log; which container, the source does not say.
public func registerLogging(in container: Container) {
  container.register(alternative: .verbose) { () -> Logger in Logger() }
}

public struct Logger: Sendable {}
