import Ravioli

// Every injection option, as the articles "Injection options" and "Function-parameter injection" show them.

// example: injection-options-1
protocol ScreenDelegate: AnyObject, Sendable {
  func screenDidAppear()
}

struct Preferences: Sendable {
  var fontSize = 14
}

struct Theme: Sendable {
  var name = "light"
}

/// A container of its own, given to some properties directly instead of through the policy.
let storage: Container = {
  let container = Container(name: "storage")
  container.register { () -> Preferences in Preferences() }
  container.register { () -> Theme in Theme() }
  return container
}()
// example end: injection-options-1

final class Coordinator: ScreenDelegate {
  func screenDidAppear() { print("the coordinator saw the screen appear") }
}

// example: injection-options-2
final class SettingsScreen {
  @Injected var greeter: Greeter  // found and resolved at the first access
  @Injected(alternative: .french) var frenchGreeter: Greeter
  @Injected(.lazily) var analytics: Analytics  // asks the policy at the first access
  @Injected(.resolvingOnInit()) var cache: ImageCache  // resolved when the screen is created
  @Injected(.capturingContainerOnInit(from: storage)) var preferences: Preferences
  @Injected(.resolvingOnInit(from: storage)) var theme: Theme
  @Injected var logger: TaggedLogger  // a parametrized resolver gets this screen
  @Injected var optionalGreeter: Greeter?  // from a `Greeter?` or a `Greeter` registration
  @Injected var title: String = "Settings"  // a stored value: nothing is resolved
  @InjectedWeakly var delegate: ScreenDelegate?  // held weakly
}
// example end: injection-options-2

// example: injection-options-3
/// Structs have no enclosing instance for lazy injection: resolve when the value is created.
struct GreetingCard {
  @Injected(.resolvingOnInit()) var greeter: Greeter
}
// example end: injection-options-3

// example: function-parameter-injection-1
func greet(@Injected greeter: Greeter) -> String {
  greeter.greet()
}
// example end: function-parameter-injection-1

func injectionOptions(container: Container) {
  let coordinator = Coordinator()
  container.register { () -> ScreenDelegate in coordinator }
  Container.lookupPolicy = .singleton(container)

  let screen = SettingsScreen()
  print(screen.greeter.greet(), screen.frenchGreeter.greet())
  screen.analytics.track("settings opened")
  screen.logger.log("opened \(screen.title)")
  print("font size \(screen.preferences.fontSize), \(screen.theme.name) theme")
  print(screen.optionalGreeter?.greet() ?? "no greeter")
  screen.delegate?.screenDidAppear()
  screen.greeter = FrenchGreeter()  // assignment replaces the value
  print(screen.greeter.greet(), GreetingCard().greeter.greet())

  // example: function-parameter-injection-2
  print(greet($greeter: container.resolved()))
  print(greet($greeter: container.resolved(alternative: .french)))
  print(greet(greeter: EnglishGreeter()))
  // example end: function-parameter-injection-2
}
