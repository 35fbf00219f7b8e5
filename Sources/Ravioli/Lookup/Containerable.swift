/// A type that carries the container its injected properties resolve from, under the
/// ``EnclosingTypeContainer`` policy (`.enclosingType(default:)`).
///
/// Give each module its own container by refining this protocol in the module:
///
/// ```swift
/// public enum NetworkingModule {
///   /// What Networking provides. Modules that need it build their containers on this one;
///   /// tests replace its entries.
///   public static let container = Container(name: "networking") { container in
///     container.register(scope: .singleton, needs: []) { () -> HTTPClient in CannedHTTPClient() }
///   }
/// }
/// ```
///
/// ```swift
/// public protocol CatalogInjectable: Containerable {}
///
/// extension CatalogInjectable {
///   public var container: Container! { CatalogModule.container }
/// }
/// ```
///
/// A class of the module that conforms to `CatalogInjectable` then resolves its `@Injected`
/// properties from the module's container (which may build on the containers of the
/// modules it depends on: see ``Container/init(parents:name:registrations:)``). Eager
/// injection (``InjectionKind/resolvingOnInit(from:)`` with no container) runs before the
/// object exists, so the policy answers with its default: give the module's container
/// explicitly, `@Injected(.resolvingOnInit(from: CatalogModule.container))`.
public protocol Containerable {
  /// The container that this object's injected properties resolve from.
  var container: Container! { get }
}
