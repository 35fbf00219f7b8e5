/// Whether `type` is an existential (`any P`, `any P<T>`): read from its metadata kind, part
/// of Swift's stable ABI.
func isExistential(_ type: Any.Type) -> Bool {
  let kind = unsafeBitCast(type, to: UnsafePointer<UInt>.self).pointee
  return kind == 0x303 || kind == 0x307
}

/// A test of whether values of a type are `Target`s (a subclass of the class, or a type
/// conforming to the protocol), or `nil` where it tells nothing useful (`Any`, `AnyObject`,
/// neither a class nor a protocol). Only for messages: it looks a type up by its name.
func kindTest<Target>(of target: Target.Type) -> ((Any.Type) -> Bool)? {
  if Target.self is AnyClass {
    return { $0 != Target.self && $0 is Target.Type }
  }
  // For `any P`, `Target.Type` is the protocol's own metatype, which no conforming type
  // matches; the existential metatype `any P.Type`, which generic code cannot spell, is
  // found by its mangled name (that of `any P`, then `Xp`).
  guard isExistential(Target.self), Target.self != Any.self, Target.self != AnyObject.self,
    let name = _mangledTypeName(Target.self), let metatype = _typeByName(name + "Xp")
  else { return nil }
  return { isInstance($0, of: metatype) }
}

private func isInstance(_ value: Any, of type: Any.Type) -> Bool {
  func check<T>(_: T.Type) -> Bool { value is T }
  return check(type)
}
