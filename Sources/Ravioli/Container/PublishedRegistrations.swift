/// A container's plain registrations as resolution reads them: without a lock, and without
/// retaining what it finds.
///
/// An open-addressing hash table (see ``PlainRegistrations`` for the hash) whose slots are
/// words read through atomics: each holds a registration's address, and a look-up compares
/// the key it probes for with the registration's own (``KeyedRegistration/key``). A writer,
/// which holds the container's lock, publishes a registration in an empty slot; a
/// replacement publishes the new registration, of the same key, in the same slot; a removal
/// leaves a marker that look-ups step over, so that no entry ever moves while readers
/// probe. Growing copies the live entries into larger slots and publishes those.
///
/// Readers find a registration inside a read section (see ``ReadSections``), and retain it,
/// or protect it by entering its frame, before the section ends if they use it after. What
/// a writer takes out of their reach (a replaced or removed registration, slots that grew)
/// is handed back, for the writer to release with ``ReadSections/release(_:)-([AnyObject])``.
final class PublishedRegistrations: @unchecked Sendable {  // written under the container's lock
  /// The current ``Slots``; none before the first registration.
  private let current = PublishedReference<Slots>()

  /// 1 once the container has had a parametrized registration, which a request with a
  /// parameter may prefer to the plain one published here.
  private let parametrized: UnsafeMutablePointer<UInt>

  init() {
    parametrized = .allocate(capacity: 1)
    parametrized.initialize(to: 0)
  }

  /// Whether the container has had a parametrized registration: then a request with a
  /// parameter must look in its table.
  var hasHadParametrized: Bool {
    AtomicWord(at: parametrized).loadAcquire() != 0
  }

  /// Notes that the container has a parametrized registration, before it is stored.
  func noteParametrized() {
    AtomicWord(at: parametrized).store(1)
  }

  deinit {
    // The container is going: no reader holds it, so none can be reading this. The slots
    // hand over their registrations, which they never release themselves.
    _ = current.exchange(nil)?.takeRegistrations()
    parametrized.deallocate()
  }

  /// The registration under `key`, unretained: call it inside a read section, and retain or
  /// protect what it returns to use it after the section ends.
  @inline(__always)
  func registration(for key: RegistrationKey) -> UnsafeMutableRawPointer? {
    current.load()?._withUnsafeGuaranteedRef { $0.find(key) }
  }

  /// Stores `registration` under its key. Returns what readers can no longer reach: the
  /// registration it replaces, and slots that it outgrew.
  func insert(_ registration: KeyedRegistration) -> [AnyObject] {
    var unreachable: [AnyObject] = []
    let slots: Slots
    if let existing = currentSlots, (existing.used + 1) * 4 <= existing.capacity {
      slots = existing
    } else {
      slots = Slots(copying: currentSlots, count: (currentSlots?.count ?? 0) + 1)
      if let outgrown = current.exchange(slots) {
        unreachable.append(outgrown)
      }
    }
    if let replaced = slots.insert(registration) {
      unreachable.append(replaced)
    }
    return unreachable
  }

  /// Removes the registration under `key`, returning it (readers can no longer reach it).
  func remove(_ key: RegistrationKey) -> AnyObject? {
    currentSlots?.remove(key)
  }

  /// Removes every registration. Returns what readers can no longer reach.
  func removeAll() -> [AnyObject] {
    guard let slots = current.exchange(nil) else { return [] }
    return [slots] + slots.takeRegistrations()
  }

  /// The current slots, for the writer.
  private var currentSlots: Slots? {
    current.load()?.takeUnretainedValue()
  }
}

extension PublishedRegistrations {
  /// One generation of the table's slots. A slot's entry is the address of a registration
  /// that the slots retain, ``removed``, or 0 while the slot has never been used; once used,
  /// a slot only ever holds registrations of one key.
  final class Slots {
    let capacity: Int
    /// `64 - log2(capacity)`: the shift that turns a mixed hash into a slot.
    private let shift: Int
    private let entries: UnsafeMutablePointer<UInt>
    /// Slots with a key, including removed ones: only the writer reads or changes it.
    private(set) var used = 0
    /// Slots with a registration: only the writer reads or changes it.
    private(set) var count = 0

    /// The entry of a slot whose registration was removed.
    private static let removed: UInt = 1

    /// Slots for four times `count` registrations at least, holding the live entries of
    /// `old`, which hand their registrations over. A table grows when a quarter of its slots
    /// are used, so that a look-up seldom steps past other keys: at the fullest, one look-up
    /// in twelve steps past two or more (half full, it would be one in three). A slot is one
    /// word.
    init(copying old: Slots?, count: Int) {
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
          place(entry)
        }
      }
    }

    deinit {
      entries.deallocate()
    }

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

    /// Publishes `registration` under its key, returning the registration it replaces.
    func insert(_ registration: KeyedRegistration) -> AnyObject? {
      let entry = UInt(bitPattern: Unmanaged.passRetained(registration).toOpaque())
      let (slot, isLive) = probe(registration.key)
      if isLive {
        return Self.registration(at: AtomicWord(at: entries + slot).exchange(entry))
      }
      AtomicWord(at: entries + slot).store(entry)
      used += 1
      count += 1
      return nil
    }

    /// Marks the slot of `key` removed, returning its registration.
    func remove(_ key: RegistrationKey) -> AnyObject? {
      let (slot, isLive) = probe(key)
      guard isLive else { return nil }
      count -= 1
      return Self.registration(at: AtomicWord(at: entries + slot).exchange(Self.removed))
    }

    /// The writer's search for `key`: its slot if it has a registration there, or else the
    /// empty slot that ends its probe (removed slots are stepped over, never reused, since
    /// readers may still be probing past them).
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

    /// Hands over every registration, for slots that are no longer published (readers that
    /// found them before may still be probing them, so they are left as they are: these
    /// slots are only released after that, and never release their registrations).
    func takeRegistrations() -> [AnyObject] {
      (0..<capacity).compactMap { slot in
        let entry = AtomicWord(at: entries + slot).load()
        return entry > Self.removed ? Self.registration(at: entry) : nil
      }
    }

    /// Places an entry while the slots are not published yet.
    private func place(_ entry: UInt) {
      let slot = probe(Self.registration(inSlot: entry).key).slot
      entries[slot] = entry
      used += 1
      count += 1
    }

    /// Whether the registration of a live entry is registered under `key`: a registration
    /// that a reader found in its read section, or the writer's own, is alive to be asked.
    @inline(__always)
    private static func holds(_ entry: UInt, _ key: RegistrationKey) -> Bool {
      Unmanaged<KeyedRegistration>.fromOpaque(UnsafeRawPointer(bitPattern: entry)!)
        ._withUnsafeGuaranteedRef { $0.key == key }
    }

    /// The registration of a live entry, unretained.
    private static func registration(inSlot entry: UInt) -> KeyedRegistration {
      Unmanaged<KeyedRegistration>.fromOpaque(UnsafeRawPointer(bitPattern: entry)!)
        .takeUnretainedValue()
    }

    private static func registration(at entry: UInt) -> AnyObject? {
      UnsafeRawPointer(bitPattern: entry).map {
        Unmanaged<AnyObject>.fromOpaque($0).takeRetainedValue()
      }
    }
  }
}
