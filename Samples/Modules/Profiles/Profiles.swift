import Ravioli

/// The Profiles module: its types resolve from its own container, whatever the app registers.
public enum ProfilesModule {
  /// Everything Profiles needs. The app may add to it or replace entries (in tests, say).
  public static let container: Container = {
    let container = Container(name: "profiles")
    container.register { () -> ProfileRepository in InMemoryProfileRepository() }
    return container
  }()
}

/// Types of this module that conform resolve from ``ProfilesModule/container`` under the
/// `.enclosingType(default:)` policy.
public protocol ProfilesInjectable: Containerable {}

extension ProfilesInjectable {
  public var container: Container! { ProfilesModule.container }
}

/// Where profiles come from.
public protocol ProfileRepository: Sendable {
  func name(of userID: Int) -> String
}

struct InMemoryProfileRepository: ProfileRepository {
  func name(of userID: Int) -> String { userID == 1 ? "Ada" : "user \(userID)" }
}

/// A screen of the Profiles module.
public final class ProfileScreen: ProfilesInjectable {
  @Injected var repository: ProfileRepository

  public init() {}

  public func render(userID: Int) -> String {
    "Profile of \(repository.name(of: userID))"
  }
}
