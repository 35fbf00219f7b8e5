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
    var reader = Reader(text, aliases: depth < 16 ? aliases : nil, depth: depth)
    guard let type = reader.readType(), reader.isAtEnd else {
      return String(text.filter { !$0.isWhitespace })
    }
    return type
  }

  /// What a name with its generic arguments stands for, if a type alias: its target's text.
  typealias Aliases = (_ name: String, _ arguments: [String]) -> String?

  /// `text` with each name in `replacements` replaced: a generic alias's parameters by its
  /// arguments.
  static func replacingNames(in text: String, _ replacements: [String: String]) -> String {
    Reader.tokens(of: text).map { replacements[$0] ?? $0 }.joined(separator: " ")
  }

  /// ``normalized(_:)`` with every qualified name cut to its last part (`Catalog.Product`
  /// and `Product`, `Store<Models.User>` and `Store<User>` are one key): how a type written
  /// with its module or outer type is matched to one written without.
  static func key(_ text: String) -> String {
    var reader = Reader(text, qualified: false)
    guard let type = reader.readType(), reader.isAtEnd else {
      return lastComponent(normalized(text))
    }
    return type
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

/// Reads a type's text, writing it in ``TypeName``'s one spelling as it goes.
private struct Reader {
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
    if token == "any" || token == "some" || token == "borrowing" || token == "consuming" {
      index += 1
      return readPrimary()
    }
    if token.hasPrefix("@") {
      index += 1
      return readPrimary().map { token + " " + $0 }
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

  /// `(T)`, a tuple, or a function type.
  private mutating func readParenthesized() -> String? {
    var elements: [String] = []
    while !take(")") {
      if !elements.isEmpty, !take(",") { return nil }
      // A label: `name: T` or `_ name: T`.
      if let first = next, Self.isIdentifier(first) {
        if index + 1 < tokens.count, tokens[index + 1] == ":" {
          index += 2
        } else if index + 2 < tokens.count, Self.isIdentifier(tokens[index + 1]),
          tokens[index + 2] == ":"
        {
          index += 3
        }
      }
      guard let element = readType() else { return nil }
      elements.append(element)
    }
    var effects = ""
    while let effect = next, ["async", "throws", "rethrows"].contains(effect) {
      effects += " " + effect
      index += 1
    }
    if take("->") {
      guard let result = readType() else { return nil }
      return "(\(elements.joined(separator: ",")))\(effects)->\(result)"
    }
    guard effects.isEmpty else { return nil }
    return elements.count == 1 ? elements[0] : "(\(elements.joined(separator: ",")))"
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
    return first.isLetter || first == "_" || first == "`"
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
      } else if character.isLetter || character.isNumber || character == "_" || character == "@" {
        let name = characters.prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "@" }
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
