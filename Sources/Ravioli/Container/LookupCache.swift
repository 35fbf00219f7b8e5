/// One thread's memory of its recent plain look-ups, so that resolving takes no lock while
/// no registration has changed.
///
/// A container's lock is cheap alone, but two threads resolving from one container at once
/// would take turns at it on every resolution. Each entry here remembers a container, a key
/// and the registration found, at one value of the process-wide registration generation.
/// Any change to any container's registrations (and any container going away) advances the
/// generation, and the next look-up on this thread then forgets every entry at once: a
/// child's look-up depends on its parents too. Entries live in a small direct-mapped table,
/// where a collision replaces the older entry.
///
/// An entry holds its registration strongly, so a registration replaced or removed stays in
/// memory until this thread's next look-up (or its end). What the registration's scope kept
/// is dropped at once all the same: replacing, removing and releasing containers drop the
/// instances explicitly.
struct LookupCache {
  private struct Entry {
    var container: ObjectIdentifier?
    var key: RegistrationKey?
    var registration: AnyObject?
  }

  private static let size = 64
  private let entries: UnsafeMutablePointer<Entry>
  private var generation: UInt64 = 0

  init() {
    entries = .allocate(capacity: Self.size)
    entries.initialize(repeating: Entry(), count: Self.size)
  }

  /// Frees the table; its thread's `ResolutionStack` calls it when the thread ends.
  func deallocate() {
    entries.deinitialize(count: Self.size)
    entries.deallocate()
  }

  /// The registration remembered for `key` in `container`, if the generation is still the
  /// one it was found at. A new generation forgets every entry, and hands back what they
  /// held, for the caller to release once it no longer touches the table.
  mutating func registration(
    in container: ObjectIdentifier, for key: RegistrationKey, generation: UInt64,
    forgotten: inout [AnyObject]
  ) -> AnyObject? {
    guard generation == self.generation else {
      for index in 0..<Self.size where entries[index].registration != nil {
        forgotten.append(entries[index].registration!)
        entries[index] = Entry()
      }
      self.generation = generation
      return nil
    }
    let entry = entries + Self.slot(container, key)
    guard entry.pointee.container == container, entry.pointee.key == key else { return nil }
    return entry.pointee.registration
  }

  /// Remembers `registration`, found at `generation`, handing back the one it replaces.
  func remember(
    _ registration: AnyObject, in container: ObjectIdentifier, for key: RegistrationKey,
    generation: UInt64
  ) -> AnyObject? {
    guard generation == self.generation else { return nil }
    let entry = entries + Self.slot(container, key)
    let replaced = entry.pointee.registration
    entry.pointee = Entry(container: container, key: key, registration: registration)
    return replaced
  }

  private static func slot(_ container: ObjectIdentifier, _ key: RegistrationKey) -> Int {
    let mixed =
      UInt64(truncatingIfNeeded: key.hash ^ Int(bitPattern: UInt(bitPattern: container)))
      &* 0x9E37_79B9_7F4A_7C15
    return Int(truncatingIfNeeded: mixed >> 58)
  }
}
