/// A property whose value comes from a container.
///
/// By default the value is resolved at the first read, from the container that
/// ``Container/lookupPolicy`` picks for the object, and kept. Parametrized resolvers receive
/// the object that declares the property.
///
/// ```swift
/// final class WelcomeScreen {
///   @Injected var greeter: Greeter
///   @Injected(alternative: .french) var frenchGreeter: Greeter
///   @Injected(.resolvingOnInit()) var clock: ReportClock
///   @Injected var locale: String = "en"  // a stored value: nothing is resolved
/// }
/// ```
///
/// Lazy injection needs a class; in a struct, use ``InjectionKind/resolvingOnInit(from:)``.
/// See <doc:InjectionOptions>, and <doc:FunctionParameterInjection> for parameters.
@propertyWrapper
public struct Injected<Value> {
  /// The value, once it is resolved or assigned. Apart from ``source``, so that a read of a
  /// resolved value is the read of an optional, with no copy of an enum that holds either.
  @usableFromInline var value: Value?
  @usableFromInline var resolved: ResolvedValue<Value>?
  /// Where the value comes from, until its first read takes it (or a value is assigned). A
  /// read that finds neither a value nor a source is made while the first read resolves it.
  @usableFromInline var source: ContainerSource?
  @usableFromInline let point: InjectionPoint

  /// Whether the value is boxed (``ResolvedValue``): when it is larger than two words, as an
  /// existential of a plain protocol is, whose optional the runtime reads by value witnesses.
  @inlinable
  static var isBoxed: Bool { MemoryLayout<Value>.size > 2 * MemoryLayout<Int>.size }

  /// Declares an injected property.
  /// - Parameters:
  ///   - kind: When the container is found and the value resolved;
  ///     ``InjectionKind/capturingContainerOnInit(from:)`` by default.
  ///   - alternative: The name of the registration to use; `nil` for the unnamed one.
  ///   - file: The file that declares the property, for messages; leave the default.
  ///   - function: The declaration context, for messages; leave the default.
  ///   - line: The line that declares the property, for messages; leave the default.
  @inlinable
  public init(
    _ kind: InjectionKind = .capturingContainerOnInit(),
    alternative: RegistrationAlternative? = nil,
    file: StaticString = #fileID, function: StaticString = #function, line: UInt = #line
  ) {
    point = InjectionPoint(alternative: alternative, file: file, function: function, line: line)
    if case .resolvingOnInit(let container) = kind {
      settle(point.resolveEagerly(Value.self, from: container))
    } else {
      source = kind.source
    }
  }

  /// Declares a property with a stored value (`@Injected var x: T = value`), or gives an
  /// injected parameter a value (`greet(greeter: EnglishGreeter())`): nothing is resolved.
  /// - Parameters:
  ///   - wrappedValue: The value the property holds.
  ///   - file: The file that declares the property, for messages; leave the default.
  ///   - line: The line that declares the property, for messages; leave the default.
  public init(wrappedValue: Value, file: StaticString = #fileID, line: UInt = #line) {
    point = InjectionPoint(alternative: nil, file: file, function: "", line: line)
    settle(wrappedValue)
  }

  /// Injects a function parameter: `greet($greeter: container.resolved())`.
  public init(projectedValue resolver: Container.Resolver<Value>) {
    point = resolver.point
    settle(resolver.injectedValue())
  }

  /// The value. Outside a class, only a value that is already resolved can be read.
  public var wrappedValue: Value {
    get {
      guard let value = Self.isBoxed ? resolved?.value : value else {
        point.dieOfLazyInjectionOutsideClass(wrapper: "Injected", type: Value.self)
      }
      return value
    }
    set { settle(newValue) }
  }

  /// A resolver that hands over this property's value, to pass it to an injected parameter.
  public var projectedValue: Container.Resolver<Value> {
    let value = wrappedValue
    return Container.Resolver(handingOver: point) { value }
  }

  // Always inlined into the property's accessors, where its key paths are constants: a read of
  // a resolved value is then the read of an optional (a key path walked at run time costs more
  // than the resolution, and the optimizer did not inline it everywhere: Benchmarks, 5a).
  /// Reads and writes the property of a class, resolving it at the first read.
  @inlinable
  public static subscript<EnclosingSelf: AnyObject>(
    _enclosingInstance instance: EnclosingSelf,
    wrapped wrappedKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Value>,
    storage storageKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Self>
  ) -> Value {
    @inline(__always) get { value(of: instance, storage: storageKeyPath) }
    @inline(__always) set { instance[keyPath: storageKeyPath].settle(newValue) }
  }

  /// The first read is one call, so that the getter stays small enough to be inlined.
  @inlinable @inline(__always)
  static func value<EnclosingSelf: AnyObject>(
    of instance: EnclosingSelf,
    storage storageKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Self>
  ) -> Value {
    if isBoxed {
      if let value = instance[keyPath: storageKeyPath].resolved?.peek {
        return value
      }
    } else if let value = instance[keyPath: storageKeyPath].value {
      return value
    }
    let request = instance[keyPath: storageKeyPath].takeRequest()
    let value = InjectionPoint.resolveFirstRead(
      Value.self, for: instance, from: request.source, alternative: request.alternative,
      file: request.file, function: request.function, line: request.line,
      target: request.target)
    instance[keyPath: storageKeyPath].settle(value)
    return value
  }

  /// What the first read needs: the source, taken (a copy would retain and release an object
  /// that all the properties made under one policy share), and the point's parts, which copy
  /// as words. Mutating, so that the fields are read in place: a read through the key path
  /// copies the whole wrapper through its value witnesses.
  @inlinable
  mutating func takeRequest() -> (
    source: ContainerSource?, alternative: RegistrationAlternative?, file: StaticString,
    function: StaticString, line: UInt, target: InjectionPoint.Target
  ) {
    (source.take(), point.alternative, point.file, point.function, point.line, point.target)
  }

  var hasValue: Bool {
    Self.isBoxed ? resolved != nil : value != nil
  }

  @inlinable
  mutating func settle(_ value: Value) {
    if Self.isBoxed {
      resolved = ResolvedValue(value)
    } else {
      self.value = value
    }
    source = nil
  }

  /// The projected value of a class's property: a resolver that resolves it when used.
  public static subscript<EnclosingSelf: AnyObject>(
    _enclosingInstance instance: EnclosingSelf,
    projected projectedKeyPath: KeyPath<EnclosingSelf, Container.Resolver<Value>>,
    storage storageKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Self>
  ) -> Container.Resolver<Value> {
    Container.Resolver(handingOver: instance[keyPath: storageKeyPath].point) {
      value(of: instance, storage: storageKeyPath)
    }
  }
}

/// A `Sendable` value makes a `Sendable` property. See
/// <doc:SwiftConcurrency#Sendable-types-with-injected-dependencies>.
extension Injected: Sendable where Value: Sendable {}

@usableFromInline
final class ResolvedValue<Value> {
  @usableFromInline let value: Value

  @usableFromInline
  init(_ value: Value) {
    self.value = value
  }

  /// The value, read without retaining the box, which the wrapper holds while it is read.
  @inlinable
  var peek: Value {
    Unmanaged.passUnretained(self)._withUnsafeGuaranteedRef { $0.value }
  }
}

extension ResolvedValue: Sendable where Value: Sendable {}
