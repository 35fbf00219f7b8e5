/// An `@Injected` or `@InjectedWeakly` property of an object, as
/// ``Container/injectionSites(of:)`` lists it without resolving anything.
public struct InjectionSite: Sendable, CustomStringConvertible {
  /// The property wrapper that declares a property.
  public enum Wrapper: Sendable, Hashable {
    /// `@Injected`.
    case injected
    /// `@InjectedWeakly`.
    case injectedWeakly
  }

  /// The property wrapper.
  public let wrapper: Wrapper
  /// The property's name, e.g. `catalog`.
  public let name: String
  /// The class that declares the property: the object's class, or one of its superclasses.
  public let declaringType: Any.Type
  /// The type of the value: `ProductService` for `@Injected var catalog: ProductService`,
  /// and `ProductListDelegate` for `@InjectedWeakly var delegate: ProductListDelegate?`.
  public let type: Any.Type
  /// The alternative it resolves; `nil` for the unnamed registration.
  public let alternative: RegistrationAlternative?
  /// The file that declares the property (`#fileID`).
  public var file: String { fileID.description }
  /// The line that declares the property.
  public let line: UInt
  /// Whether the property holds its value, and so resolves nothing more: it was read,
  /// assigned, declared with a value, or resolved on init (`.resolvingOnInit()`).
  public var isResolved: Bool {
    if case .resolved = state { true } else { false }
  }
  /// The container that the property's first read would resolve from, as the lookup policy
  /// picks it for the object now; `nil` once the property is resolved, or when there is none
  /// (``Container/validateInjection(of:file:line:)`` says why).
  public var container: Container? {
    if case .resolvesFrom(let container) = state { container } else { nil }
  }

  let fileID: StaticString
  /// What the first read asks for: the value's type, or, for `@InjectedWeakly`, its optional.
  let requestedType: Any.Type
  /// The object's type, which the first read gives parametrized resolvers.
  let objectType: Any.Type
  let state: State

  enum State: Sendable {
    case resolved
    case beingResolved
    case resolvesFrom(Container)
    /// Indirect, so that a site stays a few words long.
    indirect case noContainer(ResolutionError)
  }

  /// `file:line: @Injected var name: Type, not resolved, from "container"`.
  public var description: String {
    let optional = wrapper == .injectedWeakly ? "?" : ""
    let alternative = alternative.map { ", alternative \"\($0.name)\"" } ?? ""
    let described =
      switch state {
      case .resolved: "resolved"
      case .beingResolved: "being resolved"
      case .resolvesFrom(let container): "not resolved, from \"\(container.name)\""
      case .noContainer: "not resolved, and no container"
      }
    return "\(file):\(line): \(wrapperName) var \(name): \(type)\(optional)\(alternative), "
      + described
  }

  /// How messages name the property, e.g. `` `ProductListViewModel.catalog` ``.
  var label: String { "`\(declaringType).\(name)`" }

  var wrapperName: String {
    wrapper == .injected ? "@Injected" : "@InjectedWeakly"
  }

  init(
    wrapper: Wrapper, name: String, declaringType: Any.Type, type: Any.Type,
    requestedType: Any.Type, point: InjectionPoint, object: some AnyObject,
    source: ContainerSource?, isResolved: Bool
  ) {
    self.wrapper = wrapper
    self.name = name
    self.declaringType = declaringType
    self.type = type
    self.requestedType = requestedType
    alternative = point.alternative
    fileID = point.file
    line = point.line
    objectType = Swift.type(of: object)
    guard !isResolved else {
      state = .resolved
      return
    }
    guard let source else {
      state = .beingResolved
      return
    }
    do {
      state = .resolvesFrom(
        try source.container(
          for: object, resolving: requestedType, alternative: point.alternative, file: point.file,
          function: point.function.description, line: point.line))
    } catch {
      state = .noContainer(error)
    }
  }
}

extension Container {
  /// The `@Injected` and `@InjectedWeakly` properties of `object`, its superclasses' first,
  /// each class's in the order declared.
  ///
  /// Nothing is resolved: the properties are read by reflection, whatever the object's
  /// isolation, and the lookup policy is asked as a first read would ask it. See
  /// <doc:CheckingInjectedProperties>.
  /// - Parameter object: The object whose injected properties to list.
  /// - Returns: The properties; empty for an object that has none.
  public static func injectionSites(of object: AnyObject) -> [InjectionSite] {
    let mirrors = Array(sequence(first: Mirror(reflecting: object), next: \.superclassMirror))
    guard mirrors.first?.displayStyle == .class else { return [] }
    return mirrors.reversed().flatMap { mirror in
      mirror.children.compactMap { child -> InjectionSite? in
        guard let property = child.value as? any InjectionSiteReporting else { return nil }
        return property.site(
          named: propertyName(ofStorage: child.label ?? ""), declaredIn: mirror.subjectType,
          of: object)
      }
    }
  }
}

extension InjectionPoint {
  /// The name of the property that this point declares, for a message; `nil` where the class
  /// provides its own mirror, which could read the very property being reported.
  func propertyName(in object: AnyObject) -> String? {
    guard !(object is any CustomReflectable) else { return nil }
    for mirror in sequence(first: Mirror(reflecting: object), next: \.superclassMirror) {
      for child in mirror.children {
        guard let property = child.value as? any InjectionSiteReporting,
          property.point.line == line, property.point.file.description == file.description
        else { continue }
        return child.label.map(propertyName(ofStorage:))
      }
    }
    return nil
  }
}

/// The name of the property whose wrapper's storage is `label`: `_name` for `name`.
private func propertyName(ofStorage label: String) -> String {
  label.hasPrefix("_") ? String(label.dropFirst()) : label
}

protocol InjectionSiteReporting {
  var point: InjectionPoint { get }

  func site(named name: String, declaredIn declaringType: Any.Type, of object: some AnyObject)
    -> InjectionSite
}

extension Injected: InjectionSiteReporting {
  func site(named name: String, declaredIn declaringType: Any.Type, of object: some AnyObject)
    -> InjectionSite
  {
    InjectionSite(
      wrapper: .injected, name: name, declaringType: declaringType, type: Value.self,
      requestedType: Value.self, point: point, object: object, source: source,
      isResolved: hasValue)
  }
}

extension InjectedWeakly: InjectionSiteReporting {
  func site(named name: String, declaredIn declaringType: Any.Type, of object: some AnyObject)
    -> InjectionSite
  {
    InjectionSite(
      wrapper: .injectedWeakly, name: name, declaringType: declaringType, type: Value.self,
      requestedType: Value?.self, point: point, object: object, source: pending,
      isResolved: pending == nil)
  }
}
