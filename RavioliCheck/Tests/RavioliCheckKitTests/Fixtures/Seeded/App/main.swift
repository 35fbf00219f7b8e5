import Ravioli

let app = Container(parents: [FeedModule.container], name: "app") { app in
  app.register { () -> ProfileStore in LocalProfiles() }
  app.register { makeLogger() }
}
Container.lookupPolicy = .enclosingType(default: app)

func render(@Injected theme: Theme) {}

func price(formatter: PriceFormatter = injected(from: FeedModule.container)) {}

struct LocalProfiles: ProfileStore {}
struct Theme {}
struct PriceFormatter {}
func makeLogger() -> Int { 0 }
