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
  /// `.capturingContainerOnInit()`). In the second case the property holds that policy only
  /// weakly until its first read: once the policy is replaced, and nothing else holds it, a
  /// property that has not been read yet reports it instead of resolving.
  ///
  /// ```swift
  /// Container.lookupPolicy = .singleton(container)
  /// ```
  public static var lookupPolicy: (any ContainerLookupPolicy)? {
    get { globalLookupPolicy.current?.policy }
    set { globalLookupPolicy.current = newValue.map(LookupPolicySetting.init) }
  }

  /// The policy in force, as the object that properties capture.
  static var lookupPolicySetting: LookupPolicySetting? {
    globalLookupPolicy.current
  }

  private static let globalLookupPolicy = Locked<LookupPolicySetting?>(nil)
}

/// One setting of ``Container/lookupPolicy``: the policy, and what a property captures of it
/// when its object is created.
@usableFromInline
final class LookupPolicySetting: Sendable {
  let policy: any ContainerLookupPolicy
  /// A built-in policy, taken apart; `nil` for a custom one.
  private let builtIn: CapturedPolicy?

  init(_ policy: any ContainerLookupPolicy) {
    self.policy = policy
    switch policy {
    case let singleton as SingletonContainer:
      builtIn = .singleton(Weak(singleton.container))
    case let enclosingType as EnclosingTypeContainer:
      builtIn = .enclosingType(default: enclosingType.defaultContainer.map(Weak.init))
    default:
      builtIn = nil
    }
  }

  /// What a property created under this setting resolves from.
  var captured: CapturedPolicy {
    builtIn ?? .custom(Weak(self))
  }
}

/// The lookup policy in force when an object was created, as its properties hold it until
/// their first read: without holding any container.
///
/// The object may be kept by one of the policy's containers (a singleton, a cached instance),
/// and a property that held the policy (which holds the container) would keep both alive for
/// good. The built-in policies are taken apart, so that their containers are held weakly and
/// serve the property for as long as something else keeps them; a custom policy can only be
/// held weakly as a whole, so it serves the property until it is replaced.
@usableFromInline
enum CapturedPolicy: Sendable {
  case singleton(Weak<Container>)
  case enclosingType(default: Weak<Container>?)
  case custom(Weak<LookupPolicySetting>)
}
