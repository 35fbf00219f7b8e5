/// The `.graph`-scoped instances of one top-level resolution, which every resolution it causes
/// shares. A synchronous resolution's are its thread's, on its ``ResolutionStack`` until the
/// stack is empty again. An awaited resolution's belong to its outermost frame
/// (``AsyncResolutionPath/withGraph(_:)``), shared by the awaited requests it causes, in its
/// task and in the child tasks its resolvers start: their values are `Sendable`. (A synchronous
/// request inside an async resolver is a top-level resolution of its own: its value need not be.)
@usableFromInline
final class GraphInstances {
  private var instances: [ObjectIdentifier: AnyObject] = [:]

  func instance<Value>(of registration: Registration<Value>) -> Value? {
    guard let entry = instances[ObjectIdentifier(registration)] else { return nil }
    // The entry keeps its registration alive (see `Instance`): the cast holds.
    return unsafeDowncast(entry, to: Instance<Value>.self).value
  }

  /// Keeps `value`, unless an instance made meanwhile (by a child task) is kept already: that one
  /// is returned, and the caller uses it instead.
  func keep<Value>(_ value: Value, of registration: Registration<Value>) -> Value? {
    if let kept = instance(of: registration) {
      return kept
    }
    instances[ObjectIdentifier(registration)] = Instance(value, of: registration)
    return nil
  }

  /// An instance, boxed so that it reads back without a dynamic cast. It holds the registration
  /// that made it until the top-level resolution ends: the table is keyed by the registration's
  /// address, which a registration replaced meanwhile and released could otherwise leave to a
  /// new registration of another type, which would then be handed this instance.
  private final class Instance<Value> {
    let value: Value
    private let registration: Registration<Value>

    init(_ value: Value, of registration: Registration<Value>) {
      self.value = value
      self.registration = registration
    }
  }
}
