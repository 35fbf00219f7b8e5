extension ResolutionStack {
  func graphInstance<Value>(of registration: Registration<Value>) -> Value? {
    guard let entry = graph[ObjectIdentifier(registration)] else { return nil }
    // The entry keeps its registration alive (see `GraphInstance`): the cast holds.
    return unsafeDowncast(entry, to: GraphInstance<Value>.self).value
  }

  func keepGraphInstance<Value>(_ value: Value, of registration: Registration<Value>) {
    graph[ObjectIdentifier(registration)] = GraphInstance(value, of: registration)
  }
}

/// A graph-scoped instance, boxed so that it reads back without a dynamic cast. It holds the
/// registration that made it until the top-level resolution ends: the table is keyed by the
/// registration's address, which a registration replaced meanwhile (by a resolver, or by
/// another thread) and released could otherwise leave to a new registration of another type,
/// which would then be handed this instance.
private final class GraphInstance<Value> {
  let value: Value
  private let registration: Registration<Value>

  init(_ value: Value, of registration: Registration<Value>) {
    self.value = value
    self.registration = registration
  }
}
