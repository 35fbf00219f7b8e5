import SwiftSyntax

// Containers: how the source makes them, and the parents it gives them.
extension FactCollector {
  /// `let app: Container = { let c = Container(...); ...; return c }()`: the closure, the
  /// local's name, and the local's declaration and call.
  static func containerMadeInClosure(_ binding: PatternBindingSyntax) -> (
    ClosureExprSyntax, String, (declaration: SyntaxIdentifier, call: FunctionCallExprSyntax)
  )? {
    guard let call = binding.initializer?.value.as(FunctionCallExprSyntax.self),
      call.arguments.isEmpty, let closure = call.calledExpression.as(ClosureExprSyntax.self),
      let last = closure.statements.last?.item
    else { return nil }
    let returned =
      last.as(ReturnStmtSyntax.self)?.expression ?? last.as(ExprSyntax.self)
    guard let local = returned?.as(DeclReferenceExprSyntax.self)?.baseName.text else {
      return nil
    }
    for statement in closure.statements {
      guard let variable = statement.item.as(VariableDeclSyntax.self) else { continue }
      for inner in variable.bindings
      where inner.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == local {
        guard makesContainer(inner),
          let made = inner.initializer?.value.as(FunctionCallExprSyntax.self)
        else { return nil }
        return (closure, local, (variable.id, made))
      }
    }
    return nil
  }

  /// Whether the binding makes a container: `= Container(...)`, or `: Container = .init(...)`;
  /// not `makeContainer()` nor another library's `PersistentContainer(...)`.
  static func makesContainer(_ binding: PatternBindingSyntax) -> Bool {
    guard let call = binding.initializer?.value.as(FunctionCallExprSyntax.self) else {
      return false
    }
    let called = call.calledExpression.trimmedText
    if containerInitializers.contains(called) {
      return true
    }
    let annotation = binding.typeAnnotation?.type.trimmedText
    return called == ".init" && (annotation == "Container" || annotation == "Ravioli.Container")
  }

  /// `container = Container(...)`, for a property of the type around it (or, outside a
  /// type, a global) declared without one: declared there, as if it were made with it.
  func noteAssignedContainer(named name: String, made call: FunctionCallExprSyntax) {
    guard case .notLocal = local(name) else { return }
    noteContainer(named: name, made: call, id: enclosingType.map { "\($0).\(name)" } ?? name)
  }

  /// How a container is made: `Container(...)`, `Ravioli.Container(...)`, `.init` on one.
  static let containerInitializers: Set<String> = [
    "Container", "Ravioli.Container", "Container.init", "Ravioli.Container.init",
  ]

  func noteContainer(named name: String, made call: FunctionCallExprSyntax, id given: String? = nil)
  {
    let id = given ?? (scopes + [name]).joined(separator: ".")
    var parents: [ContainerReference] = []
    var containerName: String?
    for argument in call.arguments {
      switch argument.label?.text {
      case "parents":
        if let list = argument.expression.as(ArrayExprSyntax.self) {
          parents = list.elements.compactMap { parentReference($0.expression) }
        } else {
          parents = [.unknown]
        }
      case "parent":
        if argument.expression.is(NilLiteralExprSyntax.self) { break }
        parents = [parentReference(argument.expression)].compactMap { $0 }
      case "name":
        containerName = argument.expression.as(StringLiteralExprSyntax.self)?.plainText
      default:
        break
      }
    }
    facts.containers.append(
      ContainerDeclaration(
        id: id, name: containerName, parents: parents, location: location(of: call)))
    let closure =
      call.trailingClosure
      ?? call.arguments.first { $0.label?.text == "registrations" }?.expression
      .as(ClosureExprSyntax.self)
    if let closure {
      bindFirstParameter(of: closure, to: id)
    }
  }

  /// A parent given to `Container(parents:)`; `nil` for a container made there with nothing
  /// registered (`.init()`), which adds nothing to look in.
  private func parentReference(_ expression: ExprSyntax) -> ContainerReference? {
    if let call = expression.as(FunctionCallExprSyntax.self), call.trailingClosure == nil,
      ["Container", "Ravioli.Container", ".init", "Container.init"].contains(
        call.calledExpression.trimmedText),
      !call.arguments.contains(where: {
        ["parents", "parent", "registrations"].contains($0.label?.text)
      })
    {
      return nil
    }
    return containerReference(expression)
  }
}

/// `container = Container(...)` and `self.container = Container(...)`: a property declared
/// without a container and given one later.
enum ContainerAssignments {
  /// The property an assignment's left side names: `container`, `self.container`.
  static func assignedName(_ target: ExprSyntax) -> String? {
    guard let names = FactCollector.names(of: target) else { return nil }
    switch names.count {
    case 1: return names[0]
    case 2 where names[0] == "self": return names[1]
    default: return nil
    }
  }

  /// The properties that the members of a type assign a new container to.
  static func names(in members: MemberBlockSyntax) -> Set<String> {
    let finder = Finder(viewMode: .sourceAccurate)
    finder.walk(members)
    return finder.names
  }

  private final class Finder: SyntaxVisitor {
    var names = Set<String>()

    override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
      let elements = Array(node.elements)
      if elements.count == 3, elements[1].is(AssignmentExprSyntax.self),
        let name = ContainerAssignments.assignedName(elements[0]),
        let call = elements[2].as(FunctionCallExprSyntax.self),
        FactCollector.containerInitializers.contains(call.calledExpression.trimmedText)
      {
        names.insert(name)
      }
      return .visitChildren
    }
  }
}
