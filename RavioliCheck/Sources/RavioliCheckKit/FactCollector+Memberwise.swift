import SwiftSyntax

// A structure's memberwise initializer, which Swift writes when the structure's body declares
// no initializer: `autoregister(initializer: Schedule.init)` resolves its parameters.
extension FactCollector {
  /// Notes the memberwise initializer of the structure just entered: a parameter for each
  /// stored property, in order, but constants given a value. Not noted where the source does
  /// not say every parameter's type, or a property has a wrapper or an attribute.
  func noteMemberwiseInitializer(_ node: StructDeclSyntax) {
    guard let type = enclosingType else { return }
    var labels: [String] = []
    var types: [String] = []
    for member in node.memberBlock.members {
      if member.decl.is(InitializerDeclSyntax.self) { return }
      guard let variable = member.decl.as(VariableDeclSyntax.self),
        !variable.modifiers.contains(where: { ["static", "class", "lazy"].contains($0.name.text) })
      else { continue }
      guard variable.attributes.isEmpty else { return }
      let isConstant = variable.bindingSpecifier.tokenKind == .keyword(.let)
      for binding in variable.bindings where !Self.isComputed(binding) {
        if isConstant && binding.initializer != nil { continue }
        guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
          let annotation = binding.typeAnnotation
        else { return }
        labels.append(name)
        types.append(annotation.type.trimmedText)
      }
    }
    facts.initializers.append(
      InitializerFact(type: type, labels: labels, parameterTypes: types))
  }

  /// Whether a property computes its value: accessors other than `willSet` and `didSet`.
  private static func isComputed(_ binding: PatternBindingSyntax) -> Bool {
    switch binding.accessorBlock?.accessors {
    case nil: false
    case .getter?: true
    case .accessors(let accessors)?:
      accessors.contains { !["willSet", "didSet"].contains($0.accessorSpecifier.text) }
    }
  }
}
