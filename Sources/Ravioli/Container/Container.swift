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
/// A container searches its own registrations first, then its parents', so a child
/// container can add or override registrations for one part of the app, and a module's
/// container can build on the containers of the modules it depends on (see
/// ``init(parents:name:registrations:)``).
///
/// `Container` is `Sendable`: any thread may register and resolve at any time. Resolvers run
/// outside the container's lock, so a resolver may resolve what it needs from the same
/// container.
public final class Container: Sendable {
  /// The container's name, used in log and error messages.
  public let name: String
  /// The containers searched, in this order, when this one has no resolver for a request.
  public let parents: [Container]
  /// Every container searched after this one, in order, each once: computed when the
  /// container is made, since parents never change. The parents hold them all.
  private let ancestors: [Unmanaged<Container>]

  /// The container's own registrations.
  let registrations = ContainerRegistrations()
  /// An object that the properties given this container (`.capturingContainerOnInit(from:)`)
  /// share, made by the first of them: what the lookup layer makes of the container for
  /// them, which the container does not know.
  let sharedByProperties = PublishedReference<AnyObject & Sendable>()

  private static let unnamedCount = Locked(0)
  /// The resets of the instances that the container's own registrations keep.
  let resets = ResetEpoch()
  /// Whether the container traces its resolutions (see ``tracesResolutions``).
  let tracing = Locked(false)

  /// The isolation scope the container was made in, if any, for messages.
  let madeInScope: Weak<IsolationScope>?
  /// What the list of living containers keeps of this one (see ``LivingContainers``).
  let record: ContainerRecord

  /// Creates a container.
  ///
  /// Give a container that outlives a test, such as a module's `static let container`, its
  /// registrations in `registrations`:
  ///
  /// ```swift
  /// public enum NetworkingModule {
  ///   /// What Networking provides. Modules that need it build their containers on this one;
  ///   /// tests replace its entries.
  ///   public static let container = Container(name: "networking") { container in
  ///     container.register(scope: .singleton, needs: []) { () -> HTTPClient in CannedHTTPClient() }
  ///   }
  /// }
  /// ```
  ///
  /// They are the container's own even when a test under the `.isolatedContainers` trait
  /// happens to be the first to use the container (and so to make it): registrations made
  /// after the container is made, inside such a test, belong to that test alone.
  /// - Parameters:
  ///   - parent: The container to search when this one has no resolver for a request.
  ///   - name: A name for messages. Unnamed containers are called `container-1`,
  ///     `container-2`, and so on.
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
  /// ```swift
  /// let feature = Container(parents: [networking, storage], name: "feature")
  /// ```
  ///
  /// A request is looked up in this container's own registrations, then in each parent in
  /// the order given, each parent followed by its own parents. A container that several
  /// parents share (say, a `core` container under both `networking` and `storage`) is
  /// searched once, after every container that builds on it, so that a registration of
  /// `storage` that overrides one of `core` wins here as it does in `storage`:
  /// `feature`, `networking`, `storage`, `core`. ``description`` lists that order, and so
  /// does every ``ResolutionError``.
  /// - Parameters:
  ///   - parents: The containers to search, in order, when this one has no resolver for a
  ///     request.
  ///   - name: A name for messages. Unnamed containers are called `container-1`,
  ///     `container-2`, and so on.
  ///   - registrations: Registers the container's resolvers, outside any isolation scope
  ///     (see ``init(parent:name:registrations:)``).
  public init(
    parents: [Container], name: String? = nil,
    registrations: (_ container: Container) -> Void = { _ in }
  ) {
    self.parents = parents
    let scope = IsolationScope.active
    madeInScope = scope.map(Weak.init)
    self.name = name ?? "container-\(Self.nextUnnamedNumber())"
    if parents.count == 1 {
      ancestors = [Unmanaged.passUnretained(parents[0])] + parents[0].ancestors
    } else {
      // Depth first, keeping the last time a container comes up: it then comes after every
      // container that builds on it.
      let visits = parents.flatMap { [$0] + $0.ancestors.map { $0.takeUnretainedValue() } }
      var seen = Set<ObjectIdentifier>()
      ancestors = visits.reversed().filter { seen.insert(ObjectIdentifier($0)).inserted }
        .reversed().map(Unmanaged.passUnretained)
    }
    record = ContainerRecord(
      name: self.name, ancestors: ancestors.map { ObjectIdentifier($0.takeUnretainedValue()) },
      registrations: self.registrations, madeInScope: madeInScope)
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

  /// The containers searched for a request, this one first.
  var chain: [Container] {
    [self] + ancestors.map { $0.takeUnretainedValue() }
  }

  /// The first non-`nil` answer of `body` for this container, then for each container
  /// searched after it, in order.
  ///
  /// The containers are visited without reference counting: this one holds its parents,
  /// which hold theirs, so all of them live as long as this container, which the caller
  /// holds. Retaining each container would cost more than the look-up, and more still for a
  /// container that a property holds weakly (a weak reference moves an object's reference
  /// counts to a side table, where every retain and release takes a slower path).
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
  /// The logger that every container and property wrapper reports to.
  ///
  /// ``StandardErrorLogger`` by default. Any thread may read or replace it at any time.
  ///
  /// ```swift
  /// Container.logger = StandardErrorLogger(minimumLevel: .debug)
  /// ```
  ///
  /// Inside ``withIsolatedContainers(fileID:function:line:_:)`` (a test under the
  /// `.isolatedContainers` trait), setting it sets the logger of that scope only; until then the
  /// scope sees the global one.
  public static var logger: any RavioliLogger {
    get {
      if let scope = IsolationScope.active, let logger = scope.state.withLock({ $0.logger }) {
        return logger
      }
      return GlobalLogger.current
    }
    set {
      if let scope = IsolationScope.active {
        _ = scope.state.withLock { state in state.logger.replace(with: newValue) }
      } else {
        GlobalLogger.storage.current = newValue
      }
    }
  }
}
