/// Declarations by the name of their type, written with the types around it
/// (`ProfileView.ViewModel`), looked up by a name written in full or in part.
struct Named<Value: Sendable>: Sendable {
  private let byName: [String: Value]

  init(_ byName: [String: Value]) {
    self.byName = byName
  }

  enum Found {
    case found(Value)
    /// Several types of that name, and the reference does not say which.
    case ambiguous
    case none
  }

  /// The declarations of `name`: those of that exact name, else, for a name written
  /// without the types around it, the one type whose name ends with it (`Catalog.Product`
  /// for `Product`). `inside`, the type whose code writes the name, is searched first, then
  /// the types around it.
  func find(_ name: String, inside context: String? = nil) -> Found {
    if let context {
      var outer = context.split(separator: ".").map(String.init)
      while !outer.isEmpty {
        if let nested = byName[(outer + [name]).joined(separator: ".")] {
          return .found(nested)
        }
        outer.removeLast()
      }
    }
    if let exact = byName[name] {
      return .found(exact)
    }
    guard !name.contains(".") else { return .none }
    let matches = byName.filter { key, _ in key.hasSuffix("." + name) }
    switch matches.count {
    case 0: return .none
    case 1: return .found(matches.first!.value)
    default: return .ambiguous
    }
  }

  func lookUp(_ name: String, inside context: String? = nil) -> Value? {
    if case .found(let value) = find(name, inside: context) { return value }
    return nil
  }
}
