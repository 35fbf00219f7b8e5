/// One generation of the slots of a container's plain registrations (``ContainerRegistrations``):
/// an open-addressing hash table whose slots are words read through atomics. A slot's entry is the
/// address of a registration that the slots retain (each generation its own reference),
/// ``removed``, or 0 while the slot has never been used; once used, a slot only ever holds registrations of one key. A look-up compares the key it
/// probes for with the registration's own (``KeyedRegistration/key``). Only the writer, under the
/// container's lock, changes slots; readers probe them without a lock.
final class RegistrationSlots {
  let capacity: Int
  /// `64 - log2(capacity)`: the shift that turns a mixed hash into a slot.
  private let shift: Int
  private let entries: UnsafeMutablePointer<UInt>
  /// Slots with a key, including removed ones: only the writer reads or changes it.
  private(set) var used = 0
  /// Slots with a registration: only the writer reads or changes it.
  private(set) var count = 0

  private static let removed: UInt = 1

  /// Slots for four times `count` registrations at least, holding the live entries of `old`.
  /// A quarter full at most, so that a look-up seldom
  /// steps past other keys: at the fullest, one in twelve steps past two or more (half full,
  /// one in three). A slot is one word.
  init(copying old: RegistrationSlots?, count: Int) {
    var capacity = 8
    while capacity < count * 4 {
      capacity *= 2
    }
    self.capacity = capacity
    shift = 64 - capacity.trailingZeroBitCount
    entries = .allocate(capacity: capacity)
    entries.initialize(repeating: 0, count: capacity)
    guard let old else { return }
    for slot in 0..<old.capacity {
      let entry = old.entries[slot]
      if entry > Self.removed {
        _ = insert(Self.registration(inSlot: entry))
      }
    }
  }

  deinit {
    // Readers may have found a registration here that another generation still holds, or that
    // a thread runs: they go as anything taken out of readers' reach does.
    _ = PublishedWord.takeObjects(of: entries, count: capacity)
    entries.deallocate()
  }

  /// Inlined into the look-up: the optimizer leaves it outlined, a call on every request.
  @inline(__always)
  func find(_ key: RegistrationKey) -> UnsafeMutableRawPointer? {
    let mask = capacity - 1
    var slot = key.slot(shift: shift)
    while true {
      let entry = AtomicWord(at: entries + slot).load()
      if entry == 0 {
        return nil
      }
      if entry != Self.removed, Self.holds(entry, key) {
        return UnsafeMutableRawPointer(bitPattern: entry)
      }
      slot = (slot &+ 1) & mask
    }
  }

  /// Publishes `registration` under its key, handing back the registration it replaces.
  func insert(_ registration: KeyedRegistration) -> Unreachable {
    let (slot, isLive) = probe(registration.key)
    if !isLive {
      used += 1
      count += 1
    }
    return PublishedWord.exchange(PublishedWord.entry(retaining: registration), in: entries + slot)
  }

  func remove(_ key: RegistrationKey) -> Unreachable {
    let (slot, isLive) = probe(key)
    guard isLive else { return Unreachable() }
    count -= 1
    return PublishedWord.exchange(Self.removed, in: entries + slot)
  }

  /// The writer's search for `key`: its live slot, else the empty slot that ends its probe
  /// (removed slots are stepped over, never reused: readers may still be probing past them).
  private func probe(_ key: RegistrationKey) -> (slot: Int, isLive: Bool) {
    let mask = capacity - 1
    var slot = key.slot(shift: shift)
    while entries[slot] != 0 {
      if entries[slot] != Self.removed, Self.holds(entries[slot], key) {
        return (slot, true)
      }
      slot = (slot + 1) & mask
    }
    return (slot, false)
  }

  /// The registration under `key`, for the writer, which may use it while it holds the
  /// container's lock, or retain it.
  subscript(key: RegistrationKey) -> (any AnyRegistration)? {
    let (slot, isLive) = probe(key)
    return isLive ? Self.registration(inSlot: entries[slot]).erased : nil
  }

  /// Every registration, for the writer.
  var registrations: [any AnyRegistration] {
    (0..<capacity).compactMap { slot in
      let entry = entries[slot]
      return entry > Self.removed ? Self.registration(inSlot: entry).erased : nil
    }
  }

  /// Whether the registration of a live entry is registered under `key`: a registration
  /// that a reader found in its read section, or the writer's own, is alive to be asked.
  private static func holds(_ entry: UInt, _ key: RegistrationKey) -> Bool {
    Unmanaged<KeyedRegistration>.fromOpaque(UnsafeRawPointer(bitPattern: entry)!)
      ._withUnsafeGuaranteedRef { $0.key == key }
  }

  private static func registration(inSlot entry: UInt) -> KeyedRegistration {
    Unmanaged<KeyedRegistration>.fromOpaque(UnsafeRawPointer(bitPattern: entry)!)
      .takeUnretainedValue()
  }
}
