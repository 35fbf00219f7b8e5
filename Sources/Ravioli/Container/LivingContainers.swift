/// Every container that is alive, so that a failure can name one that registers what was
/// asked for but is not searched: a module's container does not search the app's, and a
/// registration made in the wrong one looks, from the module, like no registration at all.
///
/// The list holds what it needs of each container (its ``ContainerRecord``), and retains
/// neither the container nor its registrations: reading it must not keep them alive, even for
/// a moment, or their `deinit`s (and those of the instances that scopes keep) would run on
/// whichever thread read the list. Containers enter when they are made and leave first thing
/// in their `deinit`. Only failures read it.
enum LivingContainers {
  private static let all = Locked([ObjectIdentifier: ContainerRecord]())

  static func add(_ container: Container) {
    all.withLock { $0[ObjectIdentifier(container)] = container.record }
  }

  /// Called from the container's `deinit`, before its address can be reused.
  static func remove(_ id: ObjectIdentifier) {
    // Released after the lock: the record holds the container's registrations.
    _ = all.withLock { $0.removeValue(forKey: id) }
  }

  /// The living containers, outside `searched` (the identities of the containers searched,
  /// nearest first), whose registrations (as the current isolation
  /// scope sees them) hold a resolver for one of `keys`, by name.
  static func registering(_ keys: [RegistrationKey], outside searched: [ObjectIdentifier])
    -> [RegisteredElsewhere]
  {
    func holds(_ table: RegistrationTable) -> Bool {
      keys.contains { table.plain[$0] != nil || table.parametrized[$0] != nil }
    }
    let excluded = Set(searched)
    // Each container's own table is read under the list's lock, where its container is alive.
    let candidates = all.withLock { all in
      all.compactMap { id, record -> (id: ObjectIdentifier, record: ContainerRecord, own: Bool)? in
        excluded.contains(id) ? nil : (id, record, record.registrations.withLock { holds($0) })
      }
    }
    // Then the scope's overlays: never one lock inside the other.
    let found =
      IsolationScope.active.map { scope in
        scope.state.withLock { state in
          candidates.map { candidate in
            guard let overlay = state.overlays[candidate.id], overlay.record === candidate.record
            else { return candidate.own }
            return holds(overlay.table) || (candidate.own && !keys.allSatisfy(overlay.hides))
          }
        }
      } ?? candidates.map(\.own)
    let first = searched.first
    return candidates.indices.filter { found[$0] }.map { index in
      RegisteredElsewhere(
        name: candidates[index].record.name,
        buildsOnSearched: first.map(candidates[index].record.ancestors.contains) ?? false)
    }
    .sorted { $0.name < $1.name }
  }
}

/// What ``LivingContainers`` keeps of a container: its name, the containers it searches and
/// its registrations, holding none of them. An isolation scope's overlay names the record of
/// its container, so that an overlay left by a released container is never taken for that of
/// a new one at the same address.
final class ContainerRecord: Sendable {
  let name: String
  /// The identities of the containers searched after it.
  let ancestors: [ObjectIdentifier]
  /// The container's own registrations (``Container/registrations``), unretained: read only
  /// under the list's lock, while the record is in the list, and so while its container is
  /// alive (its `deinit` takes the record out, under that lock, before its properties go).
  unowned(unsafe) let registrations: Locked<RegistrationTable>

  init(name: String, ancestors: [ObjectIdentifier], registrations: Locked<RegistrationTable>) {
    self.name = name
    self.ancestors = ancestors
    self.registrations = registrations
  }
}
