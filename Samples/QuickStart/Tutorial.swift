import Ravioli

// The 30-second tutorial from README.md, and its types, which the articles use too.

// example: registering-and-resolving-1
protocol Greeter: Sendable {
  func greet() -> String
}

struct EnglishGreeter: Greeter {
  func greet() -> String { "Hello!" }
}
// example end: registering-and-resolving-1

func thirtySecondTutorial() {
  // example: readme-1
  let container = Container()
  container.register { () -> Greeter in EnglishGreeter() }
  Container.lookupPolicy = .singleton(container)

  final class Screen {
    @Injected var greeter: Greeter
  }

  print(Screen().greeter.greet())  // Hello!
  // example end: readme-1
}
