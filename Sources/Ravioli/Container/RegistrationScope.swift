/// The scope of a registration of `Value`, as `register(scope:)` takes it: a ``Scope``,
/// checked against the type.
///
/// Write it as you would a `Scope`: `.unique` (the default) and `.graph` for any value,
/// `.singleton`, `.weak` and `.cached` for a `Sendable` one.
///
/// ```swift
/// container.register(scope: .singleton) { () -> Database in Database() }
/// ```
///
/// The kept scopes share one instance between threads, so in Swift 6 language mode they need
/// a `Sendable` value (in Swift 5 mode, a warning at most, with complete concurrency checking).
/// Registering a class that is not `Sendable` as a singleton stops the build:
///
/// ```
/// container.register(scope: .singleton) { () -> ImageCache in ImageCache() }
///                            `- error: type 'ImageCache' does not conform to the 'Sendable' protocol
/// ```
///
/// To fix it, make the type safe to share: an immutable `final class` marked `Sendable`, an
/// `actor`, or a class that guards its state with a lock. If it is safe in a way that the
/// compiler cannot see (say, only one thread ever uses it), say so with ``unchecked(_:)``, as
/// with `@unchecked Sendable`. A class with a lazily `@Injected` property is never `Sendable`
/// (the first read sets it): share one this way when its properties are first read on one
/// thread at a time.
///
/// ```swift
/// container.register(scope: .unchecked(.singleton)) { () -> ImageCache in ImageCache() }
/// ```
public struct RegistrationScope<Value>: Sendable {
  let scope: Scope

  private init(checked scope: Scope) {
    self.scope = scope
  }

  /// The resolver runs on every resolution. The default. See ``Scope/unique``.
  public static var unique: Self { Self(checked: .unique) }

  /// One instance per top-level resolution, which runs on one thread, so the value need not
  /// be `Sendable`. See ``Scope/graph``.
  public static var graph: Self { Self(checked: .graph) }

  /// Any scope, for any value, without the compiler's check that the value may be shared
  /// between threads: you promise that it may.
  ///
  /// ```swift
  /// container.register(scope: .unchecked(.singleton)) { () -> ImageCache in ImageCache() }
  /// ```
  /// - Parameter scope: The scope.
  public static func unchecked(_ scope: Scope) -> Self {
    Self(checked: scope)
  }
}

extension RegistrationScope where Value: Sendable {
  /// A scope chosen at run time, for a `Sendable` value.
  ///
  /// ```swift
  /// let scope: Scope = sharesInstances ? .singleton : .unique
  /// container.register(scope: RegistrationScope(scope)) { () -> Clock in SystemClock() }
  /// ```
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
