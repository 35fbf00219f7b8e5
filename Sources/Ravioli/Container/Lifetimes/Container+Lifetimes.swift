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
  /// Parents and children keep their instances. An instance of a reset scope whose creation
  /// overlaps the reset goes to its caller but is not kept; a creation that would start while
  /// the reset drops waits for it. See <doc:Lifetimes#Resolving-from-several-threads>.
  /// - Parameters:
  ///   - scope: The scope to reset (``Scope/cached``, ``Scope/singleton`` or ``Scope/weak``);
  ///     `nil`, the default, resets them all.
  ///   - file: The file of the call, for messages; leave the default.
  ///   - line: The line of the call, for messages; leave the default.
  public func reset(_ scope: Scope? = nil, file: StaticString = #fileID, line: UInt = #line) {
    // See `ResetEpoch`.
    let resets =
      IsolationScope.active.map { isolation in
        isolation.withOverlay(of: self) { overlay, _ in overlay.resets }
      }
      ?? resets
    let scopes = scope.map { [$0] } ?? Scope.allCases.filter(\.keepsInstances)
    // The registrations are read once the reset has begun: one registered before then is
    // dropped, and one registered after starts its creation after the reset. What reading
    // them lets go of and the dropped instances are released here, after the reset: a
    // registration replaced meanwhile, or an instance, may run a `deinit` that resolves or
    // resets, and the reset runs no user code.
    var takenOut = TakenOut()
    let dropped = resets.resetting(scopes) {
      ownRegistrations(lettingGoAfter: &takenOut).filter { scopes.contains($0.scope) }
        .compactMap { $0.dropKeptInstance() }
    }
    Self.logger.log(
      "Container \"\(name)\": reset \(scope.map { "the \($0) scope" } ?? "every scope")\(Self.inScope), "
        + "dropping \(dropped.count) instance\(dropped.count == 1 ? "" : "s").",
      level: .info, file: file, function: #function, line: line)
  }
}

extension Container {
  /// As the current task sees them: inside an isolation scope, with its copies of kept ones.
  var ownRegistrations: [any AnyRegistration] {
    var takenOut = TakenOut()
    return ownRegistrations(lettingGoAfter: &takenOut)
  }

  /// ``ownRegistrations``, handing what reading them lets go of to `takenOut`, for a caller
  /// that must let it go after a lock of its own.
  func ownRegistrations(lettingGoAfter takenOut: inout TakenOut) -> [any AnyRegistration] {
    guard let scope = IsolationScope.active else { return registrations.table.all }
    let table = scope.visibleTable(of: self, lettingGoAfter: &takenOut)
    // The table holds the registrations that the scope's copies stand for.
    takenOut.add(table)
    return scope.withOverlay(of: self, lettingGoAfter: &takenOut) { overlay, _ in
      table.all.map { overlay.scoped($0) }
    }
  }
}
