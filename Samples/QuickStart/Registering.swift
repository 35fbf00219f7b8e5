import Ravioli

// Registering and resolving, as the article "Registering and resolving" shows them.

// example: registering-and-resolving-2
struct FrenchGreeter: Greeter {
  func greet() -> String { "Bonjour !" }
}

/// Logs with the name of the type it was made for.
struct TaggedLogger: Sendable {
  let tag: String
  func log(_ text: String) { print("[\(tag)] \(text)") }
}

final class Analytics: Sendable {
  func track(_ event: String) { print("tracked \(event)") }
}

/// Not `Sendable`: a resolver may create it, but not capture it.
final class ImageCache {
  var images: [String: [UInt8]] = [:]
}
// example end: registering-and-resolving-2

// example: registering-and-resolving-4
extension RegistrationAlternative {
  static let french: RegistrationAlternative = "french"
}
// example end: registering-and-resolving-4

func registering() throws {
  let container = Container(name: "app")

  // example: registering-and-resolving-3
  container.register { () -> Greeter in EnglishGreeter() }
  container.register(alternative: .french) { () -> Greeter in FrenchGreeter() }
  container.register { (parameter: Any) -> TaggedLogger in
    TaggedLogger(tag: "\(type(of: parameter))")
  }

  let greeter: Greeter = try container.resolve()
  let french: Greeter = try container.resolve(alternative: .french)
  let optional: Greeter? = try container.resolve()
  let logger: TaggedLogger = try container.resolve(parameter: "a string")
  // example end: registering-and-resolving-3
  print(greeter.greet(), french.greet(), optional?.greet() ?? "-")
  logger.log("resolved with a parameter")

  // example: registering-and-resolving-8
  // A resolver may be called from any thread, so what it captures must be Sendable...
  let analytics = Analytics()
  container.register { () -> Analytics in analytics }
  // ...or it creates the instance itself.
  container.register { () -> ImageCache in ImageCache() }
  // example end: registering-and-resolving-8

  // example: registering-and-resolving-7
  let tracker: Analytics? = container.resolveIfRegistered()
  tracker?.track("registered")
  if container.isResolvable(ImageCache.self) {
    print("an image cache can be resolved")
  }
  // example end: registering-and-resolving-7

  print("The next message is a deliberate failure, to show what Ravioli prints:")
  do {
    let spanish: Greeter = try container.resolve(alternative: "spanish")
    print(spanish.greet())
  } catch {
    print(error)
  }
}
