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
  /// access. Needs a class.
  ///
  /// With no container given, it takes the ``Container/lookupPolicy`` in force when the
  /// object is created, and asks it for the container at the first access. This is the
  /// default.
  ///
  /// Until the first access the property holds that container (or the containers of a
  /// built-in policy) weakly, so that an object kept by its own container does not keep the
  /// container alive: whatever else keeps the container keeps the property resolvable. A
  /// first access after the container is gone stops the program with
  /// ``ResolutionError/Reason/containerReleased``. A custom policy is held weakly as a whole:
  /// a first access after ``Container/lookupPolicy`` was set again stops the program with
  /// ``ResolutionError/Reason/policyReplaced``.
  case capturingContainerOnInit(from: Container? = nil)
  /// Resolves at once, while the enclosing object is being created. Works in structs too.
  ///
  /// With no container given, ``Container/lookupPolicy`` is asked without an enclosing
  /// instance, since there is none yet (see ``ContainerLookupPolicy``):
  /// `.enclosingType(default:)` answers with its default container. Parametrized resolvers
  /// are not used, since there is no enclosing object to give them.
  case resolvingOnInit(from: Container? = nil)
}

extension InjectionKind {
  /// Where a property declared with this kind finds its container, unless it resolves at
  /// once.
  @usableFromInline
  var source: ContainerSource {
    switch self {
    case .lazily, .resolvingOnInit: .globalPolicy
    case .capturingContainerOnInit(let container?): .given(container)
    case .capturingContainerOnInit(nil): .capturingThePolicy
    }
  }
}
