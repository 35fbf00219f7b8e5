/// The registrations that writers took out of readers' reach while threads protected them,
/// each with how many protections hold it (a thread, at a level of its nesting).
///
/// Each counted protection ends once, when its thread leaves that level, and the thread then
/// takes it off here (its reader notes, in ``ReadSections/Reader/keptAt``, what it protects
/// that is kept). The last one to end lets the object go. An object may come to be kept again
/// (the slots that a growth replaced hand over registrations that the new slots still
/// publish, which threads may go on to protect): its new protections are added, and those
/// already counted are not counted twice. A thread that ends a protection thus looks at its own, not at every
/// thread's (see ``ReadSections``). Only under ``ReadSections``' lock for it.
struct ProtectedObjects {
  private var kept: [UInt: (object: any ReadSections.Protectable, protections: Int)] = [:]

  /// Keeps `object`, at `address`, until `protections` (at least one) more have ended: added
  /// to those of an entry for it already, which holds the object (this reference of it is
  /// then let go after the lock, by the caller).
  mutating func keep(_ object: any ReadSections.Protectable, at address: UInt, protections: Int) {
    precondition(protections > 0, "An object that no thread protects is not kept.")
    kept[address, default: (object: object, protections: 0)].protections += protections
  }

  /// Ends the protection of `reader` at `level`, if it holds a kept object: returns the object
  /// when it was the last.
  mutating func end(_ reader: ReadSections.Reader, at level: Int) -> (
    any ReadSections.Protectable
  )? {
    let address = reader.keptAt[level]
    guard address != 0 else {
      return nil
    }
    reader.keptAt[level] = 0
    reader.keptCount -= 1
    guard var entry = kept[address] else {
      assertionFailure("A level notes a kept object that is not kept.")
      return nil
    }
    entry.protections -= 1
    guard entry.protections == 0 else {
      kept[address] = entry
      return nil
    }
    kept[address] = nil
    return entry.object
  }

  /// What a writer took out of reach, which threads may protect: each with its address.
  struct Candidates {
    let objects: [any ReadSections.Protectable]
    let addresses: [UInt]
    /// Where an address is, for many candidates (a removal of many registrations); a few are
    /// compared one by one.
    private let indexes: [UInt: Int]?

    init(_ objects: [any ReadSections.Protectable]) {
      self.objects = objects
      addresses = objects.map {
        UInt(bitPattern: Unmanaged<AnyObject>.passUnretained($0).toOpaque())
      }
      indexes =
        objects.count > 8
        ? Dictionary(
          addresses.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        : nil
    }

    /// The index of the candidate at `address`, if there is one.
    func index(of address: UInt) -> Int? {
      indexes.map { $0[address] } ?? addresses.firstIndex(of: address)
    }
  }
}
