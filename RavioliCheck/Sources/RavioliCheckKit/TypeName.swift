/// Types as the source writes them, made comparable: `any Greeter`, `(Greeter)` and
/// `Greeter` are one type to Ravioli (a registration is keyed by the metatype), and so are
/// `Optional<Greeter>`, `Greeter!` and `Greeter?`.
enum TypeName {
  /// The type's text without spaces, `any`/`some`, enclosing parentheses or a `Swift.`
  /// prefix, with `Optional<T>` and `T!` written `T?`.
  static func normalized(_ text: String) -> String {
    var text = text
    for keyword in ["any ", "some "] {
      text = text.replacingOccurrences(of: keyword, with: "")
    }
    text = String(text.filter { !$0.isWhitespace })
    text = text.replacingOccurrences(of: "Swift.", with: "")
    while text.hasPrefix("("), text.hasSuffix(")"), enclosesAll(text) {
      text = String(text.dropFirst().dropLast())
    }
    if text.hasPrefix("Optional<"), text.hasSuffix(">") {
      text = normalized(String(text.dropFirst("Optional<".count).dropLast())) + "?"
    }
    if text.hasSuffix("!") {
      text = String(text.dropLast()) + "?"
    }
    return text
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

  /// The last of a qualified name's parts (`Product` for `Catalog.Product`), keeping
  /// generic arguments and a final `?`: how a type written with its module is matched to one
  /// written without.
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

  /// Whether the opening parenthesis at the start closes at the very end.
  private static func enclosesAll(_ text: String) -> Bool {
    var depth = 0
    for (offset, character) in text.enumerated() {
      if character == "(" { depth += 1 }
      if character == ")" { depth -= 1 }
      if depth == 0 && offset < text.count - 1 { return false }
    }
    return true
  }
}
