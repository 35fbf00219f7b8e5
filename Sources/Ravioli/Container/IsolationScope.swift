/// What one ``withIsolatedContainers(fileID:function:line:_:)`` (one test, under the
/// `.isolatedContainers` trait) sees of every container, the lookup policy and the logger, bound to
/// its task and the task's children.
///
/// For each container that the scope touches it keeps an ``Overlay``: what was registered
/// or removed inside the scope, and the scope's own copies of the container's kept
/// registrations, so that singletons made inside the scope are its own. The road reads the
/// overlay before the container's table; while no scope exists anywhere it pays one relaxed
/// atomic load (``active``) and nothing else.
///
/// Nothing is released under the scope's lock: a registration or a kept instance may be the
/// last reference to a user's object, whose `deinit` may log or resolve, which comes back
/// here. What leaves the state is handed out and released after the lock is let go.
final class IsolationScope: Sendable {
  @TaskLocal static var current: IsolationScope?

  struct State: Sendable {
    var overlays: [ObjectIdentifier: Overlay] = [:]
    /// The logger set inside the scope, if one was.
    var logger: (any RavioliLogger)?
    /// What the layers above keep for the scope, each under a key type of its own (see
    /// ``IsolationScope/withValue(for:as:_:)``): the lookup policy set inside it, what its
    /// weak properties reported. Inherited by a scope inside it, as the rest of the state is.
    var values: [ObjectIdentifier: any Sendable] = [:]
  }

  let state: Locked<State>
  /// What runs in the scope, for the message of a property wrapper that stops the program inside
  /// it: the test, or the function that called ``withIsolatedContainers(fileID:function:line:_:)``,
  /// and where, e.g. `` `ProductListTests/listsProducts()` (ShopTests/ShopTests.swift:42) ``.
  let runningIn: String
  /// The scope this one is inside, while it lasts.
  weak let outer: IsolationScope?

  /// A scope that starts from what `outer` sees (a scope inside another), or from the
  /// containers as they are. An inner scope sees the outer one's registrations, removals,
  /// policy and logger, but keeps instances of its own: the outer scope's singletons are not
  /// shared, so that what the inner scope registers cannot end up inside them.
  init(inheriting outer: IsolationScope?, runningIn: String) {
    self.runningIn = runningIn
    self.outer = outer
    var inherited = outer?.state.current ?? State()
    for id in inherited.overlays.keys {
      let resets = ResetEpoch()
      inherited.overlays[id]!.copies = [:]
      inherited.overlays[id]!.resets = resets
      let table = inherited.overlays[id]!.table
      inherited.overlays[id]!.table = table.withFreshInstanceStores(resetWith: resets)
    }
    state = Locked(inherited)
    AtomicWord.countIsolationScopes(1)
  }

  deinit {
    AtomicWord.countIsolationScopes(-1)
  }

  /// Runs `body` with what a layer above keeps for this scope under `key`, a type of its own:
  /// `nil` until it is set. `body` runs under the scope's lock, so it must not release what
  /// it takes out: it returns it, for the caller to release after the lock.
  func withValue<Value: Sendable, Result>(
    for key: Any.Type, as type: Value.Type, _ body: (inout Value?) -> Result
  ) -> Result {
    let id = ObjectIdentifier(key)
    return state.withLock { state in
      var value = state.values[id].map { $0 as! Value }
      defer { state.values[id] = value }
      return body(&value)
    }
  }

  /// Whether this scope is `other`, or inside it.
  func isInside(_ other: IsolationScope) -> Bool {
    var scope: IsolationScope? = self
    while let current = scope {
      if current === other { return true }
      scope = current.outer
    }
    return false
  }

  /// What runs in a scope, for ``runningIn``: `` `listsProducts()` (Tests/Shop.swift:42) ``.
  /// A function whose name is mangled (the body of an exit test, which a macro writes) is
  /// named by its place alone.
  static func describe(function: String, fileID: String, line: Int) -> String {
    let place = "\(fileID):\(line)"
    return function.hasPrefix("$") ? "the code at \(place)" : "`\(function)` (\(place))"
  }

  /// The scope the current task is in; `nil` at the cost of one relaxed atomic load while no
  /// scope exists anywhere (while one does, a task outside it also reads a task-local value).
  @inline(__always)
  static var active: IsolationScope? {
    guard AtomicWord.isolationScopesAlive else { return nil }
    return current
  }
}

/// What an isolation scope sees differently in one container.
struct Overlay: Sendable {
  /// The container, held weakly and compared on every use: a container released during
  /// the scope must not lend its overlay to a new one at the same address.
  let container: Weak<Container>
  /// The container's record, compared without loading the weak reference (which would
  /// retain the container): see ``LivingContainers``.
  let record: ContainerRecord
  /// What was registered inside the scope.
  var table = RegistrationTable()
  /// The resets of the instances that the scope keeps in this container (see
  /// ``Container/reset(_:file:line:)``).
  var resets = ResetEpoch()
  /// Keys removed inside the scope: the container's own registrations for them are hidden.
  var removed: Set<RegistrationKey> = []
  /// Whether every registration was removed inside the scope.
  var removedAll = false
  /// The scope's copies of the container's kept registrations (singleton, weak, cached), by
  /// the registration copied, held weakly and compared on use, so that a copy never stands
  /// for a newer registration at the same address.
  var copies: [ObjectIdentifier: Copy] = [:]
  /// What a change under the lock dropped, for ``IsolationScope/withOverlay(of:_:)`` to
  /// release after it.
  var displaced: [Copy] = []

  struct Copy: Sendable {
    weak var original: (any AnyRegistration)?
    let copy: any AnyRegistration
  }

  init(_ container: Container) {
    self.container = Weak(container)
    record = container.record
  }

  func hides(_ key: RegistrationKey) -> Bool {
    removedAll || removed.contains(key)
  }

  /// Takes out the copies of the container's registrations under `key` (those taking
  /// `parameterType`, or all of them), for the caller to release.
  mutating func removeCopies(of key: RegistrationKey, taking parameterType: ObjectIdentifier??)
    -> [Copy]
  {
    let matching = copies.filter { _, entry in
      entry.copy.key == key && (parameterType.map { $0 == entry.copy.parameterType } ?? true)
    }
    for id in matching.keys {
      copies[id] = nil
    }
    return Array(matching.values)
  }
}

extension IsolationScope {
  /// Runs `body` with the overlay of `container`, made if the scope has none yet. What
  /// `body` returns is handed back, to be released after the lock.
  func withOverlay<Result>(
    of container: Container, _ body: (inout Overlay) -> Result
  ) -> Result {
    let (result, released) = state.withLock { state -> (Result, ([Overlay], [Overlay.Copy])) in
      let id = ObjectIdentifier(container)
      var released: [Overlay] = []
      if state.overlays[id]?.container.object !== container {
        // A new overlay: the moment to drop those of containers released since.
        if let stale = state.overlays.removeValue(forKey: id) {
          released.append(stale)
        }
        for (staleID, overlay) in state.overlays where overlay.container.object == nil {
          released.append(state.overlays.removeValue(forKey: staleID)!)
        }
        state.overlays[id] = Overlay(container)
      }
      let result = body(&state.overlays[id]!)
      let displaced = state.overlays[id]!.displaced
      state.overlays[id]!.displaced = []
      return (result, (released, displaced))
    }
    _ = released
    return result
  }

  /// The registration that `container` itself (not its parents) uses for `key` inside this
  /// scope: the scope's own, else the container's (for a kept scope, the scope's copy).
  /// With a parameter, a parametrized resolver that takes it wins over the plain one.
  func registration(in container: Container, for key: RegistrationKey, parameter: Any?)
    -> (any AnyRegistration)?
  {
    // Read before the scope's lock, and released after it.
    let (ownPlain, ownParametrized) = container.registrations.resolvers(
      for: key, withParameter: parameter != nil)
    return withOverlay(of: container) { overlay in
      let hidden = overlay.hides(key)
      if let parameter {
        let list = Self.merged(hidden ? nil : ownParametrized, overlay.table.parametrized[key])
        if let chosen = RegistrationTable.choose(from: list, for: parameter) {
          return overlay.scoped(chosen)
        }
      }
      return (overlay.table.plain[key] ?? (hidden ? nil : ownPlain)).map { overlay.scoped($0) }
    }
  }

  /// What `container` itself holds inside this scope: its own table, less what the scope
  /// removed, plus what the scope registered.
  func visibleTable(of container: Container) -> RegistrationTable {
    var visible = container.registrations.table
    let (table, removed, removedAll) = withOverlay(of: container) { overlay in
      (overlay.table, overlay.removed, overlay.removedAll)
    }
    if removedAll {
      visible = RegistrationTable()
    }
    for key in removed {
      _ = visible.remove(key)
    }
    for registration in table.all {
      _ = visible.insert(registration)
    }
    return visible
  }

  /// A parametrized list with the scope's resolvers replacing the container's for the same
  /// parameter type, and coming after them (they are the most recent).
  private static func merged(
    _ own: [any AnyRegistration]?, _ scoped: [any AnyRegistration]?
  ) -> [any AnyRegistration] {
    guard let scoped else { return own ?? [] }
    let replaced = Set(scoped.map(\.parameterType))
    return (own ?? []).filter { !replaced.contains($0.parameterType) } + scoped
  }
}

extension Overlay {
  /// `registration`, or, if it is the container's and its scope keeps instances, the
  /// scope's copy of it, made at its first use.
  mutating func scoped(_ registration: any AnyRegistration) -> any AnyRegistration {
    guard registration.scope.keepsInstances, !table.isStored(registration) else {
      return registration
    }
    let id = ObjectIdentifier(registration)
    if let entry = copies[id], entry.original === registration {
      return entry.copy
    }
    // No copy yet, or one of a registration that is gone (its address now another's): the
    // replaced entry holds no instance anyone can still reach through this container.
    let copy = registration.copyKeepingNothing()
    copy.resetsWith(resets)
    if let stale = copies.updateValue(Copy(original: registration, copy: copy), forKey: id) {
      displaced.append(stale)
    }
    return copy
  }
}

extension RegistrationTable {
  /// The same registrations, those that keep instances with stores of their own, reset with
  /// `resets`.
  func withFreshInstanceStores(resetWith resets: ResetEpoch) -> RegistrationTable {
    var fresh = RegistrationTable()
    for registration in all {
      guard registration.scope.keepsInstances else {
        _ = fresh.insert(registration)
        continue
      }
      let copy = registration.copyKeepingNothing()
      copy.resetsWith(resets)
      _ = fresh.insert(copy)
    }
    return fresh
  }
}
