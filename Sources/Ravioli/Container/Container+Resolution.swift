extension Container {
  /// Resolves a `Value`, searching this container, then its parents.
  ///
  /// ```swift
  /// let greeter: Greeter = try container.resolve()
  /// let french: Greeter = try container.resolve(alternative: .french)
  /// ```
  ///
  /// Resolving `Value?` finds a registration of `Value?` or, failing that, of `Value`.
  /// - Parameters:
  ///   - alternative: The name of the registration to use; `nil` for the unnamed one.
  ///   - file: The file of the call, for messages; leave the default.
  ///   - line: The line of the call, for messages; leave the default.
  /// - Throws: ``ResolutionError`` when no plain resolver is registered, the resolution
  ///   needs itself (a cycle), or the resolver throws.
  @inlinable @inline(__always)
  public func resolve<Value>(
    alternative: RegistrationAlternative? = nil,
    file: StaticString = #fileID, line: UInt = #line
  ) throws(ResolutionError) -> Value {
    // Always inlined: the optimizer left it outlined at some call sites, where the road's
    // common cases then ran unspecialized.
    try resolve(Value.self, alternative: alternative, object: nil, site: RequestSite(file, line))
  }

  /// Resolves a `Value`, giving `parameter` to a parametrized resolver, which the nearest
  /// container with a resolver prefers to its plain one.
  /// - Parameters:
  ///   - parameter: The value handed to a parametrized resolver.
  ///   - alternative: The name of the registration to use; `nil` for the unnamed one.
  ///   - file: The file of the call, for messages; leave the default.
  ///   - line: The line of the call, for messages; leave the default.
  /// - Throws: ``ResolutionError`` when no resolver is registered, the resolution needs
  ///   itself (a cycle), or the resolver throws.
  public func resolve<Value>(
    parameter: Any, alternative: RegistrationAlternative? = nil,
    file: StaticString = #fileID, line: UInt = #line
  ) throws(ResolutionError) -> Value {
    try resolveValue(
      Value.self, alternative: alternative, parameter: parameter, site: RequestSite(file, line))
  }

  /// Resolves a `Value`, or returns `nil` when nothing is registered for it.
  ///
  /// Other failures (only a parametrized resolver is registered, a cycle, a resolver that
  /// throws, a missing dependency) are logged at the `.error` level before `nil` is returned.
  ///
  /// ```swift
  /// let tracker: Analytics? = container.resolveIfRegistered()
  /// ```
  /// - Parameters:
  ///   - alternative: The name of the registration to use; `nil` for the unnamed one.
  ///   - file: The file of the call, for messages; leave the default.
  ///   - line: The line of the call, for messages; leave the default.
  public func resolveIfRegistered<Value>(
    alternative: RegistrationAlternative? = nil,
    file: StaticString = #fileID, line: UInt = #line
  ) -> Value? {
    let site = RequestSite(file, line)
    do throws(ResolutionError) {
      if let value = try resolvePublished(
        Value.self, alternative: alternative, parameterType: nil, site: site)
      {
        return value
      }
    } catch {
      logFailure(error, site: site)
      return nil
    }
    return resolveOrLog(alternative: alternative, parameter: nil, site: site)
  }

  /// Resolves a `Value` with a parameter, or returns `nil` when nothing is registered for it.
  ///
  /// Other failures are logged at the `.error` level before `nil` is returned.
  /// - Parameters:
  ///   - parameter: The value handed to a parametrized resolver.
  ///   - alternative: The name of the registration to use; `nil` for the unnamed one.
  ///   - file: The file of the call, for messages; leave the default.
  ///   - line: The line of the call, for messages; leave the default.
  public func resolveIfRegistered<Value>(
    parameter: Any, alternative: RegistrationAlternative? = nil,
    file: StaticString = #fileID, line: UInt = #line
  ) -> Value? {
    resolveOrLog(alternative: alternative, parameter: parameter, site: RequestSite(file, line))
  }

  /// Whether a plain or parametrized resolver is registered for `type` and `alternative` in this
  /// container or its parents.
  ///
  /// ```swift
  /// if container.isResolvable(ImageCache.self) {
  ///   print("an image cache can be resolved")
  /// }
  /// ```
  public func isResolvable<Value>(
    _ type: Value.Type, alternative: RegistrationAlternative? = nil
  ) -> Bool {
    isResolvable(anyType: type, alternative: alternative)
  }

  /// Not generic, so that an optional asks again with the type it wraps.
  private func isResolvable(anyType type: Any.Type, alternative: RegistrationAlternative?)
    -> Bool
  {
    let key = RegistrationKey(type, alternative)
    let registered = chain.contains { container in
      let table = container.visibleTable
      return table.plain[key] != nil || table.parametrized[key] != nil
    }
    if registered {
      return true
    }
    guard let optional = type as? any OptionalResolvable.Type else { return false }
    return isResolvable(anyType: optional.wrappedType, alternative: alternative)
  }
}

@usableFromInline
struct RequestSite: Sendable {
  @usableFromInline let file: StaticString
  @usableFromInline let line: UInt

  @inlinable
  init(_ file: StaticString, _ line: UInt) {
    self.file = file
    self.line = line
  }

  var label: String { "\(file):\(line)" }
}
