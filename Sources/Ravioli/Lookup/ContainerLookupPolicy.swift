/// Picks the container that a property wrapper resolves from.
///
/// Set the policy once, at start-up, with ``Container/lookupPolicy``. Two are built in:
/// ``SingletonContainer`` (`.singleton(container)`: one container for everything) and
/// ``EnclosingTypeContainer`` (`.enclosingType(default:)`: the container of a
/// ``Containerable`` object, so each module can have its own). Write your own for anything
/// else:
///
/// ```swift
/// /// Screens resolve from their own container; everything else from the app's.
/// struct ScreenContainers: ContainerLookupPolicy {
///   let screens: Container
///   let everythingElse: Container
///
///   func container<EnclosingType>(
///     for instance: EnclosingType, file: StaticString, function: String, line: UInt
///   ) -> Container? {
///     instance is SettingsScreen ? screens : everythingElse
///   }
/// }
/// ```
///
/// ## Injection without an enclosing instance
///
/// `@Injected(.resolvingOnInit())` resolves while the enclosing object is being created,
/// before it exists. The policy is then asked with `instance` set to `nil` of type `Any?`;
/// `EnclosingType` is `Optional<Any>`. A policy that casts `instance` (`instance as?
/// Containerable`) sees a failed cast and falls back to what it does for other types, which
/// is usually what you want. Return `nil` to refuse: the message then suggests passing the
/// container with `.resolvingOnInit(from:)`.
public protocol ContainerLookupPolicy: Sendable {
  /// Returns the container to resolve from for a property of `instance`, or `nil` if there
  /// is none (the property wrapper then stops the program with a message that names this
  /// policy).
  /// - Parameters:
  ///   - instance: The object that declares the property, or `nil` of type `Any?` when there
  ///     is none yet (eager injection).
  ///   - file: The file where the property is declared.
  ///   - function: The function or type context of the declaration.
  ///   - line: The line where the property is declared.
  func container<EnclosingType>(
    for instance: EnclosingType, file: StaticString, function: String, line: UInt
  ) -> Container?
}

extension Container {
  /// The policy that picks the container for every `@Injected` and `@InjectedWeakly`
  /// property; `nil` (the default) until the app sets one.
  ///
  /// Any thread may read or replace it at any time. A property resolves from the policy in
  /// force at its first access (`.lazily`) or when its object is created (the default,
  /// `.capturingContainerOnInit()`).
  ///
  /// ```swift
  /// Container.lookupPolicy = .singleton(container)
  /// ```
  public static var lookupPolicy: (any ContainerLookupPolicy)? {
    get { globalLookupPolicy.current }
    set { globalLookupPolicy.current = newValue }
  }

  private static let globalLookupPolicy = Locked<(any ContainerLookupPolicy)?>(nil)
}
