/// The resolutions in progress around a request: the thread's ``ResolutionStack`` for
/// synchronous resolutions, the task's ``AsyncResolutionPath`` for awaited ones (a task may
/// resume on another thread). One rule refuses a request on either
/// (``ResolutionStack/Refusal/entering(cycleFrom:depth:)``), and one function says why
/// (`Container.refusalFailure`).
protocol ResolutionPath {
  var depth: Int { get }
  /// The resolutions in progress, outermost first, as messages describe them.
  var describedFrames: [DescribedFrame] { get }
  /// What runs the resolutions that a creation gate makes wait: `threads` or `tasks`.
  static var runners: String { get }
}

/// A resolution in progress as a message names it. Plain data, no reference: a task that a
/// resolver starts inherits the awaited path, and may outlive the registration, which it must
/// not keep alive.
struct DescribedFrame: Sendable {
  let type: Any.Type
  let alternative: RegistrationAlternative?
  let container: ObjectIdentifier
  let containerName: String
  /// Where its resolver is registered, when known.
  let site: RequestSite?

  /// Made only for a message: describing a type costs more than the rest of a resolution.
  var label: String { describeRequest(type, alternative) }
}

extension ResolutionPath {
  /// Labels from `start` on, then `last` (a request made of a container), as a cycle shows.
  func labels(
    from start: Int = 0, endingWith last: (Any.Type, RegistrationAlternative?, Container)? = nil
  ) -> [String] {
    var frames = describedFrames[start...]
    if let (type, alternative, container) = last {
      frames.append(
        DescribedFrame(
          type: type, alternative: alternative, container: ObjectIdentifier(container),
          containerName: container.name, site: nil))
    }
    // Each label names its container (`Greeter from "app"`) when a path goes through more than
    // one: a registration that forwards to another container's (`Greeter -> Greeter`) reads as
    // a cycle otherwise.
    let named = Set(frames.map(\.container)).count > 1
    return frames.map { named ? "\($0.label) from \"\($0.containerName)\"" : $0.label }
  }

  /// What a cycle's message lists from `start` on, as `` `Type` at file:line ``, so that each
  /// of its resolvers can be found.
  func registrationSites(from start: Int) -> [String] {
    describedFrames[start...].compactMap { frame in
      frame.site.map { "`\(frame.label)` at \($0.label)" }
    }
  }

  /// The path from the outermost resolution to the innermost (the one a message is about), as
  /// ``ResolutionError/resolutionPath`` shows it: empty when that one is the outermost, since a
  /// path of one says nothing.
  var pathToInnermost: [String] { depth > 1 ? labels() : [] }
}

extension ResolutionStack.Refusal {
  /// The rule every road applies before it runs a resolver: not if its registration already
  /// runs on the path (from `cycleStart` on), nor at ``ResolutionStack/depthLimit``.
  @inlinable
  static func entering(cycleFrom cycleStart: Int?, depth: Int) -> Self? {
    if let cycleStart {
      return .cycle(from: cycleStart)
    }
    return depth >= ResolutionStack.depthLimit ? .depthLimit : nil
  }
}

/// The async resolutions in progress in the current task (and inherited by its child tasks),
/// outermost first.
struct AsyncResolutionPath: ResolutionPath, Sendable {
  /// A frame, linked to the frames around it: a path inside another shares its frames, so
  /// entering one makes one node, not a copy of the path.
  ///
  /// A task that a resolver starts inherits its path, and may outlive it: a node answers for its
  /// resolution (graph instances, needs, trace) only while its resolver runs, and lets go of
  /// what it holds when it ends (``finish()``).
  final class Node: @unchecked Sendable {  // `var`s: only under `lock`
    /// The registration that is running, by its serial number.
    let serial: UInt64
    let frame: DescribedFrame
    let outer: Node?
    let depth: Int
    /// The outermost node: the top-level resolution. `nil` for that one.
    private let outermost: Node?
    /// What the running resolver declared, if the road checks its requests against it.
    private var declaredNeeds: DeclaredNeeds?
    /// The top-level resolution's graph instances, made when the first is kept.
    private var graph: GraphInstances?
    /// The declared dependencies that the resolver asked for, one bit each.
    private var usedBits: UInt64 = 0
    /// The outermost node's: the top-level resolution's trace, if its container traces.
    private var ownTrace: ResolutionTrace?
    private var running = true

    init(
      _ frame: DescribedFrame, serial: UInt64, outer: Node?, needs: DeclaredNeeds?,
      trace: ResolutionTrace?
    ) {
      self.serial = serial
      self.frame = frame
      self.outer = outer
      declaredNeeds = needs
      depth = (outer?.depth ?? 0) + 1
      outermost = outer.map { $0.outermost ?? $0 }
      ownTrace = outer == nil ? trace : nil
    }

    /// Whether its resolver still runs: a task it started may outlive it.
    var isRunning: Bool { Self.lock.withLock { running } }

    /// What the resolver declared, while it runs.
    var needs: DeclaredNeeds? { Self.lock.withLock { running ? declaredNeeds : nil } }

    /// The trace of the top-level resolution, which its outermost frame logs, while this
    /// node's resolver runs.
    var trace: ResolutionTrace? {
      let topLevel = outermost ?? self
      return Self.lock.withLock { running ? topLevel.ownTrace : nil }
    }

    /// Called when the resolver returns or throws: from then on the node answers for nothing,
    /// and the outermost one lets go of the graph instances and the trace.
    func finish() {
      // Returned, so let go of after the lock (a `TakenOut` would allocate at every awaited
      // resolution).
      _ = Self.lock.withLock { () -> (DeclaredNeeds?, GraphInstances?, ResolutionTrace?)? in
        running = false
        guard declaredNeeds != nil || graph != nil || ownTrace != nil else { return nil }
        defer {
          declaredNeeds = nil
          graph = nil
          ownTrace = nil
        }
        return (declaredNeeds, graph, ownTrace)
      }
    }

    /// One lock for every awaited resolution's graph instances and used needs (child tasks
    /// may share them): only graph-scoped requests and watched ones take it, briefly, and a
    /// lock for each node would be made at every awaited resolution.
    private static let lock = Lock()

    /// `nil` once the top-level resolution ended.
    fileprivate func withGraph<Result>(_ body: (GraphInstances) -> Result) -> Result? {
      let topLevel = outermost ?? self
      return Self.lock.withLock {
        guard topLevel.running else { return nil }
        if topLevel.graph == nil {
          topLevel.graph = GraphInstances()
        }
        return body(topLevel.graph!)
      }
    }

    /// Records that the resolver asked for the need at `bit`, under the nodes' lock: its
    /// child tasks may ask at once.
    func markUsed(_ bit: UInt64) {
      Self.lock.withLock { usedBits |= bit }
    }

    /// The needs the resolver asked for, read under the nodes' lock.
    var used: UInt64 { Self.lock.withLock { usedBits } }
  }

  @TaskLocal static var current = AsyncResolutionPath()

  private(set) var innermost: Node?

  /// The path inside `frame`, of the registration numbered `serial`. `trace` is the trace that a
  /// top-level request started, which the new outermost frame then holds.
  func appending(
    _ frame: DescribedFrame, serial: UInt64, needs: DeclaredNeeds?, trace: ResolutionTrace?
  ) -> Self {
    Self(innermost: Node(frame, serial: serial, outer: innermost, needs: needs, trace: trace))
  }

  /// Runs `body` with the graph instances of the awaited resolution that the path belongs to;
  /// `nil` outside one. `body` must not release what it takes out (see ``GraphInstances/keep(_:of:)``).
  func withGraph<Result>(_ body: (GraphInstances) -> Result) -> Result? {
    innermost?.withGraph(body)
  }

  var depth: Int { innermost?.depth ?? 0 }

  func refusal(entering serial: UInt64) -> ResolutionStack.Refusal? {
    var node = innermost
    while let current = node, current.serial != serial {
      node = current.outer
    }
    return .entering(cycleFrom: node.map { $0.depth - 1 }, depth: depth)
  }

  var describedFrames: [DescribedFrame] {
    guard let innermost else { return [] }
    return sequence(first: innermost, next: \.outer).map(\.frame).reversed()
  }

  static var runners: String { "tasks" }
}
