/// Picks the container that a property wrapper resolves from.
///
/// Set the policy once, at start-up, with ``Container/lookupPolicy``. Two are built in:
/// ``SingletonContainer`` (`.singleton(container)`: one container for everything) and
/// ``EnclosingTypeContainer`` (`.enclosingType(default:)`: the container of a
/// ``Containerable`` object, so each module can have its own). Write your own for anything
/// else:
///
/// ```swift
/// /// Screens resolve from their own container; everything else from the app's.
/// struct ScreenContainers: ContainerLookupPolicy {
///   let screens: Container
///   let everythingElse: Container
///
///   func container<EnclosingType>(
///     for instance: EnclosingType, file: StaticString, function: String, line: UInt
///   ) -> Container? {
///     instance is SettingsScreen ? screens : everythingElse
///   }
/// }
/// ```
///
/// ## Injection without an enclosing instance
///
/// `@Injected(.resolvingOnInit())` resolves while the enclosing object is being created,
/// before it exists. The policy is then asked with `instance` set to `nil` of type `Any?`;
/// `EnclosingType` is `Optional<Any>`. A policy that casts `instance` (`instance as?
/// Containerable`) sees a failed cast and falls back to what it does for other types, which
/// is usually what you want. Return `nil` to refuse: the message then suggests passing the
/// container with `.resolvingOnInit(from:)`.
public protocol ContainerLookupPolicy: Sendable {
  /// Returns the container to resolve from for a property of `instance`, or `nil` if there
  /// is none (the property wrapper then stops the program with a message that names this
  /// policy).
  /// - Parameters:
  ///   - instance: The object that declares the property, or `nil` of type `Any?` when there
  ///     is none yet (eager injection).
  ///   - file: The file where the property is declared.
  ///   - function: The function or type context of the declaration.
  ///   - line: The line where the property is declared.
  func container<EnclosingType>(
    for instance: EnclosingType, file: StaticString, function: String, line: UInt
  ) -> Container?
}

extension Container {
  /// The policy that picks the container for every `@Injected` and `@InjectedWeakly`
  /// property; `nil` (the default) until the app sets one.
  ///
  /// Any thread may read or replace it at any time. A property resolves from the policy in
  /// force at its first access (`.lazily`) or when its object is created (the default,
  /// `.capturingContainerOnInit()`). In the second case the property holds no container
  /// strongly until its first read: under ``SingletonContainer`` and
  /// ``EnclosingTypeContainer`` it holds their containers weakly, and resolves from them
  /// (after the policy is replaced, too) as long as they live; a custom policy it holds
  /// weakly as a whole, through this setting, so setting the policy again (even to the same
  /// value) makes a property that has not been read yet report
  /// ``ResolutionError/Reason/policyReplaced`` instead of resolving.
  ///
  /// ```swift
  /// Container.lookupPolicy = .singleton(container)
  /// ```
  ///
  /// Inside ``withIsolatedContainers(fileID:function:line:_:)`` (a test under the
  /// `.isolatedContainers` trait), setting it sets the policy of that scope only; until then the
  /// scope sees the global one.
  public static var lookupPolicy: (any ContainerLookupPolicy)? {
    get { withLookupPolicySetting { $0?.box.policy } }
    set {
      let setting = newValue.map(LookupPolicySetting.init)
      if let scope = IsolationScope.active {
        // The setting replaced is released after the scope's lock.
        _ = scope.withValue(for: LookupPolicySetting.self, as: LookupPolicySetting?.self) {
          $0.replace(with: setting)
        }
        return
      }
      let replaced = PublishedReference<LookupPolicySetting>.exchange(
        setting, in: AtomicWord.lookupPolicy.address)
      // Readers in a section may still be retaining what the setting holds.
      ReadSections.release(replaced)
    }
  }

  /// What a property captures of the policy in force when its object is created; `nil` when
  /// no policy is set.
  static var capturedLookupPolicy: ContainerSource? {
    withLookupPolicySetting { $0?.captured }
  }

  /// Reads the setting in force for the current task: its isolation scope's, if the scope
  /// set one, else the global one.
  ///
  /// The global one is read without a lock, in a read section (see ``ReadSections``): every
  /// object made with an injected property reads it, on any thread. `body` only copies out
  /// (and so retains) a part of the setting: no user code runs in the section. Never called
  /// inside another section (read sections do not nest): only a property wrapper's
  /// initializer and the policy's getter call it.
  @inline(__always)
  private static func withLookupPolicySetting<Result>(
    _ body: (LookupPolicySetting?) -> Result
  ) -> Result {
    // Inside an isolation scope that set one: its setting, which may be `nil` (cleared).
    if let scope = IsolationScope.active,
      let setting = scope.withValue(
        for: LookupPolicySetting.self, as: LookupPolicySetting?.self, { $0 })
    {
      return body(setting)
    }
    ResolutionStack.beginReading()
    defer { ResolutionStack.endReading() }
    guard
      let published = PublishedReference<LookupPolicySetting>.load(
        from: AtomicWord.lookupPolicy.address)
    else {
      return body(nil)
    }
    return published._withUnsafeGuaranteedRef(body)
  }
}

/// One setting of ``Container/lookupPolicy``: the policy, and what a property captures of it
/// when its object is created, made once for every property created under this setting.
final class LookupPolicySetting: Sendable {
  let box: PolicyBox
  let captured: ContainerSource

  init(_ policy: any ContainerLookupPolicy) {
    box = PolicyBox(policy)
    captured = ContainerSource(capturing: policy, in: box)
  }
}

/// A lookup policy, as an object that a property can hold weakly.
final class PolicyBox: Sendable {
  let policy: any ContainerLookupPolicy

  init(_ policy: any ContainerLookupPolicy) {
    self.policy = policy
  }
}
