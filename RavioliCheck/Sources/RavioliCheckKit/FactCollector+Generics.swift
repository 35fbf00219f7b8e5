import SwiftSyntax

// `ListModel<Order>`: the arguments a generic type is made with, where the source writes them.
extension FactCollector {
  func read(_ node: IdentifierTypeSyntax) -> SyntaxVisitorContinueKind {
    if let clause = node.genericArgumentClause {
      noteSpecialization(of: node.name.text, clause, at: node)
    }
    return .visitChildren
  }

  func read(_ node: GenericSpecializationExprSyntax) -> SyntaxVisitorContinueKind {
    // `ListModel<Order>()` or, qualified, `Orders.ListModel<Order>()`.
    if let reference = node.expression.as(DeclReferenceExprSyntax.self) {
      noteSpecialization(of: reference.baseName.text, node.genericArgumentClause, at: node)
    } else if let member = node.expression.as(MemberAccessExprSyntax.self), member.base != nil {
      noteSpecialization(of: member.trimmedText, node.genericArgumentClause, at: node)
    }
    return .visitChildren
  }

  /// Notes a specialization whose arguments name no generic parameter in scope: those
  /// (`ListModel<Element>` inside a generic function) say nothing of the types made.
  private func noteSpecialization(
    of name: String, _ clause: GenericArgumentClauseSyntax, at node: some SyntaxProtocol
  ) {
    let arguments = clause.arguments.map { $0.argument.trimmedText }
    let inScope = genericParameters
    guard !isIgnored(node),
      inScope.isEmpty
        || arguments.allSatisfy({ inScope.isDisjoint(with: TypeReader.tokens(of: $0)) })
    else { return }
    facts.specializations.append(
      Specialization(
        name: name, arguments: arguments, location: location(of: node), context: enclosingType))
  }
}
