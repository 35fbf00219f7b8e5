import Ravioli

protocol Greeter: AnyObject, Sendable {
  func greet() -> Int
}

final class EnglishGreeter: Greeter {
  func greet() -> Int { 1 }
}

/// Made anew by the "new object" scenarios.
final class Service: Sendable {}

final class LevelC: Sendable {}

final class LevelB: Sendable {
  let c: LevelC
  init(c: LevelC) { self.c = c }
}

final class LevelA: Sendable {
  let b: LevelB
  init(b: LevelB) { self.b = b }
}

/// Resolves its greeter through `Container.lookupPolicy` at the first read.
final class InjectedScreen {
  @Injected var greeter: Greeter
}

/// The baseline: the same object with a plain stored property.
final class PlainScreen {
  var greeter: Greeter
  init(greeter: Greeter) { self.greeter = greeter }
}

/// Returns its argument through code the optimizer cannot see through, so that a baseline
/// closure is called, not inlined into the loop.
@_optimize(none) @inline(never)
func opaque<T>(_ value: T) -> T { value }
