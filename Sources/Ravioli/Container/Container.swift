/// Holds resolvers for the types your code depends on, and resolves them.
///
/// ```swift
/// let container = Container(name: "app")
/// container.register { () -> Greeter in EnglishGreeter() }
///
/// let greeter: Greeter = try container.resolve()
/// ```
///
/// A container searches its own registrations, then its parents'. Any thread may register and
/// resolve at any time. See <doc:RegisteringAndResolving> and <doc:ThreadSafety>.
public final class Container: Sendable {
  /// The container's name, used in log and error messages.
  public let name: String
  /// The containers searched, in this order, when this one has no resolver for a request.
  public let parents: [Container]
  /// Searched after this one, each once; unretained, since the parents hold them.
  private let ancestors: [Unmanaged<Container>]

  let registrations = ContainerRegistrations()
  /// The Lookup layer's object for the properties given this container
  /// (`.capturingContainerOnInit(from:)`), made by the first of them: opaque to this layer.
  let sharedByProperties = PublishedReference<AnyObject & Sendable>()

  private static let unnamedCount = Locked(0)
  let resets = ResetEpoch()
  let tracing = Locked(false)

  /// Whether an isolation scope was active when it was made (``ContainerRecord`` holds which).
  let madeInScope: Bool
  let record: ContainerRecord

  /// Creates a container.
  ///
  /// Give a module's `static let container` its registrations in `registrations`, so that they
  /// stay its own even when an isolated test makes it: see
  /// <doc:LookupPoliciesAndModules#A-container-for-each-module>.
  /// - Parameters:
  ///   - parent: The container to search when this one has no resolver for a request.
  ///   - name: A name for messages; unnamed containers are `container-1`, `container-2`, etc.
  ///   - registrations: Registers the container's resolvers, outside any isolation scope.
  public convenience init(
    parent: Container? = nil, name: String? = nil,
    registrations: (_ container: Container) -> Void = { _ in }
  ) {
    self.init(parents: parent.map { [$0] } ?? [], name: name, registrations: registrations)
  }

  /// Creates a container that builds on several others, such as the containers of the
  /// modules that a feature module depends on.
  ///
  /// It searches itself, then each parent in order, each followed by its own parents; a
  /// container that several share is searched once, after all that build on it
  /// (``description`` shows the order). See
  /// <doc:LookupPoliciesAndModules#A-container-for-each-module>.
  /// - Parameters:
  ///   - parents: The containers to search, in order, when this one has no resolver.
  ///   - name: A name for messages; unnamed containers are `container-1`, `container-2`, etc.
  ///   - registrations: Registers the container's resolvers, outside any isolation scope.
  public init(
    parents: [Container], name: String? = nil,
    registrations: (_ container: Container) -> Void = { _ in }
  ) {
    self.parents = parents
    let scope = IsolationScope.active
    madeInScope = scope != nil
    self.name = name ?? "container-\(Self.nextUnnamedNumber())"
    // Depth first, keeping each container's last visit: after all that build on it.
    let visits = parents.flatMap { [$0] + $0.ancestors.map { $0.takeUnretainedValue() } }
    var seen = Set<ObjectIdentifier>()
    ancestors = visits.reversed().filter { seen.insert(ObjectIdentifier($0)).inserted }
      .reversed().map(Unmanaged.passUnretained)
    record = ContainerRecord(
      name: self.name, ancestors: ancestors.map { ObjectIdentifier($0.takeUnretainedValue()) },
      registrations: self.registrations, madeInScope: scope)
    LivingContainers.add(self)
    if scope == nil {
      registrations(self)
    } else {
      IsolationScope.$current.withValue(nil) { registrations(self) }
    }
  }

  deinit {
    LivingContainers.remove(ObjectIdentifier(self))
    if tracing.withLock({ $0 }) {
      AtomicWord.countRoadWatchers(-1)
    }
  }

  private static func nextUnnamedNumber() -> Int {
    unnamedCount.withLock { count in
      count += 1
      return count
    }
  }

  var chain: [Container] {
    [self] + ancestors.map { $0.takeUnretainedValue() }
  }

  /// The first non-`nil` answer of `body`, for each container of `chain` in order.
  ///
  /// Not retained: the caller holds this container, which holds its parents, which hold
  /// theirs. A retain would cost more than the look-up, more still for a container held weakly
  /// (its reference counts then sit in a side table, on a slower path).
  @inline(__always)
  func firstInChain<Result>(_ body: (Container) -> Result?) -> Result? {
    if let found = body(self) {
      return found
    }
    return ancestors.withUnsafeBufferPointer { ancestors in
      for ancestor in ancestors {
        if let found = ancestor._withUnsafeGuaranteedRef(body) {
          return found
        }
      }
      return nil
    }
  }
}

extension Container: CustomStringConvertible {
  /// The name and the containers searched after it, in order, e.g.
  /// `Container "screen" -> "app"`.
  public var description: String {
    "Container " + chain.map { "\"\($0.name)\"" }.joined(separator: " -> ")
  }
}

extension Container {
  /// The process-wide logger: ``logger`` outside isolation scopes.
  private static let globalLogger = Locked<any RavioliLogger>(StandardErrorLogger())

  /// The logger that every container and property wrapper reports to;
  /// ``StandardErrorLogger`` by default. See <doc:LoggingAndFailures#Choosing-a-logger>.
  public static var logger: any RavioliLogger {
    get {
      if let scope = IsolationScope.active, let logger = scope.state.withLock({ $0.logger }) {
        return logger
      }
      return globalLogger.current
    }
    set {
      if let scope = IsolationScope.active {
        _ = scope.state.withLock { state in state.logger.replace(with: newValue) }
      } else {
        globalLogger.current = newValue
      }
    }
  }
}
