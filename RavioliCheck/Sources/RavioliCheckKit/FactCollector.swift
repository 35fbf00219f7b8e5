import SwiftParser
import SwiftSyntax

/// Reads one file's facts: the containers it makes, the registrations, injections and
/// lookup policies it writes, and the declarations that give them meaning (alternatives,
/// type aliases, initializers, `Containerable` conformances).
///
/// It reads syntax only: names are looked up later, across every file
/// (``CheckedProgram``). A line that ends in `// ravioli-check: ignore` gives no fact.
final class FactCollector: SyntaxVisitor {
  var facts: FileFacts
  private let converter: SourceLocationConverter
  private let ignoredLines: Set<Int>
  /// The types and functions around the node being read, outermost first; a function's
  /// name ends in `()`.
  private(set) var scopes: [String] = []
  /// How many of ``scopes`` are types.
  private var typeScopes: [String] = []
  /// Closure parameters that name a container: a declaration's registrations closure.
  private var bindings: [(name: String, container: String)] = []
  /// The closures that bind a parameter, found at their declaration, entered later.
  private var pendingBindings: [SyntaxIdentifier: (name: String, container: String)] = [:]

  static func facts(path: String, text: String) -> FileFacts {
    let tree = Parser.parse(source: text)
    let collector = FactCollector(path: path, text: text, tree: tree)
    collector.walk(tree)
    if tree.hasError, let first = collector.firstError(in: tree) {
      collector.facts.problems.append(
        Finding(
          .warning, at: first,
          "does not parse as Swift; what ravioli-check read of this file may be incomplete"))
    }
    return collector.facts
  }

  private init(path: String, text: String, tree: SourceFileSyntax) {
    facts = FileFacts(path: path)
    converter = SourceLocationConverter(fileName: path, tree: tree)
    var ignored = Set<Int>()
    for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false)
      .enumerated()
    where line.trimmingTrailingSpaces.hasSuffix("// ravioli-check: ignore") {
      ignored.insert(index + 1)
    }
    ignoredLines = ignored
    super.init(viewMode: .sourceAccurate)
  }

  // MARK: Places

  func location(of node: some SyntaxProtocol) -> SourceLocation {
    let place = converter.location(for: node.positionAfterSkippingLeadingTrivia)
    return SourceLocation(path: facts.path, line: place.line, column: place.column)
  }

  /// Whether the node starts, or ends, on a line marked `// ravioli-check: ignore`.
  func isIgnored(_ node: some SyntaxProtocol) -> Bool {
    guard !ignoredLines.isEmpty else { return false }
    let start = converter.location(for: node.positionAfterSkippingLeadingTrivia).line
    let end = converter.location(for: node.endPositionBeforeTrailingTrivia).line
    return ignoredLines.contains(start) || ignoredLines.contains(end)
  }

  private func firstError(in tree: SourceFileSyntax) -> SourceLocation? {
    tree.tokens(viewMode: .all).first { $0.hasError || $0.presence == .missing }
      .map { location(of: $0) }
  }

  /// The innermost type's path (`Outer.Inner`), if the node is inside one.
  var enclosingType: String? { typeScopes.last }

  /// The container a closure parameter named `name` binds, if one does.
  func boundContainer(named name: String) -> String? {
    bindings.last { $0.name == name }?.container
  }

  /// Makes the next visit of `closure` bind its first parameter to `container`.
  func bindFirstParameter(of closure: ClosureExprSyntax, to container: String) {
    guard let name = closure.firstParameterName else { return }
    pendingBindings[closure.id] = (name, container)
  }

  // MARK: Scopes

  private func enter(type name: String) {
    let path = typeScopes.last.map { "\($0).\(name)" } ?? name
    scopes.append(name)
    typeScopes.append(path)
  }

  private func leaveType() {
    scopes.removeLast()
    typeScopes.removeLast()
  }

  override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
    enter(type: node.name.text)
    noteConformance(node.name.text, node.inheritanceClause, node.memberBlock, isProtocol: false)
    return .visitChildren
  }
  override func visitPost(_ node: ClassDeclSyntax) { leaveType() }

  override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
    enter(type: node.name.text)
    noteConformance(node.name.text, node.inheritanceClause, node.memberBlock, isProtocol: false)
    return .visitChildren
  }
  override func visitPost(_ node: StructDeclSyntax) { leaveType() }

  override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
    enter(type: node.name.text)
    noteConformance(node.name.text, node.inheritanceClause, node.memberBlock, isProtocol: false)
    return .visitChildren
  }
  override func visitPost(_ node: EnumDeclSyntax) { leaveType() }

  override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind {
    enter(type: node.name.text)
    noteConformance(node.name.text, node.inheritanceClause, node.memberBlock, isProtocol: false)
    return .visitChildren
  }
  override func visitPost(_ node: ActorDeclSyntax) { leaveType() }

  override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind {
    enter(type: node.name.text)
    noteConformance(node.name.text, node.inheritanceClause, node.memberBlock, isProtocol: true)
    return .visitChildren
  }
  override func visitPost(_ node: ProtocolDeclSyntax) { leaveType() }

  override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
    let name = node.extendedType.trimmedDescription
    // An extension's members belong to the extended type, wherever it is written.
    scopes.append(name)
    typeScopes.append(name)
    noteConformance(name, node.inheritanceClause, node.memberBlock, isProtocol: false)
    if name == "RegistrationAlternative" || name == "Ravioli.RegistrationAlternative" {
      noteAlternatives(in: node.memberBlock)
    }
    return .visitChildren
  }
  override func visitPost(_ node: ExtensionDeclSyntax) { leaveType() }

  override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
    scopes.append(node.name.text + "()")
    return .visitChildren
  }
  override func visitPost(_ node: FunctionDeclSyntax) { scopes.removeLast() }

  override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind {
    scopes.append("init()")
    noteInitializer(node)
    return .visitChildren
  }
  override func visitPost(_ node: InitializerDeclSyntax) { scopes.removeLast() }

  override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind {
    if let binding = pendingBindings.removeValue(forKey: node.id) {
      bindings.append(binding)
      enteredBindings.insert(node.id)
    }
    return .visitChildren
  }

  override func visitPost(_ node: ClosureExprSyntax) {
    if enteredBindings.remove(node.id) != nil {
      bindings.removeLast()
    }
  }

  private var enteredBindings = Set<SyntaxIdentifier>()

  // MARK: What the other files of FactCollector read (Swift allows overrides only here)

  override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind { read(node) }
  override func visit(_ node: FunctionParameterSyntax) -> SyntaxVisitorContinueKind { read(node) }
  override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind { read(node) }
  override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind { read(node) }

  // MARK: Imports and type aliases

  override func visit(_ node: ImportDeclSyntax) -> SyntaxVisitorContinueKind {
    if node.path.first?.name.text == "Ravioli" {
      facts.importsRavioli = true
      if node.attributes.contains(where: { $0.attributeName == "_exported" }) {
        facts.exportsRavioli = true
      }
    }
    return .skipChildren
  }

  override func visit(_ node: TypeAliasDeclSyntax) -> SyntaxVisitorContinueKind {
    facts.typeAliases[node.name.text] = node.initializer.value.trimmedDescription
    return .skipChildren
  }
}

extension Substring {
  fileprivate var trimmingTrailingSpaces: Substring {
    var text = self
    while let last = text.last, last == " " || last == "\t" || last == "\r" {
      text.removeLast()
    }
    return text
  }
}

extension AttributeListSyntax.Element {
  /// The attribute's name without its arguments, `Injected` for `@Injected(...)`; `nil` for
  /// an `#if` clause.
  var attributeName: String? {
    guard case .attribute(let attribute) = self else { return nil }
    return attribute.attributeName.trimmedDescription
  }
}

extension ClosureExprSyntax {
  /// The name of the closure's first parameter, if it names one.
  var firstParameterName: String? {
    switch signature?.parameterClause {
    case .simpleInput(let list)?:
      return list.first?.name.text
    case .parameterClause(let clause)?:
      return clause.parameters.first.map { ($0.secondName ?? $0.firstName).text }
    case nil:
      return nil
    }
  }
}
