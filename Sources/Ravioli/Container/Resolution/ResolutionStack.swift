/// The resolutions in progress on the current thread, outermost first: asking for one already
/// running is reported as a cycle instead of overflowing the stack, and a failure deep inside a
/// resolver can say which resolutions needed it. A resolver that resolves on another thread and
/// waits for it (`queue.sync`) starts a new stack there, and a cycle through such a hop is not
/// seen. The published road pushes and pops frames in inlinable code specialized where a
/// request is made (see `LookUp`), and calls only the rare parts.
@usableFromInline
final class ResolutionStack {
  // Used by one thread only, and never re-entered during an access: the runtime's exclusivity
  // checks would cost more than the stack itself. The frames live in a buffer of their own,
  // so that pushing and popping involve no reference counting.
  @usableFromInline @exclusivity(unchecked) private(set) var buffer: UnsafeMutablePointer<Frame>
  @usableFromInline @exclusivity(unchecked) private(set) var capacity = 16
  @usableFromInline @exclusivity(unchecked) var depth = 0
  /// The graph instances of the top-level resolution running, once it made one.
  @usableFromInline @exclusivity(unchecked) var graph: GraphInstances?
  @usableFromInline @exclusivity(unchecked) var trace: ResolutionTrace?
  /// Where this stack's frames sit in ``trace``: 0 for the thread's own top-level resolution,
  /// the depth of the awaited frame for a synchronous resolution inside an awaited one, whose
  /// outermost frame logs the trace.
  @usableFromInline @exclusivity(unchecked) var traceDepth = 0

  @usableFromInline let reader = ReadSections.Reader(levels: ResolutionStack.depthLimit)
  /// The call stack is nearly full when the stack pointer is in the range that starts here, at
  /// its lowest address, and is `nearlyFullSize` long (empty where the system does not say). A
  /// resolution on a stack of another kind (a signal handler's, a coroutine's) is outside it.
  @usableFromInline let nearlyFullStart: UInt
  @usableFromInline let nearlyFullSize: UInt
  let stackSize: UInt

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

  /// Starts a read section (see ``ReadSections``): registrations found until the matching
  /// ``endReading()`` may be used unretained; after it, only if retained or protected by
  /// entering their frame before it. The returned stack's reader can also end the section
  /// (``ReadSections/Reader/end()``), without finding the stack again.
  @discardableResult
  static func beginReading() -> Unmanaged<ResolutionStack> {
    withCurrent { stack in
      stack.reader.begin()
      return Unmanaged.passUnretained(stack)
    }
  }

  static func endReading() {
    withCurrent { $0.reader.end() }
  }

  /// Runs `body` with the current thread's stack, without retaining it: the thread keeps it
  /// alive throughout.
  static func withCurrent<Result>(_ body: (ResolutionStack) throws -> Result) rethrows
    -> Result
  {
    let pointer = AtomicWord.threadResolutionStack ?? makeCurrent()
    return try Unmanaged<ResolutionStack>.fromOpaque(pointer)._withUnsafeGuaranteedRef(body)
  }

  /// Out of line: inlined, it makes ``withCurrent(_:)`` too large for its callers to inline.
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

  @usableFromInline
  static var current: ResolutionStack { withCurrent { $0 } }

  /// Far beyond any real object graph: it stops a resolver that asks for a new type or
  /// alternative at every level before it overflows the thread's stack, with no message.
  @usableFromInline static let depthLimit = 500

  /// The part of a thread's call stack that resolution leaves free (at most half): room to build
  /// and throw the error, and for resolvers that catch it. A small stack (512 KiB is common on
  /// Apple platforms; a debug build takes a few KiB per level) fills before ``depthLimit``.
  static let stackReserve: UInt = 128 * 1024

  @usableFromInline
  enum Refusal {
    /// Its registration is already on the stack, from this index on: a cycle.
    case cycle(from: Int)
    case depthLimit
    case callStackNearlyFull
  }

  /// Pushes `frame` on this stack, unless its registration is already on it, or
  /// resolutions are nested as deep as they may be: then says why, and pushes nothing.
  /// Always inlined: left to the optimizer, it stays a call on every request.
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

  /// ``enter(_:)``, then ends the read section: from then on, the frame protects the
  /// registration found in it. Pair a `nil` answer with ``pop()``.
  /// Always inlined: left to the optimizer, it stays a call on every request.
  @inlinable @inline(__always)
  func enterEndingReadSection(_ frame: Frame) -> Refusal? {
    let refusal = enter(frame)
    reader.end()
    return refusal
  }

  var frames: [Frame] { Array(UnsafeBufferPointer(start: buffer, count: depth)) }

  /// Always inlined: left to the optimizer, it stays a call on every request.
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

  /// Only ``enter(_:)`` calls it, after the checks.
  /// Always inlined: left to the optimizer, it stays a call on every request.
  @inlinable @inline(__always)
  func push(_ frame: Frame) {
    // Read once: each use of the property would load it again after the stores through `buffer`.
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
      trace.entered(ObjectIdentifier(frame.registration), depth: level &+ 1 &+ traceDepth)
    }
  }

  /// Doubles the buffer, at the rare push that finds it full.
  @usableFromInline
  func grow() {
    let larger = UnsafeMutablePointer<Frame>.allocate(capacity: capacity * 2)
    larger.moveInitialize(from: buffer, count: depth)
    buffer.deallocate()
    buffer = larger
    capacity *= 2
  }

  /// How every road leaves a frame, through ``Frame/leave()`` or ``LookUp/leave(_:)``.
  /// Always inlined: left to the optimizer, it stays a call on every request.
  @inlinable @inline(__always)
  func leave(_ registration: AnyObject) {
    assert(top?.registration === registration, "Frames are left innermost first.")
    pop()
  }

  /// Pops the innermost frame and ends its protection; ``finishPop(_:marked:)`` does
  /// the rare rest.
  /// Always inlined: left to the optimizer, it stays a call on every request.
  @inlinable @inline(__always)
  func pop() {
    let level = depth &- 1
    depth = level
    let frame = (buffer + level).move()
    if frame.checksNeeds {
      AtomicWord.countRoadWatchers(-1)
    }
    let marked = reader.unprotect(level: level)
    if trace != nil || (level == 0 && graph != nil) || marked || frame.holdsRegistration {
      finishPop(frame, marked: marked)
    }
  }

  /// What a pop rarely has to do; if writers marked the thread, that includes letting go of
  /// the registrations that they kept while threads ran them, if none runs them any more.
  @usableFromInline
  func finishPop(_ frame: Frame, marked: Bool) {
    let registration = frame.holdsRegistration ? frame.address : nil
    // First, before anything below runs code that may resolve at this level again.
    let unprotected = marked ? ReadSections.takeProtectionOff(by: reader, level: depth) : nil
    defer {
      // Last: what they release may run a `deinit`, which may resolve.
      if let registration {
        Unmanaged<AnyObject>.fromOpaque(registration).release()
      }
      withExtendedLifetime(unprotected) {}
    }
    if let trace {
      trace.left(ObjectIdentifier(frame.registration), depth: depth + traceDepth)
      if depth == 0 {
        self.trace = nil
        if traceDepth == 0 {
          Container.log(trace)
        }
        traceDepth = 0
      }
    }
    if depth == 0, let finished = graph {
      // Released after `graph` is `nil` again: a `deinit` may resolve, and come back here.
      graph = nil
      withExtendedLifetime(finished) {}
    }
  }

  @inlinable
  var top: Frame? { depth == 0 ? nil : buffer[depth - 1] }

  /// Has this stack's frames go into `trace`, where they sit from `traceDepth` on.
  func follow(_ trace: ResolutionTrace?, from traceDepth: Int = 0) {
    self.trace = trace
    self.traceDepth = traceDepth
  }

  func markUsed(_ bit: UInt64) {
    buffer[depth - 1].used |= bit
  }
}
