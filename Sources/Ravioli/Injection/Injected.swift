/// A property whose value comes from a container.
///
/// By default the value is resolved at the first access, from the container that
/// ``Container/lookupPolicy`` picks for the object, and kept: later reads return the same
/// value. Parametrized resolvers receive the object that declares the property.
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
/// Lazy injection (``InjectionKind/lazily`` and ``InjectionKind/capturingContainerOnInit(from:)``)
/// needs a class, because Swift gives the wrapper the enclosing object only in a class. In a
/// struct use ``InjectionKind/resolvingOnInit(from:)``.
///
/// Assigning to the property replaces its value.
///
/// Until its first read, the property holds its container only weakly (see
/// ``InjectionKind/capturingContainerOnInit(from:)``); once read, it holds its value and
/// nothing else.
///
/// Function parameters can be injected too, when the function is called from its own module
/// (Swift 6.3 cannot compile such a call from another module; there, use a default argument:
/// see ``injected(from:alternative:file:function:line:)``):
///
/// ```swift
/// func greet(@Injected greeter: Greeter) -> String {
///   greeter.greet()
/// }
/// ```
///
/// ```swift
/// print(greet($greeter: container.resolved()))
/// print(greet($greeter: container.resolved(alternative: .french)))
/// print(greet(greeter: EnglishGreeter()))
/// ```
@propertyWrapper
public struct Injected<Value> {
  /// The value, once it is resolved or assigned. Apart from ``source``, so that a read of a
  /// resolved value is the read of an optional, with no copy of an enum that holds either.
  @usableFromInline var value: Value?
  @usableFromInline var resolved: ResolvedValue<Value>?
  /// Where the value comes from, until its first read takes it (or a value is assigned);
  /// then `nil`, so that the property holds nothing but its value. A read that finds
  /// neither a value nor a source is one made while the first read resolves the property.
  @usableFromInline var source: ContainerSource?
  @usableFromInline let point: InjectionPoint

  /// Whether the value is kept in a box (``ResolvedValue``) rather than as an optional: when
  /// it is larger than two words, as an existential of a plain protocol is, whose optional
  /// the runtime reads through value witnesses. Known where the wrapper is specialized.
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
      value = nil
      resolved = nil
      source = nil
      settle(point.resolveEagerly(Value.self, from: container))
    } else {
      value = nil
      resolved = nil
      source = kind.source
    }
  }

  /// Declares a property with a stored value, `@Injected var x: T = value`: nothing is
  /// resolved. Also used when an injected function parameter is given a value:
  /// `greet(greeter: EnglishGreeter())`.
  /// - Parameters:
  ///   - wrappedValue: The value the property holds.
  ///   - file: The file that declares the property, for messages; leave the default.
  ///   - line: The line that declares the property, for messages; leave the default.
  public init(wrappedValue: Value, file: StaticString = #fileID, line: UInt = #line) {
    point = InjectionPoint(alternative: nil, file: file, function: "", line: line)
    value = nil
    resolved = nil
    source = nil
    settle(wrappedValue)
  }

  /// Injects a function parameter: `greet($greeter: container.resolved())`.
  public init(projectedValue resolver: Container.Resolver<Value>) {
    point = resolver.point
    value = nil
    resolved = nil
    source = nil
    settle(resolver.injectedValue())
  }

  /// The value. Outside a class (where Swift uses this accessor instead of the enclosing
  /// instance subscript) only a value that is already resolved can be read.
  public var wrappedValue: Value {
    get {
      guard let value = Self.isBoxed ? resolved?.value : value else {
        point.dieOfLazyInjectionOutsideClass(wrapper: "Injected", type: Value.self)
      }
      return value
    }
    set { settle(newValue) }
  }

  /// A resolver that hands over this property's value, for passing it to a function with an
  /// injected parameter.
  public var projectedValue: Container.Resolver<Value> {
    let value = wrappedValue
    return Container.Resolver(handingOver: point) { value }
  }

  /// Reads and writes the property of a class, resolving it at the first read.
  ///
  /// Always inlined into the property's accessors, where its key paths are constants that
  /// compile to plain field accesses: a read of a resolved value is then the read of an
  /// optional. (Passed to a function that is not inlined, a key path is walked at run time,
  /// which costs more than the resolution. Left to the optimizer, it was not inlined where
  /// the accessor is called from a large function: the benchmark's first read took twice as
  /// long.)
  @inlinable
  public static subscript<EnclosingSelf: AnyObject>(
    _enclosingInstance instance: EnclosingSelf,
    wrapped wrappedKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Value>,
    storage storageKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Self>
  ) -> Value {
    @inline(__always) get { value(of: instance, storage: storageKeyPath) }
    @inline(__always) set { instance[keyPath: storageKeyPath].settle(newValue) }
  }

  /// The value of a class's property, resolved at its first read. Always inlined, so that
  /// the key path stays the constant it is where the property is read; the first read itself
  /// is one call, to ``InjectionPoint/resolveFirstRead(_:for:from:alternative:file:function:line:target:)``,
  /// so that the getter stays small enough to be inlined where the property is read.
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

  /// What the first read needs: where the value comes from, taken out of the wrapper, which
  /// lets go of it at the first read (a copy would retain and release an object that all the
  /// properties made under one policy share); and the point's parts, which copy as words
  /// where the point would be copied through its value witnesses.
  ///
  /// Mutating: a mutating call reads the fields in place, where a read of the wrapper
  /// through its key path copies all of it (through its generic value witnesses) to take one
  /// field.
  @inlinable
  mutating func takeRequest() -> (
    source: ContainerSource?, alternative: RegistrationAlternative?, file: StaticString,
    function: StaticString, line: UInt, target: InjectionPoint.Target
  ) {
    (source.take(), point.alternative, point.file, point.function, point.line, point.target)
  }

  /// Whether the property holds its value.
  var hasValue: Bool {
    Self.isBoxed ? resolved != nil : value != nil
  }

  /// Keeps an assigned value, and lets go of where a value would have come from.
  @inlinable
  mutating func settle(_ value: Value) {
    if Self.isBoxed {
      resolved = ResolvedValue(value)
    } else {
      self.value = value
    }
    source = nil
  }

  /// The projected value of a class's property: a resolver that resolves the property (if it
  /// has not been yet) when it is used.
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

/// A `Sendable` value makes a `Sendable` property: a `Sendable` struct can hold
/// `@Injected(.resolvingOnInit())` properties, and a `@MainActor` class or an actor lazily
/// injected ones. (A class that is shared between threads and not isolated to an actor
/// cannot hold a lazily injected property at all: the first read writes it.)
extension Injected: Sendable where Value: Sendable {}

/// A resolved value, boxed: read as an optional reference, which costs a null check whatever the
/// value is, where an optional of the value itself, when it is an existential of a plain
/// protocol, has its tag read through the runtime's value witnesses.
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
