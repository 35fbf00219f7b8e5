extension Container {
  /// Resolves a `Value`, searching this container, then its parents.
  ///
  /// `Value?` resolves from a `Value?` registration in any container searched, else from
  /// `Value`. See <doc:RegisteringAndResolving>.
  /// - Parameters:
  ///   - alternative: The name of the registration to use; `nil` for the unnamed one.
  ///   - file: The file of the call, for messages; leave the default.
  ///   - line: The line of the call, for messages; leave the default.
  /// - Throws: ``ResolutionError``, whose reason says what failed (see
  ///   <doc:LoggingAndFailures#Reading-a-failure>).
  @inlinable @inline(__always)
  public func resolve<Value>(
    alternative: RegistrationAlternative? = nil,
    file: StaticString = #fileID, line: UInt = #line
  ) throws(ResolutionError) -> Value {
    // Always inlined: the optimizer left it outlined at some call sites, where the road's
    // common cases then ran unspecialized.
    try resolve(Value.self, alternative: alternative, object: nil, site: RequestSite(file, line))
  }

  /// Resolves a `Value`, giving `parameter` to a parametrized resolver that takes it, else
  /// using a plain one. See <doc:RegisteringAndResolving#Parametrized-resolvers>.
  /// - Parameters:
  ///   - parameter: The value handed to a parametrized resolver.
  ///   - alternative: The name of the registration to use; `nil` for the unnamed one.
  ///   - file: The file of the call, for messages; leave the default.
  ///   - line: The line of the call, for messages; leave the default.
  /// - Throws: ``ResolutionError``, whose reason says what failed (see
  ///   <doc:LoggingAndFailures#Reading-a-failure>).
  public func resolve<Value>(
    parameter: Any, alternative: RegistrationAlternative? = nil,
    file: StaticString = #fileID, line: UInt = #line
  ) throws(ResolutionError) -> Value {
    try resolveValue(
      Value.self, alternative: alternative, parameter: parameter, site: RequestSite(file, line))
  }

  /// Resolves a `Value`, or returns `nil` when nothing is registered for it.
  ///
  /// Any other failure (only parametrized resolvers registered, a missing dependency, a cycle,
  /// a resolver that throws) is logged as an error before `nil` is returned.
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
      return try resolvePublished(
        Value.self, alternative: alternative, parameterType: nil, site: site, resolved: { $0 },
        otherwise: { resolveOrLog(alternative: alternative, parameter: nil, site: site) })
    } catch {
      logFailure(error, site: site)
      return nil
    }
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
  public func isResolvable<Value>(
    _ type: Value.Type, alternative: RegistrationAlternative? = nil
  ) -> Bool {
    let request = LookUpRequest(
      RegistrationKey(type, alternative), parameter: .anyResolverAnswers)
    return RetainingSearch(resolving: false).nearestFallingBack(request, from: self) != nil
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
