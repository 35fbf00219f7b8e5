extension Container {
  static var inScope: String {
    IsolationScope.active == nil ? "" : " in this isolation scope"
  }

  func store<Value>(_ registration: Registration<Value>, replacing: Bool) {
    let key = registration.key
    // `hidden`: inside an isolation scope, the container's own registration it hides.
    var replaced: (any AnyRegistration)?
    var hidden: (any AnyRegistration)?
    if let scope = IsolationScope.active {
      registeredInScope?.withLock { $0 = true }
      // Read before the scope's lock; what is replaced is released after it.
      let own = registrations.resolvers(for: key, withParameter: registration.parameterType != nil)
        .stored(like: registration)
      (replaced, hidden) = scope.withOverlay(of: self) { overlay, takenOut in
        registration.resetsWith(overlay.resets)
        takenOut.add(overlay.removeCopies(of: key, taking: .some(registration.parameterType)))
        return (overlay.table.insert(registration), overlay.hides(key) ? nil : own)
      }
    } else {
      registration.resetsWith(resets)
      replaced = registrations.insert(registration)
    }
    let logger = Self.logger
    let what = {
      let kind =
        registration.parameterTypeName.map { "a resolver taking `\($0)` for " } ?? ""
      let scope = registration.scope == .unique ? "" : " (\(registration.scope))"
      return kind + "`\(describeRequest(Value.self, key.alternative))`" + scope
    }
    let log = { (message: @autoclosure () -> String, level: RavioliLoggingLevel) in
      logger.log(
        "Container \"\(self.name)\": " + message(), level: level, file: registration.file,
        function: #function, line: registration.line)
    }
    if let replaced {
      if replacing {
        log(
          "replaced \(what()) registered at \(replaced.site.label)\(Self.inScope), as asked.",
          .debug)
      } else {
        log(
          "registering \(what()) again replaces the one registered at "
            + "\(replaced.site.label)\(Self.inScope). If that is intended, register with "
            + "`replacing: true`.", .warning)
      }
    } else if let hidden {
      log(
        "registered \(what()) in this isolation scope, over the one registered at "
          + "\(hidden.site.label).", .debug)
    } else if replacing, let inherited = registeredInParents(like: registration) {
      log(
        "registered \(what()), over the one that \"\(inherited.container)\" registered at "
          + "\(inherited.site.label), as asked.", .debug)
    } else if replacing {
      log(
        "registered \(what()) with `replacing: true`\(Self.inScope), but there was nothing "
          + "to replace, here or in the containers searched after this one: check the type "
          + "and the alternative.", .warning)
    } else {
      log("registered \(what())\(Self.inScope).", .debug)
    }
  }

  private func registeredInParents(like registration: any AnyRegistration)
    -> (container: String, site: RequestSite)?
  {
    chain.dropFirst().lazy.compactMap { container in
      container.visibleTable[registration.key].stored(like: registration).map {
        (container: container.name, site: $0.site)
      }
    }
    .first
  }

  /// As the current task sees them: inside an isolation scope, with its registrations and removals.
  var visibleTable: RegistrationTable {
    if let scope = IsolationScope.active {
      var takenOut = TakenOut()
      return scope.visibleTable(of: self, lettingGoAfter: &takenOut)
    }
    return registrations.table
  }
}

/// Tells the `register` functions for main-actor resolvers apart from the others, which Swift
/// would otherwise take for the same functions: leave the default.
public struct MainActorResolution: Sendable {
  /// The only value.
  public init() {}
}
