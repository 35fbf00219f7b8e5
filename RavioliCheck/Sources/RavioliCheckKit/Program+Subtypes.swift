// Whether an object can be given to a parametrized resolver's typed parameter: what the
// sources declare that a type inherits and adopts, in its declarations and extensions.
extension Program {
  /// Whether an instance of `type` is a `parameter`: `true` if it is, `false` where the
  /// sources settle that it is not, `nil` where they cannot.
  ///
  /// It is not only where `parameter` is declared in the checked sources and nothing that
  /// `type` inherits or adopts, as far as the sources say, leads to it: a type of another
  /// module cannot inherit from a type of these sources (it cannot import them) except through
  /// an extension written here, which the sources show.
  func isInstance(of type: String, a parameter: String) -> Bool? {
    let wanted = TypeName.normalized(TypeName.unwrappingOptional(parameter))
    if ["Any", "AnyObject", "any AnyObject"].contains(wanted) {
      return true
    }
    var seen: Set<String> = []
    var pending = [TypeName.normalized(type)]
    while let next = pending.popLast() {
      guard seen.insert(next).inserted else { continue }
      if next == wanted {
        return true
      }
      for conformance in conformances[next] ?? [] {
        pending += conformance.inherits.map { TypeName.normalized($0) }
      }
    }
    return typeKinds[wanted] == nil || !TypeName.arguments(wanted).isEmpty ? nil : false
  }
}
