/// The scope of a registration of `Value`, as `register(scope:)` takes it: a ``Scope``,
/// checked against the type.
///
/// Write it as you would a `Scope`: `.unique` (the default) and `.graph` for any value;
/// `.singleton`, `.weak` and `.cached`, which share one instance between threads, for a
/// `Sendable` one in the Swift 6 language mode. ``unchecked(_:)`` promises that a value that is
/// not `Sendable` may be shared, as `@unchecked Sendable` does:
///
/// ```swift
/// container.register(scope: .unchecked(.singleton)) { () -> ImageCache in ImageCache() }
/// ```
///
/// See <doc:Lifetimes#Shared-instances-are-Sendable>.
public struct RegistrationScope<Value>: Sendable {
  let scope: Scope

  private init(checked scope: Scope) {
    self.scope = scope
  }

  /// The resolver runs on every resolution. The default. See ``Scope/unique``.
  public static var unique: Self { Self(checked: .unique) }

  /// One instance per top-level resolution; made synchronously, it is used on one thread, so
  /// the value need not be `Sendable`. See ``Scope/graph``.
  public static var graph: Self { Self(checked: .graph) }

  /// Any scope, for any value, without the compiler's check that the value may be shared
  /// between threads: you promise that it may.
  /// - Parameter scope: The scope.
  public static func unchecked(_ scope: Scope) -> Self {
    Self(checked: scope)
  }
}

extension RegistrationScope where Value: Sendable {
  /// A scope chosen at run time, for a `Sendable` value.
  /// - Parameter scope: The scope.
  public init(_ scope: Scope) {
    self.init(checked: scope)
  }

  /// One instance, kept as long as the container. See ``Scope/singleton``.
  public static var singleton: Self { Self(checked: .singleton) }

  /// The same instance for as long as something else keeps it alive. See ``Scope/weak``.
  public static var `weak`: Self { Self(checked: .weak) }

  /// Like ``singleton``, but dropped by a reset. See ``Scope/cached``.
  public static var cached: Self { Self(checked: .cached) }
}
