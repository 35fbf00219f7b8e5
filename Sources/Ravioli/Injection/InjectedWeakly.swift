/// A property that holds an injected object weakly: it reads `nil` once nothing else keeps
/// the object alive.
///
/// The value is resolved once, at the first access by default (or at once with
/// ``InjectionKind/resolvingOnInit(from:)``), as `Value?`: from a registration of `Value?`
/// if there is one (a resolver that may have no object to give), else from one of `Value`.
/// After the object is released the property reads `nil`; it does not resolve again. Use it
/// for back references such as delegates, which would otherwise form a retain cycle.
///
/// ```swift
/// final class DetailScreen {
///   @InjectedWeakly var delegate: ScreenDelegate?
/// }
/// ```
///
/// Something else must keep the object: a scope that keeps it (`.singleton`, `.cached`), or
/// its owner, which the resolver hands over (a `.weak` scope shares an object only while
/// something else keeps it):
///
/// ```swift
/// container.register(scope: .cached) { () -> ScreenDelegate in DetailCoordinator() }
/// container.register { [weak coordinator] () -> ScreenDelegate? in coordinator }
/// ```
///
/// A resolver that makes a new object that nothing keeps gives the property an object that
/// is gone after the first read; the logger warns about it (once per property).
///
/// It holds its object weakly, always, and its container weakly until it has resolved; after
/// that it holds nothing else.
///
/// The resolver must return a class instance, or `nil`. Assigning to the property replaces
/// the object, also held weakly.
@propertyWrapper
public struct InjectedWeakly<Value> {
  /// Where the value comes from, until it has been resolved; then `nil`, so that the
  /// property holds nothing but the object, weakly.
  private var pending: ContainerSource?
  private weak var object: AnyObject?
  private let point: InjectionPoint

  /// Declares a weakly injected property.
  /// - Parameters:
  ///   - kind: When the container is found and the value resolved;
  ///     ``InjectionKind/capturingContainerOnInit(from:)`` by default.
  ///   - alternative: The name of the registration to use; `nil` for the unnamed one.
  ///   - file: The file that declares the property, for messages; leave the default.
  ///   - function: The declaration context, for messages; leave the default.
  ///   - line: The line that declares the property, for messages; leave the default.
  public init(
    _ kind: InjectionKind = .capturingContainerOnInit(),
    alternative: RegistrationAlternative? = nil,
    file: StaticString = #fileID, function: StaticString = #function, line: UInt = #line
  ) {
    point = InjectionPoint(alternative: alternative, file: file, function: function, line: line)
    if case .resolvingOnInit(let container) = kind {
      pending = nil
      object = Self.resolvedObject(at: point) {
        point.resolveEagerly(Value?.self, from: container)
      }
    } else {
      pending = ContainerSource.capturing(for: kind)
    }
  }

  /// The object, or `nil` once it has been released. Outside a class (where Swift uses this
  /// accessor instead of the enclosing instance subscript) only a value that is already
  /// resolved can be read.
  public var wrappedValue: Value? {
    get {
      if pending != nil {
        point.dieOfLazyInjectionOutsideClass(wrapper: "InjectedWeakly", type: Value.self)
      }
      return object as? Value
    }
    set { hold(Self.objectReference(newValue, at: point)) }
  }

  /// Reads and writes the property of a class, resolving it at the first read.
  public static subscript<EnclosingSelf: AnyObject>(
    _enclosingInstance instance: EnclosingSelf,
    wrapped wrappedKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Value?>,
    storage storageKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Self>
  ) -> Value? {
    get {
      let wrapper = instance[keyPath: storageKeyPath]
      guard let source = wrapper.pending else { return wrapper.object as? Value }
      let point = wrapper.point
      let object = resolvedObject(at: point) {
        point.resolve(Value?.self, from: source, for: instance)
      }
      instance[keyPath: storageKeyPath].hold(object)
      return object.map { $0 as! Value }
    }
    set {
      let point = instance[keyPath: storageKeyPath].point
      instance[keyPath: storageKeyPath].hold(objectReference(newValue, at: point))
    }
  }

  /// Resolves the object, and warns when nothing but this property would hold it: it is
  /// then released as soon as the first read returns.
  ///
  /// Not inlined, so that when it returns, the returned reference is the only one this
  /// property's code holds, whatever the optimizer does with the locals.
  @inline(never)
  private static func resolvedObject(at point: InjectionPoint, _ resolve: () -> Value?)
    -> AnyObject?
  {
    var object = objectReference(resolve(), at: point)
    if object != nil, isKnownUniquelyReferenced(&object) {
      point.warnOfUnkeptObject(
        "@InjectedWeakly", type: Value.self, objectType: Swift.type(of: object!))
    }
    return object
  }

  /// The object that `value` is; stops the program if it is not a class instance.
  @inline(never)
  private static func objectReference(_ value: consuming Value?, at point: InjectionPoint)
    -> AnyObject?
  {
    guard let value else { return nil }
    guard Swift.type(of: value as Any) is AnyObject.Type else {
      point.dieOfMisuse(
        "@InjectedWeakly var of type `\(Value.self)?` holds its value weakly, which needs a "
          + "class instance, but it was given a `\(Swift.type(of: value as Any))`.",
        fix: "use @Injected for values that are not objects, or register a class instance.")
    }
    return value as AnyObject
  }

  /// Holds `object` weakly from now on, and lets go of where it would have come from.
  private mutating func hold(_ object: AnyObject?) {
    pending = nil
    self.object = object
  }
}
