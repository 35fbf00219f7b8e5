/// The resolutions in progress around a request: the thread's ``ResolutionStack`` for
/// synchronous resolutions, the task's ``AsyncResolutionPath`` for awaited ones (a task may
/// resume on another thread). One rule refuses a request on either
/// (``ResolutionStack/Refusal/entering(cycleFrom:depth:)``), and one function says why
/// (`Container.refusalFailure`).
protocol ResolutionPath {
  var depth: Int { get }
  /// Labels from `start` on, then `last` (a request made of a container), as a cycle shows.
  func labels(from start: Int, endingWith last: (String, Container)?) -> [String]
  /// Where each registration from `start` on is registered, as `` `Type` at file:line ``.
  func registrationSites(from start: Int) -> [String]
  /// The path from the outermost resolution to `requested` (made of `container`, running or
  /// about to): empty when it is the outermost, since a path of one says nothing.
  func path(to requested: String, in container: Container) -> [String]
  /// What runs the resolutions that a creation gate makes wait: `threads` or `tasks`.
  static var runners: String { get }
}

extension ResolutionStack.Refusal {
  /// The rule every road applies before it runs a resolver: not if its registration already
  /// runs on the path (from `cycleStart` on), nor at ``ResolutionStack/depthLimit``.
  @inlinable @inline(__always)
  static func entering(cycleFrom cycleStart: Int?, depth: Int) -> Self? {
    if let cycleStart {
      return .cycle(from: cycleStart)
    }
    return depth >= ResolutionStack.depthLimit ? .depthLimit : nil
  }
}

/// Labels that name each one's container (`Greeter from "app"`) when a path goes through
/// more than one: a registration that forwards to another container's (`Greeter ->
/// Greeter`) reads as a cycle otherwise.
func labelsNamingContainers(
  _ entries: [(label: String, container: ObjectIdentifier, name: String)]
) -> [String] {
  let named = Set(entries.map(\.container)).count > 1
  return entries.map { named ? "\($0.label) from \"\($0.name)\"" : $0.label }
}

/// The async resolutions in progress in the current task (and inherited by its child tasks),
/// outermost first.
struct AsyncResolutionPath: ResolutionPath, Sendable {
  /// Plain data, no reference: a task that a resolver starts inherits the path, and may
  /// outlive the registration, which it must not keep alive.
  struct Frame: Sendable {
    /// The registration that is running, by its serial number.
    let registration: UInt64
    let site: RequestSite
    let type: Any.Type
    let alternative: RegistrationAlternative?
    let container: ObjectIdentifier
    let containerName: String

    /// Made only for a message: describing a type costs more than the rest of a resolution.
    var label: String { describeRequest(type, alternative) }
  }

  @TaskLocal static var current = AsyncResolutionPath()

  private(set) var frames: [Frame] = []

  func appending(_ frame: Frame) -> Self {
    var path = self
    path.frames.append(frame)
    return path
  }

  var depth: Int { frames.count }

  func refusal(entering serial: UInt64) -> ResolutionStack.Refusal? {
    .entering(cycleFrom: frames.firstIndex { $0.registration == serial }, depth: frames.count)
  }

  func labels(from start: Int, endingWith last: (String, Container)?) -> [String] {
    labelsNamingContainers(
      frames[start...].map { ($0.label, $0.container, $0.containerName) }
        + (last.map { [($0.0, ObjectIdentifier($0.1), $0.1.name)] } ?? []))
  }

  func registrationSites(from start: Int) -> [String] {
    frames[start...].map { "`\($0.label)` at \($0.site.label)" }
  }

  /// The request is not on the path yet: a frame is added for its resolver's call.
  func path(to requested: String, in container: Container) -> [String] {
    frames.isEmpty ? [] : labels(from: 0, endingWith: (requested, container))
  }

  static var runners: String { "tasks" }
}
