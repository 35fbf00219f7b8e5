/// How deep a file's square brackets nest, found before the file is parsed: swift-syntax's
/// parser takes time exponential in that depth (it looks ahead at each `[` for a type, as in
/// `[[[Int]]]`, and again for an expression), so that a file nested a few dozen deep would
/// take hours. Benchmarks aside, Swift code nests them a few deep; a file nested deeper than
/// ``limit`` is not read, with a warning at the bracket.
enum BracketNesting {
  /// The deepest nesting read: at this depth the parser takes a fraction of a second.
  static let limit = 12

  /// Where the square brackets of `text` first nest deeper than ``limit``, outside comments
  /// and string literals (interpolations included); `nil` if they do not.
  static func tooDeep(_ text: String) -> (line: Int, column: Int)? {
    var scanner = Scanner(Array(text.utf8))
    return scanner.firstTooDeep()
  }

  private struct Scanner {
    let bytes: [UInt8]
    var index = 0
    var line = 1
    var lineStart = 0

    init(_ bytes: [UInt8]) {
      self.bytes = bytes
    }

    mutating func firstTooDeep() -> (line: Int, column: Int)? {
      var depth = 0
      while index < bytes.count {
        let byte = bytes[index]
        switch byte {
        case UInt8(ascii: "["):
          depth += 1
          if depth > BracketNesting.limit {
            return (line, index - lineStart + 1)
          }
        case UInt8(ascii: "]"):
          depth = max(0, depth - 1)
        case UInt8(ascii: "/") where next == UInt8(ascii: "/"):
          skip(until: [UInt8(ascii: "\n")])
          continue
        case UInt8(ascii: "/") where next == UInt8(ascii: "*"):
          skipBlockComment()
          continue
        case UInt8(ascii: "\""):
          skipString()
          continue
        default:
          break
        }
        advance()
      }
      return nil
    }

    private var next: UInt8? { index + 1 < bytes.count ? bytes[index + 1] : nil }

    private mutating func advance() {
      if bytes[index] == UInt8(ascii: "\n") {
        line += 1
        lineStart = index + 1
      }
      index += 1
    }

    private func starts(with sequence: [UInt8]) -> Bool {
      index + sequence.count <= bytes.count
        && bytes[index..<index + sequence.count].elementsEqual(sequence)
    }

    /// Moves past the next `end` (or to the end of the text).
    private mutating func skip(until end: [UInt8]) {
      while index < bytes.count, !starts(with: end) {
        advance()
      }
      for _ in end where index < bytes.count {
        advance()
      }
    }

    /// Block comments nest in Swift.
    private mutating func skipBlockComment() {
      var depth = 0
      repeat {
        if starts(with: Array("/*".utf8)) {
          depth += 1
          advance()
        } else if starts(with: Array("*/".utf8)) {
          depth -= 1
          advance()
        }
        advance()
      } while depth > 0 && index < bytes.count
    }

    /// A string literal, at its opening quote: `"..."`, `"""..."""`, raw (`#"..."#`, whose
    /// `#`s the scan has passed as code), with escapes.
    private mutating func skipString() {
      var hashes = 0
      while index - hashes - 1 >= 0, bytes[index - hashes - 1] == UInt8(ascii: "#") {
        hashes += 1
      }
      let quotes = starts(with: Array("\"\"\"".utf8)) ? 3 : 1
      for _ in 0..<quotes { advance() }
      let closing =
        Array(repeating: UInt8(ascii: "\""), count: quotes)
        + Array(repeating: UInt8(ascii: "#"), count: hashes)
      let escape = [UInt8(ascii: "\\")] + Array(repeating: UInt8(ascii: "#"), count: hashes)
      while index < bytes.count, !starts(with: closing) {
        if starts(with: escape) {
          for _ in escape { advance() }
        }
        if index < bytes.count {
          advance()
        }
      }
      for _ in closing where index < bytes.count {
        advance()
      }
    }
  }
}
