// The instances that the `.graph` scope shares within one top-level resolution.

extension ResolutionStack {
  /// The instance that `registration` made earlier in this top-level resolution.
  func graphInstance<Value>(of registration: Registration<Value>) -> Value? {
    guard let entry = graph[ObjectIdentifier(registration)] else { return nil }
    // The entry keeps its registration alive, so no other registration can have been
    // allocated at the same address meanwhile: the cast holds.
    return unsafeDowncast(entry, to: GraphInstance<Value>.self).value
  }

  func keepGraphInstance<Value>(_ value: Value, of registration: Registration<Value>) {
    graph[ObjectIdentifier(registration)] = GraphInstance(value, of: registration)
  }
}

/// A graph-scoped instance, boxed so that it reads back without a dynamic cast.
///
/// It holds the registration that made it until the top-level resolution ends: the table of
/// graph instances is keyed by the registration's address, and a registration that is
/// replaced meanwhile (by a resolver, or by another thread) and released could otherwise
/// leave its address to a new registration of another type, which would then be handed
/// this instance.
private final class GraphInstance<Value> {
  let value: Value
  private let registration: Registration<Value>

  init(_ value: Value, of registration: Registration<Value>) {
    self.value = value
    self.registration = registration
  }
}
