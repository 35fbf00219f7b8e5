import SwiftSyntax

// What names mean where a node is: the locals, properties and generic parameters around it.
extension FactCollector {
  /// The generic parameters of the types and functions around the node.
  var genericParameters: Set<String> {
    bodies.reduce(into: []) { $0.formUnion($1.generics) }
  }

  /// Notes the generic parameters of the type or function just entered.
  func declareGenerics(_ clause: GenericParameterClauseSyntax?) {
    guard let clause, let last = bodies.indices.last else { return }
    bodies[last].generics.formUnion(clause.parameters.map(\.name.text))
  }

  /// What a plain name means in the code around the node (up to the nearest type): the
  /// container a registrations closure's parameter binds, a local that the source does not
  /// say is a container, or neither.
  enum LocalName {
    case container(String)
    case local
    case notLocal
  }

  func local(_ name: String) -> LocalName {
    for body in bodies.reversed() {
      if let bound = body.bound, bound.name == name { return .container(bound.container) }
      if body.locals.contains(name) { return .local }
      // A type's properties hide outer names too, up to the nearest type.
      guard body.isCode else { return .notLocal }
    }
    return .notLocal
  }

  /// Whether `name` is a property of the nearest type that the source does not say is a
  /// container: `self.container` in `init(container: Container)`.
  func isMemberOfNearestType(_ name: String) -> Bool {
    bodies.last { !$0.isCode }?.locals.contains(name) ?? false
  }

  /// Whether the node is in code (a function's or closure's body) rather than in a type.
  var isInCode: Bool { bodies.last?.isCode ?? false }

  /// Notes local names declared in the code around the node.
  func declareLocals(_ names: some Sequence<String>) {
    guard let last = bodies.indices.last, bodies[last].isCode else { return }
    bodies[last].locals.formUnion(names)
  }
}
