/// Where a property wrapper finds its container once it resolves: what the wrapper holds
/// until its first read.
///
/// It holds no container strongly: the wrapper lives in an object that the container may keep
/// (a singleton, a cached instance), and holding the container, or a policy that holds it,
/// would keep both alive for good. The built-in policies are taken apart, so that their
/// containers are held weakly and serve the property for as long as something else keeps
/// them; a custom policy can only be held weakly as a whole, so it serves the property until
/// the policy is set again.
///
/// An object, so that a wrapper holds one reference and copies it with a retain, and shared:
/// by every property created under one setting of ``Container/lookupPolicy``, by every
/// property given one container, and, for `.lazily` and "no policy", by all.
@usableFromInline
final class ContainerSource: Sendable {
  /// What the source is.
  @usableFromInline
  enum Kind: UInt8, Sendable {
    /// A container given to the wrapper (`.capturingContainerOnInit(from:)`).
    case givenContainer
    /// The policy `.singleton(container)`, in force when the object was created.
    case singletonPolicy
    /// The policy `.enclosingType(default:)`, in force when the object was created.
    case enclosingTypePolicy
    /// A custom policy, in force when the object was created.
    case customPolicy
    /// The global policy, read at the first access (`.lazily`).
    case globalPolicy
    /// No policy was in force when the object was created.
    case noPolicy
  }

  @usableFromInline let kind: Kind
  /// The given container, the singleton policy's, or the enclosing-type policy's default.
  @usableFromInline weak let container: Container?
  /// Whether the enclosing-type policy had a default container.
  let hasDefault: Bool
  /// The custom policy.
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

  /// The source of the properties given `container`: made once per container (see
  /// ``given(_:)``).
  convenience init(given container: Container) {
    self.init(.givenContainer, container: container)
  }

  /// What a property captures of `policy` when its object is created.
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

  /// The source of a `.lazily` property: the global policy, read at the first access.
  @usableFromInline static let globalPolicy = ContainerSource(.globalPolicy)

  /// The source of a property whose object was created while no policy was set.
  static let noPolicy = ContainerSource(.noPolicy)

  /// The source of the properties given `container`, made at the first and shared by all
  /// (kept in the container's ``Container/sharedByProperties``).
  static func given(_ container: Container) -> ContainerSource {
    unsafeDowncast(
      container.sharedByProperties.object { ContainerSource(given: container) }
        .takeUnretainedValue(), to: ContainerSource.self)
  }

  /// The source of a property whose object is created now, under the lookup policy in force.
  static var capturingThePolicy: ContainerSource {
    Container.capturedLookupPolicy ?? noPolicy
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
