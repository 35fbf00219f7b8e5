import Ravioli

enum ProfileModule {
  static let container = Container(parents: [CoreModule.container], name: "profile") { profile in
    profile.register { (screen: Any) -> Tracker in Tracker() }
    profile.register { () -> Avatar? in nil }
    profile.autoregister(ProfileService.self) { (store: Store, clock: Core.Clock) in
      ProfileService()
    }
  }
}

final class ProfileViewModel {
  @Injected var service: ProfileService
  @Injected var tracker: Tracker
  @Injected(alternative: .utc) var clock: Clock
  @Injected var avatar: Avatar?
  @Injected var settings: Optional<Settings>
  @InjectedWeakly var delegate: Avatar?
  @Injected(.resolvingOnInit(from: CoreModule.container)) var store: Store
  @Injected(alternative: "verbose") var logger: Logger
}

extension ProfileViewModel: Containerable {
  var container: Container! { ProfileModule.container }
}

struct Tracker {}
final class Avatar {}
struct ProfileService {}
