extension DependencyGraph {
  typealias Found = (registration: any AnyRegistration, table: Int)

  /// The registrations that `requests` reach: those that resolve them (or, where no resolver
  /// takes what a request gives, its first parametrized one), and, through what each
  /// declares, those that resolve their dependencies.
  static func reached(
    from requests: [(dependency: Container.Dependency, container: Int)],
    searchOrders: [[Int]], tables: [RegistrationTable]
  ) -> Set<ObjectIdentifier> {
    var reached: Set<ObjectIdentifier> = []
    var work: [Found] = []
    func visit(_ dependency: Container.Dependency, from container: Int) {
      let order = searchOrders[container]
      guard
        let found = resolver(of: dependency, in: order, tables: tables)
          ?? parametrizedResolver(of: dependency, in: order, tables: tables),
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

  /// The registration that resolves `dependency`, searching the tables in `order` as the
  /// road does: a request with a parameter prefers a parametrized resolver that takes it,
  /// within each container; an optional one is looked up as itself, then as its wrapped type.
  static func resolver(
    of dependency: Container.Dependency, in order: [Int], tables: [RegistrationTable]
  ) -> Found? {
    func resolver(of key: RegistrationKey) -> Found? {
      for position in order {
        let table = tables[position]
        if let parameterType = dependency.parameterType, let list = table.parametrized[key],
          let parametrized = RegistrationTable.choose(from: list, forParameterOf: parameterType)
        {
          return (parametrized, position)
        }
        if let plain = table.plain[key] {
          return (plain, position)
        }
      }
      return nil
    }
    // The key, then the wrapped type's: no array made for each dependency.
    return resolver(of: dependency.key) ?? dependency.wrappedKey.flatMap(resolver(of:))
  }

  /// The first parametrized resolver registered for `dependency`, when no resolver takes
  /// what the dependency gives.
  static func parametrizedResolver(
    of dependency: Container.Dependency, in order: [Int], tables: [RegistrationTable]
  ) -> Found? {
    func first(of key: RegistrationKey) -> Found? {
      for position in order {
        if let first = tables[position].parametrized[key]?.first {
          return (first, position)
        }
      }
      return nil
    }
    return first(of: dependency.key) ?? dependency.wrappedKey.flatMap(first(of:))
  }
}
