/// Whether `type` is an existential (`any P`, `any P<T>`): read from its metadata kind, part
/// of Swift's stable ABI.
func isExistential(_ type: Any.Type) -> Bool {
  let kind = unsafeBitCast(type, to: UnsafePointer<UInt>.self).pointee
  return kind == 0x303 || kind == 0x307
}

/// Whether values of `candidate` are `Target`s: `candidate` is a subclass of the class
/// `Target`, or conforms to the protocol `Target`. Only for messages: it looks a type up by
/// its name.
func valuesOf<Target>(_ candidate: Any.Type, areA target: Target.Type) -> Bool {
  if candidate != Target.self, candidate is Target.Type {
    return true
  }
  // For `any P`, `Target.Type` is the protocol's own metatype, which no conforming type
  // matches; the existential metatype `any P.Type`, which generic code cannot spell, is
  // found by its mangled name (that of `any P`, then `Xp`).
  guard isExistential(Target.self), let name = _mangledTypeName(Target.self),
    let metatype = _typeByName(name + "Xp")
  else { return false }
  return isInstance(candidate, of: metatype)
}

/// Whether `value` is an instance of `type`, which is known only at run time.
private func isInstance(_ value: Any, of type: Any.Type) -> Bool {
  func check<T>(_: T.Type) -> Bool { value is T }
  return check(type)
}
