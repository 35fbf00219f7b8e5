/// Plain registrations, which almost every request asks for, sit in ``RegistrationSlots``, read
/// without a lock or a retain under the rules of ``ReadSections``; parametrized ones sit under
/// the lock, one per parameter type, in the order they were registered.
///
/// Writers take the lock. A replacement publishes the new registration in the same slot; a
/// removal leaves a marker that look-ups step over, so that no entry moves while readers probe;
/// growing copies the live entries into larger slots and publishes those. What readers can no
/// longer reach (a replaced or removed registration, outgrown slots) is an ``Unreachable``, let
/// go after the lock (Reclamation.swift).
final class ContainerRegistrations: @unchecked Sendable {  // written only under `lock`
  private let lock = Lock()
  private let current = PublishedReference<RegistrationSlots>()
  /// Only under the lock.
  @exclusivity(unchecked) private var parametrized: [RegistrationKey: [any AnyRegistration]] =
    [:]
  /// 1 once a parametrized registration was stored; read without the lock.
  private let hasHadParametrizedWord: UnsafeMutablePointer<UInt>

  init() {
    hasHadParametrizedWord = .allocate(capacity: 1)
    hasHadParametrizedWord.initialize(to: 0)
  }

  deinit {
    hasHadParametrizedWord.deallocate()
  }

  // MARK: Read without the lock, by resolution

  /// Unretained: call it inside a read section, and retain or protect what it returns to use
  /// it after the section ends. Forced inline: looking through parents otherwise calls it.
  @inline(__always)
  func registration(for key: RegistrationKey) -> UnsafeMutableRawPointer? {
    current.load()?._withUnsafeGuaranteedRef { $0.find(key) }
  }

  /// If so, a request with a parameter must look at the parametrized ones, under the lock.
  var hasHadParametrized: Bool {
    AtomicWord(at: hasHadParametrizedWord).loadAcquire() != 0
  }

  // MARK: Read under the lock

  func resolvers(for key: RegistrationKey, withParameter: Bool) -> ResolversUnderKey {
    lock.withLock {
      // Most containers have no parametrized resolver: skip hashing into an empty dictionary.
      ResolversUnderKey(
        plain: slots?[key],
        parametrized: withParameter && !parametrized.isEmpty ? parametrized[key] : nil)
    }
  }

  /// Keeps no registration past the lock: it is never the last to release one, whose `deinit`
  /// would run inside the caller's locks.
  func site(of key: RegistrationKey) -> RequestSite? {
    lock.withLock { ResolversUnderKey(plain: slots?[key], parametrized: parametrized[key]).site }
  }

  var table: RegistrationTable {
    var table = RegistrationTable()
    lock.withLock {
      table.parametrized = parametrized
      for registration in slots?.registrations ?? [] {
        table.plain[registration.key] = registration
      }
    }
    return table
  }

  // MARK: Written under the lock

  /// Returns what it replaces: the plain one, or the parametrized one of the same parameter type.
  func insert(_ registration: any AnyRegistration) -> (any AnyRegistration)? {
    lock.withLockLettingGo { takenOut in
      guard registration.parameterType == nil else {
        // Noted before it is stored: a reader that sees the resolver sees the note.
        AtomicWord(at: hasHadParametrizedWord).store(1)
        return RegistrationTable.insert(registration, into: &parametrized)
      }
      let replaced = slots?[registration.key]
      takenOut.add(publish(registration))
      return replaced
    }
  }

  func remove(_ key: RegistrationKey) -> [any AnyRegistration] {
    lock.withLockLettingGo { takenOut in
      let removed = ResolversUnderKey(
        plain: slots?[key], parametrized: parametrized.removeValue(forKey: key)
      ).all
      if let slots {
        takenOut.add(slots.remove(key))
      }
      return removed
    }
  }

  /// The resolvers, and what they captured, are released here, outside the lock.
  func removeAll() {
    lock.withLockLettingGo { takenOut in
      takenOut.add(parametrized)
      parametrized = [:]
      takenOut.add(current.exchange(nil))
    }
  }

  /// Returns what readers can no longer reach: the registration replaced, outgrown slots.
  private func publish(_ registration: KeyedRegistration) -> Unreachable {
    var unreachable = Unreachable()
    let slots: RegistrationSlots
    // A replacement takes its registration's slot: only a new key may need room.
    if let existing = self.slots,
      existing[registration.key] != nil || (existing.used + 1) * 4 <= existing.capacity
    {
      slots = existing
    } else {
      slots = RegistrationSlots(copying: self.slots, count: (self.slots?.count ?? 0) + 1)
      unreachable.add(current.exchange(slots))
    }
    unreachable.add(slots.insert(registration))
    return unreachable
  }

  /// For code under the lock.
  private var slots: RegistrationSlots? {
    current.load()?.takeUnretainedValue()
  }
}
