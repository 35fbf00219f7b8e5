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
  /// Each `#if` clause's lines and the conditions that hold in it (BuildConditions.swift).
  var buildClauses: [(lines: ClosedRange<Int>, conditions: [BuildCondition])] = []
  /// `let c = Container(...)` inside `let app: Container = { ...; return c }()`: declared as
  /// `app`, whose closure binds `c`.
  var containersMadeInClosures: Set<SyntaxIdentifier> = []
  /// The closures that bind a parameter, found at their declaration, entered later.
  private var pendingBindings: [SyntaxIdentifier: (name: String, container: String)] = [:]
  /// The bodies around the node, innermost last: a type's, or code's (a function's, an
  /// initializer's, a closure's) with the local names it declares. A local name hides a
  /// container of that name declared outside: `func setUp(container: Container)`.
  var bodies: [Body] = []

  struct Body {
    var isCode: Bool
    var locals: Set<String> = []
    /// A container declaration's registrations closure: its parameter, and the container.
    var bound: (name: String, container: String)?
    /// The generic parameters it declares (`E` of `ListModel<E>`, `T` of `load<T>()`).
    var generics: Set<String> = []
  }

  static func facts(path: String, text: String) -> FileFacts {
    let tree = Parser.parse(source: text)
    let collector = FactCollector(path: path, text: text, tree: tree)
    collector.walk(tree)
    collector.noteBuildConditions()
    collector.facts.isEntryPoint =
      path.hasSuffix("/main.swift") || path == "main.swift" || tree.declaresMain
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
    facts.ignoredLines = ignored
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

  /// Makes the next visit of `closure` bind its first parameter (`$0` if it names none) to
  /// `container`.
  func bindFirstParameter(of closure: ClosureExprSyntax, to container: String) {
    bind(closure.parameterNames.first ?? "$0", in: closure, to: container)
  }

  /// Makes the next visit of `closure` bind `name` to `container`.
  func bind(_ name: String, in closure: ClosureExprSyntax, to container: String) {
    pendingBindings[closure.id] = (name, container)
  }

  // MARK: Scopes

  private func enter(type name: String, members: MemberBlockSyntax) {
    let path = typeScopes.last.map { "\($0).\(name)" } ?? name
    scopes.append(name)
    typeScopes.append(path)
    bodies.append(Body(isCode: false, locals: Self.nonContainerProperties(members)))
  }

  /// The type's properties that are not made with `Container(...)`: read before its
  /// members, as a method may use a property declared after it.
  private static func nonContainerProperties(_ members: MemberBlockSyntax) -> Set<String> {
    var names = Set<String>()
    for member in members.members {
      guard let variable = member.decl.as(VariableDeclSyntax.self) else { continue }
      for binding in variable.bindings where !makesContainer(binding) {
        names.formUnion(binding.pattern.identifiers)
      }
    }
    // `var container: Container!`, set later with `container = Container(...)`, is one.
    return names.subtracting(ContainerAssignments.names(in: members))
  }

  private func leaveType() {
    scopes.removeLast()
    typeScopes.removeLast()
    bodies.removeLast()
  }

  private func enterCode(_ scope: String?, parameters: FunctionParameterListSyntax?) {
    if let scope {
      scopes.append(scope)
    }
    bodies.append(
      Body(
        isCode: true, locals: Set((parameters ?? []).map { ($0.secondName ?? $0.firstName).text })))
  }

  private func leaveCode(_ hadScope: Bool) {
    if hadScope {
      scopes.removeLast()
    }
    bodies.removeLast()
  }

  /// Enters a class, structure, enumeration or actor.
  private func enterType(
    _ node: some DeclGroupSyntax & NamedDeclSyntax & WithGenericParametersSyntax, _ kind: TypeKind
  ) -> SyntaxVisitorContinueKind {
    enter(type: node.name.text, members: node.memberBlock)
    facts.declaredTypes[typeScopes.last ?? node.name.text] = kind
    if let clause = node.genericParameterClause {
      facts.genericTypes[typeScopes.last ?? node.name.text] = clause.parameters.map(\.name.text)
    }
    declareGenerics(node.genericParameterClause)
    noteConformance(node.inheritanceClause, node.memberBlock, isProtocol: false)
    return .visitChildren
  }

  override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
    enterType(node, .classType)
  }
  override func visitPost(_ node: ClassDeclSyntax) { leaveType() }

  override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
    defer { noteMemberwiseInitializer(node) }
    return enterType(node, .structure)
  }
  override func visitPost(_ node: StructDeclSyntax) { leaveType() }

  override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
    enterType(node, .enumeration)
  }
  override func visitPost(_ node: EnumDeclSyntax) { leaveType() }

  override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind {
    enterType(node, .actor)
  }
  override func visitPost(_ node: ActorDeclSyntax) { leaveType() }

  override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind {
    enter(type: node.name.text, members: node.memberBlock)
    facts.declaredTypes[typeScopes.last ?? node.name.text] = .protocolType
    noteConformance(node.inheritanceClause, node.memberBlock, isProtocol: true)
    return .visitChildren
  }
  override func visitPost(_ node: ProtocolDeclSyntax) { leaveType() }

  override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
    let name = node.extendedType.trimmedText
    // An extension's members belong to the extended type, wherever it is written.
    scopes.append(name)
    typeScopes.append(name)
    bodies.append(Body(isCode: false, locals: Self.nonContainerProperties(node.memberBlock)))
    noteConformance(node.inheritanceClause, node.memberBlock, isProtocol: false)
    if name == "RegistrationAlternative" || name == "Ravioli.RegistrationAlternative" {
      noteAlternatives(in: node.memberBlock)
    }
    return .visitChildren
  }
  override func visitPost(_ node: ExtensionDeclSyntax) { leaveType() }

  override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
    enterCode(node.name.text + "()", parameters: node.signature.parameterClause.parameters)
    declareGenerics(node.genericParameterClause)
    return .visitChildren
  }
  override func visitPost(_ node: FunctionDeclSyntax) { leaveCode(true) }

  override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind {
    enterCode("init()", parameters: node.signature.parameterClause.parameters)
    declareGenerics(node.genericParameterClause)
    noteInitializer(node)
    return .visitChildren
  }
  override func visitPost(_ node: InitializerDeclSyntax) { leaveCode(true) }

  override func visit(_ node: AccessorDeclSyntax) -> SyntaxVisitorContinueKind {
    enterCode(nil, parameters: nil)
    return .visitChildren
  }
  override func visitPost(_ node: AccessorDeclSyntax) { leaveCode(false) }

  override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind {
    // A scope of its own, so that a container it declares is not one of that name outside.
    enterCode("{\(location(of: node).line):\(location(of: node).column)}", parameters: nil)
    bodies[bodies.count - 1].bound = pendingBindings.removeValue(forKey: node.id)
    // Its parameters are locals (`$0` when it names none), but for the one a container
    // declaration binds.
    let names = node.signature == nil ? ["$0"] : node.parameterNames
    declareLocals(names.filter { $0 != bodies[bodies.count - 1].bound?.name })
    return .visitChildren
  }

  override func visitPost(_ node: ClosureExprSyntax) { leaveCode(true) }

  /// A block (`if`, `do`, a loop's, a function's body) scopes what it declares.
  override func visit(_ node: CodeBlockSyntax) -> SyntaxVisitorContinueKind {
    let scoped = bodies.last?.isCode ?? true
    blocks.append(scoped)
    if scoped {
      bodies.append(Body(isCode: true))
    }
    return .visitChildren
  }

  override func visitPost(_ node: CodeBlockSyntax) {
    if blocks.removeLast() {
      bodies.removeLast()
    }
  }

  /// For each block entered, whether it pushed a body.
  private var blocks: [Bool] = []

  override func visit(_ node: OptionalBindingConditionSyntax) -> SyntaxVisitorContinueKind {
    declareLocals(node.pattern.identifiers)
    return .visitChildren
  }

  override func visit(_ node: ForStmtSyntax) -> SyntaxVisitorContinueKind {
    declareLocals(node.pattern.identifiers)
    return .visitChildren
  }

  // MARK: What the other files of FactCollector read (Swift allows overrides only here)

  override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind { read(node) }
  override func visit(_ node: FunctionParameterSyntax) -> SyntaxVisitorContinueKind { read(node) }
  override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind { read(node) }
  override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind { read(node) }
  override func visit(_ node: IdentifierTypeSyntax) -> SyntaxVisitorContinueKind { read(node) }
  override func visit(_ node: GenericSpecializationExprSyntax) -> SyntaxVisitorContinueKind {
    read(node)
  }

  // MARK: Imports and type aliases

  /// Modules whose protocols are not `Containerable`: the system's, Apple's, Ravioli's.
  private static let knownModules: Set<String> = [
    "Swift", "Foundation", "UIKit", "AppKit", "SwiftUI", "Combine", "Observation", "os", "OSLog",
    "Dispatch", "Darwin", "Glibc", "Musl", "CoreData", "SwiftData", "CoreGraphics",
    "CoreLocation", "MapKit", "WebKit", "AVFoundation", "Photos", "StoreKit", "CloudKit",
    "UserNotifications", "Network", "Security", "CryptoKit", "XCTest", "Testing", "Ravioli",
    "RavioliTesting",
  ]

  override func visit(_ node: IfConfigDeclSyntax) -> SyntaxVisitorContinueKind {
    buildClauses += Self.clauses(of: node, converter: converter)
    return .visitChildren
  }

  override func visit(_ node: ImportDeclSyntax) -> SyntaxVisitorContinueKind {
    if let module = node.path.first?.name.text {
      facts.imports.insert(module)
      if !Self.knownModules.contains(module) {
        facts.importsOtherModule = true
      }
    }
    if node.path.first?.name.text == "Ravioli" {
      facts.importsRavioli = true
      if node.attributes.contains(where: { $0.attributeName == "_exported" }) {
        facts.exportsRavioli = true
      }
    }
    return .skipChildren
  }

  override func visit(_ node: TypeAliasDeclSyntax) -> SyntaxVisitorContinueKind {
    guard !isInCode else { return .skipChildren }
    let name = typeScopes.last.map { "\($0).\(node.name.text)" } ?? node.name.text
    facts.typeAliases.append(
      TypeAliasFact(
        name: name,
        parameters: node.genericParameterClause?.parameters.map(\.name.text) ?? [],
        target: node.initializer.value.trimmedText,
        access: Self.access(of: node.modifiers), path: facts.path))
    return .skipChildren
  }
}
