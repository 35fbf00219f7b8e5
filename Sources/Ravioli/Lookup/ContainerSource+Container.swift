extension ContainerSource {
  /// The container that a property's first read resolves from, and that validation checks
  /// it against; the error thrown says why there is none.
  func container<Enclosing>(
    for instance: Enclosing, resolving type: Any.Type, alternative: RegistrationAlternative?,
    file: StaticString, function: String, line: UInt
  ) throws(ResolutionError) -> Container {
    func failure(_ reason: ResolutionError.Reason, note: String?) -> ResolutionError {
      ResolutionError(
        reason: reason, typeName: String(describing: type), alternativeName: alternative?.name,
        note: note)
    }
    let takesThePolicy =
      "The property takes the lookup policy in force when its object is created "
      + "(`.capturingContainerOnInit()`, the default)"
    let policy: (any ContainerLookupPolicy)?
    let found: Container?
    switch kind {
    case .givenContainer, .singletonPolicy:
      guard let container else {
        throw failure(
          .containerReleased,
          note: kind == .givenContainer
            ? "The property was given its container (`.capturingContainerOnInit(from:)`), "
              + "and holds it weakly until its first read."
            : takesThePolicy
              + ", `.singleton(container)`, and holds that container weakly until its first "
              + "read.")
      }
      return container
    case .enclosingTypePolicy:
      let defaultContainer = container
      if hasDefault, defaultContainer == nil, !(instance is any Containerable) {
        throw failure(
          .containerReleased,
          note: takesThePolicy
            + ", `.enclosingType(default:)`, and holds its default container weakly until "
            + "its first read.")
      }
      let builtIn = EnclosingTypeContainer(default: defaultContainer)
      policy = builtIn
      found = builtIn.container(for: instance, file: file, function: function, line: line)
    case .customPolicy:
      guard let box = self.policy else {
        throw failure(
          .policyReplaced,
          note: takesThePolicy
            + ", and holds a custom policy weakly until its first read, since the policy may "
            + "hold the container that keeps the object: setting `Container.lookupPolicy` "
            + "again (even to an equal policy) released it.")
      }
      policy = box.policy
      found = box.policy.container(for: instance, file: file, function: function, line: line)
    case .noPolicy:
      policy = nil
      found = nil
    case .globalPolicy:
      policy = Container.lookupPolicy
      found = policy?.container(for: instance, file: file, function: function, line: line)
    }
    if let found {
      return found
    }
    var error = failure(
      .noContainer(policy: policy.map { String(describing: Swift.type(of: $0)) }),
      note: kind != .noPolicy
        ? nil
        : "This property takes the lookup policy in force when its object is created "
          + "(`.capturingContainerOnInit()`, the default), and none was set then: set the "
          + "policy before creating the object, or declare the property `@Injected(.lazily)`.")
    if policy is EnclosingTypeContainer, let object = instance as? any Containerable {
      error.nilContainerOf = String(describing: Swift.type(of: object))
    }
    throw error
  }
}
