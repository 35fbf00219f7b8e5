import SwiftSyntax

// What the fact collector asks of syntax nodes and lines.
extension Substring {
  var trimmingTrailingSpaces: Substring {
    var text = self
    while let last = text.last, last == " " || last == "\t" || last == "\r" {
      text.removeLast()
    }
    return text
  }
}

extension SyntaxProtocol {
  /// The node's text without the trivia before its first token and after its last: what
  /// swift-syntax's `trimmedDescription` gives, without the two copies of the node that it
  /// makes, which cost more than the rest of the reading.
  var trimmedText: String {
    let text = description.utf8
    let start = text.index(text.startIndex, offsetBy: leadingTriviaLength.utf8Length)
    let end = text.index(text.endIndex, offsetBy: -trailingTriviaLength.utf8Length)
    return start < end ? String(Substring(text[start..<end])) : ""
  }
}

extension AttributeListSyntax.Element {
  /// The attribute's name without its arguments, `Injected` for `@Injected(...)`; `nil` for
  /// an `#if` clause.
  var attributeName: String? {
    guard case .attribute(let attribute) = self else { return nil }
    return attribute.attributeName.trimmedText
  }
}

extension SourceFileSyntax {
  /// Whether a type of the file is marked `@main` (or UIKit's and AppKit's older spellings):
  /// the file starts an executable.
  var declaresMain: Bool {
    statements.contains { statement in
      guard let declaration = statement.item.as(DeclSyntax.self),
        let attributed = declaration.asProtocol(WithAttributesSyntax.self)
      else { return false }
      return attributed.attributes.contains { attribute in
        ["main", "UIApplicationMain", "NSApplicationMain"].contains(attribute.attributeName)
      }
    }
  }
}

extension ClosureExprSyntax {
  /// The names of the closure's parameters.
  var parameterNames: [String] {
    switch signature?.parameterClause {
    case .simpleInput(let list)?:
      return list.map(\.name.text)
    case .parameterClause(let clause)?:
      return clause.parameters.map { ($0.secondName ?? $0.firstName).text }
    case nil:
      return []
    }
  }
}

extension PatternSyntax {
  /// The names a pattern binds: `x`, `(a, b)`, `let x`.
  var identifiers: [String] {
    tokens(viewMode: .sourceAccurate).compactMap { token in
      if case .identifier(let name) = token.tokenKind { return name }
      return nil
    }
  }
}
