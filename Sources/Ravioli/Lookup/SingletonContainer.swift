/// A lookup policy that always answers with the same container: `.singleton(container)`.
public struct SingletonContainer: ContainerLookupPolicy {
  /// The container every property resolves from.
  public let container: Container

  /// Creates a policy that always answers with `container`.
  public init(_ container: Container) {
    self.container = container
  }

  /// Returns ``container``, whatever the instance.
  public func container<EnclosingType>(
    for instance: EnclosingType, file: StaticString, function: String, line: UInt
  ) -> Container? {
    container
  }
}

extension ContainerLookupPolicy where Self == SingletonContainer {
  /// A policy that always answers with `container`.
  public static func singleton(_ container: Container) -> SingletonContainer {
    SingletonContainer(container)
  }
}
