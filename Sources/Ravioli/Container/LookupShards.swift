/// Copies of a container's plain registrations that resolution reads, one per shard, each
/// behind a lock of its own.
///
/// With one lock per container, threads that resolve from the same container at once take
/// turns at it on every resolution, and the lock's memory moves between their cores each
/// time. Each thread reads the shard it was given when it first resolved, so a few threads
/// rarely share one. Registering, which is rare, writes every shard; the container's own
/// table stays the source of truth for everything else (messages, resets, parents).
final class LookupShards: Sendable {
  static let count = 4

  private let shards: [Locked<PlainRegistrations>]

  init() {
    shards = (0..<Self.count).map { _ in Locked(PlainRegistrations()) }
  }

  /// The registration under `key`, read from the calling thread's shard.
  func registration(for key: RegistrationKey) -> AnyObject? {
    shards[ResolutionStack.currentShard].withLock { $0[key] }
  }

  /// Stores `registration` in every shard. What the shards held before is handed back, for
  /// the caller to release outside the locks.
  func insert(_ registration: any AnyRegistration, for key: RegistrationKey)
    -> [any AnyRegistration]
  {
    shards.compactMap { shard in shard.withLock { $0.insert(registration, for: key) } }
  }

  /// Removes `key` from every shard, handing back what they held under it.
  func remove(_ key: RegistrationKey) -> [any AnyRegistration] {
    shards.compactMap { shard in shard.withLock { $0.remove(key) } }
  }

  /// Empties every shard, handing back what they held.
  func removeAll() -> [PlainRegistrations] {
    shards.map { $0.exchange(with: PlainRegistrations()) }
  }
}
