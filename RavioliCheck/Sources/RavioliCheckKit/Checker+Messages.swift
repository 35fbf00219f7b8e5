// The message of a request that nothing the request can see answers: what is missing,
// where ravioli-check looked, what it found instead, and how to fix it.
extension Checker {
  func message(
    for request: Request, in scope: Scope, sameType: [Registration], matching: [Registration],
    usable: [Registration]
  ) -> String {
    let wanted = "`\(describe(request.written, request.alternative))`"
    if let label = request.alternative.label,
      !program.registrations.contains(where: { $0.alternative.mayMatch(request.alternative) })
    {
      let registered = Set(program.registrations.compactMap(\.alternative.name)).sorted()
      return "\(request.subject) asks for \(label), which no registration in the checked "
        + "sources uses (registered alternatives: "
        + "\(registered.isEmpty ? "none" : registered.joined(separator: ", "))). Register "
        + "\(wanted), or correct the alternative."
    }
    var text = "\(request.subject) needs \(wanted), which is not registered"
    let searched = scope.containers.map(program.displayName)
    let home = scope.anywhere ? nil : scope.containers.first.map(program.displayName)
    if home != nil {
      text += " in any container it resolves from (searched \(searched.joined(separator: ", ")))."
    } else {
      text += " in the checked sources."
    }
    // A `Containerable` getter that returns another module's container: likely the cause.
    if let home, let getter = scope.getter, program.isInAnotherModule(getter) {
      text +=
        " `\(getter.owner)` resolves from \(home) because its `container` "
        + "(\(getter.location)) returns it, a container of another module: if that is not "
        + "meant, return its own module's container there."
    }
    if let home, let elsewhere = usable.first(where: { $0.container != nil }) {
      return text + " It is registered in \(describe(elsewhere)), which \(home) does not "
        + "search: register it in \(home) or in a container that \(home) searches, or "
        + "\(request.correction)."
    }
    if usable.isEmpty, request.givesParameter, let giver = request.giver,
      let typed = matching.first(where: { $0.fact.parameterType != nil }),
      let parameter = typed.fact.parameterType
    {
      return text + " It is registered only with a parameter of type `\(parameter)`, in "
        + "\(describe(typed)), which `\(giver)` is not, so the resolver cannot take the "
        + "object: register it with a parameter that `\(giver)` is, or without one."
    }
    if usable.isEmpty, let parametrized = matching.first(where: { $0.fact.parameterType != nil }) {
      return text + " It is registered only with a parameter, in \(describe(parametrized)), "
        + "which \(request.withoutParameter) cannot give: register it without one."
    }
    // `T?` registered where `T` is asked for: an optional answers only a request of itself.
    if sameType.isEmpty, request.generics.isEmpty,
      let optional = (byType[Self.bucket(request.type)] ?? []).first(where: {
        $0.alternative.mayMatch(request.alternative) && $0.type != request.type
      }), let type = optional.type
    {
      return text + " It is registered as `\(type)`, in \(describe(optional)), which does not "
        + "answer a request of `\(request.written)`: register `\(request.written)` itself, or "
        + "ask for `\(type)`."
    }
    let nearMisses = sameType.filter { candidate in
      !matching.contains { $0.location == candidate.location }
    }
    if !nearMisses.isEmpty {
      let listed = nearMisses.prefix(5).map { miss in
        "\(miss.alternative.label ?? "unnamed") in \(describe(miss))"
      }
      text +=
        " Registered for `\(request.written)`: \(listed.joined(separator: ", "))"
        + (nearMisses.count > 5 ? " and \(nearMisses.count - 5) more." : ".")
    }
    return text + " Register it" + (home.map { " in \($0)" } ?? "") + ", or "
      + "\(request.correction)."
  }
}
