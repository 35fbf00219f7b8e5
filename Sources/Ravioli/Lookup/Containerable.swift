/// A type that carries the container its injected properties resolve from, under the
/// ``EnclosingTypeContainer`` policy (`.enclosingType(default:)`).
///
/// Give each module its own container by refining this protocol in the module:
///
/// ```swift
/// public enum ProfilesModule {
///   /// Everything Profiles needs. The app may add to it or replace entries (in tests, say).
///   public static let container: Container = {
///     let container = Container(name: "profiles")
///     container.register { () -> ProfileRepository in InMemoryProfileRepository() }
///     return container
///   }()
/// }
/// ```
///
/// ```swift
/// public protocol ProfilesInjectable: Containerable {}
///
/// extension ProfilesInjectable {
///   public var container: Container! { ProfilesModule.container }
/// }
/// ```
///
/// A class of the module that conforms to `ProfilesInjectable` then resolves its `@Injected`
/// properties from the module's container.
///
/// Eager injection (``InjectionKind/resolvingOnInit(from:)`` with no container) runs before
/// the object exists, so the policy cannot ask it for its container and answers with its
/// default. Give the module's container explicitly:
/// `@Injected(.resolvingOnInit(from: ProfilesModule.container))`.
public protocol Containerable {
  /// The container that this object's injected properties resolve from.
  var container: Container! { get }
}
