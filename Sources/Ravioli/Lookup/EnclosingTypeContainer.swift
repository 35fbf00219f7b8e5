/// A lookup policy that answers with the container of a ``Containerable`` enclosing object,
/// and with a default container for every other object.
///
/// A `Containerable` object whose `container` is `nil` gets no container, not the default.
/// See <doc:LookupPoliciesAndModules#Choosing-a-policy>.
public struct EnclosingTypeContainer: ContainerLookupPolicy {
  /// The container for objects that are not ``Containerable``, and for eager injection,
  /// which has no object yet.
  public let defaultContainer: Container?

  /// Creates the policy.
  /// - Parameter defaultContainer: The container for objects that are not `Containerable`.
  public init(default defaultContainer: Container? = nil) {
    self.defaultContainer = defaultContainer
  }

  /// Returns the `container` of a ``Containerable`` instance, else ``defaultContainer``.
  public func container<EnclosingType>(
    for instance: EnclosingType, file: StaticString, function: String, line: UInt
  ) -> Container? {
    if let containerable = instance as? any Containerable {
      return containerable.container
    }
    return defaultContainer
  }
}

extension ContainerLookupPolicy where Self == EnclosingTypeContainer {
  /// A policy that answers with the container of a ``Containerable`` enclosing object, and
  /// with `default` for every other object.
  public static func enclosingType(default defaultContainer: Container? = nil)
    -> EnclosingTypeContainer
  {
    EnclosingTypeContainer(default: defaultContainer)
  }
}
