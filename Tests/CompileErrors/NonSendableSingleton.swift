// Code that must not compile in Swift 6 language mode. `.ci/check-compile-errors` type-checks
// it against the built library and expects exactly the errors marked `// error: ...` on the
// line that follows each mark, and no others.
import Ravioli

/// A cache with mutable state and no lock: not safe to share between threads.
final class ImageCache {
  var images: [String: [UInt8]] = [:]
}

/// Holds a lazily injected property, which is mutable state too.
final class Cart {
  @Injected var greeting: String
}

actor Tally {}

final class Checked: Sendable {}

func registerSharedInstances(in container: Container) {
  // error: type 'ImageCache' does not conform to the 'Sendable' protocol
  container.register(scope: .singleton) { () -> ImageCache in ImageCache() }
  // error: type 'Cart' does not conform to the 'Sendable' protocol
  container.register(scope: .cached) { () -> Cart in Cart() }
  // error: type 'ImageCache' does not conform to the 'Sendable' protocol
  container.register(scope: .weak) { (parameter: Any) -> ImageCache in ImageCache() }

  // Each of these compiles: the rule is about sharing, and these do not share, or say why
  // they may.
  container.register { () -> ImageCache in ImageCache() }
  container.register(scope: .graph) { () -> ImageCache in ImageCache() }
  // example: lifetimes-3
  container.register(scope: .unchecked(.singleton)) { () -> ImageCache in ImageCache() }
  // example end: lifetimes-3
  container.register(scope: .singleton) { () -> Checked in Checked() }
  container.register(scope: .singleton) { () -> Tally in Tally() }
}
