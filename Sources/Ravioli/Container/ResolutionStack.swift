/// The resolutions in progress on the current thread, outermost first.
///
/// Every registration that runs is pushed here, so that asking for one already on the stack
/// is reported as a cycle instead of recursing until the stack overflows, and so that a
/// failure deep inside a resolver can say which resolutions needed it. It is per thread: a
/// resolver that resolves on another thread and waits for it (`queue.sync`) starts a new
/// stack there, and a cycle through such a hop is not seen.
final class ResolutionStack {
  struct Frame {
    let registration: ObjectIdentifier
    let type: Any.Type
    let alternative: RegistrationAlternative?

    var label: String { describeRequest(type, alternative) }
  }

  private(set) var frames: [Frame] = []
  /// Instances of graph-scoped registrations made during the current top-level resolution.
  private var graph: [ObjectIdentifier: AnyObject] = [:]

  private static let perThread = ThreadLocal { ResolutionStack() }

  /// The current thread's stack.
  static var current: ResolutionStack { perThread.value }

  /// Where `registration` already is on the stack, if it is.
  func index(of registration: ObjectIdentifier) -> Int? {
    frames.firstIndex { $0.registration == registration }
  }

  func push(_ frame: Frame) {
    frames.append(frame)
  }

  func pop() {
    frames.removeLast()
    if frames.isEmpty && !graph.isEmpty {
      // Released after `graph` is empty again: a `deinit` may resolve, and come back here.
      let finished = graph
      graph = [:]
      _ = finished
    }
  }

  /// The instance that `registration` made earlier in this top-level resolution.
  func graphInstance<Value>(of registration: ObjectIdentifier, as type: Value.Type) -> Value? {
    graph[registration].map { unsafeDowncast($0, to: GraphInstance<Value>.self).value }
  }

  func keepGraphInstance<Value>(_ value: Value, of registration: ObjectIdentifier) {
    graph[registration] = GraphInstance(value)
  }

  /// The labels of the frames in progress followed by `last`.
  func path(endingWith last: String) -> [String] {
    frames.map(\.label) + [last]
  }
}

/// A graph-scoped instance, boxed so that it reads back without a dynamic cast.
private final class GraphInstance<Value> {
  let value: Value

  init(_ value: Value) {
    self.value = value
  }
}

/// How messages name a request: `Greeter`, or `Greeter (alternative "french")`.
func describeRequest(_ type: Any.Type, _ alternative: RegistrationAlternative?) -> String {
  let name = String(describing: type)
  guard let alternative else { return name }
  return "\(name) (alternative \"\(alternative.name)\")"
}
