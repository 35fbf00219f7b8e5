import Ravioli

let app = Container(parent: ProfileModule.container, name: "app")
Container.lookupPolicy = .enclosingType(default: app)
registerLogging(in: app)

final class Screen {
  @Injected var settings: Settings
}

func stamp(@Injected clock: Clock) {}

func greet(store: Store = injected(from: app)) {}

// Another library's `register`, which takes no resolver.
struct Cells { func register(_ type: Any.Type, forCellReuseIdentifier: String) {} }
Cells().register(Screen.self, forCellReuseIdentifier: "screen")
