/// What one ``withIsolatedContainers(fileID:function:line:_:)`` (one test, under the
/// `.isolatedContainers` trait) sees of every container, the lookup policy and the logger, bound to
/// its task and the task's children: an ``Overlay`` for each container it touches, which the
/// road reads before the container's table (see ``active`` for the cost while no scope exists).
///
/// Nothing is released under the scope's lock: a registration or a kept instance may be the
/// last reference to a user's object, whose `deinit` may log or resolve and come back here.
final class IsolationScope: Sendable {
  @TaskLocal static var current: IsolationScope?

  struct State: Sendable {
    var overlays: [ObjectIdentifier: Overlay] = [:]
    var logger: (any RavioliLogger)?
    /// What the layers above keep for the scope (see ``IsolationScope/withValue(for:as:_:)``):
    /// the lookup policy set inside it, what its weak properties reported.
    var values: [ObjectIdentifier: any Sendable] = [:]
  }

  let state: Locked<State>
  /// For the message of a property wrapper that stops the program in the scope (see `init`).
  let runningIn: String
  weak let outer: IsolationScope?

  /// A scope inside the current one, if any: an inner scope sees the outer one's registrations,
  /// removals, policy and logger, but keeps instances of its own, so that what it registers cannot
  /// end up inside the outer's singletons. It runs in `function`, e.g.
  /// `` `listsProducts()` (Tests/Shop.swift:42) ``; a mangled function (the body of an exit
  /// test, which a macro writes) is named by its place alone.
  init(function: String, fileID: String, line: Int) {
    let place = "\(fileID):\(line)"
    runningIn = function.hasPrefix("$") ? "the code at \(place)" : "`\(function)` (\(place))"
    let outer = Self.current
    self.outer = outer
    var inherited = outer?.state.current ?? State()
    for (id, var overlay) in inherited.overlays {
      overlay.copies = [:]
      overlay.resets = ResetEpoch()
      overlay.table = overlay.table.withFreshInstanceStores(resetWith: overlay.resets)
      inherited.overlays[id] = overlay
    }
    state = Locked(inherited)
    AtomicWord.countIsolationScopes(1)
  }

  deinit {
    AtomicWord.countIsolationScopes(-1)
  }

  /// Runs `body`, under the scope's lock, with the value under `key` (`nil` until set): what it
  /// takes out, it hands to the `TakenOut`, let go after the lock.
  func withValue<Value: Sendable, Result>(
    for key: Any.Type, as type: Value.Type, _ body: (inout Value?, inout TakenOut) -> Result
  ) -> Result {
    let id = ObjectIdentifier(key)
    return state.withLockLettingGo { state, takenOut in
      var value = state.values[id].map { $0 as! Value }
      defer { state.values[id] = value }
      return body(&value, &takenOut)
    }
  }

  func isInside(_ other: IsolationScope) -> Bool {
    var scope: IsolationScope? = self
    while let current = scope {
      if current === other { return true }
      scope = current.outer
    }
    return false
  }

  /// The scope the current task is in; `nil` at the cost of one relaxed atomic load while no
  /// scope exists anywhere (while one does, a task outside it also reads a task-local value).
  static var active: IsolationScope? {
    guard AtomicWord.isolationScopesAlive else { return nil }
    return current
  }
}

/// What an isolation scope sees differently in one container: what was registered or removed
/// inside it, and its own copies of the container's kept registrations, so that singletons
/// made inside the scope are its own.
struct Overlay: Sendable {
  /// The container, held weakly and compared on every use: a container released during
  /// the scope must not lend its overlay to a new one at the same address.
  weak let container: Container?
  /// Compared without loading `container`, which would retain it (see ``LivingContainers``).
  let record: ContainerRecord
  var table = RegistrationTable()
  var resets = ResetEpoch()
  var removed: Set<RegistrationKey> = []
  var removedAll = false
  /// By the registration copied, held weakly and compared on use, so that a copy never stands
  /// for a newer registration at the same address.
  var copies: [ObjectIdentifier: Copy] = [:]
  /// What a change under the lock dropped, for ``IsolationScope/withOverlay(of:_:)`` to release.
  var displaced: [Copy] = []

  struct Copy: Sendable {
    weak var original: (any AnyRegistration)?
    let copy: any AnyRegistration
  }

  init(_ container: Container) {
    self.container = container
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
  /// Runs `body` with the overlay of `container`, made if the scope has none yet, under the
  /// scope's lock: what it takes out of the overlay, it hands to the `TakenOut`.
  func withOverlay<Result>(
    of container: Container, _ body: (inout Overlay, inout TakenOut) -> Result
  ) -> Result {
    var takenOut = TakenOut()
    return withOverlay(of: container, lettingGoAfter: &takenOut, body)
  }

  /// ``withOverlay(of:_:)``, handing what it lets go of (overlays of containers released
  /// since, copies displaced) to `takenOut`, for a caller that holds a lock of its own.
  func withOverlay<Result>(
    of container: Container, lettingGoAfter takenOut: inout TakenOut,
    _ body: (inout Overlay, inout TakenOut) -> Result
  ) -> Result {
    state.withLock { state in
      let id = ObjectIdentifier(container)
      if state.overlays[id]?.container !== container {
        // A new overlay: the moment to drop those of containers released since.
        if let stale = state.overlays.removeValue(forKey: id) {
          takenOut.add(stale)
        }
        for (staleID, overlay) in state.overlays where overlay.container == nil {
          takenOut.add(state.overlays.removeValue(forKey: staleID)!)
        }
        state.overlays[id] = Overlay(container)
      }
      let result = body(&state.overlays[id]!, &takenOut)
      takenOut.add(state.overlays[id]!.displaced)
      state.overlays[id]!.displaced = []
      return result
    }
  }

  /// What `container` itself (not its parents) answers to `request` inside this scope: the
  /// scope's resolvers before the container's, then the look-up's rule for one container
  /// (``ResolversUnderKey/answer(to:)``). `resolving` answers a kept registration with the
  /// scope's copy, which keeps the scope's instances; a question need not make one.
  func registration(in container: Container, to request: LookUpRequest, resolving: Bool)
    -> (any AnyRegistration)?
  {
    let key = request.key
    // Read before the scope's lock, and released after it.
    let own = container.registrations.resolvers(for: key, withParameter: request.parameter != nil)
    return withOverlay(of: container) { overlay, _ in
      let hidden = overlay.hides(key)
      let resolvers = ResolversUnderKey(
        plain: overlay.table.plain[key] ?? (hidden ? nil : own.plain),
        parametrized: request.parameter == nil
          ? nil : Self.merged(hidden ? nil : own.parametrized, overlay.table.parametrized[key]))
      return resolvers.answer(to: request.parameter).map { resolving ? overlay.scoped($0) : $0 }
    }
  }

  /// What `container` itself (not its parents) holds inside this scope; the registrations it
  /// reads and leaves out go to `takenOut`, to be let go after the caller's locks.
  func visibleTable(of container: Container, lettingGoAfter takenOut: inout TakenOut)
    -> RegistrationTable
  {
    var visible = container.registrations.table
    let (table, removed, removedAll) = withOverlay(of: container, lettingGoAfter: &takenOut) {
      overlay, _ in (overlay.table, overlay.removed, overlay.removedAll)
    }
    takenOut.add(visible)
    if removedAll {
      visible = RegistrationTable()
    }
    for key in removed {
      takenOut.add(visible.remove(key))
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
    let copy = registration.copyKeepingNothing(resetWith: resets)
    if let stale = copies.updateValue(Copy(original: registration, copy: copy), forKey: id) {
      displaced.append(stale)
    }
    return copy
  }
}

extension RegistrationTable {
  func withFreshInstanceStores(resetWith resets: ResetEpoch) -> RegistrationTable {
    let fresh = { (registration: any AnyRegistration) in
      registration.scope.keepsInstances
        ? registration.copyKeepingNothing(resetWith: resets) : registration
    }
    return RegistrationTable(
      plain: plain.mapValues(fresh), parametrized: parametrized.mapValues { $0.map(fresh) })
  }
}
