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
  public var parents: [Container] { heldParents.map { $0.takeUnretainedValue() } }
  /// Retained once each, and released by ``ParentRelease`` when this container goes.
  private let heldParents: [Unmanaged<Container>]
  /// The containers searched after this one, each once, in order, unretained (the parents
  /// hold them); `nil` without parents.
  fileprivate let ancestors: ChainSegment?

  let registrations = ContainerRegistrations()
  /// The Lookup layer's object for the properties given this container
  /// (`.capturingContainerOnInit(from:)`), made by the first of them: opaque to this layer.
  let sharedByProperties = PublishedReference<AnyObject & Sendable>()

  private static let unnamedCount = Locked(0)
  let resets = ResetEpoch()
  let tracing = Locked(false)

  /// Made while an isolation scope was active (``ContainerRecord`` holds which): whether it was
  /// given registrations in one, which belong to that scope alone, so that a failure outside
  /// it says so (see `lostItsRegistrations`). `nil` outside scopes, which need no lock for it.
  let registeredInScope: Locked<Bool>?

  /// Whether an isolation scope was active when it was made.
  var madeInScope: Bool { registeredInScope != nil }
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
    heldParents = parents.map { Unmanaged.passRetained($0) }
    ancestors = ChainSegment.ancestors(from: parents)
    let scope = IsolationScope.active
    registeredInScope = scope == nil ? nil : Locked(false)
    self.name = name ?? "container-\(Self.unnamedCount.next())"
    record = ContainerRecord(
      name: self.name, parents: parents.map(\.record),
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
    ParentRelease.release(heldParents)
  }

  /// This container, then the containers it searches, in order.
  var chain: [Container] {
    var chain: [Container] = []
    _ = firstInChain { container -> Void? in
      chain.append(container)
      return nil
    }
    return chain
  }

  /// The first non-`nil` answer of `body`, for each container of ``chain`` in order.
  ///
  /// Not retained: the caller holds this container, which holds its parents, which hold
  /// theirs. A retain would cost more than the look-up, more still for a container held weakly
  /// (its reference counts then sit in a side table, on a slower path).
  @inline(__always)
  func firstInChain<Result>(_ body: (Container) -> Result?) -> Result? {
    if let found = body(self) {
      return found
    }
    var segment = ancestors.map(Unmanaged.passUnretained)
    while let current = segment {
      let found = current._withUnsafeGuaranteedRef { segment in
        segment.containers.withUnsafeBufferPointer { containers -> Result? in
          for container in containers {
            if let found = container._withUnsafeGuaranteedRef(body) {
              return found
            }
          }
          return nil
        }
      }
      if let found {
        return found
      }
      segment = current._withUnsafeGuaranteedRef { $0.next }
    }
    return nil
  }
}

/// A run of the containers that a container searches after itself, then the next run, so that
/// chains share their runs: a chain's memory grows with its depth, not with the square of it.
///
/// A container with one parent starts its own run with the parent, followed by the parent's
/// first run (copied while that is short), and goes on as the parent does; one with several
/// parents joins their chains in one run. Nearly every chain is one short run, read like an
/// array; one deeper than ``length`` goes on in runs of at most that length.
private final class ChainSegment: Sendable {
  /// Unretained: the container whose chain this is holds its parents, which hold theirs.
  let containers: [Unmanaged<Container>]
  /// The first run of an ancestor (``Container/ancestors``), which holds it; unretained, so that
  /// letting a run go never lets a series of them go, one inside the other.
  let next: Unmanaged<ChainSegment>?

  /// Longer than apps chain.
  static let length = 16

  private init(_ containers: [Unmanaged<Container>], next: Unmanaged<ChainSegment>?) {
    self.containers = containers
    self.next = next
  }

  /// The segments of a container that builds on `parents`.
  static func ancestors(from parents: [Container]) -> ChainSegment? {
    guard let parent = parents.first else {
      return nil
    }
    guard parents.count == 1 else {
      return ChainSegment(Container.joinedChains(of: parents), next: nil)
    }
    let own = Unmanaged.passUnretained(parent)
    guard let first = parent.ancestors else {
      return ChainSegment([own], next: nil)
    }
    if first.containers.count < length {
      return ChainSegment([own] + first.containers, next: first.next)
    }
    return ChainSegment([own], next: .passUnretained(first))
  }
}

extension Container {
  /// The chains of `parents`, depth first, each container at its last visit: after all that
  /// build on it.
  fileprivate static func joinedChains(of parents: [Container]) -> [Unmanaged<Container>] {
    var seen = Set<ObjectIdentifier>()
    return parents.flatMap(\.chain).reversed().filter { seen.insert(ObjectIdentifier($0)).inserted }
      .reversed().map(Unmanaged.passUnretained)
  }
}

extension Container: CustomStringConvertible {
  /// The name and the containers searched after it, in order, e.g.
  /// `Container "screen" -> "app"`.
  public var description: String {
    "Container " + describeChain(chain.map(\.name))
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
        scope.state.withLockLettingGo { state, takenOut in
          takenOut.replace(&state.logger, with: newValue)
        }
      } else {
        globalLogger.current = newValue
      }
    }
  }
}
