/// How long a resolved instance lives, and who shares it.
///
/// ``singleton``, ``weak`` and ``cached`` share one instance between threads, so
/// `register(scope:)` offers them only for `Sendable` values (see ``RegistrationScope``).
///
/// ```swift
/// container.register(scope: .singleton) { () -> Database in Database() }
/// container.register(scope: .cached) { () -> ShoppingCart in ShoppingCart() }
/// container.reset(.cached)  // e.g. on logout: the next resolution makes a new cart
/// ```
///
/// A scoped instance belongs to the registration, and so to the container that holds it:
/// a singleton registered in a parent is one instance whether it is resolved through the
/// parent or any child, and it is released with its container. Registering the key again
/// drops the instance made by the earlier resolver.
///
/// A parametrized resolver with a scope other than ``unique`` makes its instance from the
/// first parameter it gets, and later requests share that instance (for ``graph``, within
/// one top-level resolution).
///
/// A singleton or cached resolver must not wait for another thread that resolves the same
/// instance (`DispatchQueue.main.sync { ... }` from a resolver, say): that thread waits for it,
/// and neither could go on. Waits between such resolvers alone (two singletons that need each
/// other, first resolved on two threads) are reported as a cycle.
public enum Scope: Sendable, Hashable, CaseIterable, CustomStringConvertible {
  /// The resolver runs on every resolution. The default.
  case unique
  /// One instance per registration, made at the first resolution (or by
  /// ``Container/createSingletons(file:line:)``) and kept as long as its container, unless
  /// ``Container/reset(_:file:line:)`` drops it.
  ///
  /// However many threads ask at once, the resolver runs exactly once; threads asking for
  /// other registrations meanwhile are not held up.
  case singleton
  /// The same instance for as long as something else keeps it alive; a new one once it has
  /// been released. The resolver must return a class instance.
  case weak
  /// Like ``singleton``, but dropped by ``Container/reset(_:file:line:)``: the next
  /// resolution makes a new one. For state that lives as long as a session.
  case cached
  /// One instance per top-level resolution: everything resolved while one object is being
  /// built (its resolver, and the resolvers and eager injections that it triggers) shares
  /// it. The next top-level resolution, including each lazy `@Injected` property's first
  /// read, makes a new one.
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
