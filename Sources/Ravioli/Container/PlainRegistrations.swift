/// The plain registrations of one container, by key: an open-addressing hash table.
///
/// Every resolution looks a key up here, and the standard `Dictionary` hashes each key with
/// a seeded SipHash, which costs more than the rest of a resolution. Keys here hash with a
/// multiply and a shift: the type's address, mixed with the alternative's hash, computed
/// once when the alternative is made. Registrations are only ever added or replaced (or all
/// removed at once), so the table needs no deletion.
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
    } else if (count + 1) * 2 > keys.count {
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

  /// Every key, in no particular order.
  var allKeys: [RegistrationKey] { keys.compactMap { $0 } }

  /// Every registration, in no particular order.
  var all: [any AnyRegistration] { registrations.compactMap { $0 } }

  private func slot(for key: RegistrationKey) -> Int {
    let mixed = UInt64(truncatingIfNeeded: key.hash) &* 0x9E37_79B9_7F4A_7C15
    return Int(truncatingIfNeeded: mixed >> UInt64(shift))
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
