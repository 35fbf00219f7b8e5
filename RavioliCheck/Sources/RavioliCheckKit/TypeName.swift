import Foundation

/// Types as the source writes them, made comparable: Ravioli keys a registration by the
/// metatype, so `any Greeter`, `(Greeter)` and `Greeter` are one type to it, and so are
/// `Optional<Greeter>`, `Greeter!`, `Greeter?` and `(any Greeter)?`, `Array<T>` and `[T]`,
/// `Dictionary<K, V>` and `[K: V]`, `A & B` and `B & A`.
enum TypeName {
  /// The type in one spelling: without spaces, `any`/`some` or a `Swift.` prefix, with the
  /// sugared forms (`T?`, `[T]`, `[K:V]`) and a composition's parts sorted. Text that does not
  /// read as a type is returned without spaces.
  ///
  /// `expanding` gives the text that a name (written as the source writes it) with its
  /// normalized generic arguments stands for, if it is a type alias; the text is read in
  /// turn, to a limited depth.
  static func normalized(
    _ text: String, expanding aliases: Aliases? = nil, depth: Int = 0
  ) -> String {
    guard aliases != nil else {
      return spellings.value(of: text) { read(text, expanding: nil, depth: depth) }
    }
    return read(text, expanding: aliases, depth: depth)
  }

  private static func read(_ text: String, expanding aliases: Aliases?, depth: Int) -> String {
    var reader = TypeReader(text, aliases: depth < 16 ? aliases : nil, depth: depth)
    guard let type = reader.readType(), reader.isAtEnd else {
      return text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
    return type
  }

  /// What a name with its generic arguments stands for, if a type alias: its target's text.
  typealias Aliases = (_ name: String, _ arguments: [String]) -> String?

  /// `text` with each name in `replacements` replaced: a generic alias's parameters by its
  /// arguments.
  static func replacingNames(in text: String, _ replacements: [String: String]) -> String {
    TypeReader.tokens(of: text).map { replacements[$0] ?? $0 }.joined(separator: " ")
  }

  /// ``normalized(_:)`` with every qualified name cut to its last part (`Catalog.Product`
  /// and `Product`, `Store<Models.User>` and `Store<User>` are one key): how a type written
  /// with its module or outer type is matched to one written without.
  static func key(_ text: String) -> String {
    keys.value(of: text) { readKey(text) }
  }

  private static func readKey(_ text: String) -> String {
    var reader = TypeReader(text, qualified: false)
    guard let type = reader.readType(), reader.isAtEnd else {
      return lastComponent(normalized(text))
    }
    return type
  }

  /// Whether two normalized types with one ``key(_:)`` may be one type: not when both name
  /// a nested type in full and the names differ (`Feed.Config`, `Settings.Config`), unless
  /// one is the other with a module or outer type before it.
  static func mayBeSame(_ first: String, _ second: String) -> Bool {
    let a = unwrappingOptional(first)
    let b = unwrappingOptional(second)
    let plain = { (type: String) in
      type.contains(".") && !type.contains { "<[(&".contains($0) }
    }
    guard a != b, plain(a), plain(b) else { return true }
    return a.hasSuffix("." + b) || b.hasSuffix("." + a)
  }

  /// The type an optional wraps (`Delegate` for `Delegate?`); the type itself otherwise.
  static func unwrappingOptional(_ text: String) -> String {
    let type = normalized(text)
    return type.hasSuffix("?") ? String(type.dropLast()) : type
  }

  /// The name without generic arguments or module: `Containerable` for
  /// `Ravioli.Containerable`, `Cache` for `Cache<User>`.
  static func base(_ text: String) -> String {
    let type = normalized(text)
    let withoutArguments = type.firstIndex(of: "<").map { String(type[..<$0]) } ?? type
    return withoutArguments.split(separator: ".").last.map(String.init) ?? withoutArguments
  }

  /// The generic arguments of a normalized type (`["User"]` for `Store<User>`), split at
  /// its top-level commas; empty when it has none.
  static func arguments(_ type: String) -> [String] {
    guard let open = type.firstIndex(of: "<"), type.hasSuffix(">") else { return [] }
    let inside = type[type.index(after: open)..<type.index(before: type.endIndex)]
    var parts: [String] = []
    var depth = 0
    var current = ""
    for character in inside {
      switch character {
      case "<", "(", "[": depth += 1
      case ">", ")", "]": depth -= 1
      case "," where depth == 0:
        parts.append(current)
        current = ""
        continue
      default: break
      }
      current.append(character)
    }
    parts.append(current)
    return parts
  }

  /// Spellings and keys already read: the checks ask for the same few thousand types again
  /// and again, from every thread that reads files.
  private static let spellings = Memo()
  private static let keys = Memo()

  private final class Memo: @unchecked Sendable {  // `values` only under `lock`
    private let lock = NSLock()
    private var values: [String: String] = [:]

    /// The value of `text`, read once.
    func value(of text: String, _ read: () -> String) -> String {
      lock.lock()
      let known = values[text]
      lock.unlock()
      if let known { return known }
      let value = read()
      lock.lock()
      values[text] = value
      lock.unlock()
      return value
    }
  }

  /// The last of a qualified name's parts (`Product` for `Catalog.Product`), keeping
  /// generic arguments and a final `?`.
  static func lastComponent(_ type: String) -> String {
    var depth = 0
    var start = type.startIndex
    for index in type.indices {
      switch type[index] {
      case "<", "(", "[": depth += 1
      case ">", ")", "]": depth -= 1
      case "." where depth == 0: start = type.index(after: index)
      default: break
      }
    }
    return String(type[start...])
  }
}
