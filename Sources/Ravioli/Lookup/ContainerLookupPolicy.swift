/// Picks the container that a property wrapper resolves from.
///
/// Set it once, at start-up, with ``Container/lookupPolicy``. Two are built in:
/// ``SingletonContainer`` and ``EnclosingTypeContainer``. Write your own for anything else:
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
/// See <doc:LookupPoliciesAndModules>.
public protocol ContainerLookupPolicy: Sendable {
  /// Returns the container to resolve a property of `instance` from, or `nil` for none (the
  /// property wrapper then stops the program with a message that names this policy).
  /// - Parameters:
  ///   - instance: The object that declares the property, or `nil` of type `Any?` when there
  ///     is none yet (eager injection: see
  ///     <doc:LookupPoliciesAndModules#Eager-injection-has-no-enclosing-object>).
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
  /// Any thread may set it at any time; inside ``withIsolatedContainers(fileID:function:line:_:)``
  /// it sets that scope's policy only. See <doc:LookupPoliciesAndModules>.
  public static var lookupPolicy: (any ContainerLookupPolicy)? {
    get { withLookupPolicySetting { $0?.box.policy } }
    set {
      let setting = newValue.map(LookupPolicySetting.init)
      if let scope = IsolationScope.active {
        scope.withValue(for: LookupPolicySetting.self, as: LookupPolicySetting?.self) {
          value, takenOut in takenOut.replace(&value, with: setting)
        }
        return
      }
      // Ends here, letting the setting replaced go once no reader can still be retaining
      // what it holds.
      _ = PublishedReference<LookupPolicySetting>.exchange(
        setting, in: AtomicWord.lookupPolicy.address)
    }
  }

  /// What a property made now captures of the policy in force: ``ContainerSource/noPolicy``
  /// when none is set.
  static var capturedLookupPolicy: ContainerSource {
    withLookupPolicySetting { $0?.captured } ?? .noPolicy
  }

  /// Reads the setting in force for the current task: its isolation scope's, if the scope
  /// set one, else the global one, without a lock, in a read section (see ``ReadSections``),
  /// since every object made with an injected property reads it, on any thread. `body` only
  /// copies out (and so retains) a part of the setting, running no user code; no caller is
  /// inside another section (only a property wrapper's initializer and the policy's getter).
  @inline(__always)
  private static func withLookupPolicySetting<Result>(
    _ body: (LookupPolicySetting?) -> Result
  ) -> Result {
    // Inside an isolation scope that set one: its setting, which may be `nil` (cleared).
    if let scope = IsolationScope.active,
      let setting = scope.withValue(
        for: LookupPolicySetting.self, as: LookupPolicySetting?.self, { setting, _ in setting })
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

/// One setting of ``Container/lookupPolicy``, with what every property made under it captures.
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
