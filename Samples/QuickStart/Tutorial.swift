import Ravioli

// The 30-second tutorial from README.md.

protocol Greeter: Sendable {
  func greet() -> String
}

struct EnglishGreeter: Greeter {
  func greet() -> String { "Hello!" }
}

func thirtySecondTutorial() {
  let container = Container()
  container.register { () -> Greeter in EnglishGreeter() }
  Container.lookupPolicy = .singleton(container)

  final class Screen {
    @Injected var greeter: Greeter
  }

  print(Screen().greeter.greet())  // Hello!
}
