/// A logger that drops every message. ``die(_:file:function:line:)`` still stops the program,
/// with the message as the `fatalError` text.
public struct SilentLogger: RavioliLogger {
  /// Creates a silent logger.
  public init() {}

  /// Drops the message without building it.
  public func log(
    _ message: @autoclosure () -> String, level: RavioliLoggingLevel,
    file: StaticString, function: String, line: UInt
  ) {}

  /// Stops the program with `fatalError(message)`.
  public func die(_ message: String, file: StaticString, function: String, line: UInt) -> Never {
    fatalError(message, file: file, line: line)
  }
}
