extension DependencyGraph {
  typealias Found = (registration: any AnyRegistration, table: Int)
}

/// The look-up's reading of copies of the containers' tables, by their positions in the graph.
struct TableSearch: RegistrationSearch {
  let tables: [RegistrationTable]
  let searchOrders: [[Int]]

  /// The registrations that `requests` reach: those that resolve them (or, where no resolver
  /// takes what a request gives, its first parametrized one), and, through what each
  /// declares, those that resolve their dependencies.
  func reached(from requests: [(dependency: Container.Dependency, container: Int)])
    -> Set<ObjectIdentifier>
  {
    var reached: Set<ObjectIdentifier> = []
    var work: [DependencyGraph.Found] = []
    func visit(_ dependency: Container.Dependency, from container: Int) {
      let resolver = resolver(of: dependency, from: container)
      guard let found = resolver.found ?? resolver.parameterNotTaken,
        reached.insert(ObjectIdentifier(found.registration)).inserted
      else { return }
      work.append(found)
    }
    for request in requests {
      visit(request.dependency, from: request.container)
    }
    while let (registration, table) = work.popLast() {
      for dependency in registration.needs?.dependencies ?? [] {
        visit(dependency, from: table)
      }
    }
    return reached
  }

  /// The registration that resolves `dependency` for the container at `container`, searching
  /// the tables as the road does (see ``RegistrationSearch``). Where no resolver takes what the
  /// dependency gives, `parameterNotTaken` is the first parametrized one it reaches.
  func resolver(of dependency: Container.Dependency, from container: Int)
    -> (found: DependencyGraph.Found?, parameterNotTaken: DependencyGraph.Found?)
  {
    let request = LookUpRequest(
      dependency.key, parameter: dependency.parameterType.map(LookUpParameter.ofType))
    if let found = nearestFallingBack(request, from: container)?.found {
      return (found.found, nil)
    }
    // Nothing plain is registered, or the look-up would have found it: only parametrized
    // resolvers answer this one.
    let anyResolver = LookUpRequest(dependency.key, parameter: .anyResolverAnswers)
    return (nil, nearestFallingBack(anyResolver, from: container)?.found?.found)
  }

  func nearest(_ request: LookUpRequest, from start: Int) -> LookUpAnswer<DependencyGraph.Found>? {
    for position in searchOrders[start] {
      if let answer = answer(in: position, to: request) {
        return answer
      }
    }
    return nil
  }

  func answer(in position: Int, to request: LookUpRequest)
    -> LookUpAnswer<DependencyGraph.Found>?
  {
    tables[position][request.key].answer(to: request.parameter).map { .found(($0, position)) }
  }
}
