/// When a property wrapper finds its container and resolves its value.
///
/// ```swift
/// final class ReportScreen {
///   @Injected var greeter: Greeter  // .capturingContainerOnInit()
///   @Injected(.lazily) var analytics: Analytics
///   @Injected(.resolvingOnInit(from: reportsContainer)) var clock: ReportClock
/// }
/// ```
public enum InjectionKind: Sendable {
  /// Asks ``Container/lookupPolicy`` for the container at the first access, and resolves
  /// then. Needs a class.
  case lazily
  /// Takes the container when the enclosing object is created, and resolves at the first
  /// access. Needs a class. With no container given (the default), it takes the
  /// ``Container/lookupPolicy`` in force when the object is created, and asks it for the
  /// container at the first access.
  ///
  /// Until then the property holds that container (or a built-in policy's containers) weakly,
  /// so that an object kept by its own container does not keep it alive. A first access after
  /// the container is gone stops the program with ``ResolutionError/Reason/containerReleased``.
  /// A custom policy is held weakly as a whole: a first access after ``Container/lookupPolicy``
  /// was set again (even to the same value) stops the program with
  /// ``ResolutionError/Reason/policyReplaced``.
  case capturingContainerOnInit(from: Container? = nil)
  /// Resolves at once, while the enclosing object is being created. Works in structs too.
  /// With no container given, ``Container/lookupPolicy`` is asked without an enclosing
  /// instance (see ``ContainerLookupPolicy``): `.enclosingType(default:)` answers with its
  /// default container. Parametrized resolvers are not used: there is no object to give them.
  case resolvingOnInit(from: Container? = nil)
}

extension InjectionKind {
  @usableFromInline
  var source: ContainerSource {
    switch self {
    case .lazily, .resolvingOnInit: .globalPolicy
    case .capturingContainerOnInit(let container?): .given(container)
    case .capturingContainerOnInit(nil): .capturingThePolicy
    }
  }
}
