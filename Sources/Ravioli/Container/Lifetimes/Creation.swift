/// The creation of a kept or graph-scoped instance, written once and driven by two adapters: the
/// blocking road (`Container.runScoped`), whose gate blocks a thread, and the awaiting road
/// (`Container.runAsync`, `Container.awaitedGraphInstance`), whose gate suspends a task. Its
/// steps:
///
/// 1. ``found(_:in:)``: a kept instance, or the one this top-level resolution made for a graph
///    scope; otherwise the adapter enters the registration's frame and, for a kept scope, its
///    creation gate.
/// 2. ``madeMeanwhile(_:)``: another thread or task may have made it while this one waited; if
///    not, the creation notes the reset epoch's ``generation(of:)``, and the adapter runs the
///    resolver.
/// 3. ``finish(_:of:madeIn:in:failure:)``: a kept scope keeps what was made (unless a reset of
///    its scope overlapped the creation), a graph scope keeps it for the top-level resolution.
///
/// Static functions, not methods of a generic value: the awaiting adapter is not specialized,
/// and would look up such a value's metadata at every creation.
enum Creation {
  /// Where a top-level resolution keeps its graph instances.
  enum TopLevel {
    /// A thread's resolution, on its stack.
    case thread(ResolutionStack)
    /// An awaited resolution's, along the path of the current request.
    case task(AsyncResolutionPath)
  }

  static func found<Value>(_ registration: Registration<Value>, in resolution: TopLevel) -> Value? {
    if let instances = registration.instances {
      return instances.current
    }
    guard registration.scope == .graph else { return nil }
    switch resolution {
    // This top-level resolution's graph instance made by `registration`, if any.
    case .thread(let stack): return stack.graph?.instance(of: registration)
    case .task(let path): return path.withGraph { $0.instance(of: registration) } ?? nil
    }
  }

  /// For a kept scope, once the adapter holds the gate.
  static func madeMeanwhile<Value>(_ registration: Registration<Value>) -> Value? {
    registration.instances?.current
  }

  /// Just before the adapter runs the resolver: for a kept scope, what ``finish(_:of:madeIn:in:failure:)``
  /// checks for a reset that overlapped the creation.
  static func generation<Value>(of registration: Registration<Value>)
    -> CreationGeneration?
  {
    registration.instances?.currentGeneration
  }

  /// Keeps `value`, made in `generation`, and returns what the request gets: `value`, or, for a
  /// graph scope whose instance a child task kept meanwhile, that one.
  static func finish<Value>(
    _ value: Value, of registration: Registration<Value>,
    madeIn generation: CreationGeneration?, in resolution: TopLevel,
    failure: (ResolutionError.Reason) -> ResolutionError
  ) throws(ResolutionError) -> Value {
    guard let instances = registration.instances, let generation else {
      guard registration.scope == .graph else { return value }
      switch resolution {
      case .thread(let stack):
        // Kept inside the resolution's frame: the stack's last pop lets go of them.
        if stack.graph == nil {
          stack.graph = GraphInstances()
        }
        _ = stack.graph!.keep(value, of: registration)
        return value
      case .task(let path):
        // The one not kept is released after the lock.
        let keptMeanwhile = path.withGraph { $0.keep(value, of: registration) } ?? nil
        return keptMeanwhile ?? value
      }
    }
    if registration.scope == .weak, !(Swift.type(of: value as Any) is AnyObject.Type) {
      throw failure(.notAnObject(actualType: String(describing: Swift.type(of: value as Any))))
    }
    instances.keep(value, madeIn: generation)
    return value
  }
}
