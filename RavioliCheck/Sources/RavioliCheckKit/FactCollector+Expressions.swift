import SwiftSyntax

// What an expression names: a container, an alternative, a type.
extension FactCollector {
  /// `app`, `CatalogModule.container`, `Self.container`, `container!`, or a closure
  /// parameter that a declaration binds.
  func containerReference(_ expression: ExprSyntax) -> ContainerReference {
    if let unwrapped = expression.as(ForceUnwrapExprSyntax.self) {
      return containerReference(unwrapped.expression)
    }
    if let chained = expression.as(OptionalChainingExprSyntax.self) {
      return containerReference(chained.expression)
    }
    guard var names = Self.names(of: expression) else { return .unknown }
    switch local(names[0]) {
    case .container(let id):
      return names.count == 1 ? .declared(id) : .unknown
    case .local:
      // A parameter or local: which container it holds, the source does not say here.
      return .unknown
    case .notLocal:
      break
    }
    if names.first == "self" {
      names.removeFirst()
      // `self.container`, a property set from outside: which container, the source does not
      // say here.
      if let member = names.first, isMemberOfNearestType(member) {
        return .unknown
      }
    } else if names.first == "Self", let type = enclosingType {
      names = type.split(separator: ".").map(String.init) + names.dropFirst()
    }
    return names.isEmpty ? .unknown : .path(names, inside: scopes)
  }

  /// The names of a chain of plain references, `A.b.c`; `nil` for anything else.
  static func names(of expression: ExprSyntax) -> [String]? {
    if let reference = expression.as(DeclReferenceExprSyntax.self) {
      return [reference.baseName.text]
    }
    if let member = expression.as(MemberAccessExprSyntax.self), let base = member.base,
      let names = names(of: base)
    {
      return names + [member.declName.baseName.text]
    }
    return nil
  }

  /// `nil`, `"french"`, `.french`, `RegistrationAlternative("french")`...
  func alternativeReference(_ expression: ExprSyntax) -> AlternativeReference {
    if expression.is(NilLiteralExprSyntax.self) {
      return .none
    }
    if let literal = expression.as(StringLiteralExprSyntax.self) {
      return literal.plainText.map(AlternativeReference.literal) ?? .unknown
    }
    if let member = expression.as(MemberAccessExprSyntax.self) {
      let base = member.base?.trimmedText
      guard
        base == nil || base == "RegistrationAlternative"
          || base == "Ravioli.RegistrationAlternative"
      else { return .unknown }
      return .member(member.declName.baseName.text)
    }
    if let call = expression.as(FunctionCallExprSyntax.self), call.arguments.count == 1,
      ["RegistrationAlternative", ".init", "RegistrationAlternative.init"].contains(
        call.calledExpression.trimmedText),
      let literal = call.arguments.first?.expression.as(StringLiteralExprSyntax.self)
    {
      return literal.plainText.map(AlternativeReference.literal) ?? .unknown
    }
    return .unknown
  }

  /// The type of `T.self` (`T` may be `(any P)`).
  static func metatype(_ expression: ExprSyntax) -> String? {
    guard let member = expression.as(MemberAccessExprSyntax.self),
      member.declName.baseName.text == "self", let base = member.base
    else { return nil }
    return base.trimmedText
  }

  /// The type that an expression makes, when it plainly makes one: `Greeter()`,
  /// `Greeter.init(...)`, `Cache<User>()`, `make() as Greeter`.
  static func madeType(_ expression: ExprSyntax) -> String? {
    if let cast = expression.as(AsExprSyntax.self), cast.questionOrExclamationMark == nil {
      return cast.type.trimmedText
    }
    guard let call = expression.as(FunctionCallExprSyntax.self) else { return nil }
    var called = call.calledExpression
    if let member = called.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "init",
      let base = member.base
    {
      called = base
    }
    if let specialized = called.as(GenericSpecializationExprSyntax.self),
      looksLikeType(specialized.expression)
    {
      return specialized.trimmedText
    }
    return looksLikeType(called) ? called.trimmedText : nil
  }

  /// A reference whose last name starts with a capital letter: a type, by Swift's
  /// conventions (a function would start with a small one).
  private static func looksLikeType(_ expression: ExprSyntax) -> Bool {
    guard let names = names(of: expression), let last = names.last, let first = last.first
    else { return false }
    return first.isUppercase
  }

  /// The single expression a closure's body is (or returns), if it is one.
  static func singleExpression(of closure: ClosureExprSyntax) -> ExprSyntax? {
    guard closure.statements.count == 1, let item = closure.statements.first?.item else {
      return nil
    }
    if let expression = item.as(ExprSyntax.self) {
      return expression
    }
    return item.as(ReturnStmtSyntax.self)?.expression
  }
}

extension StringLiteralExprSyntax {
  /// The text of a literal without interpolations; `nil` if it interpolates.
  var plainText: String? {
    var text = ""
    for segment in segments {
      guard let plain = segment.as(StringSegmentSyntax.self) else { return nil }
      text += plain.content.text
    }
    return text
  }
}
