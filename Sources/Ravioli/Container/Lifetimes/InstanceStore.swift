/// The instance that a kept scope (singleton, weak, cached) holds, and its creation gates.
// The instance itself is the user's, handed to every thread that resolves it: its type is
// `Sendable`, or the registration said `.unchecked` (see `RegistrationScope`).
@usableFromInline
final class InstanceStore<Value>: @unchecked Sendable {  // state only under `lock`
  let creation: CreationGate
  let asyncCreation: AsyncCreationGate?
  @usableFromInline let lock = Lock()
  @usableFromInline let isWeak: Bool
  let scope: Scope
  /// A strong scope's instance, boxed so that it is published as one word: read in read
  /// sections without a lock, and replaced only under `lock`.
  @usableFromInline let published = PublishedReference<Kept>()
  // Only touched under `lock`, which already keeps accesses apart.
  @exclusivity(unchecked) @usableFromInline weak var object: AnyObject?
  /// Counts drops, so that a creation that began before a reset does not keep its instance.
  @exclusivity(unchecked) private var generation = 0
  /// The resets of the instances kept beside this one: its container's, or an isolation scope's.
  @exclusivity(unchecked) private var resets: ResetEpoch?

  init(scope: Scope, label: String, async: Bool) {
    isWeak = scope == .weak
    self.scope = scope
    creation = CreationGate(label: label)
    asyncCreation = async ? AsyncCreationGate() : nil
  }

  /// The kept instance, inside a read section (see ``ReadSections``): a strong one without a lock.
  @inlinable
  var currentInReadSection: Value? {
    if isWeak {
      return current
    }
    return published.load()?._withUnsafeGuaranteedRef { $0.value }
  }

  @usableFromInline
  final class Kept {
    @usableFromInline let value: Value

    init(_ value: Value) {
      self.value = value
    }
  }

  @inlinable
  var current: Value? {
    if isWeak {
      let object = lock.withLock { self.object }
      return object.map { $0 as! Value }
    }
    // The box is replaced only under the lock.
    return lock.withLock { published.load()?._withUnsafeGuaranteedRef { $0.value } }
  }

  func resetsWith(_ resets: ResetEpoch) {
    lock.withLock { self.resets = resets }
  }

  /// When a creation starts, after waiting for a reset that is running: pass it to
  /// ``keep(_:madeIn:)``.
  var currentGeneration: CreationGeneration {
    let resets = lock.withLock { self.resets }
    // The resets are read first: a drop comes after its reset begins.
    let begun = resets?.begun(of: scope)
    return CreationGeneration(drops: lock.withLock { generation }, resets: begun)
  }

  /// Keeps `value`, unless a reset of its scope (which dropped this instance, or one kept
  /// beside it that the resolver may have used) began since its creation did: the caller still
  /// gets it, and the next resolution makes another. For a weak scope, `value` must be a class
  /// instance.
  func keep(_ value: Value, madeIn creation: CreationGeneration) {
    let object = isWeak ? value as AnyObject : nil
    lock.withLockLettingGo { takenOut in
      guard generation == creation.drops,
        resets?.allowsKeeping(scope, since: creation.resets) ?? true
      else { return }
      if isWeak {
        self.object = object
      } else {
        takenOut.add(published.exchange(Kept(value)))
      }
    }
  }

  /// Forgets the instance and hands it back, so that it is released outside the lock.
  func drop() -> Value? {
    let dropped = lock.withLock { () -> Unreachable in
      defer {
        object = nil
        generation += 1
      }
      return published.exchange(nil)
    }
    return dropped.first(Kept.self)?.value
  }
}

/// When a creation of a kept instance started, for ``InstanceStore/keep(_:madeIn:)``. Not nested in
/// the generic store: the awaiting road, which is not specialized, would look up its metadata.
struct CreationGeneration {
  let drops: Int
  /// How many resets of the store's scope had begun.
  let resets: Int?
}

/// The resets of a container's (or an isolation scope's) kept instances, counted by scope.
///
/// A reset of a scope keeps nothing made from what it dropped: a creation of that scope that
/// it overlaps keeps nothing (``InstanceStore/keep(_:madeIn:)``), since its resolver may have
/// used an instance that the reset dropped, or its instance be dropped before it is kept.
/// Creations of other scopes keep theirs, as they would have before or after the reset: a
/// singleton's resolver runs again only after a reset of singletons. A reset counts itself
/// and drops its instances while it holds ``running``, and a creation notes the count when
/// it starts, under ``running`` too: so it waits for a running reset instead of starting
/// inside it, and each creation kept nothing only because a reset of its scope began during it.
/// Each drop happens under its store's lock after the count, so an instance kept before the
/// drop is dropped by it, and one kept after sees the count.
final class ResetEpoch: Sendable {
  /// Held by a reset while it counts itself and drops; taken by a creation to note the count.
  /// Resets run no user code while they hold it.
  private let running = Lock()
  /// How many resets of each scope have begun; read by a store under its own lock.
  private let counts = Locked([Scope: Int]())

  /// How many resets of `scope` have begun, once none is running.
  func begun(of scope: Scope) -> Int {
    running.withLock { counts.withLock { $0[scope, default: 0] } }
  }

  /// Counts a reset of `scopes`, then runs `drop`, the reset's drops; returns what it returns.
  func resetting<Dropped>(_ scopes: [Scope], _ drop: () -> Dropped) -> Dropped {
    running.withLock {
      counts.withLock { counts in
        for scope in scopes { counts[scope, default: 0] += 1 }
      }
      return drop()
    }
  }

  func allowsKeeping(_ scope: Scope, since begun: Int?) -> Bool {
    guard let begun else { return true }
    return counts.withLock { $0[scope, default: 0] } == begun
  }
}

/// Lets one thread at a time create a kept instance, so that its resolver runs once, while
/// other registrations resolve on. Waiting in a loop of gates (two singletons that need each
/// other, created on two threads at once) is refused and reported as a cycle.
final class CreationGate: Sendable {
  let label: String
  private let lock = Lock()

  init(label: String) {
    self.label = label
  }

  /// Returns `nil` once this thread may create the instance (pair it with ``leave()``), or,
  /// without entering, the labels around the loop when waiting would never end.
  func enter() -> [String]? {
    let me = UInt(bitPattern: ObjectIdentifier(ResolutionStack.current))
    let gate = ObjectIdentifier(self)
    var entered = false
    let cycle = WaitGraph.threads.withLock { graph -> [String]? in
      if lock.tryLock() {
        graph.owners[gate] = me
        entered = true
        return nil
      }
      let cycle = graph.cycle(waitingFor: gate, label: label, by: me)
      if cycle == nil {
        graph.waiting[me] = (gate, label)
      }
      return cycle
    }
    if entered || cycle != nil {
      return cycle
    }
    // Only other gates are seen: a resolver that waits for another thread some other way
    // (`queue.sync`, a semaphore) while that thread waits here is not detected.
    lock.lock()
    WaitGraph.threads.withLock { graph in
      graph.waiting[me] = nil
      graph.owners[gate] = me
    }
    return nil
  }

  func leave() {
    let gate = ObjectIdentifier(self)
    WaitGraph.threads.withLock { graph in graph.owners[gate] = nil }
    lock.unlock()
  }
}

/// Which thread (or task) holds which creation gate, and which gate each waiting one waits
/// for; only creations touch it. Gates, threads and tasks are known by address, and stay alive
/// while in the graph: a gate belongs to a registration that the thread or task at it is
/// running; a thread's resolution stack lives as long as the thread, a task as long as it
/// runs; each leaves every gate before its resolution returns.
struct WaitGraph: Sendable {
  /// Threads, by their resolution stacks, waiting for ``CreationGate``s.
  static let threads = Locked(WaitGraph())
  /// Tasks, by address, waiting for ``AsyncCreationGate``s.
  static let tasks = Locked(WaitGraph())

  /// Gate → the thread (its resolution stack) or task creating behind it.
  var owners: [ObjectIdentifier: UInt] = [:]
  /// Thread or task → the gate it waits for, and that gate's label.
  var waiting: [UInt: (gate: ObjectIdentifier, label: String)] = [:]

  /// The labels around the loop if `waiter` waiting for `gate` would never end.
  func cycle(waitingFor gate: ObjectIdentifier, label: String, by waiter: UInt) -> [String]? {
    var labels = [label]
    var gate = gate
    while let owner = owners[gate] {
      if owner == waiter {
        return [labels.last!] + labels
      }
      guard let next = waiting[owner] else { return nil }
      labels.append(next.label)
      gate = next.gate
    }
    return nil
  }
}
