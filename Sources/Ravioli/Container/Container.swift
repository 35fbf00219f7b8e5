/// Holds resolvers for the types your code depends on, and resolves them.
///
/// Register a resolver for a type, optionally under a ``RegistrationAlternative``, then
/// resolve it directly or through the `@Injected` property wrapper:
///
/// ```swift
/// let container = Container(name: "app")
/// container.register { () -> Greeter in EnglishGreeter() }
///
/// let greeter: Greeter = try container.resolve()
/// ```
///
/// A container searches its own registrations first, then its parent's, up the chain, so a
/// child container can add or override registrations for one part of the app.
///
/// `Container` is `Sendable`: any thread may register and resolve at any time. Resolvers run
/// outside the container's lock, so a resolver may resolve what it needs from the same
/// container.
public final class Container: Sendable {
  /// The container's name, used in log and error messages.
  public let name: String
  /// The container searched when this one has no resolver for a request.
  public let parent: Container?

  let registrations = Locked(RegistrationTable())
  /// What resolution reads: copies of the plain registrations, sharded by thread.
  let lookups = LookupShards()

  private static let unnamedCount = Locked(0)

  /// Creates a container.
  /// - Parameters:
  ///   - parent: The container to search when this one has no resolver for a request.
  ///   - name: A name for messages. Unnamed containers are called `container-1`,
  ///     `container-2`, and so on.
  public init(parent: Container? = nil, name: String? = nil) {
    self.parent = parent
    self.name = name ?? "container-\(Self.nextUnnamedNumber())"
  }

  private static func nextUnnamedNumber() -> Int {
    unnamedCount.withLock { count in
      count += 1
      return count
    }
  }

  /// The containers searched for a request, this one first.
  var chain: UnfoldSequence<Container, (Container?, Bool)> {
    sequence(first: self, next: \.parent)
  }

  /// The first non-`nil` answer of `body` for this container, then for each parent in turn.
  ///
  /// The chain is walked without reference counting: every parent is a `let` of its child,
  /// so the whole chain lives as long as this container, which the caller holds. Retaining
  /// each container would cost more than the look-up, and more still for a container that a
  /// property holds weakly (a weak reference moves an object's reference counts to a side
  /// table, where every retain and release takes a slower path).
  @inline(__always)
  func firstInChain<Result>(_ body: (Container) -> Result?) -> Result? {
    var next = Unmanaged.passUnretained(self)
    while true {
      if let found = next._withUnsafeGuaranteedRef(body) {
        return found
      }
      guard let parent = next._withUnsafeGuaranteedRef({ $0.parent.map(Unmanaged.passUnretained) })
      else { return nil }
      next = parent
    }
  }
}

extension Container: CustomStringConvertible {
  /// The name and the parent chain, e.g. `Container "screen" -> "app"`.
  public var description: String {
    "Container " + chain.map { "\"\($0.name)\"" }.joined(separator: " -> ")
  }
}

extension Container {
  /// The logger that every container and property wrapper reports to.
  ///
  /// ``StandardErrorLogger`` by default. Any thread may read or replace it at any time.
  ///
  /// ```swift
  /// Container.logger = StandardErrorLogger(minimumLevel: .debug)
  /// ```
  public static var logger: any RavioliLogger {
    get { GlobalLogger.current }
    set { GlobalLogger.storage.current = newValue }
  }
}
