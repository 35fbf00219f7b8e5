// Where a request may be answered from: the containers that an injection's source or a
// registration's container searches, under the lookup policies the sources set.
extension Checker {
  /// Where an injection's container comes from, under every lookup policy the sources
  /// set; `nil` when no policy gives it one.
  func scope(of source: InjectionFact.Source, from module: String? = nil) -> Scope? {
    switch source {
    case .caller:
      return Scope(anywhere: true)
    case .given(let reference):
      return scope(of: reference)
    case .policy(let owner):
      guard !program.policies.isEmpty else { return Scope(anywhere: true) }
      var scope = Scope()
      var givesAny = false
      for (policy, _) in program.policies {
        let part: Scope
        switch (
          policy, owner.map { program.ownContainer(of: $0, from: module) } ?? .notContainerable
        ) {
        case (.singleton(let reference), _):
          part = self.scope(of: reference)
        case (.enclosingType, .container(let id, let getter)):
          part = self.scope(of: id)
          scope.getter = scope.getter ?? getter.map { (owner ?? "", id, $0) }
        case (.enclosingType, .unknown), (.custom, _):
          part = Scope(anywhere: true, unseen: true)
        case (.enclosingType(let fallback?), .notContainerable):
          part = self.scope(of: fallback)
        case (.enclosingType(nil), .notContainerable), (.none, _):
          // No container under this policy: at run time, the read fails with
          // `.noContainer`; which policy is in force the source does not say.
          continue
        }
        givesAny = true
        scope.anywhere = scope.anywhere || part.anywhere
        scope.unseen = scope.unseen || part.unseen
        scope.containers += part.containers.filter { !scope.containers.contains($0) }
      }
      return givesAny ? scope : nil
    }
  }

  func scope(of reference: ContainerReference) -> Scope {
    scope(of: program.container(reference))
  }

  /// The scope of the container `id`; a reference that names no container of the checked
  /// sources (`id` is `nil`) may name one declared elsewhere.
  func scope(of id: String?) -> Scope {
    guard let id else { return Scope(anywhere: true, unseen: true) }
    let chain = program.chain(of: id)
    return Scope(containers: chain.ids, anywhere: !chain.complete, unseen: !chain.complete)
  }
}
