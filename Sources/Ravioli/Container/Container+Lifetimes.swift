extension Container {
  /// Creates, now, every singleton and cached instance registered in this container that does
  /// not exist yet, so that their cost, and any failure, comes at a moment you choose.
  ///
  /// Each is made by an ordinary resolution, with what it needs. It skips parametrized and
  /// async resolvers, and the container's parents; a main-actor resolver fails with
  /// ``ResolutionError/Reason/needsActor(_:)`` unless this runs on the main actor. See
  /// <doc:Lifetimes#Making-and-dropping-shared-instances>.
  /// - Parameters:
  ///   - file: The file of the call, for messages; leave the default.
  ///   - line: The line of the call, for messages; leave the default.
  /// - Throws: The ``ResolutionError`` of the first instance that cannot be made; the
  ///   instances made before it are kept.
  public func createSingletons(file: StaticString = #fileID, line: UInt = #line)
    throws(ResolutionError)
  {
    let site = RequestSite(file, line)
    // `createKeptInstance` skips what keeps nothing, takes a parameter or is async.
    for registration in ownRegistrations where registration.scope != .weak {
      try registration.createKeptInstance(in: self, site: site)
    }
  }

  /// Drops the instances that this container's registrations keep for `scope`, or for every
  /// scope: the next resolution of each makes a new one.
  ///
  /// Parents and children keep their instances. An instance whose creation overlaps the reset
  /// goes to its caller but is not kept. See <doc:Lifetimes#Resolving-from-several-threads>.
  /// - Parameters:
  ///   - scope: The scope to reset (``Scope/cached``, ``Scope/singleton`` or ``Scope/weak``);
  ///     `nil`, the default, resets them all.
  ///   - file: The file of the call, for messages; leave the default.
  ///   - line: The line of the call, for messages; leave the default.
  public func reset(_ scope: Scope? = nil, file: StaticString = #fileID, line: UInt = #line) {
    let registrations = ownRegistrations
    // See `ResetEpoch`.
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
  /// As the current task sees them: inside an isolation scope, with its copies of kept ones.
  var ownRegistrations: [any AnyRegistration] {
    guard let scope = IsolationScope.active else { return registrations.all }
    let table = scope.visibleTable(of: self)
    return scope.withOverlay(of: self) { overlay in table.all.map { overlay.scoped($0) } }
  }
}
