import Ravioli

// The 30-second tutorial from README.md, and its types, which the articles use too.

// example: tutorial-greeter
protocol Greeter: Sendable {
  func greet() -> String
}

struct EnglishGreeter: Greeter {
  func greet() -> String { "Hello!" }
}
// example end: tutorial-greeter

func thirtySecondTutorial() {
  // example: tutorial
  let container = Container()
  container.register { () -> Greeter in EnglishGreeter() }
  Container.lookupPolicy = .singleton(container)

  final class Screen {
    @Injected var greeter: Greeter
  }

  print(Screen().greeter.greet())  // Hello!
  // example end: tutorial
}
