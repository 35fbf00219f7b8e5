/// A type that carries the container its injected properties resolve from, under the
/// ``EnclosingTypeContainer`` policy (`.enclosingType(default:)`): one container per module.
///
/// Eager injection gets the policy's default container, not this one: name it,
/// `@Injected(.resolvingOnInit(from: CatalogModule.container))`. See
/// <doc:LookupPoliciesAndModules#Modules-that-depend-on-each-other>.
public protocol Containerable {
  /// The container that this object's injected properties resolve from.
  var container: Container! { get }
}
