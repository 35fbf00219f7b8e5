/// A property that holds an injected object weakly: it reads `nil` once nothing else keeps
/// the object alive.
///
/// For delegates and other back references. It resolves once, as `Value?` (from a `Value?`
/// registration if there is one, else from a `Value` one), and does not resolve again after
/// the object is released: something else (a scope, or its owner) must keep the object.
///
/// ```swift
/// final class DetailScreen {
///   @InjectedWeakly var delegate: ScreenDelegate?
/// }
/// ```
///
/// See <doc:InjectionOptions#Weak-references-InjectedWeakly>.
@propertyWrapper
public struct InjectedWeakly<Value> {
  @usableFromInline var pending: ContainerSource?
  @usableFromInline weak var object: AnyObject?
  /// The first object the property held, as `Value`, uncounted (see ``UncountedValue``). Set
  /// with the first object and never after. Reads and assignments from several threads need
  /// the object's own synchronisation, as a plain `weak var` does: unsynchronised, an
  /// assignment racing a read is a data race (see <doc:ThreadSafety#Injected-properties>).
  @usableFromInline var valueBits = UncountedValue<Value>()
  /// The type of the object that the first read resolved, when nothing but that read's
  /// caller kept it: a read that finds it released warns, once.
  @usableFromInline var unkeptObjectType: AnyObject.Type?
  @usableFromInline let point: InjectionPoint

  /// Declares a weakly injected property.
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
      var valueBits = UncountedValue<Value>()
      let (object, unkept): (AnyObject?, AnyObject.Type?) = Self.resolvedObject(
        at: point, keeping: &valueBits
      ) {
        point.resolveEagerly(Value?.self, from: container)
      }
      // Nothing but this weak reference holds it once the object is made: gone at once.
      if let unkept {
        point.warnOfUnkeptObject(type: Value.self, objectType: unkept)
      }
      holdFirst(object, as: valueBits, unkept: nil)
    } else {
      pending = kind.source
    }
  }

  /// The object, or `nil` once it has been released. Outside a class, only a value that is
  /// already resolved can be read.
  public var wrappedValue: Value? {
    get {
      if pending != nil {
        point.dieOfLazyInjectionOutsideClass(wrapper: "InjectedWeakly", type: Value.self)
      }
      guard let object else { return nil }
      return valueBits.value(holding: object)
    }
    set { assign(newValue) }
  }

  // Always inlined, as `@Injected`'s is (Benchmarks, 5c): a read of a resolved object is then
  // a weak load and the value kept beside it (``UncountedValue``).
  /// Reads and writes the property of a class, resolving it at the first read.
  @inlinable
  public static subscript<EnclosingSelf: AnyObject>(
    _enclosingInstance instance: EnclosingSelf,
    wrapped wrappedKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Value?>,
    storage storageKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Self>
  ) -> Value? {
    @inline(__always) get {
      guard let source = instance[keyPath: storageKeyPath].pending else {
        guard let object = instance[keyPath: storageKeyPath].object else {
          // No key path passed on: one that leaves the inlined code is made at every read.
          if let unkept = instance[keyPath: storageKeyPath].unkeptObjectType {
            let point = instance[keyPath: storageKeyPath].point
            point.warnOfReleasedUnkeptObject(type: Value.self, objectType: unkept, in: instance)
          }
          return nil
        }
        // Copied out first, so that the read of the property ends before the class is asked
        // for (a read that lasted across that call would be checked for exclusivity).
        let valueBits = instance[keyPath: storageKeyPath].valueBits
        return valueBits.value(holding: object)
      }
      // The source stays until the object is held: a read of the property while its
      // first read resolves it resolves it again, and the road reports the cycle.
      let request = instance[keyPath: storageKeyPath].request()
      var valueBits = UncountedValue<Value>()
      let (object, unkept): (AnyObject?, AnyObject.Type?) = objectAtFirstRead(
        of: instance, from: source, keeping: &valueBits, alternative: request.alternative,
        file: request.file, function: request.function, line: request.line,
        target: request.target)
      instance[keyPath: storageKeyPath].holdFirst(object, as: valueBits, unkept: unkept)
      guard let object else { return nil }
      return valueBits.value(holding: object)
    }
    @inline(__always) set { instance[keyPath: storageKeyPath].assign(newValue) }
  }

  /// The point's parts, read in place, as ``Injected/takeRequest()`` reads them.
  @inlinable
  mutating func request() -> (
    alternative: RegistrationAlternative?, file: StaticString, function: StaticString,
    line: UInt, target: InjectionPoint.Target
  ) {
    (point.alternative, point.file, point.function, point.line, point.target)
  }

  /// The first read, specialized where the property is read, and given the point's parts,
  /// which copy as words; `unkept` as ``resolvedObject(at:keeping:_:)`` says.
  @inlinable
  static func objectAtFirstRead<EnclosingSelf: AnyObject>(
    of instance: EnclosingSelf, from source: ContainerSource,
    keeping valueBits: inout UncountedValue<Value>, alternative: RegistrationAlternative?,
    file: StaticString, function: StaticString, line: UInt, target: InjectionPoint.Target
  ) -> (object: AnyObject?, unkept: AnyObject.Type?) {
    let point = InjectionPoint(
      alternative: alternative, file: file, function: function, line: line, target: target)
    return resolvedObject(at: point, keeping: &valueBits) {
      point.resolve(Value?.self, from: source, for: instance)
    }
  }

  /// Before the property's first object, `newValue` is the first (``holdFirst(_:as:unkept:)``);
  /// after it, the assignment writes the weak reference alone, and clears a note of an unkept
  /// object, which it ends: reads racing it read nothing else that it writes.
  @usableFromInline
  mutating func assign(_ newValue: Value?) {
    guard pending == nil else {
      let object = Self.resolvedObject(at: point, keeping: &valueBits) { newValue }.object
      holdFirst(object, as: valueBits, unkept: nil)
      return
    }
    self.object = newValue.flatMap { Self.objectReference($0, at: point) }
    if unkeptObjectType != nil {
      unkeptObjectType = nil
    }
  }

  /// Resolves the object, and keeps the value that it is in `valueBits`. `unkept` is the
  /// object's type when nothing but the returned reference holds it (a new object that no
  /// scope keeps): it lives only as long as the caller keeps what the read returns.
  /// Specialized where the property is read, so that the value's size is known, but not
  /// inlined, so that the returned reference is the only one this code holds, whatever the
  /// optimizer does with the locals.
  @inlinable @inline(never)
  static func resolvedObject(
    at point: InjectionPoint, keeping valueBits: inout UncountedValue<Value>,
    _ resolve: () -> Value?
  ) -> (object: AnyObject?, unkept: AnyObject.Type?) {
    guard let value = resolve() else { return (nil, nil) }
    valueBits = UncountedValue(value)
    // The value consumed, so that the object's reference is the only one this code holds.
    var object = objectReference(consume value, at: point)
    if let kept = object {
      valueBits.keep(holding: kept)
    }
    let unkept: AnyObject.Type? =
      isKnownUniquelyReferenced(&object) ? Swift.type(of: object!) : nil
    return (object, unkept)
  }

  /// Stops the program if `value` is not a class instance. Specialized where the property is
  /// read: for a class or a class-bound existential, the check and conversion are then cheap.
  @inlinable
  static func objectReference(_ value: consuming Value?, at point: InjectionPoint)
    -> AnyObject?
  {
    guard let value else { return nil }
    guard Swift.type(of: value as Any) is AnyObject.Type else {
      dieOfValueNotAnObject(Swift.type(of: value as Any), at: point)
    }
    return value as AnyObject
  }

  @usableFromInline
  static func dieOfValueNotAnObject(_ valueType: Any.Type, at point: InjectionPoint) -> Never {
    point.dieOfMisuse(
      "@InjectedWeakly var of type `\(Value.self)?` holds its value weakly, which needs a "
        + "class instance, but it was given a `\(valueType)`.",
      fix: "use @Injected for values that are not objects, or register a class instance.")
  }

  @inlinable
  mutating func holdFirst(
    _ object: AnyObject?, as valueBits: UncountedValue<Value>, unkept: AnyObject.Type?
  ) {
    pending = nil
    self.object = object
    self.valueBits = valueBits
    unkeptObjectType = unkept
  }
}
