/// The resolutions in progress on the current thread, outermost first.
///
/// Every registration that runs is pushed here, so that asking for one already on the stack
/// is reported as a cycle instead of recursing until the stack overflows, and so that a
/// failure deep inside a resolver can say which resolutions needed it. It is per thread: a
/// resolver that resolves on another thread and waits for it (`queue.sync`) starts a new
/// stack there, and a cycle through such a hop is not seen.
///
/// Much of it is usable from inlinable code (its storage, its limits, and entering, pushing
/// and popping a frame): the published road pushes and pops its frames where a request is
/// made, in code specialized there (see `LookUp`), and calls only the rare parts.
@usableFromInline
final class ResolutionStack {
  /// A resolution in progress. Plain data, nothing counted: pushing and popping one copies a
  /// few words. What messages say of it (its type and alternative) is read from its
  /// registration when something fails.
  @usableFromInline
  struct Frame {
    /// The registration that is running. Held unowned: while the frame is on the stack, its
    /// thread protects the registration (see ``ReadSections``), and on the roads other than
    /// the published one the resolution that pushed it holds it too, so no other
    /// registration can share the address.
    @usableFromInline unowned(unsafe) let registration: AnyObject
    /// The container that was asked, which runs the registration; alive while it does.
    unowned(unsafe) let container: Container
    /// What the registration declared it needs, if the road checks it: the registration
    /// holds it while the frame is on the stack. Unmanaged rather than `unowned(unsafe)`,
    /// so that asking whether there is one (at every push and pop) retains nothing.
    @usableFromInline let declaredNeeds: Unmanaged<DeclaredNeeds>?
    /// The declared dependencies that the resolver asked for, one bit each.
    var used: UInt64 = 0
    /// Whether the frame holds a reference to its registration, which leaving it releases.
    @usableFromInline fileprivate(set) var holdsRegistration = false

    @usableFromInline
    init(registration: AnyObject, container: Container, needs: DeclaredNeeds? = nil) {
      self.registration = registration
      self.container = container
      declaredNeeds = needs.map { Unmanaged.passUnretained($0) }
    }

    /// The registration's address.
    @inlinable
    var address: UnsafeRawPointer {
      UnsafeRawPointer(Unmanaged.passUnretained(registration).toOpaque())
    }

    /// What the registration declared it needs, if the road checks it.
    var needs: DeclaredNeeds? { declaredNeeds?.takeUnretainedValue() }

    /// Whether the road checks what the registration declared it needs.
    @inlinable
    var checksNeeds: Bool { declaredNeeds != nil }

    /// Pushes the frame on the current thread's stack, unless its registration is already
    /// on it, or resolutions are nested as deep as they may be: then says why, and pushes
    /// nothing. Pair a `nil` answer with ``leave()``.
    ///
    /// A method of the frame, a value, so that calling it from inlinable code passes no
    /// class metadata (a static method of the stack would look it up at every call).
    @usableFromInline
    func enter() -> Refusal? {
      ResolutionStack.withCurrent { $0.enter(self) }
    }

    /// The frame, holding a reference to its registration that leaving it releases: take
    /// it before entering.
    func holdingRegistration() -> Frame {
      var frame = self
      frame.holdsRegistration = true
      return frame
    }

    /// Pops the frame, which ``enter()`` pushed: the innermost.
    @usableFromInline
    func leave() {
      ResolutionStack.withCurrent { $0.leave(registration) }
    }

    /// `Greeter`, or `Greeter (alternative "french")`: its registration's type and
    /// alternative, which are those that were asked for.
    var label: String {
      guard let registration = registration as? any AnyRegistration else { return "?" }
      return describeRequest(registration.type, registration.key.alternative)
    }
  }

  // Used by one thread only, and never re-entered during an access: the runtime's exclusivity
  // checks would cost more than the stack itself. The frames live in a buffer of their own,
  // so that pushing and popping involve no reference counting. Usable from inlinable code:
  // the published road pushes and pops its frames where a request is made (see `LookUp`).
  @usableFromInline @exclusivity(unchecked) private(set) var buffer: UnsafeMutablePointer<Frame>
  @usableFromInline @exclusivity(unchecked) private(set) var capacity = 16
  @usableFromInline @exclusivity(unchecked) var depth = 0
  /// Instances of graph-scoped registrations made during the current top-level resolution.
  @usableFromInline @exclusivity(unchecked) var graph: [ObjectIdentifier: AnyObject] =
    [:]
  /// The trace of the current top-level resolution, when its container traces.
  @usableFromInline @exclusivity(unchecked) var trace: ResolutionTrace?

  /// The thread's read sections (see ``ReadSections``).
  @usableFromInline let reader = ReadSections.Reader(levels: ResolutionStack.depthLimit)
  /// The thread's call stack is too nearly full for another resolution when the stack
  /// pointer is in a range that starts here, at the stack's lowest address, and is as large
  /// as the reserve; empty where the system does not tell where the stack is. A resolution
  /// on a stack of another kind (a signal handler's, a coroutine's) is below or above it,
  /// and not refused.
  @usableFromInline let nearlyFullStart: UInt
  /// The size of that range.
  @usableFromInline let nearlyFullSize: UInt
  /// The size of the thread's call stack, for messages.
  let stackSize: UInt

  /// Releases each thread's stack when the thread ends.
  private static let threadExit = ThreadExitRelease { pointer in
    // Optional on Linux, not on Apple platforms.
    let pointer: UnsafeMutableRawPointer? = pointer
    guard let pointer else { return }
    if AtomicWord.threadResolutionStack == pointer {
      AtomicWord.threadResolutionStack = nil
    }
    Unmanaged<ResolutionStack>.fromOpaque(pointer).release()
  }

  private init() {
    buffer = .allocate(capacity: capacity)
    let bounds = StackBounds.current
    stackSize = bounds?.size ?? 0
    nearlyFullStart = bounds?.low ?? 0
    nearlyFullSize = bounds.map { min(Self.stackReserve, $0.size / 2) } ?? 0
  }

  /// Starts a read section on the current thread (see ``ReadSections``): registrations
  /// found until the matching ``endReading()`` may be used unretained, and must be retained,
  /// or protected by entering their frame before it, to be used after it. Returns the
  /// thread's stack, whose reader's ``ReadSections/Reader/end()`` also ends the section,
  /// without finding the stack again.
  @discardableResult
  static func beginReading() -> Unmanaged<ResolutionStack> {
    withCurrent { stack in
      stack.reader.begin()
      return Unmanaged.passUnretained(stack)
    }
  }

  /// Ends the read section that ``beginReading()`` started.
  static func endReading() {
    withCurrent { $0.reader.end() }
  }

  /// Runs `body` with the current thread's stack, without retaining it: the thread keeps it
  /// alive throughout.
  @inline(__always)
  fileprivate static func withCurrent<Result>(_ body: (ResolutionStack) throws -> Result) rethrows
    -> Result
  {
    let pointer = AtomicWord.threadResolutionStack ?? makeCurrent()
    return try Unmanaged<ResolutionStack>.fromOpaque(pointer)._withUnsafeGuaranteedRef(body)
  }

  /// Makes the current thread's stack, at its first resolution.
  @inline(never)
  private static func makeCurrent() -> UnsafeMutableRawPointer {
    let pointer = Unmanaged.passRetained(ResolutionStack()).toOpaque()
    AtomicWord.threadResolutionStack = pointer
    threadExit.releaseAtExit(pointer)
    return pointer
  }

  deinit {
    buffer.deinitialize(count: depth)
    buffer.deallocate()
    reader.finish()
  }

  /// The current thread's stack.
  @usableFromInline
  static var current: ResolutionStack { withCurrent { $0 } }

  /// How deep resolutions may nest on one thread. No real object graph comes near it; a
  /// resolver that asks for something new at every level (a type or alternative that it
  /// builds as it goes) would otherwise recurse until the thread's stack overflows, with no
  /// message.
  @usableFromInline static let depthLimit = 500

  /// The part of a thread's call stack that resolution leaves free (half of the stack,
  /// if that is less): room to build and throw the error, and for the resolvers that catch
  /// it. A thread with a small stack (512 KiB is common on Apple platforms, and a debug
  /// build takes a few KiB per level) fills it before ``depthLimit`` is reached.
  static let stackReserve: UInt = 128 * 1024

  /// Why a frame was not pushed.
  @usableFromInline
  enum Refusal {
    /// Its registration is already on the stack, from this index on: a cycle.
    case cycle(from: Int)
    /// The stack already holds ``depthLimit`` frames.
    case depthLimit
    /// The thread's call stack is nearly full.
    case callStackNearlyFull
  }

  /// Pushes `frame` on this stack, unless its registration is already on it, or
  /// resolutions are nested as deep as they may be: then says why, and pushes nothing.
  @inlinable @inline(__always)
  func enter(_ frame: Frame) -> Refusal? {
    if let refusal = Refusal.entering(
      cycleFrom: index(of: ObjectIdentifier(frame.registration)), depth: depth)
    {
      return refusal
    }
    if AtomicWord.stackPointer &- nearlyFullStart < nearlyFullSize {
      return .callStackNearlyFull
    }
    push(frame)
    return nil
  }

  /// Pushes `frame`, as ``enter(_:)`` does, and ends the current read section: the thread
  /// protects the registration, which it found in the section, from then on. Pair a `nil`
  /// answer with ``pop()``.
  @inlinable @inline(__always)
  func enterEndingReadSection(_ frame: Frame) -> Refusal? {
    let refusal = enter(frame)
    reader.end()
    return refusal
  }

  /// The frames in progress, outermost first.
  var frames: [Frame] { Array(UnsafeBufferPointer(start: buffer, count: depth)) }

  /// Where `registration` already is on the stack, if it is.
  @inlinable @inline(__always)
  func index(of registration: ObjectIdentifier) -> Int? {
    // Read once: the property would be loaded again at each step.
    let count = depth
    var index = 0
    while index < count {
      if ObjectIdentifier(buffer[index].registration) == registration { return index }
      index += 1
    }
    return nil
  }

  /// Pushes `frame` at the next level and protects its registration there; only
  /// ``enter(_:)`` calls it, after the checks.
  @inlinable @inline(__always)
  func push(_ frame: Frame) {
    // The depth in a local: read once, where each use of the property would load it again
    // after the stores through `buffer`.
    let level = depth
    if level == capacity {
      grow()
    }
    reader.protect(frame.address, level: level)
    (buffer + level).initialize(to: frame)
    depth = level &+ 1
    if frame.checksNeeds {
      AtomicWord.countRoadWatchers(1)
    }
    if let trace {
      trace.entered(ObjectIdentifier(frame.registration), depth: level &+ 1)
    }
  }

  /// Doubles the buffer, at the rare push that finds it full.
  @usableFromInline @inline(never)
  func grow() {
    let larger = UnsafeMutablePointer<Frame>.allocate(capacity: capacity * 2)
    larger.moveInitialize(from: buffer, count: depth)
    buffer.deallocate()
    buffer = larger
    capacity *= 2
  }

  /// Pops the innermost frame, which is `registration`'s (checked in debug builds): how
  /// every road leaves a frame, through ``Frame/leave()`` or ``LookUp/leave(_:)``.
  @inlinable @inline(__always)
  func leave(_ registration: AnyObject) {
    assert(top?.registration === registration, "Frames are left innermost first.")
    pop()
  }

  /// Pops the innermost frame and ends its protection; ``finishPop(marked:releasing:)`` does
  /// the rare rest.
  @inlinable @inline(__always)
  func pop() {
    let level = depth &- 1
    depth = level
    let frame = (buffer + level).move()
    if frame.checksNeeds {
      AtomicWord.countRoadWatchers(-1)
    }
    let marked = reader.unprotect(level: level)
    if trace != nil || (level == 0 && !graph.isEmpty) || marked || frame.holdsRegistration {
      finishPop(marked: marked, releasing: frame.holdsRegistration ? frame.address : nil)
    }
  }

  /// What a pop rarely has to do: tell the trace; at the end of a top-level resolution,
  /// finish the trace and release the graph-scoped instances; release the registration
  /// that the frame held; and, if writers marked the thread, let go of the registrations
  /// that they kept while threads ran them, if none runs them any more.
  @usableFromInline @inline(never)
  func finishPop(marked: Bool, releasing registration: UnsafeRawPointer?) {
    defer {
      // Last: what they release may run a `deinit`, which may resolve.
      if let registration {
        Unmanaged<AnyObject>.fromOpaque(registration).release()
      }
      if marked {
        ReadSections.releaseUnprotected()
      }
    }
    if let trace {
      trace.left(depth: depth)
      if depth == 0 {
        self.trace = nil
        trace.finish()
      }
    }
    if depth == 0 && !graph.isEmpty {
      // Released after `graph` is empty again: a `deinit` may resolve, and come back here.
      let finished = graph
      graph = [:]
      _ = finished
    }
  }

  /// The innermost frame, if any.
  @inlinable
  var top: Frame? { depth == 0 ? nil : buffer[depth - 1] }

  /// Records that the innermost frame's resolver asked for its declared dependency `bit`.
  func markUsed(_ bit: UInt64) {
    buffer[depth - 1].used |= bit
  }
}
