// A generic class's injected property, checked for each type argument that the sources make
// the class with: `ListModel<Order>` needs `Repository<Order>`, where the property's own
// check (`Repository<Element>`) is answered by a repository of any type.
extension Checker {
  /// The findings of an injected property of a generic type, at each place that writes the
  /// type with arguments that its property's type, made with them, is not registered for.
  func checkSpecializations(of injection: InjectionFact, _ request: Request, in scope: Scope)
    -> [Finding]
  {
    guard !request.generics.isEmpty, let owner = injection.owner,
      case .property(_, let name, _) = injection.kind
    else { return [] }
    let last = TypeName.lastComponent(TypeName.normalized(owner))
    guard let parameters = program.genericTypes[last] else { return [] }
    var findings: [Finding] = []
    for specialization in program.specializations[last] ?? []
    where specialization.arguments.count == parameters.count {
      let arguments = specialization.arguments.map { argument in
        program.type(argument, in: specialization.context, from: specialization.location.path)
      }
      let given = Dictionary(zip(parameters, arguments)) { first, _ in first }
      var made = request
      made.type = TypeName.normalized(TypeName.replacingNames(in: request.type, given))
      made.written = TypeName.normalized(TypeName.replacingNames(in: request.written, given))
      made.generics = request.generics.subtracting(parameters)
      let wrapper = request.weak ? "@InjectedWeakly" : "@Injected"
      made.subject =
        "`\(name)` (\(wrapper), \(injection.location)) of "
        + "`\(owner)<\(specialization.arguments.joined(separator: ", "))>`, made here,"
      made.correction = "make `\(owner)` with another type"
      made.location = specialization.location
      if let finding = check(made, in: scope) {
        findings.append(finding)
      }
    }
    return findings
  }
}
