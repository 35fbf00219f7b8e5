/// A weak reference, as a value: for a field of a value type (an isolation scope's overlay).
struct Weak<Object: AnyObject> {
  weak var object: Object?

  init(_ object: Object) {
    self.object = object
  }
}

extension Weak: Sendable where Object: Sendable {}
