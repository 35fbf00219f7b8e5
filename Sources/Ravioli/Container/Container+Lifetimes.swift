extension Container {
  /// Creates, now, every singleton and cached instance registered in this container that
  /// does not exist yet, instead of at its first resolution.
  ///
  /// Call it at a moment of your choosing, such as start-up, so that the cost of creating
  /// them, and any failure, comes then:
  ///
  /// ```swift
  /// app.register(scope: .singleton) { () -> Database in Database() }
  /// try app.createSingletons()  // opens the database now, not at its first use
  /// ```
  ///
  /// Parametrized resolvers are skipped (they need a parameter), and so are async ones (they need
  /// `await`: make them with `try await container.resolve(Database.self)`) and the container's
  /// parents. A main-actor resolver is made only when this is called on the main actor; elsewhere
  /// it fails with ``ResolutionError/Reason/needsActor(_:)``. Inside
  /// ``withIsolatedContainers(fileID:function:line:_:)``, the instances are made for that scope.
  /// Each instance is made through the ordinary resolution, so what a resolver needs is resolved
  /// (and made, if it is a singleton) on the way.
  /// - Parameters:
  ///   - file: The file of the call, for messages; leave the default.
  ///   - line: The line of the call, for messages; leave the default.
  /// - Throws: The ``ResolutionError`` of the first instance that cannot be made; the
  ///   instances made before it are kept.
  public func createSingletons(file: StaticString = #fileID, line: UInt = #line)
    throws(ResolutionError)
  {
    let site = RequestSite(file, line)
    let registrations = ownRegistrations.filter { $0.parameterType == nil }
    for registration in registrations where registration.scope.keepsInstances {
      guard registration.scope != .weak else { continue }
      try registration.createKeptInstance(in: self, site: site)
    }
  }

  /// Drops the instances that this container's registrations keep for `scope`, or for every
  /// scope: the next resolution of each makes a new one.
  ///
  /// ```swift
  /// session.reset(.cached)  // e.g. after checkout: the next cart is a new one
  /// ```
  ///
  /// The registrations stay. Parents and children keep their instances. A resolution that is
  /// creating an instance of this container while the reset runs (or that started before it)
  /// hands that instance to its caller but does not keep it, since it may be made from an
  /// instance that the reset drops: the next resolution makes a new one. ``Scope/unique`` and
  /// ``Scope/graph`` keep nothing, so resetting them does nothing. Inside
  /// ``withIsolatedContainers(fileID:function:line:_:)``, only the instances kept for that scope
  /// are dropped.
  /// - Parameters:
  ///   - scope: The scope to reset (``Scope/cached``, ``Scope/singleton`` or ``Scope/weak``);
  ///     `nil`, the default, resets them all.
  ///   - file: The file of the call, for messages; leave the default.
  ///   - line: The line of the call, for messages; leave the default.
  public func reset(_ scope: Scope? = nil, file: StaticString = #fileID, line: UInt = #line) {
    let registrations = ownRegistrations
    // A creation that overlaps the reset keeps nothing: it may be made from an instance that
    // the reset drops (see `ResetEpoch`).
    let resets =
      IsolationScope.active.map { isolation in isolation.withOverlay(of: self) { $0.resets } }
      ?? resets
    resets.begin()
    // Dropped instances are released here, outside every lock.
    let dropped = registrations.filter { scope == nil || $0.scope == scope }
      .compactMap { $0.dropKeptInstance() }
    resets.end()
    Self.logger.log(
      "Container \"\(name)\": reset \(scope.map { "the \($0) scope" } ?? "every scope")\(Self.inScope), "
        + "dropping \(dropped.count) instance\(dropped.count == 1 ? "" : "s").",
      level: .info, file: file, function: #function, line: line)
  }
}

extension Container {
  /// The registrations that this container itself resolves with, as the current task sees
  /// them: inside an isolation scope, the scope's own and its copies of the kept ones.
  var ownRegistrations: [any AnyRegistration] {
    guard let scope = IsolationScope.active else { return registrations.all }
    let table = scope.visibleTable(of: self)
    return scope.withOverlay(of: self) { overlay in table.all.map { overlay.scoped($0) } }
  }
}
