import SwiftSyntax

// Declarations: containers, injected properties and parameters, conformances, alternatives,
// initializers, and lookup policies set.
extension FactCollector {
  func read(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
    guard !isIgnored(node) else { return .skipChildren }
    // Declared already, as the container that the closure around it makes.
    if containersMadeInClosures.contains(node.id) { return .visitChildren }
    for binding in node.bindings {
      guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else {
        declareLocals(binding.pattern.identifiers)
        continue
      }
      if Self.makesContainer(binding),
        let call = binding.initializer?.value.as(FunctionCallExprSyntax.self)
      {
        noteContainer(named: name, made: call)
      } else if let (closure, local, made) = Self.containerMadeInClosure(binding) {
        noteContainer(named: name, made: made.call)
        containersMadeInClosures.insert(made.declaration)
        bind(local, in: closure, to: (scopes + [name]).joined(separator: "."))
      } else {
        // A local that is no container of the source's (`let container = makeContainer()`)
        // hides one of that name declared outside.
        declareLocals([name])
      }
      for attribute in node.attributes {
        guard case .attribute(let attribute) = attribute,
          let weak = Self.injectionWrapper(attribute),
          let type = binding.typeAnnotation?.type,
          binding.initializer == nil
        else { continue }
        noteProperty(name, type: type, weak: weak, attribute: attribute, at: node)
      }
    }
    return .visitChildren
  }

  /// `false` for `@Injected`, `true` for `@InjectedWeakly`, `nil` for anything else.
  static func injectionWrapper(_ attribute: AttributeSyntax) -> Bool? {
    switch attribute.attributeName.trimmedText {
    case "Injected", "Ravioli.Injected": false
    case "InjectedWeakly", "Ravioli.InjectedWeakly": true
    default: nil
    }
  }

  private func noteProperty(
    _ name: String, type: TypeSyntax, weak: Bool, attribute: AttributeSyntax,
    at node: VariableDeclSyntax
  ) {
    let (alternative, source) = wrapperArguments(attribute, owner: enclosingType)
    let written = type.trimmedText
    var injection = InjectionFact(
      kind: .property(owner: enclosingType ?? "", name: name, weak: weak),
      type: weak ? Self.wrapped(written) : written, alternative: alternative,
      source: source, location: location(of: node), context: enclosingType,
      generics: generics(in: written))
    if case .argumentList(let arguments)? = attribute.arguments {
      injection.resolvesOnInit = arguments.contains { argument in
        argument.label == nil
          && argument.expression.as(FunctionCallExprSyntax.self)?.calledExpression
            .trimmedText.hasSuffix("resolvingOnInit") == true
      }
    }
    facts.injections.append(injection)
  }

  /// What `@InjectedWeakly var x: T?` resolves, as written: `T` (`(any T)?` gives `any T`).
  static func wrapped(_ written: String) -> String {
    guard written.hasSuffix("?") || written.hasSuffix("!") else {
      return TypeName.unwrappingOptional(written)
    }
    var type = String(written.dropLast())
    if type.hasPrefix("("), type.hasSuffix(")"), !type.dropFirst().contains("(") {
      type = String(type.dropFirst().dropLast())
    }
    return type
  }

  /// The generic parameters in scope that `type` names.
  func generics(in type: String) -> Set<String> {
    let inScope = genericParameters
    guard !inScope.isEmpty else { return [] }
    return inScope.intersection(TypeReader.tokens(of: type))
  }

  /// An injection wrapper's alternative and where its container comes from.
  private func wrapperArguments(_ attribute: AttributeSyntax, owner: String?) -> (
    AlternativeReference, InjectionFact.Source
  ) {
    var alternative = AlternativeReference.none
    var source = InjectionFact.Source.policy(owner: owner)
    guard case .argumentList(let arguments)? = attribute.arguments else {
      return (alternative, source)
    }
    for argument in arguments {
      switch argument.label?.text {
      case "alternative":
        alternative = alternativeReference(argument.expression)
      case nil:
        source = injectionKindSource(argument.expression, owner: owner)
      default:
        break
      }
    }
    return (alternative, source)
  }

  /// `.lazily`, `.capturingContainerOnInit(from: x)`, `.resolvingOnInit()`...
  private func injectionKindSource(_ expression: ExprSyntax, owner: String?)
    -> InjectionFact.Source
  {
    guard let call = expression.as(FunctionCallExprSyntax.self) else {
      // `.lazily`, or a kind held in a variable: the policy's, or the source cannot say.
      return expression.trimmedText.hasSuffix("lazily")
        ? .policy(owner: owner) : .given(.unknown)
    }
    guard let given = call.arguments.first(where: { $0.label?.text == "from" })?.expression,
      !given.is(NilLiteralExprSyntax.self)
    else {
      // `.resolvingOnInit()` resolves before the object exists: the policy is asked without
      // it, and `.enclosingType` answers with its default.
      let eager = call.calledExpression.trimmedText.hasSuffix("resolvingOnInit")
      return .policy(owner: eager ? nil : owner)
    }
    return .given(containerReference(given))
  }

  func read(_ node: FunctionParameterSyntax) -> SyntaxVisitorContinueKind {
    guard !isIgnored(node) else { return .skipChildren }
    let name = (node.secondName ?? node.firstName).text
    let function = scopes.last ?? ""
    for attribute in node.attributes {
      guard case .attribute(let attribute) = attribute, Self.injectionWrapper(attribute) == false
      else { continue }
      let (alternative, _) = wrapperArguments(attribute, owner: nil)
      facts.injections.append(
        InjectionFact(
          kind: .parameter(function: function, name: name), type: node.type.trimmedText,
          alternative: alternative, source: .caller, location: location(of: node),
          context: enclosingType, generics: generics(in: node.type.trimmedText)))
    }
    if let call = node.defaultValue?.value.as(FunctionCallExprSyntax.self),
      let called = call.calledExpression.as(DeclReferenceExprSyntax.self),
      called.baseName.text == "injected"
    {
      var alternative = AlternativeReference.none
      var source = InjectionFact.Source.policy(owner: nil)
      for argument in call.arguments {
        switch argument.label?.text {
        case "from" where !argument.expression.is(NilLiteralExprSyntax.self):
          source = .given(containerReference(argument.expression))
        case "alternative":
          alternative = alternativeReference(argument.expression)
        default:
          break
        }
      }
      facts.injections.append(
        InjectionFact(
          kind: .defaultArgument(function: function, name: name),
          type: node.type.trimmedText, alternative: alternative, source: source,
          location: location(of: node), context: enclosingType,
          generics: generics(in: node.type.trimmedText)))
    }
    return .visitChildren
  }

  // MARK: Conformances, alternatives, initializers

  /// Notes what the type being entered (or extended) adopts, and the container it returns.
  func noteConformance(
    _ inheritance: InheritanceClauseSyntax?, _ members: MemberBlockSyntax, isProtocol: Bool
  ) {
    guard let name = enclosingType else { return }
    let inherits =
      inheritance?.inheritedTypes.map { TypeName.base($0.type.trimmedText) } ?? []
    let provided = members.members.lazy.compactMap { member in
      member.decl.as(VariableDeclSyntax.self).flatMap { variable in
        self.providedContainer(variable).map { ($0, self.location(of: variable)) }
      }
    }.first
    guard !inherits.isEmpty || provided != nil else { return }
    facts.conformances.append(
      ConformanceFact(
        name: name, inherits: inherits, container: provided?.0, containerLocation: provided?.1,
        isProtocol: isProtocol, mayInheritFromUncheckedModule: facts.importsOtherModule))
  }

  /// What `var container: Container! { ... }` returns, if the variable is that.
  private func providedContainer(_ variable: VariableDeclSyntax) -> ContainerReference? {
    guard let binding = variable.bindings.first,
      binding.pattern.trimmedText == "container"
    else { return nil }
    if let value = binding.initializer?.value {
      return containerReference(value)
    }
    let body: CodeBlockItemListSyntax?
    switch binding.accessorBlock?.accessors {
    case .getter(let items)?:
      body = items
    case .accessors(let accessors)?:
      body = accessors.first { $0.accessorSpecifier.text == "get" }?.body?.statements
    case nil:
      body = nil
    }
    guard let body, body.count == 1, let item = body.first?.item else { return .unknown }
    if let expression = item.as(ExprSyntax.self) {
      return containerReference(expression)
    }
    if let returned = item.as(ReturnStmtSyntax.self)?.expression {
      return containerReference(returned)
    }
    return .unknown
  }

  /// `static let french: RegistrationAlternative = "french"` and the like.
  func noteAlternatives(in members: MemberBlockSyntax) {
    for member in members.members {
      guard let variable = member.decl.as(VariableDeclSyntax.self) else { continue }
      for binding in variable.bindings {
        guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
          let value = binding.initializer?.value,
          case .literal(let text) = alternativeReference(value)
        else { continue }
        facts.alternatives[name] = text
      }
    }
  }

  func noteInitializer(_ node: InitializerDeclSyntax) {
    guard let type = enclosingType else { return }
    let parameters = node.signature.parameterClause.parameters
    facts.initializers.append(
      InitializerFact(
        type: type, labels: parameters.map(\.firstName.text),
        parameterTypes: parameters.map(\.type.trimmedText)))
  }

  // MARK: Lookup policies

  func read(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
    let elements = Array(node.elements)
    guard elements.count == 3, elements[1].is(AssignmentExprSyntax.self), !isIgnored(node)
    else { return .visitChildren }
    if ["Container.lookupPolicy", "Ravioli.Container.lookupPolicy"].contains(
      elements[0].trimmedText)
    {
      facts.policies.append((policy(elements[2]), location(of: node)))
    } else if let name = ContainerAssignments.assignedName(elements[0]),
      let call = elements[2].as(FunctionCallExprSyntax.self),
      Self.containerInitializers.contains(call.calledExpression.trimmedText)
    {
      noteAssignedContainer(named: name, made: call)
    }
    return .visitChildren
  }

  private func policy(_ expression: ExprSyntax) -> PolicyAssignment {
    if expression.is(NilLiteralExprSyntax.self) {
      return PolicyAssignment.none
    }
    guard let call = expression.as(FunctionCallExprSyntax.self) else { return .custom }
    let called = call.calledExpression.trimmedText
    let first = call.arguments.first
    if called.hasSuffix("singleton") || called.hasSuffix("SingletonContainer"),
      let first, first.label == nil
    {
      return .singleton(containerReference(first.expression))
    }
    if called.hasSuffix("enclosingType") || called.hasSuffix("EnclosingTypeContainer") {
      guard let given = first, given.label?.text == "default" else {
        return .enclosingType(default: nil)
      }
      return given.expression.is(NilLiteralExprSyntax.self)
        ? .enclosingType(default: nil)
        : .enclosingType(default: containerReference(given.expression))
    }
    return .custom
  }
}

extension FactCollector {
  /// The access a declaration's modifiers give it; `internal` when they give none. An alias
  /// nested in a type is seen no further than the type, which the checker does not follow:
  /// it goes by the alias's own modifiers.
  static func access(of modifiers: DeclModifierListSyntax) -> TypeAliasFact.Access {
    for modifier in modifiers {
      switch modifier.name.text {
      case "private", "fileprivate": return .file
      case "public", "open", "package": return .importers
      default: continue
      }
    }
    return .module
  }
}
