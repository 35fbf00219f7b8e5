import Foundation
import Ravioli

protocol Greeter: Sendable {
  func greet() -> String
}

struct EnglishGreeter: Greeter {
  func greet() -> String { "Hello" }
}

struct FrenchGreeter: Greeter {
  func greet() -> String { "Bonjour" }
}

final class Service: Sendable {
  let id: Int
  init(id: Int = 0) { self.id = id }
}

protocol Delegate: AnyObject, Sendable {}

final class SampleDelegate: Delegate {}

extension RegistrationAlternative {
  static let french: RegistrationAlternative = "french"
  static let another: RegistrationAlternative = "another"
}

/// Counts calls from any thread.
// `count` is only touched under `lock`.
final class Counter: @unchecked Sendable {
  private let lock = NSLock()
  private var count = 0

  var value: Int { lock.withLock { count } }

  @discardableResult
  func increment() -> Int {
    lock.withLock {
      count += 1
      return count
    }
  }
}

/// A logger that keeps what it is told, for checking messages.
// `entries` is only touched under `lock`.
final class RecordingLogger: RavioliLogger, @unchecked Sendable {
  private let lock = NSLock()
  private var entries: [(level: RavioliLoggingLevel, message: String)] = []

  var messages: [(level: RavioliLoggingLevel, message: String)] { lock.withLock { entries } }

  func log(
    _ message: @autoclosure () -> String, level: RavioliLoggingLevel,
    file: StaticString, function: String, line: UInt
  ) {
    let text = message()
    lock.withLock { entries.append((level, text)) }
  }

  func die(_ message: String, file: StaticString, function: String, line: UInt) -> Never {
    fatalError(message)
  }
}

extension RecordingLogger {
  /// The resolution traces logged, their durations replaced by `T`: they vary from run to run.
  var traces: [String] {
    messages.filter { $0.level == .debug && $0.message.contains(" resolved `") }
      .map { $0.message.replacing(/[0-9]+(\.[0-9])? (µs|ms)/, with: "T") }
  }
}

/// Writes a marker and the message it is given to standard output, then exits with 3: shows,
/// in an exit test, what a custom logger gets.
struct MarkingLogger: RavioliLogger {
  func log(
    _ message: @autoclosure () -> String, level: RavioliLoggingLevel,
    file: StaticString, function: String, line: UInt
  ) {}

  func die(_ message: String, file: StaticString, function: String, line: UInt) -> Never {
    print("MARKING LOGGER: \(message)")
    exit(3)
  }
}

func text(_ bytes: [UInt8]?) -> String {
  String(decoding: bytes ?? [], as: UTF8.self)
}

/// A logger that counts messages per level, from any thread, without keeping them.
// `counts` is only touched under `lock`.
final class CountingLogger: RavioliLogger, @unchecked Sendable {
  private let lock = NSLock()
  private var counts: [RavioliLoggingLevel: Int] = [:]

  func count(of level: RavioliLoggingLevel) -> Int { lock.withLock { counts[level, default: 0] } }

  func log(
    _ message: @autoclosure () -> String, level: RavioliLoggingLevel,
    file: StaticString, function: String, line: UInt
  ) {
    _ = message()
    lock.withLock { counts[level, default: 0] += 1 }
  }

  func die(_ message: String, file: StaticString, function: String, line: UInt) -> Never {
    fatalError(message)
  }
}

/// A weak reference that any thread may set and read.
// `stored` is only touched under `lock`.
final class WeakReference<Object: AnyObject>: @unchecked Sendable {
  private let lock = NSLock()
  private weak var stored: Object?

  var object: Object? {
    get { lock.withLock { stored } }
    set { lock.withLock { stored = newValue } }
  }
}

/// Runs `body(thread)` on `count` threads of their own at once, and returns when they are all
/// done with it, or `seconds` have passed; returns whether they are done. A thread lets go of
/// `body` before it says so: what `body` captures (containers, say) is then let go when the
/// caller lets go of it, not later, as a thread ends.
@discardableResult
func onThreads(
  _ count: Int, waitingAtMost seconds: Double = .infinity,
  _ body: @escaping @Sendable (Int) -> Void
) -> Bool {
  let work = ThreadsWork(body)
  let finished = DispatchSemaphore(value: 0)
  for thread in 0..<count {
    Thread {
      work.body!(thread)
      finished.signal()
    }.start()
  }
  let deadline: DispatchTime = seconds.isFinite ? .now() + seconds : .distantFuture
  for _ in 0..<count where finished.wait(timeout: deadline) == .timedOut {
    // Threads stuck (a deadlock, which the caller reports) keep `body`.
    return false
  }
  work.body = nil
  return true
}

/// What ``onThreads(_:_:)``'s threads run: written before they start and after they are done.
final class ThreadsWork: @unchecked Sendable {
  var body: (@Sendable (Int) -> Void)?
  init(_ body: @escaping @Sendable (Int) -> Void) { self.body = body }
}
