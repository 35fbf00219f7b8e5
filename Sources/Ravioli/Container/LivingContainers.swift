/// Every container that is alive, so that a failure can name one that registers what was
/// asked for but is not searched: a module's container does not search the app's, and a
/// registration made in the wrong one looks, from the module, like no registration at all.
/// Only failures read it. It retains neither a container nor its registrations (it holds each
/// one's ``ContainerRecord``): reading it must not keep them alive, even for a moment, or their
/// `deinit`s (and those of kept instances) would run on whichever thread read it. Containers
/// enter when made and leave first thing in their `deinit`.
enum LivingContainers {
  private static let all = Locked([ObjectIdentifier: ContainerRecord]())

  static func add(_ container: Container) {
    all.withLock { $0[ObjectIdentifier(container)] = container.record }
  }

  static func remove(_ id: ObjectIdentifier) {
    all.withLockLettingGo { all, takenOut in takenOut.add(all.removeValue(forKey: id) as Any) }
  }

  /// The living containers, outside `searched` (the identities of the containers searched,
  /// nearest first), whose registrations (as the current isolation scope sees them) hold a
  /// resolver for one of `keys`, by name, each with where it registered it.
  static func registering(_ keys: [RegistrationKey], outside searched: [ObjectIdentifier])
    -> [RegisteredElsewhere]
  {
    let excluded = Set(searched)
    // Each container's own table and its parents' records are read under the list's lock,
    // where its container is alive.
    let allCandidates = all.withLock { all in
      let buildingOnSearched = searched.first.flatMap { all[$0] }.map {
        ContainerRecord.building(on: $0, among: all.values)
      }
      return all.filter { !excluded.contains($0.key) }.map { id, record in
        (
          id: id, record: record,
          own: keys.map { record.registrations.site(of: $0) },
          buildsOnSearched: buildingOnSearched?.contains(ObjectIdentifier(record)) ?? false
        )
      }
    }
    // A container made inside an isolation scope that is still running, other than this one
    // or one it is inside, is another test's: not named here, so that tests running at once
    // do not see each other. (Scopes are held weakly, and loaded outside any lock.)
    let current = IsolationScope.active
    let candidates = allCandidates.filter { candidate in
      guard let made = candidate.record.madeInScope else { return true }
      return current?.isInside(made) ?? false
    }
    // Then the scope's overlays (never one lock inside the other), read under the scope's lock:
    // what the scope registered, else the container's own, unless the scope removed it.
    func registered(overlays: [ObjectIdentifier: Overlay]) -> [RegisteredElsewhere] {
      candidates.compactMap { candidate in
        let overlay = overlays[candidate.id].flatMap { $0.record === candidate.record ? $0 : nil }
        let found = zip(keys, candidate.own).compactMap { key, own in
          overlay.flatMap { $0.table[key].site }
            ?? (overlay?.hides(key) == true ? nil : own)
        }
        return found.first.map {
          RegisteredElsewhere(
            name: candidate.record.name, site: $0.label,
            buildsOnSearched: candidate.buildsOnSearched)
        }
      }
    }
    let found = current.map { scope in scope.state.withLock { registered(overlays: $0.overlays) } }
    return (found ?? registered(overlays: [:])).sorted { $0.name < $1.name }
  }
}

/// What ``LivingContainers`` keeps of a container, holding none of it.
final class ContainerRecord: Sendable {
  let name: String
  /// The records of its container's parents, unretained: read only under the list's lock,
  /// while the container, which holds its parents, is alive. Not retained, so that no record
  /// holds a chain of them, which would be let go one inside the other.
  let parents: [Unmanaged<ContainerRecord>]
  /// The container's own registrations (``Container/registrations``), unretained: read only
  /// under the list's lock, while the record is in the list, and so while its container is
  /// alive (its `deinit` takes the record out, under that lock, before its properties go).
  unowned(unsafe) let registrations: ContainerRegistrations
  weak let madeInScope: IsolationScope?

  init(
    name: String, parents: [ContainerRecord],
    registrations: ContainerRegistrations, madeInScope: IsolationScope?
  ) {
    self.name = name
    self.parents = parents.map(Unmanaged.passUnretained)
    self.registrations = registrations
    self.madeInScope = madeInScope
  }

  /// The records, of `records`, whose containers search `target`'s, under the list's lock:
  /// each record visited once, without recursion (a chain may be thousands deep).
  static func building(on target: ContainerRecord, among records: some Sequence<ContainerRecord>)
    -> Set<ObjectIdentifier>
  {
    // Whether a record's container is or searches `target`'s.
    var reaches: [ObjectIdentifier: Bool] = [ObjectIdentifier(target): true]
    for record in records {
      var toVisit = [(record, parentsVisited: false)]
      while let (visiting, parentsVisited) = toVisit.popLast() {
        let id = ObjectIdentifier(visiting)
        guard reaches[id] == nil else { continue }
        let parents = visiting.parents.map { $0.takeUnretainedValue() }
        if parentsVisited {
          reaches[id] = parents.contains { reaches[ObjectIdentifier($0)] == true }
        } else {
          toVisit.append((visiting, true))
          toVisit += parents.map { ($0, false) }
        }
      }
    }
    reaches[ObjectIdentifier(target)] = nil
    return Set(reaches.compactMap { $0.value ? $0.key : nil })
  }
}
