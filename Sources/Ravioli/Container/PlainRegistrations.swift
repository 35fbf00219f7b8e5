/// Plain registrations by key, in a value that can be copied: what an isolation scope
/// registers for a container, and a copy of a container's table (``RegistrationTable``).
/// An open-addressing hash table.
///
/// The standard `Dictionary` hashes each key with a seeded SipHash, which costs more than a
/// resolution. Keys here hash with a multiply and a shift: the type's address, mixed with
/// the alternative's hash, computed once when the alternative is made. Collisions go to the
/// next free slot (linear probing); a removal moves the entries after it back, so that no
/// look-up ever needs a tombstone.
///
/// It is filled up to three quarters, where a container's own slots
/// (``RegistrationSlots``), read on every resolution, stay at most a quarter full. A slot
/// holds a registration alone, 16 bytes: its key is the registration's own
/// (``KeyedRegistration/key``).
struct PlainRegistrations: Sendable {
  private var registrations: [(any AnyRegistration)?]
  private(set) var count = 0
  /// `64 - log2(capacity)`: the shift that turns a mixed hash into a slot.
  private var shift: Int

  /// An empty table, which allocates nothing until the first insertion.
  init() {
    registrations = []
    shift = 64
  }

  subscript(key: RegistrationKey) -> (any AnyRegistration)? {
    guard count > 0 else { return nil }
    var slot = self.slot(for: key)
    while let stored = registrations[slot] {
      if stored.key == key {
        return stored
      }
      slot = (slot + 1) & (registrations.count - 1)
    }
    return nil
  }

  /// Stores `registration` under its key, returning the one it replaces.
  mutating func insert(_ registration: any AnyRegistration) -> (any AnyRegistration)? {
    if registrations.isEmpty {
      registrations = Array(repeating: nil, count: 8)
      shift = 64 - 3
    } else if (count + 1) * 4 > registrations.count * 3 {
      grow()
    }
    let key = registration.key
    var slot = self.slot(for: key)
    while let stored = registrations[slot] {
      if stored.key == key {
        registrations[slot] = registration
        return stored
      }
      slot = (slot + 1) & (registrations.count - 1)
    }
    registrations[slot] = registration
    count += 1
    return nil
  }

  /// Removes the registration under `key`, returning it.
  mutating func remove(_ key: RegistrationKey) -> (any AnyRegistration)? {
    guard count > 0 else { return nil }
    let mask = registrations.count - 1
    var hole = slot(for: key)
    while true {
      guard let stored = registrations[hole] else { return nil }
      if stored.key == key { break }
      hole = (hole + 1) & mask
    }
    let removed = registrations[hole]
    registrations[hole] = nil
    count -= 1
    // Each later entry of the run moves into the hole if its probe passed through the hole,
    // that is, if its home slot is no nearer to it than the hole is.
    var next = (hole + 1) & mask
    while let moving = registrations[next] {
      let home = slot(for: moving.key)
      if (next &- home) & mask >= (next &- hole) & mask {
        registrations[hole] = moving
        registrations[next] = nil
        hole = next
      }
      next = (next + 1) & mask
    }
    return removed
  }

  /// Every key, in no particular order.
  var allKeys: [RegistrationKey] { registrations.compactMap { $0?.key } }

  /// Every registration, in no particular order.
  var all: [any AnyRegistration] { registrations.compactMap { $0 } }

  private func slot(for key: RegistrationKey) -> Int {
    key.slot(shift: shift)
  }

  private mutating func grow() {
    let entries = registrations.compactMap { $0 }
    registrations = Array(repeating: nil, count: registrations.count * 2)
    shift -= 1
    count = 0
    for registration in entries {
      _ = insert(registration)
    }
  }
}
