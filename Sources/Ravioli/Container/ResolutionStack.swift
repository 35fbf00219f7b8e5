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
  }

  /// The labels of the frames in progress followed by `last`.
  func path(endingWith last: String) -> [String] {
    frames.map(\.label) + [last]
  }
}

/// How messages name a request: `Greeter`, or `Greeter (alternative "french")`.
func describeRequest(_ type: Any.Type, _ alternative: RegistrationAlternative?) -> String {
  let name = String(describing: type)
  guard let alternative else { return name }
  return "\(name) (alternative \"\(alternative.name)\")"
}
