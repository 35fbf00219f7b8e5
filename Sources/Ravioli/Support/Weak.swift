/// A weak reference, as a value: for a value type's field that is a weak reference (an
/// isolation scope's overlay holds its container so), or an optional one.
struct Weak<Object: AnyObject> {
  weak var object: Object?

  init(_ object: Object) {
    self.object = object
  }
}

extension Weak: Sendable where Object: Sendable {}
