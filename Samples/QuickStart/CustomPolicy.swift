import Ravioli

// A lookup policy written by the app, as the article "Lookup policies and modules" shows it.

// example: lookup-policies-and-modules-1
/// Screens resolve from their own container; everything else from the app's.
struct ScreenContainers: ContainerLookupPolicy {
  let screens: Container
  let everythingElse: Container

  func container<EnclosingType>(
    for instance: EnclosingType, file: StaticString, function: String, line: UInt
  ) -> Container? {
    instance is SettingsScreen ? screens : everythingElse
  }
}
// example end: lookup-policies-and-modules-1

func customPolicy(app: Container) {
  let screens = Container(parent: app, name: "screens")
  screens.register { () -> Greeter in FrenchGreeter() }
  Container.lookupPolicy = ScreenContainers(screens: screens, everythingElse: app)

  print(SettingsScreen().greeter.greet())  // Bonjour !
}
