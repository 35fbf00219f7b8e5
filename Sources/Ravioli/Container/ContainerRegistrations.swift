/// A container's own registrations: the one table that its resolutions read and that
/// registering and removing change.
///
/// Plain registrations, which almost every request asks for, sit in ``RegistrationSlots``
/// that resolution reads without a lock and without retaining what it finds. A reader finds
/// a registration inside a read section (see ``ReadSections``), and retains it, or protects
/// it by entering its frame, before the section ends if it uses it after. Parametrized
/// resolvers, which a request with a parameter may prefer, sit under the table's lock: one
/// per parameter type, in the order they were registered.
///
/// Writers take the lock. A replacement publishes the new registration, of the same key, in
/// the same slot; a removal leaves a marker that look-ups step over, so that no entry ever
/// moves while readers probe; growing copies the live entries into larger slots and
/// publishes those. What a writer takes out of readers' reach (a replaced or removed
/// registration, slots that were outgrown) is released after the lock is let go, with
/// ``ReadSections/release(_:)-([AnyObject])``, by the methods here.
final class ContainerRegistrations: @unchecked Sendable {  // written only under `lock`
  private let lock = Lock()
  /// The current slots; none before the first plain registration.
  private let current = PublishedReference<RegistrationSlots>()
  /// The parametrized resolvers, by key: only under the lock.
  @exclusivity(unchecked) private var parametrized: [RegistrationKey: [any AnyRegistration]] =
    [:]
  /// 1 once the container has had a parametrized registration, which a request with a
  /// parameter may prefer to the plain one in the slots.
  private let hasHadParametrizedWord: UnsafeMutablePointer<UInt>

  init() {
    hasHadParametrizedWord = .allocate(capacity: 1)
    hasHadParametrizedWord.initialize(to: 0)
  }

  deinit {
    // The container is going: no reader holds it, so none can be reading this. The slots
    // hand over their registrations, which they never release themselves.
    _ = current.exchange(nil)?.takeRegistrations()
    hasHadParametrizedWord.deallocate()
  }

  // MARK: Read without the lock, by resolution

  /// The plain registration under `key`, unretained: call it inside a read section, and
  /// retain or protect what it returns to use it after the section ends.
  @inline(__always)
  func registration(for key: RegistrationKey) -> UnsafeMutableRawPointer? {
    current.load()?._withUnsafeGuaranteedRef { $0.find(key) }
  }

  /// Whether the container has had a parametrized registration: then a request with a
  /// parameter must look at the parametrized ones, under the lock.
  var hasHadParametrized: Bool {
    AtomicWord(at: hasHadParametrizedWord).loadAcquire() != 0
  }

  // MARK: Read under the lock

  /// The plain registration under `key` and, if `withParameter`, the parametrized ones.
  func resolvers(for key: RegistrationKey, withParameter: Bool)
    -> (plain: (any AnyRegistration)?, parametrized: [any AnyRegistration]?)
  {
    lock.withLock {
      // An empty dictionary is not hashed into: most containers have no parametrized
      // resolver.
      (
        slots?[key],
        withParameter && !parametrized.isEmpty ? parametrized[key] : nil
      )
    }
  }

  /// Every resolver under `key`: the plain one first, then the parametrized ones.
  func registered(under key: RegistrationKey) -> [any AnyRegistration] {
    let (plain, parametrized) = resolvers(for: key, withParameter: true)
    return (plain.map { [$0] } ?? []) + (parametrized ?? [])
  }

  /// Where the registration under `key` was made (the plain one, else the first
  /// parametrized one), read without keeping any registration past the lock: it is never
  /// the last to release one, which would run its `deinit` inside the caller's locks.
  func site(of key: RegistrationKey) -> RequestSite? {
    lock.withLock { slots?[key]?.site ?? parametrized[key]?.first?.site }
  }

  /// The registration that storing `registration` would replace.
  func stored(like registration: any AnyRegistration) -> (any AnyRegistration)? {
    let (plain, parametrized) = resolvers(
      for: registration.key, withParameter: registration.parameterType != nil)
    guard registration.parameterType != nil else { return plain }
    return parametrized?.first { $0.parameterType == registration.parameterType }
  }

  /// A copy of the table, for validation and isolation scopes, which add to it.
  var table: RegistrationTable {
    var table = RegistrationTable()
    lock.withLock {
      table.parametrized = parametrized
      for registration in slots?.registrations ?? [] {
        _ = table.plain.insert(registration)
      }
    }
    return table
  }

  /// Every registration, for eager creation and resets.
  var all: [any AnyRegistration] {
    lock.withLock { (slots?.registrations ?? []) + parametrized.values.flatMap { $0 } }
  }

  var isEmpty: Bool {
    lock.withLock { (slots?.count ?? 0) == 0 && parametrized.isEmpty }
  }

  // MARK: Written under the lock

  /// Stores `registration` under its key, returning the registration it replaces: the plain
  /// one, or the parametrized one that takes the same parameter type.
  func insert(_ registration: any AnyRegistration) -> (any AnyRegistration)? {
    let (replaced, unreachable) = lock.withLock {
      () -> ((any AnyRegistration)?, [AnyObject]) in
      guard registration.parameterType == nil else {
        // Noted before it is stored: a reader that sees the resolver sees the note.
        AtomicWord(at: hasHadParametrizedWord).store(1)
        var list = parametrized[registration.key, default: []]
        let replaced = list.firstIndex { $0.parameterType == registration.parameterType }
          .map { list.remove(at: $0) }
        list.append(registration)
        parametrized[registration.key] = list
        return (replaced, [])
      }
      return (slots?[registration.key], publish(registration))
    }
    ReadSections.release(unreachable)
    return replaced
  }

  /// Removes every resolver (plain and parametrized) under `key`, returning them.
  func remove(_ key: RegistrationKey) -> [any AnyRegistration] {
    let (removed, unreachable) = lock.withLock {
      () -> ([any AnyRegistration], AnyObject?) in
      let plain = slots?[key]
      let removed = (plain.map { [$0] } ?? []) + (parametrized.removeValue(forKey: key) ?? [])
      return (removed, plain == nil ? nil : slots?.remove(key))
    }
    ReadSections.release(unreachable.map { [$0] } ?? [])
    return removed
  }

  /// Removes every registration. Its resolvers, and what they captured, are released here,
  /// outside the lock.
  func removeAll() {
    let (removed, unreachable) = lock.withLock {
      () -> ([RegistrationKey: [any AnyRegistration]], [AnyObject]) in
      defer { parametrized = [:] }
      guard let slots = current.exchange(nil) else { return (parametrized, []) }
      return (parametrized, [slots] + slots.takeRegistrations())
    }
    ReadSections.release(unreachable)
    _ = removed
  }

  /// Publishes a plain registration. Returns what readers can no longer reach: the
  /// registration it replaces, and slots that it outgrew.
  private func publish(_ registration: KeyedRegistration) -> [AnyObject] {
    var unreachable: [AnyObject] = []
    let slots: RegistrationSlots
    if let existing = self.slots, (existing.used + 1) * 4 <= existing.capacity {
      slots = existing
    } else {
      slots = RegistrationSlots(copying: self.slots, count: (self.slots?.count ?? 0) + 1)
      if let outgrown = current.exchange(slots) {
        unreachable.append(outgrown)
      }
    }
    if let replaced = slots.insert(registration) {
      unreachable.append(replaced)
    }
    return unreachable
  }

  /// The current slots, for the writer.
  private var slots: RegistrationSlots? {
    current.load()?.takeUnretainedValue()
  }
}
