/// Where a property wrapper finds its container once it resolves: what the wrapper holds
/// until its first read. It holds no container strongly: the wrapper lives in an object that
/// the container may keep (a singleton, a cached instance), and holding the container, or a
/// policy that holds it, would keep both alive for good. The built-in policies are taken
/// apart so that their containers are held weakly; a custom policy is held weakly as a whole.
///
/// An object, so that a wrapper holds one reference and copies it with a retain, shared by
/// every property created under one setting of ``Container/lookupPolicy``, by every
/// property given one container, and, for `.lazily` and "no policy", by all.
@usableFromInline
final class ContainerSource: Sendable {
  @usableFromInline
  enum Kind: UInt8, Sendable {
    /// A container given to the wrapper (`.capturingContainerOnInit(from:)`).
    case givenContainer
    case singletonPolicy
    case enclosingTypePolicy
    case customPolicy
    /// The global policy, read at the first access (`.lazily`).
    case globalPolicy
    case noPolicy
  }

  @usableFromInline let kind: Kind
  /// The given container, the singleton policy's, or the enclosing-type policy's default.
  @usableFromInline weak let container: Container?
  let hasDefault: Bool
  weak let policy: PolicyBox?

  private init(
    _ kind: Kind, container: Container? = nil, hasDefault: Bool = false,
    policy: PolicyBox? = nil
  ) {
    self.kind = kind
    self.container = container
    self.hasDefault = hasDefault
    self.policy = policy
  }

  convenience init(capturing policy: any ContainerLookupPolicy, in box: PolicyBox) {
    switch policy {
    case let singleton as SingletonContainer:
      self.init(.singletonPolicy, container: singleton.container)
    case let enclosingType as EnclosingTypeContainer:
      self.init(
        .enclosingTypePolicy, container: enclosingType.defaultContainer,
        hasDefault: enclosingType.defaultContainer != nil)
    default:
      self.init(.customPolicy, policy: box)
    }
  }

  static let globalPolicy = ContainerSource(.globalPolicy)

  static let noPolicy = ContainerSource(.noPolicy)

  /// The source of the properties given `container`, made at the first and shared by all
  /// (kept in the container's ``Container/sharedByProperties``).
  static func given(_ container: Container) -> ContainerSource {
    unsafeDowncast(
      container.sharedByProperties.object { ContainerSource(.givenContainer, container: container) }
        .takeUnretainedValue(), to: ContainerSource.self)
  }

  /// The container to resolve from without asking a policy: the given one, or the
  /// singleton policy's, while it lives; `nil` for the other kinds.
  @inlinable
  var directContainer: Container? {
    switch kind {
    case .givenContainer, .singletonPolicy: container
    case .enclosingTypePolicy, .customPolicy, .globalPolicy, .noPolicy: nil
    }
  }
}
