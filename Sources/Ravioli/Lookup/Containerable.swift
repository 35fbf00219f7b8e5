/// A type that carries the container its injected properties resolve from, under the
/// ``EnclosingTypeContainer`` policy (`.enclosingType(default:)`).
///
/// Give each module its own container by refining this protocol in the module:
///
/// ```swift
/// let profilesContainer = Container(name: "profiles")
///
/// protocol ProfilesInjectable: Containerable {}
///
/// extension ProfilesInjectable {
///   var container: Container! { profilesContainer }
/// }
///
/// final class ProfileScreen: ProfilesInjectable {
///   @Injected var repository: ProfileRepository
/// }
/// ```
public protocol Containerable {
  /// The container that this object's injected properties resolve from.
  var container: Container! { get }
}
