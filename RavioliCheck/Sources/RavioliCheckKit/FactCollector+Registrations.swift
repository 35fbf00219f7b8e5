import SwiftSyntax

// `register` and `autoregister` calls.
extension FactCollector {
  func read(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
    // A registration on an ignored line still registers: only its own findings are skipped.
    guard let (receiver, method) = Self.method(of: node) else {
      return .visitChildren
    }
    let container: ContainerReference
    // (`self` read from the node, not its text: a long chain of calls would be written out
    // again at every call of it.)
    if receiver == nil || receiver?.as(DeclReferenceExprSyntax.self)?.baseName.text == "self" {
      // `register(...)` in a helper of `extension Container`: the container it is called on.
      container = containerHelper.map(ContainerReference.helperSelf) ?? .unknown
    } else {
      container = receiver.map(containerReference) ?? .unknown
    }
    switch method {
    case "register":
      noteRegister(node, in: container)
    case "autoregister":
      noteAutoregister(node, in: container)
    default:
      // Any call may be a helper's, on any receiver: one that cannot be named leaves the
      // helper's container unsettled.
      facts.helperCalls.append(HelperCall(method: method, receiver: container))
    }
    return .visitChildren
  }

  /// The method of `extension Container` that the node is in, if it is in one: a helper
  /// whose `self` is the container it is called on.
  var containerHelper: String? {
    guard let type = enclosingType, type == "Container" || type == "Ravioli.Container" else {
      return nil
    }
    // The innermost function (closures are scopes too, written `{line:column}`).
    guard let function = scopes.last(where: { $0.hasSuffix("()") }) else { return nil }
    return String(function.dropLast(2))
  }

  /// The receiver (if written) and the name of a method call.
  private static func method(of call: FunctionCallExprSyntax) -> (ExprSyntax?, String)? {
    if let member = call.calledExpression.as(MemberAccessExprSyntax.self) {
      return (member.base, member.declName.baseName.text)
    }
    if let reference = call.calledExpression.as(DeclReferenceExprSyntax.self) {
      return (nil, reference.baseName.text)
    }
    return nil
  }

  private static let registerLabels: Set<String?> = [
    nil, "alternative", "scope", "needs", "replacing", "file", "line",
  ]

  /// `register(alternative:scope:needs:) { () -> T in ... }` and its parametrized,
  /// main-actor and async forms; `register(scope: .singleton, make)` too, whose type the
  /// source does not say. A `register` call with other labels, or without a resolver, is
  /// some other library's.
  private func noteRegister(_ call: FunctionCallExprSyntax, in container: ContainerReference) {
    guard call.arguments.allSatisfy({ Self.registerLabels.contains($0.label?.text) }) else {
      return
    }
    let resolver =
      call.trailingClosure.map(ExprSyntax.init)
      ?? call.arguments.last { $0.label == nil }?.expression
    guard let resolver else { return }
    let closure = resolver.as(ClosureExprSyntax.self)
    var alternative = AlternativeReference.none
    var needs: [NeedFact]?
    for argument in call.arguments {
      switch argument.label?.text {
      case "alternative":
        alternative = alternativeReference(argument.expression)
      case "needs":
        needs = argument.expression.as(ArrayExprSyntax.self).map { list in
          list.elements.compactMap { need($0.expression) }
        }
      default:
        break
      }
    }
    let type =
      closure?.signature?.returnClause?.type.trimmedText
      ?? closure.flatMap(Self.singleExpression).flatMap(Self.madeType)
    facts.registrations.append(
      RegistrationFact(
        container: container, type: type, alternative: alternative,
        parameterType: closure.flatMap(Self.parameterType), needs: needs, initializerOf: nil,
        parameterAlternatives: [:], location: location(of: call), ignored: isIgnored(call),
        context: enclosingType))
  }

  /// The type a parametrized resolver takes; `nil` for a plain one.
  private static func parameterType(of closure: ClosureExprSyntax) -> String? {
    switch closure.signature?.parameterClause {
    case .parameterClause(let clause)?:
      guard let first = clause.parameters.first else { return nil }
      return first.type?.trimmedText ?? "Any"
    case .simpleInput(let list)?:
      return list.isEmpty ? nil : "Any"
    case nil:
      return nil
    }
  }

  /// `.on(T.self, alternative: x, parameter: P.self)`.
  private func need(_ expression: ExprSyntax) -> NeedFact? {
    guard let call = expression.as(FunctionCallExprSyntax.self),
      call.calledExpression.trimmedText.hasSuffix("on"),
      let first = call.arguments.first, first.label == nil,
      let type = Self.metatype(first.expression)
    else { return nil }
    var alternative = AlternativeReference.none
    var withParameter = false
    for argument in call.arguments.dropFirst() {
      switch argument.label?.text {
      case "alternative":
        alternative = alternativeReference(argument.expression)
      case "parameter":
        withParameter = !argument.expression.is(NilLiteralExprSyntax.self)
      default:
        break
      }
    }
    return NeedFact(
      type: type, alternative: alternative, withParameter: withParameter,
      location: location(of: expression), context: enclosingType)
  }

  /// `autoregister(T.self, alternative:scope:parameters:) { (a: A, b: B) in ... }` or
  /// `autoregister(initializer: T.init)`: the initializer's parameters are its needs.
  private func noteAutoregister(_ call: FunctionCallExprSyntax, in container: ContainerReference) {
    var explicitType: String?
    var alternative = AlternativeReference.none
    var parameterAlternatives: [String: AlternativeReference] = [:]
    var initializer: ExprSyntax? = call.trailingClosure.map(ExprSyntax.init)
    for argument in call.arguments {
      switch argument.label?.text {
      case nil:
        explicitType = Self.metatype(argument.expression) ?? explicitType
        if let closure = argument.expression.as(ClosureExprSyntax.self) {
          initializer = ExprSyntax(closure)
        }
      case "alternative":
        alternative = alternativeReference(argument.expression)
      case "parameters":
        for element in argument.expression.as(ArrayExprSyntax.self)?.elements ?? [] {
          if let given = need(element.expression) {
            parameterAlternatives[given.type] = given.alternative
          }
          // Matched to the parameters by type once type names are settled (`Program`).
        }
      case "initializer":
        initializer = argument.expression
      default:
        break
      }
    }
    var type = explicitType
    var needs: [NeedFact]?
    var initializerOf: (type: String, labels: [String]?)?
    if let closure = initializer?.as(ClosureExprSyntax.self) {
      type =
        type ?? closure.signature?.returnClause?.type.trimmedText
        ?? Self.singleExpression(of: closure).flatMap(Self.madeType)
      if case .parameterClause(let clause)? = closure.signature?.parameterClause,
        clause.parameters.allSatisfy({ $0.type != nil })
      {
        needs = clause.parameters.map { parameter in
          let needed = parameter.type!.trimmedText
          return NeedFact(
            type: needed, alternative: .none, withParameter: false,
            location: location(of: parameter), context: enclosingType)
        }
      }
    } else if let reference = initializer?.as(MemberAccessExprSyntax.self),
      reference.declName.baseName.text == "init", let base = reference.base
    {
      let made = base.trimmedText
      type = type ?? made
      initializerOf = (
        made, reference.declName.argumentNames.map { $0.arguments.map(\.name.text) }
      )
    }
    facts.registrations.append(
      RegistrationFact(
        container: container, type: type, alternative: alternative, parameterType: nil,
        needs: needs, initializerOf: initializerOf.map { ($0.type, $0.labels) },
        parameterAlternatives: parameterAlternatives, location: location(of: call),
        ignored: isIgnored(call), context: enclosingType))
  }
}
