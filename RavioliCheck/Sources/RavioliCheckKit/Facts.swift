/// Where something is written: a file as it was given, and a 1-based line and column.
struct SourceLocation: Hashable, Comparable, Sendable, CustomStringConvertible {
  let path: String
  let line: Int
  let column: Int

  static func < (lhs: Self, rhs: Self) -> Bool {
    (lhs.path, lhs.line, lhs.column) < (rhs.path, rhs.line, rhs.column)
  }

  /// `path:line`, as messages name a place.
  var description: String { "\(path):\(line)" }
}

/// An alternative as the source writes it, before the alternatives that the sources
/// declare give members their names.
enum AlternativeReference: Hashable, Sendable {
  /// None: the unnamed registration.
  case none
  /// A string: `"french"`, `RegistrationAlternative("french")`.
  case literal(String)
  /// A static member: `.french`, `RegistrationAlternative.french`.
  case member(String)
  /// Anything else (a variable, a function's result): the source cannot say.
  case unknown
}

/// A container as the source refers to it: the names of a path (`CatalogModule.container`,
/// `app`), with the types and functions the reference is written in, so that a bare name
/// can be looked up from the inside out; or a container that a closure parameter binds.
enum ContainerReference: Hashable, Sendable {
  case path([String], inside: [String])
  /// The container that a declaration made: the parameter of its registrations closure.
  case declared(String)
  /// `self` in a method of an extension of `Container` (a registration helper): the
  /// container that the helper is called on, if its calls settle one.
  case helperSelf(String)
  /// Something the source cannot settle (a function parameter, a function's result).
  case unknown
}

/// `app.registerPersistence()`: a call of a method on a container, which may be a
/// registration helper's.
struct HelperCall: Sendable {
  let method: String
  let receiver: ContainerReference
}

/// `let app = Container(parents: [...], name: "app")`: a container the sources make and
/// name.
struct ContainerDeclaration: Sendable {
  /// The declaration's path: `app`, `CatalogModule.container`, or with the function it is
  /// local to, `setUp().container`.
  let id: String
  /// The `name:` it gives, if it is a string literal.
  let name: String?
  let parents: [ContainerReference]
  let location: SourceLocation
}

/// `Container.lookupPolicy = ...`, as far as the source says.
enum PolicyAssignment: Hashable, Sendable {
  /// `.singleton(container)`.
  case singleton(ContainerReference)
  /// `.enclosingType(default:)`: a `Containerable` type's container, else the default.
  case enclosingType(default: ContainerReference?)
  /// `nil`: no policy.
  case none
  /// A policy of the app's own, or an expression the source cannot settle.
  case custom
}

/// What a property, parameter or default argument asks for.
struct InjectionFact: Sendable {
  enum Kind: Sendable {
    /// `@Injected var name: T` (weak: `@InjectedWeakly var name: T?`) in `owner`.
    case property(owner: String, name: String, weak: Bool)
    /// `func f(@Injected name: T)`: the caller passes the container (`$name:`).
    case parameter(function: String, name: String)
    /// `name: T = injected()`.
    case defaultArgument(function: String, name: String)
  }

  /// Where the container comes from.
  enum Source: Sendable {
    /// `.capturingContainerOnInit(from:)`, `.resolvingOnInit(from:)`, `injected(from:)`.
    case given(ContainerReference)
    /// The lookup policy, asked for `owner` (or for no object, with `nil`).
    case policy(owner: String?)
    /// The caller's container: a function's `@Injected` parameter.
    case caller
  }

  let kind: Kind
  /// The type as written, `Greeter` or `Greeter?`; for a weak property, the type of the
  /// object (`Delegate`, from `Delegate?`).
  let type: String
  let alternative: AlternativeReference
  let source: Source
  let location: SourceLocation
  /// The type whose code writes it, where its type's names are looked up first.
  var context: String? = nil
  /// `@Injected(.resolvingOnInit())`: resolved before its object exists, so without it.
  var resolvesOnInit = false
  /// The generic parameters that its type names (`E` in `Repository<E>` of `ListModel<E>`),
  /// which stand for any type.
  var generics: Set<String> = []
  /// The `#if` clauses it is written in.
  var conditions: [BuildCondition] = []

  /// The type whose property it is, if a property of a type.
  var owner: String? {
    guard case .property(let owner, _, _) = kind, !owner.isEmpty else { return nil }
    return owner
  }
}

/// One thing a registration declares that it needs.
struct NeedFact: Sendable {
  let type: String
  let alternative: AlternativeReference
  /// `.on(T.self, parameter: P.self)`: resolved with a parameter.
  let withParameter: Bool
  let location: SourceLocation
  /// The type whose code writes it, where its type's names are looked up first.
  var context: String? = nil
}

/// A `register` or `autoregister` call.
struct RegistrationFact: Sendable {
  let container: ContainerReference
  /// The registered type; `nil` when the source does not say it plainly.
  let type: String?
  let alternative: AlternativeReference
  /// For a parametrized resolver, the parameter's type (`Any` when untyped).
  let parameterType: String?
  /// What it declares it needs; `nil` when it declares nothing (`needs:` left out).
  let needs: [NeedFact]?
  /// `autoregister(initializer: T.init)`: the initializer to find in the sources, whose
  /// parameters are the needs.
  let initializerOf: (type: String, labels: [String]?)?
  /// `parameters: [.on(A.self, alternative: .x)]`: the alternative of each parameter type.
  let parameterAlternatives: [String: AlternativeReference]
  let location: SourceLocation
  /// On a line marked `// ravioli-check: ignore`: it registers, but its own findings (its
  /// needs, an untold type) are not reported.
  let ignored: Bool
  /// The type whose code writes it, where its type's names are looked up first.
  var context: String? = nil
  /// The `#if` clauses it is written in.
  var conditions: [BuildCondition] = []
}

/// What a type declaration declares.
enum TypeKind: Sendable {
  case classType, structure, enumeration, actor, protocolType
}

/// `typealias Name<T> = Target`, named with the types around it (`Screen.ViewModel`).
struct TypeAliasFact: Sendable {
  let name: String
  let parameters: [String]
  let target: String
  let access: Access
  /// The file that declares it; ``Program`` gives it its module.
  var path = ""

  /// How far a declaration is seen, as Swift's access levels say.
  enum Access: Sendable {
    /// `private` or `fileprivate`: in its file.
    case file
    /// `internal`, the default: in its module.
    case module
    /// `public`, `open` or `package`: also in the modules that import its own.
    case importers
  }
}

/// `init(a: A, b: B)` of a type: what an autoregistered initializer needs.
struct InitializerFact: Sendable {
  let type: String
  let labels: [String]
  let parameterTypes: [String]
}

/// A type, protocol or extension's inheritance clause, and the `container` it provides, for
/// `Containerable`.
struct ConformanceFact: Sendable {
  /// The type or protocol's name (for an extension, the extended type's).
  let name: String
  let inherits: [String]
  /// `var container: Container! { CatalogModule.container }`, if it has one.
  let container: ContainerReference?
  /// Where that `container` is declared.
  var containerLocation: SourceLocation? = nil
  let isProtocol: Bool
  /// Whether its file imports a module that is neither Apple's nor Ravioli's, which may
  /// declare what it inherits (a module's `Containerable` protocol) outside the checked
  /// sources.
  var mayInheritFromUncheckedModule = false
  /// The module of its file, once known.
  var module: String? = nil
}

/// `ListModel<Order>` written in a type or an expression: a generic type made with these
/// arguments, whose injected properties then ask for their types with the arguments in place.
struct Specialization: Sendable {
  /// The type's name as written, without its arguments.
  let name: String
  let arguments: [String]
  let location: SourceLocation
  /// The type whose code writes it, for the arguments' names.
  let context: String?
  var conditions: [BuildCondition] = []
}

/// Everything one file says.
struct FileFacts: Sendable {
  let path: String
  /// The module it belongs to (``SourceFiles/module(of:modules:roots:)``); `nil` if unknown.
  var module: String?
  var importsRavioli = false
  /// The modules it imports, by name (`import Catalog`, `import struct Catalog.Item`).
  var imports: Set<String> = []
  var exportsRavioli = false
  /// Whether a program starts here: `main.swift`, or a type marked `@main`.
  var isEntryPoint = false
  /// Whether it imports a module that is neither Apple's nor Ravioli's.
  var importsOtherModule = false
  var containers: [ContainerDeclaration] = []
  var policies: [(PolicyAssignment, SourceLocation)] = []
  var injections: [InjectionFact] = []
  var registrations: [RegistrationFact] = []
  var initializers: [InitializerFact] = []
  var conformances: [ConformanceFact] = []
  /// `static let french: RegistrationAlternative = "french"`: member name to string.
  var alternatives: [String: String] = [:]
  var typeAliases: [TypeAliasFact] = []
  /// The types it declares, by their name with the types around them, and their kind.
  var declaredTypes: [String: TypeKind] = [:]
  var helperCalls: [HelperCall] = []
  /// The generic types it declares, by their name with the types around them, and the
  /// names of their parameters in order (`ListModel<Element>`: `["Element"]`).
  var genericTypes: [String: [String]] = [:]
  /// The generic types it names with every argument given (`ListModel<Order>`).
  var specializations: [Specialization] = []
  /// Findings about the file itself: it could not be read, or does not parse.
  var problems: [Finding] = []
  /// The lines that end in `// ravioli-check: ignore`: no finding is reported at them.
  var ignoredLines: Set<Int> = []
}
