/// Reads a type's text, writing it in ``TypeName``'s one spelling as it goes.
struct TypeReader {
  private let tokens: [String]
  private var index = 0
  /// Whether names keep their qualifiers (`Catalog.Product`) or only their last part.
  private let qualified: Bool
  private let aliases: TypeName.Aliases?
  private let depth: Int

  init(
    _ text: String, qualified: Bool = true, aliases: TypeName.Aliases? = nil, depth: Int = 0
  ) {
    tokens = Self.tokens(of: text)
    self.qualified = qualified
    self.aliases = aliases
    self.depth = depth
  }

  var isAtEnd: Bool { index == tokens.count }

  private var next: String? { index < tokens.count ? tokens[index] : nil }

  private mutating func take(_ token: String) -> Bool {
    guard next == token else { return false }
    index += 1
    return true
  }

  /// A composition: `A & B`, its parts sorted.
  mutating func readType() -> String? {
    var parts: [String] = []
    repeat {
      guard let part = readPostfix() else { return nil }
      parts.append(part)
    } while take("&")
    return parts.count == 1 ? parts[0] : parts.sorted().joined(separator: "&")
  }

  /// A type with `?`, `!` (written `?`), `.Type` and `.Protocol` after it.
  private mutating func readPostfix() -> String? {
    guard var type = readPrimary() else { return nil }
    while true {
      if take("?") || take("!") {
        type += "?"
      } else if next == ".", index + 1 < tokens.count,
        ["Type", "Protocol"].contains(tokens[index + 1])
      {
        type += "." + tokens[index + 1]
        index += 2
      } else {
        return type
      }
    }
  }

  private mutating func readPrimary() -> String? {
    guard let token = next else { return nil }
    if Self.droppedWords.contains(token) {
      index += 1
      return readPrimary()
    }
    if token.hasPrefix("@") {
      // Attributes, in one order: `@MainActor @Sendable` and `@Sendable @MainActor` are one.
      var attributes: [String] = []
      while let attribute = next, attribute.hasPrefix("@") {
        attributes.append(attribute)
        index += 1
      }
      return readPrimary().map { attributes.sorted().joined(separator: " ") + " " + $0 }
    }
    if take("[") {
      guard let element = readType() else { return nil }
      if take(":") {
        guard let value = readType(), take("]") else { return nil }
        return "[\(element):\(value)]"
      }
      return take("]") ? "[\(element)]" : nil
    }
    if take("(") {
      return readParenthesized()
    }
    return readNamed()
  }

  /// Words that do not change the type a registration is keyed by.
  private static let droppedWords: Set<String> = [
    "any", "some", "borrowing", "consuming", "sending", "inout", "isolated", "__owned",
    "__shared",
  ]

  /// `(T)`, a tuple (its labels are part of its type), or a function type (its parameters'
  /// labels are not).
  private mutating func readParenthesized() -> String? {
    var elements: [String] = []
    var labels: [String] = []
    while !take(")") {
      if !elements.isEmpty, !take(",") { return nil }
      // A label: `name: T` or `_ name: T`.
      var label = ""
      if let first = next, Self.isIdentifier(first) {
        if index + 1 < tokens.count, tokens[index + 1] == ":" {
          label = first
          index += 2
        } else if index + 2 < tokens.count, Self.isIdentifier(tokens[index + 1]),
          tokens[index + 2] == ":"
        {
          label = first
          index += 3
        }
      }
      guard let element = readType() else { return nil }
      elements.append(element)
      labels.append(label == "_" ? "" : label)
    }
    var effects = ""
    while let effect = next, ["async", "throws", "rethrows"].contains(effect) {
      effects += " " + effect
      index += 1
      // Typed throws: `throws(ParseError)`.
      if effect == "throws", take("(") {
        guard let error = readType(), take(")") else { return nil }
        effects += "(\(error))"
      }
    }
    if take("->") {
      guard let result = readType() else { return nil }
      return "(\(elements.joined(separator: ",")))\(effects)->\(result)"
    }
    guard effects.isEmpty else { return nil }
    if elements.count == 1 {
      return elements[0]
    }
    let labelled = zip(labels, elements).map { $0.isEmpty ? $1 : "\($0):\($1)" }
    return "(\(labelled.joined(separator: ",")))"
  }

  /// `Name`, `Module.Name<Argument>`, with the standard library's sugar.
  private mutating func readNamed() -> String? {
    var parts: [String] = []
    repeat {
      guard let name = next, Self.isIdentifier(name) else { return nil }
      index += 1
      var part = name
      if take("<") {
        var arguments: [String] = []
        repeat {
          guard let argument = readType() else { return nil }
          arguments.append(argument)
        } while take(",")
        guard take(">") else { return nil }
        part += "<\(arguments.joined(separator: ","))>"
      }
      parts.append(part)
    } while continuesName && take(".")
    if let aliases, let last = parts.last {
      let name = (parts.dropLast() + [String(last.prefix { $0 != "<" })]).joined(separator: ".")
      if let target = aliases(name, TypeName.arguments(last)) {
        return TypeName.normalized(target, expanding: aliases, depth: depth + 1)
      }
    }
    if parts.count > 1, parts[0] == "Swift" {
      parts.removeFirst()
    }
    if parts == ["Void"] {
      return "()"
    }
    if parts.count == 1, let sugared = Self.sugared(parts[0]) {
      return sugared
    }
    return qualified ? parts.joined(separator: ".") : parts[parts.count - 1]
  }

  /// Whether a `.` and a name come next, continuing a qualified name (not `.Type`).
  private var continuesName: Bool {
    next == "." && index + 1 < tokens.count && Self.isIdentifier(tokens[index + 1])
      && !["Type", "Protocol"].contains(tokens[index + 1])
  }

  /// `Optional<T>` as `T?`, `Array<T>` as `[T]`, `Dictionary<K,V>` as `[K:V]`.
  private static func sugared(_ part: String) -> String? {
    let arguments = TypeName.arguments(part)
    switch (part.prefix { $0 != "<" }, arguments.count) {
    case ("Optional", 1), ("ImplicitlyUnwrappedOptional", 1):
      return arguments[0] + "?"
    case ("Array", 1): return "[\(arguments[0])]"
    case ("Dictionary", 2): return "[\(arguments[0]):\(arguments[1])]"
    default: return nil
    }
  }

  private static func isIdentifier(_ token: String) -> Bool {
    guard let first = token.first else { return false }
    return first.isLetter || first == "_" || first == "`" || !first.isASCII
  }

  /// Whether a character may be part of a name: Swift's identifiers take letters, digits,
  /// `_` and most of Unicode beyond ASCII (emoji among it).
  private static func isNamePart(_ character: Character) -> Bool {
    // ASCII, by its code: Unicode's properties cost more than the rest of the reading.
    guard let code = character.asciiValue else { return true }
    return (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || (code >= 48 && code <= 57)
      || code == 95
  }

  /// Names (backquotes removed), `->`, `@attributes`, and one-character punctuation.
  static func tokens(of text: String) -> [String] {
    var tokens: [String] = []
    var characters = Array(text)[...]
    while let character = characters.first {
      if character.isWhitespace {
        characters.removeFirst()
      } else if character == "`" {
        let name = characters.dropFirst().prefix { $0 != "`" }
        tokens.append(String(name))
        characters = characters.dropFirst(name.count + 2)
      } else if isNamePart(character) || character == "@" {
        let name = characters.prefix { isNamePart($0) || $0 == "@" }
        tokens.append(String(name))
        characters = characters.dropFirst(name.count)
      } else if character == "-", characters.dropFirst().first == ">" {
        tokens.append("->")
        characters = characters.dropFirst(2)
      } else {
        tokens.append(String(character))
        characters.removeFirst()
      }
    }
    return tokens
  }
}
