/// A property that holds an injected object weakly: it reads `nil` once nothing else keeps
/// the object alive.
///
/// The value is resolved once, from an ordinary registration of `Value`, at the first access
/// by default (or at once with ``InjectionKind/resolvingOnInit(from:)``). After the object is
/// released the property reads `nil`; it does not resolve again. Use it for back references
/// such as delegates, which would otherwise form a retain cycle.
///
/// ```swift
/// final class DetailScreen {
///   @InjectedWeakly var delegate: ScreenDelegate?
/// }
/// ```
///
/// It holds its object weakly, always, and its container weakly until it has resolved; after
/// that it holds nothing else.
///
/// The resolver must return a class instance. Assigning to the property replaces the
/// object, also held weakly.
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
    file: StaticString = #fileID, function: String = #function, line: UInt = #line
  ) {
    point = InjectionPoint(alternative: alternative, file: file, function: function, line: line)
    if case .resolvingOnInit(let container) = kind {
      pending = nil
      store(point.resolveEagerly(Value.self, from: container))
    } else {
      pending = ContainerSource(capturingFor: kind)
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
    set { store(newValue) }
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
      let value = wrapper.point.resolve(Value.self, from: source, for: instance)
      instance[keyPath: storageKeyPath].store(value)
      return value
    }
    set { instance[keyPath: storageKeyPath].store(newValue) }
  }

  private mutating func store(_ value: Value?) {
    pending = nil
    guard let value else {
      object = nil
      return
    }
    guard Swift.type(of: value as Any) is AnyObject.Type else {
      point.dieOfMisuse(
        "@InjectedWeakly var of type `\(Value.self)?` holds its value weakly, which needs a "
          + "class instance, but it was given a `\(Swift.type(of: value as Any))`.",
        fix: "use @Injected for values that are not objects, or register a class instance.")
    }
    object = value as AnyObject
  }
}
