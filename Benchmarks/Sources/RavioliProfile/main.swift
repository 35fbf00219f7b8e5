import Ravioli

// A fixed loop of one scenario, for instruction-level profiling with callgrind:
//   swift build -c release --product RavioliProfile
//   valgrind --tool=callgrind .build/release/RavioliProfile \
//     [stored|new|singleton|parent|injected|cached] [iterations]

protocol Greeter: AnyObject, Sendable {}
final class EnglishGreeter: Greeter {}

final class Screen {
  @Injected var greeter: Greeter
}

@inline(never)
func consume(_ object: AnyObject) -> Int {
  ObjectIdentifier(object).hashValue & 1
}

let stored: Greeter = EnglishGreeter()
let container = Container(name: "profile")
container.register { () -> Greeter in stored }
let child = Container(parent: container, name: "child")
let fresh = Container(name: "fresh")
fresh.register { () -> Greeter in EnglishGreeter() }
let singletons = Container(name: "singletons")
singletons.register(scope: .singleton) { () -> Greeter in EnglishGreeter() }
Container.lookupPolicy = .singleton(container)

let scenario = CommandLine.arguments.dropFirst().first ?? "stored"
let iterations = Int(CommandLine.arguments.dropFirst(2).first ?? "") ?? 100_000
var total = 0
switch scenario {
case "singleton":
  for _ in 0..<iterations { total &+= consume(try! singletons.resolve() as Greeter) }
case "new":
  for _ in 0..<iterations { total &+= consume(try! fresh.resolve() as Greeter) }
case "parent":
  for _ in 0..<iterations { total &+= consume(try! child.resolve() as Greeter) }
case "injected":
  for _ in 0..<iterations { total &+= consume(Screen().greeter) }
case "cached":
  let screen = Screen()
  for _ in 0..<iterations { total &+= consume(screen.greeter) }
default:
  for _ in 0..<iterations { total &+= consume(try! container.resolve() as Greeter) }
}
print("\(scenario): \(total)")
