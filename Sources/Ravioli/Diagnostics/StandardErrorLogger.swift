#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The default logger: writes messages at or above ``minimumLevel`` to standard error, leaving
/// standard output to the app. See <doc:LoggingAndFailures#Choosing-a-logger>.
public struct StandardErrorLogger: RavioliLogger {
  /// Messages below this level are dropped without being built.
  public var minimumLevel: RavioliLoggingLevel

  /// Creates a logger that writes messages at `minimumLevel` or above.
  /// - Parameter minimumLevel: The least important level written; `.warning` by default.
  public init(minimumLevel: RavioliLoggingLevel = .warning) {
    self.minimumLevel = minimumLevel
  }

  /// Writes `[Ravioli] level: message (file:line)` to standard error when `level` is at or
  /// above ``minimumLevel``.
  public func log(
    _ message: @autoclosure () -> String, level: RavioliLoggingLevel,
    file: StaticString, function: String, line: UInt
  ) {
    guard level >= minimumLevel else { return }
    writeToStandardError("[Ravioli] \(level): \(message()) (\(file):\(line))\n")
  }

  /// Writes the message to standard error, whatever ``minimumLevel`` is, then stops the
  /// program with `fatalError`, whose text is the message's first line.
  public func die(_ message: String, file: StaticString, function: String, line: UInt) -> Never {
    writeToStandardError("[Ravioli] error: \(message)\n")
    let summary = message.split(separator: "\n", maxSplits: 1).first.map(String.init) ?? message
    fatalError(summary, file: file, line: line)
  }
}

/// Writes the whole text with `write(2)`: unbuffered, so nothing is lost when the program
/// stops right after, and without touching the C `stderr` global.
func writeToStandardError(_ text: String) {
  var text = text
  text.withUTF8 { bytes in
    var offset = 0
    while offset < bytes.count {
      let written = write(2, bytes.baseAddress! + offset, bytes.count - offset)
      if written <= 0 { return }
      offset += written
    }
  }
}
