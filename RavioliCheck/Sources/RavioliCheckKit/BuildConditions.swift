import SwiftSyntax

/// A `#if` clause that a fact is written in: its condition as written, and whether the fact
/// is where the condition holds (its own clause) or where it does not (a later `#elseif` or
/// `#else` of the same `#if`).
struct BuildCondition: Hashable, Sendable {
  let condition: String
  let holds: Bool
}

/// The build configurations that the checks run for: with and without `DEBUG`, so that a
/// registration made only in debug builds is an error, for release builds, at the injection
/// that needs it. Other conditions (`os(iOS)`, a custom flag) are not settled: a fact under
/// one counts in both.
enum BuildConfiguration: CaseIterable, Sendable {
  case debug
  case release

  /// How a finding that only this configuration has says so.
  var only: String {
    switch self {
    case .debug: "in a debug build (`DEBUG` set)"
    case .release: "in a build without `DEBUG`, such as a release build"
    }
  }

  /// Whether a fact under `conditions` is compiled in this configuration: `false` only where
  /// a condition settles it.
  func includes(_ conditions: [BuildCondition]) -> Bool {
    conditions.allSatisfy { condition in
      evaluate(condition.condition).map { $0 == condition.holds } ?? true
    }
  }

  /// The condition's value here; `nil` where it names more than `DEBUG`, `true`, `false`,
  /// `!`, `&&`, `||` and parentheses settle.
  func evaluate(_ condition: String) -> Bool? {
    var tokens = Self.tokens(of: condition)[...]
    guard let value = parseOr(&tokens), tokens.isEmpty else { return nil }
    return value.settled
  }

  /// A three-valued result: `nil` inside is unknown.
  private struct Value {
    let settled: Bool?
  }

  private func parseOr(_ tokens: inout ArraySlice<String>) -> Value? {
    parseOperands(of: "||", &tokens, absorbing: true) { parseAnd(&$0) }
  }

  private func parseAnd(_ tokens: inout ArraySlice<String>) -> Value? {
    parseOperands(of: "&&", &tokens, absorbing: false) { parseUnary(&$0) }
  }

  /// Operands read by `operand`, joined by `op`: `||` (its `absorbing` value `true`: one
  /// true operand settles it) or `&&` (`false`), unknown where the settled ones do not decide.
  private func parseOperands(
    of op: String, _ tokens: inout ArraySlice<String>, absorbing: Bool,
    _ operand: (inout ArraySlice<String>) -> Value?
  ) -> Value? {
    guard var left = operand(&tokens) else { return nil }
    while tokens.first == op {
      tokens.removeFirst()
      guard let right = operand(&tokens) else { return nil }
      left =
        switch (left.settled, right.settled) {
        case (absorbing, _), (_, absorbing): Value(settled: absorbing)
        case (!absorbing, !absorbing): Value(settled: !absorbing)
        default: Value(settled: nil)
        }
    }
    return left
  }

  private func parseUnary(_ tokens: inout ArraySlice<String>) -> Value? {
    guard let token = tokens.popFirst() else { return nil }
    switch token {
    case "!":
      return parseUnary(&tokens).map { Value(settled: $0.settled.map { !$0 }) }
    case "(":
      guard let inner = parseOr(&tokens), tokens.popFirst() == ")" else { return nil }
      return inner
    case "DEBUG":
      return Value(settled: self == .debug)
    case "true":
      return Value(settled: true)
    case "false":
      return Value(settled: false)
    default:
      // `os(iOS)`, `canImport(UIKit)`, a custom flag: unknown, its arguments skipped.
      if tokens.first == "(" {
        var depth = 0
        while let next = tokens.popFirst() {
          depth += next == "(" ? 1 : next == ")" ? -1 : 0
          if depth == 0 { break }
        }
      }
      return Value(settled: nil)
    }
  }

  private static func tokens(of condition: String) -> [String] {
    var tokens: [String] = []
    var word = ""
    var characters = condition[...]
    func flush() {
      if !word.isEmpty {
        tokens.append(word)
        word = ""
      }
    }
    while let character = characters.popFirst() {
      switch character {
      case "(", ")", "!":
        flush()
        tokens.append(String(character))
      case "&", "|":
        flush()
        if characters.first == character {
          characters.removeFirst()
        }
        tokens.append(String(repeating: character, count: 2))
      case _ where character.isWhitespace:
        flush()
      default:
        word.append(character)
      }
    }
    flush()
    return tokens
  }
}

extension FactCollector {
  /// The clauses of a `#if`, each with the lines it spans and the conditions that hold in it.
  static func clauses(of node: IfConfigDeclSyntax, converter: SourceLocationConverter)
    -> [(lines: ClosedRange<Int>, conditions: [BuildCondition])]
  {
    var earlier: [BuildCondition] = []
    return node.clauses.map { clause in
      let start = converter.location(for: clause.positionAfterSkippingLeadingTrivia).line
      let end = converter.location(for: clause.endPositionBeforeTrailingTrivia).line
      var conditions = earlier
      if let condition = clause.condition?.trimmedText {
        conditions.append(BuildCondition(condition: condition, holds: true))
        earlier.append(BuildCondition(condition: condition, holds: false))
      }
      return (start...max(start, end), conditions)
    }
  }

  /// Gives each registration and injection the conditions of the `#if` clauses it is in.
  func noteBuildConditions() {
    guard !buildClauses.isEmpty else { return }
    func conditions(at line: Int) -> [BuildCondition] {
      buildClauses.filter { $0.lines.contains(line) }.flatMap(\.conditions)
    }
    for index in facts.registrations.indices {
      facts.registrations[index].conditions = conditions(
        at: facts.registrations[index].location.line)
    }
    for index in facts.injections.indices {
      facts.injections[index].conditions = conditions(at: facts.injections[index].location.line)
    }
    for index in facts.specializations.indices {
      facts.specializations[index].conditions = conditions(
        at: facts.specializations[index].location.line)
    }
  }
}
