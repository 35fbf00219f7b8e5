/// How long a resolved instance lives, and who shares it.
///
/// ```swift
/// container.register(scope: .singleton) { () -> Database in Database() }
/// container.register(scope: .cached) { () -> ShoppingCart in ShoppingCart() }
/// container.reset(.cached)  // e.g. on logout: the next resolution makes a new cart
/// ```
///
/// A scoped instance belongs to its registration, and so to the container that holds it.
/// ``singleton``, ``weak`` and ``cached`` share one instance between threads, so
/// `register(scope:)` offers them only for `Sendable` values (see ``RegistrationScope``).
/// See <doc:Lifetimes>.
public enum Scope: Sendable, Hashable, CaseIterable, CustomStringConvertible {
  /// The resolver runs on every resolution. The default.
  case unique
  /// One instance per registration, made once however many threads ask, and kept as long as
  /// its container, unless ``Container/reset(_:file:line:)`` drops it.
  case singleton
  /// The same instance for as long as something else keeps it alive; a new one once it has
  /// been released. The resolver must return a class instance.
  case weak
  /// Like ``singleton``, but dropped by `reset(.cached)`: the next resolution makes a new one.
  /// For state that lives as long as a session.
  case cached
  /// One instance per top-level resolution (an awaited one included): everything resolved while
  /// one object is built shares it. See <doc:Lifetimes>.
  case graph

  /// The scope's name, e.g. `singleton`.
  public var description: String {
    switch self {
    case .unique: "unique"
    case .singleton: "singleton"
    case .weak: "weak"
    case .cached: "cached"
    case .graph: "graph"
    }
  }

  var keepsInstances: Bool {
    switch self {
    case .singleton, .weak, .cached: true
    case .unique, .graph: false
    }
  }
}
