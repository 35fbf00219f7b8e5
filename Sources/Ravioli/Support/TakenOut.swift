/// What a lock's body takes out of the state the lock guards (a replaced value, a removed
/// registration, an `Unreachable`), let go of once the lock is left: letting an object go runs
/// its `deinit`, which may register, resolve or log, and come back to the same lock.
///
/// A body that takes something out hands it over with `add(_:)`, or `replace(_:with:)`;
/// ``Lock/withLockLettingGo(_:)`` and ``Locked/withLockLettingGo(_:)`` keep it until the lock
/// is left. Not copyable: it cannot be kept past them by mistake.
struct TakenOut: ~Copyable {
  private var objects: [Any] = []
  private var unreachable = Unreachable()

  /// Nothing taken out yet.
  init() {}

  /// Keeps `object` (a value, or a box holding several) to let go after the lock.
  mutating func add(_ object: Any) {
    objects.append(object)
  }

  /// Keeps what a reclamation made unreachable, to let go after the lock.
  mutating func add(_ other: consuming Unreachable) {
    unreachable.add(other)
  }

  /// Sets `value` to `newValue`, keeping what it replaces to let go after the lock.
  mutating func replace<Value>(_ value: inout Value, with newValue: Value) {
    objects.append(value)
    value = newValue
  }
}

extension Lock {
  /// Runs `body` under the lock, then lets go of what it took out.
  func withLockLettingGo<Result>(_ body: (inout TakenOut) throws -> Result) rethrows -> Result {
    var takenOut = TakenOut()
    return try withLock { try body(&takenOut) }
  }
}

extension Locked {
  /// Runs `body` with the value under the lock, then lets go of what it took out.
  func withLockLettingGo<Result>(_ body: (inout Value, inout TakenOut) throws -> Result)
    rethrows -> Result
  {
    var takenOut = TakenOut()
    return try withLock { value in try body(&value, &takenOut) }
  }
}
