/// The plain registrations of one container, by key: an open-addressing hash table.
///
/// The standard `Dictionary` hashes each key with a seeded SipHash, which costs more than a
/// resolution. Keys here hash with a multiply and a shift: the type's address, mixed with
/// the alternative's hash, computed once when the alternative is made. Collisions go to the
/// next free slot (linear probing); a removal moves the entries after it back, so that no
/// look-up ever needs a tombstone.
///
/// It is the table that writers and the locked road read (most resolutions read the
/// container's ``PublishedRegistrations`` instead), so it is filled up to three quarters,
/// where the published one, read on every resolution, stays at most half full: each slot
/// takes 48 bytes.
struct PlainRegistrations: Sendable {
  private var keys: [RegistrationKey?]
  private var registrations: [(any AnyRegistration)?]
  private(set) var count = 0
  /// `64 - log2(capacity)`: the shift that turns a mixed hash into a slot.
  private var shift: Int

  /// An empty table, which allocates nothing until the first insertion.
  init() {
    keys = []
    registrations = []
    shift = 64
  }

  subscript(key: RegistrationKey) -> (any AnyRegistration)? {
    guard count > 0 else { return nil }
    var slot = self.slot(for: key)
    while let stored = keys[slot] {
      if stored == key {
        return registrations[slot]
      }
      slot = (slot + 1) & (keys.count - 1)
    }
    return nil
  }

  /// Stores `registration` under `key`, returning the one it replaces.
  mutating func insert(_ registration: any AnyRegistration, for key: RegistrationKey)
    -> (any AnyRegistration)?
  {
    if keys.isEmpty {
      keys = Array(repeating: nil, count: 8)
      registrations = Array(repeating: nil, count: 8)
      shift = 64 - 3
    } else if (count + 1) * 4 > keys.count * 3 {
      grow()
    }
    var slot = self.slot(for: key)
    while let stored = keys[slot] {
      if stored == key {
        defer { registrations[slot] = registration }
        return registrations[slot]
      }
      slot = (slot + 1) & (keys.count - 1)
    }
    keys[slot] = key
    registrations[slot] = registration
    count += 1
    return nil
  }

  /// Removes the registration under `key`, returning it.
  mutating func remove(_ key: RegistrationKey) -> (any AnyRegistration)? {
    guard count > 0 else { return nil }
    let mask = keys.count - 1
    var hole = slot(for: key)
    while keys[hole] != key {
      guard keys[hole] != nil else { return nil }
      hole = (hole + 1) & mask
    }
    let removed = registrations[hole]
    keys[hole] = nil
    registrations[hole] = nil
    count -= 1
    // Each later entry of the run moves into the hole if its probe passed through the hole,
    // that is, if its home slot is no nearer to it than the hole is.
    var next = (hole + 1) & mask
    while let moving = keys[next] {
      let home = slot(for: moving)
      if (next &- home) & mask >= (next &- hole) & mask {
        keys[hole] = moving
        registrations[hole] = registrations[next]
        keys[next] = nil
        registrations[next] = nil
        hole = next
      }
      next = (next + 1) & mask
    }
    return removed
  }

  /// Every key, in no particular order.
  var allKeys: [RegistrationKey] { keys.compactMap { $0 } }

  /// Every registration, in no particular order.
  var all: [any AnyRegistration] { registrations.compactMap { $0 } }

  private func slot(for key: RegistrationKey) -> Int {
    key.slot(shift: shift)
  }

  private mutating func grow() {
    let entries = zip(keys, registrations).compactMap { key, registration in
      key.map { ($0, registration!) }
    }
    let capacity = keys.count * 2
    keys = Array(repeating: nil, count: capacity)
    registrations = Array(repeating: nil, count: capacity)
    shift -= 1
    count = 0
    for (key, registration) in entries {
      _ = insert(registration, for: key)
    }
  }
}
