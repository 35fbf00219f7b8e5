/// When a property wrapper finds its container and resolves its value.
///
/// See <doc:InjectionOptions>.
public enum InjectionKind: Sendable {
  /// Asks ``Container/lookupPolicy`` for the container at the first read, and resolves then.
  /// Needs a class.
  case lazily
  /// Takes the container (with none given, the ``Container/lookupPolicy`` in force) when the
  /// enclosing object is created, and resolves at the first read. Needs a class. Until then it
  /// holds them weakly: see <doc:Lifetimes#What-a-container-and-a-property-hold>.
  case capturingContainerOnInit(from: Container? = nil)
  /// Resolves at once, while the enclosing object is being created; works in structs too.
  /// Parametrized resolvers are not used. With no container given, the policy is asked
  /// without an object: see <doc:LookupPoliciesAndModules#Eager-injection-has-no-enclosing-object>.
  case resolvingOnInit(from: Container? = nil)
}

extension InjectionKind {
  @usableFromInline
  var source: ContainerSource {
    switch self {
    case .lazily, .resolvingOnInit: .globalPolicy
    case .capturingContainerOnInit(let container?): .given(container)
    case .capturingContainerOnInit(nil): Container.capturedLookupPolicy
    }
  }
}
