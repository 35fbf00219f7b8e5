/// The seam through which Ravioli reports what it does and stops the program when injection
/// cannot go on.
///
/// Set it with ``Container/logger``; ``StandardErrorLogger`` is the default. Write your own to
/// send the messages elsewhere: see <doc:LoggingAndFailures#Writing-your-own-logger>.
///
/// ```swift
/// struct PrintingLogger: RavioliLogger {
///   func log(
///     _ message: @autoclosure () -> String, level: RavioliLoggingLevel,
///     file: StaticString, function: String, line: UInt
///   ) {
///     if level >= .info { print("DI \(level): \(message())") }
///   }
///
///   func die(_ message: String, file: StaticString, function: String, line: UInt) -> Never {
///     fatalError(message, file: file, line: line)
///   }
/// }
/// ```
public protocol RavioliLogger: Sendable {
  /// Records a message, which is an autoclosure: build it only when the level is one you keep.
  /// - Parameters:
  ///   - message: The text, built on demand.
  ///   - level: How important the message is.
  ///   - file: The file the message is about (for a property, where it is declared).
  ///   - function: The function the message is about.
  ///   - line: The line the message is about.
  func log(
    _ message: @autoclosure () -> String, level: RavioliLoggingLevel,
    file: StaticString, function: String, line: UInt)

  /// Called with the full diagnostic when a property wrapper, which cannot throw, fails: log
  /// the message, then stop the program (with `fatalError`, say). It must not return.
  func die(_ message: String, file: StaticString, function: String, line: UInt) -> Never
}

/// How important a logged message is, from least to most.
public enum RavioliLoggingLevel: Int, Sendable, Comparable, CaseIterable, CustomStringConvertible {
  /// Detail about registrations, for following what the container does.
  case debug
  /// Noteworthy events that are not problems.
  case info
  /// Something that is probably a mistake, such as registering the same key twice.
  case warning
  /// A failure.
  case error

  /// Orders levels from ``debug`` to ``error``.
  public static func < (lhs: Self, rhs: Self) -> Bool {
    lhs.rawValue < rhs.rawValue
  }

  /// The level's name: `debug`, `info`, `warning` or `error`.
  public var description: String {
    ["debug", "info", "warning", "error"][rawValue]
  }
}
