/// A weak reference, as a value: for enum payloads and other places where a `weak var` cannot
/// be declared directly.
@usableFromInline
struct Weak<Object: AnyObject> {
  @usableFromInline weak var object: Object?

  @usableFromInline
  init(_ object: Object) {
    self.object = object
  }
}

extension Weak: Sendable where Object: Sendable {}
