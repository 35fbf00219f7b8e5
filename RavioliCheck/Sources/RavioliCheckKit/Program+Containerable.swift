/// `Containerable`: which container a type's objects resolve from under `.enclosingType`.
extension Program {

  enum OwnContainer {
    case notContainerable
    /// The container, and where the `container` that returns it is declared.
    case container(String, getter: SourceLocation?)
    /// `Containerable`, but the source does not say which container it returns.
    case unknown
  }

  /// The container that `Containerable` gives objects of `type`, written in `module`, under
  /// `.enclosingType`. A name that several modules declare (each module's own
  /// `ModuleInjectable` protocol) is the one of the module that writes it, as in Swift.
  func ownContainer(of type: String, from module: String? = nil) -> OwnContainer {
    let conformances = Named(conformances)
    var queue = [(TypeName.normalized(type), module)]
    var seen = Set<String>()
    var provider: ContainerReference?
    var getter: SourceLocation?
    var isContainerable = false
    var settled = true
    while !queue.isEmpty {
      let (name, writer) = queue.removeFirst()
      guard seen.insert("\(writer ?? "")|\(name)").inserted else { continue }
      if TypeName.lastComponent(name) == "Containerable" {
        isContainerable = true
        continue
      }
      switch conformances.find(name) {
      case .found(let all):
        let facts =
          (declaringModules[name]?.count ?? 0) > 1 && all.contains { $0.module == writer }
          ? all.filter { $0.module == writer } : all
        for fact in facts {
          if provider == nil, let container = fact.container {
            provider = container
            getter = fact.containerLocation
          }
          queue += fact.inherits.map { ($0, fact.module ?? writer) }
          // A protocol declared nowhere in the checked sources, in a file that imports a
          // module that may declare it, may be `Containerable`.
          if fact.mayInheritFromUncheckedModule,
            fact.inherits.contains(where: { inherited in
              inherited != "Containerable"
                && { if case .none = conformances.find(inherited) { true } else { false } }()
                && !Self.systemProtocols.contains(inherited)
            })
          {
            settled = false
          }
        }
      case .ambiguous:
        settled = false
      case .none:
        break
      }
    }
    guard isContainerable else { return settled ? .notContainerable : .unknown }
    return provider.flatMap(container).map { OwnContainer.container($0, getter: getter) }
      ?? .unknown
  }

  /// What a type commonly inherits that is not a module's `Containerable` protocol.
  fileprivate static let systemProtocols: Set<String> = [
    "Sendable", "AnyObject", "Equatable", "Hashable", "Identifiable", "Codable", "Decodable",
    "Encodable", "CustomStringConvertible", "Error", "Comparable", "ObservableObject", "NSObject",
    "View", "App",
  ]
}
