internal import RavioliAtomics

/// What one ``withIsolatedContainers(_:)`` (one test, under the `.isolatedContainers`
/// trait) sees of every container, the lookup policy and the logger, bound to its task and
/// the task's children.
///
/// For each container that the scope touches it keeps an ``Overlay``: what was registered
/// or removed inside the scope, and the scope's own copies of the container's kept
/// registrations, so that singletons made inside the scope are its own. The road reads the
/// overlay before the container's table; outside every scope it pays one relaxed atomic
/// load (``active``) and nothing else.
final class IsolationScope: Sendable {
  @TaskLocal static var current: IsolationScope?

  struct State: Sendable {
    var overlays: [ObjectIdentifier: Overlay] = [:]
    /// The lookup policy set inside the scope: `nil` until one is; then the setting, which
    /// may be `nil` itself (the policy was cleared).
    var lookupPolicy: LookupPolicySetting??
    /// The logger set inside the scope, if one was.
    var logger: (any RavioliLogger)?
  }

  let state: Locked<State>

  /// A scope that starts from what `outer` sees (a scope inside another), or from the
  /// containers as they are.
  init(inheriting outer: IsolationScope?) {
    state = Locked(outer?.state.current ?? State())
    ravioli_isolation_scopes_add(1)
  }

  deinit {
    ravioli_isolation_scopes_add(-1)
  }

  /// The scope the current task is in; `nil` at the cost of one relaxed atomic load while no
  /// scope exists anywhere.
  @inline(__always)
  static var active: IsolationScope? {
    guard ravioli_isolation_scopes_alive() != 0 else { return nil }
    return current
  }
}

/// What an isolation scope sees differently in one container.
struct Overlay: Sendable {
  /// The container, held weakly and compared on every use: a container released during
  /// the scope must not lend its overlay to a new one at the same address.
  let container: Weak<Container>
  /// What was registered inside the scope.
  var table = RegistrationTable()
  /// Keys removed inside the scope: the container's own registrations for them are hidden.
  var removed: Set<RegistrationKey> = []
  /// Whether every registration was removed inside the scope.
  var removedAll = false
  /// The scope's copies of the container's kept registrations (singleton, weak, cached), by
  /// the registration copied, which each entry holds so that its address is not reused.
  var copies: [ObjectIdentifier: (original: any AnyRegistration, copy: any AnyRegistration)] = [:]

  init(_ container: Container) {
    self.container = Weak(container)
  }

  func hides(_ key: RegistrationKey) -> Bool {
    removedAll || removed.contains(key)
  }
}

extension IsolationScope {
  /// Runs `body` with the overlay of `container`, made if the scope has none yet.
  func withOverlay<Result>(
    of container: Container, _ body: (inout Overlay) -> Result
  ) -> Result {
    state.withLock { state in
      let id = ObjectIdentifier(container)
      if state.overlays[id]?.container.object !== container {
        state.overlays[id] = Overlay(container)
      }
      return body(&state.overlays[id]!)
    }
  }

  /// The registration that `container` itself (not its parents) uses for `key` inside this
  /// scope: the scope's own, else the container's (for a kept scope, the scope's copy).
  /// With a parameter, a parametrized resolver that takes it wins over the plain one.
  func registration(in container: Container, for key: RegistrationKey, parameter: Any?)
    -> (any AnyRegistration)?
  {
    withOverlay(of: container) { overlay in
      let own = overlay.hides(key) ? RegistrationTable() : container.registrations.withLock { $0 }
      if let parameter {
        let list = Self.merged(own.parametrized[key], overlay.table.parametrized[key])
        if let chosen = RegistrationTable.choose(from: list, for: parameter) {
          return overlay.scoped(chosen)
        }
      }
      return (overlay.table.plain[key] ?? own.plain[key]).map { overlay.scoped($0) }
    }
  }

  /// What `container` itself holds inside this scope: its own table, less what the scope
  /// removed, plus what the scope registered.
  func visibleTable(of container: Container) -> RegistrationTable {
    withOverlay(of: container) { overlay in
      var visible = container.registrations.withLock { $0 }
      if overlay.removedAll {
        visible = RegistrationTable()
      }
      for key in overlay.removed {
        _ = visible.remove(key)
      }
      for registration in overlay.table.all {
        _ = visible.insert(registration, for: registration.key)
      }
      return visible
    }
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
    guard registration.scope.keepsInstances,
      table.isStored(registration) == false
    else { return registration }
    let id = ObjectIdentifier(registration)
    if let copy = copies[id]?.copy {
      return copy
    }
    let copy = registration.copyKeepingNothing()
    copies[id] = (registration, copy)
    return copy
  }
}
