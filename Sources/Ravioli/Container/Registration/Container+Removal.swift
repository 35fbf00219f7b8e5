extension Container {
  /// Removes every registration from this container; its parents keep theirs.
  /// - Parameters:
  ///   - file: The file of the call, for messages; leave the default.
  ///   - line: The line of the call, for messages; leave the default.
  public func removeAllRegistrations(file: StaticString = #fileID, line: UInt = #line) {
    if let scope = IsolationScope.active {
      scope.withOverlay(of: self) { overlay, takenOut in
        takenOut.add(overlay.table)
        takenOut.add(overlay.copies)
        overlay.table = RegistrationTable()
        overlay.copies = [:]
        overlay.removed = []
        overlay.removedAll = true
      }
    } else {
      registrations.removeAll()
    }
    Self.logger.log(
      "Container \"\(name)\": removed every registration\(Self.inScope).", level: .info,
      file: file, function: #function, line: line)
  }

  /// Removes the plain and parametrized resolvers of `type` under `alternative` from this
  /// container; a parent's registration of the type, if any, resolves next.
  /// - Parameters:
  ///   - type: The registered type, as registered (`Greeter.self` for
  ///     `register { () -> Greeter in ... }`).
  ///   - alternative: The alternative it is registered under; `nil` for the unnamed one.
  ///   - file: The file of the call, for messages; leave the default.
  ///   - line: The line of the call, for messages; leave the default.
  /// - Returns: Whether there was anything to remove. When there was not, the logger warns,
  ///   naming the alternatives that are registered for the type.
  @discardableResult
  public func removeRegistration<Value>(
    of type: Value.Type, alternative: RegistrationAlternative? = nil,
    file: StaticString = #fileID, line: UInt = #line
  ) -> Bool {
    let key = RegistrationKey(type, alternative)
    let removed: [any AnyRegistration]
    if let scope = IsolationScope.active {
      // Read before the scope's lock; what is removed is released after it.
      let own = registrations.resolvers(for: key, withParameter: true).all
      removed = scope.withOverlay(of: self) { overlay, takenOut in
        let visible = (overlay.hides(key) ? [] : own) + overlay.table.remove(key)
        overlay.removed.insert(key)
        takenOut.add(overlay.removeCopies(of: key, taking: nil))
        return visible
      }
    } else {
      removed = registrations.remove(key)
    }
    let what = describeRequest(type, alternative)
    if removed.isEmpty {
      let registered = visibleTable.alternatives(of: ObjectIdentifier(type)).map { $0?.name }
      Self.logger.log(
        "Container \"\(name)\": nothing to remove for `\(what)`\(Self.inScope); registered "
          + "for `\(type)` here: \(describeAlternatives(registered)).",
        level: .warning, file: file, function: #function, line: line)
      return false
    }
    let sites = removed.map { $0.site.label }.joined(separator: ", ")
    Self.logger.log(
      "Container \"\(name)\": removed `\(what)`\(Self.inScope), registered at \(sites).",
      level: .debug, file: file, function: #function, line: line)
    return true
  }
}
