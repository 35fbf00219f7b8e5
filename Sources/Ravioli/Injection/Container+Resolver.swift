extension Container {
  /// A value for an injected function parameter, resolved when the function is called.
  ///
  /// Make one with ``Container/resolved(alternative:file:line:)`` and pass it with the
  /// parameter's `$` name. An injected property's `$` is one that hands over the property's
  /// value: it has no ``container``. See <doc:FunctionParameterInjection>.
  public struct Resolver<Value> {
    /// The container that the value is resolved from; `nil` for a resolver that hands over
    /// an injected property's value (`$greeter`).
    public let container: Container?
    let point: InjectionPoint
    private let handOver: (() -> Value)?

    /// A resolver of `Value` from `container`, as `container.resolved(alternative:)` makes.
    /// - Parameters:
    ///   - container: The container to resolve from.
    ///   - alternative: The name of the registration to use; `nil` for the unnamed one.
    ///   - file: The file of the call, for messages; leave the default.
    ///   - line: The line of the call, for messages; leave the default.
    public init(
      container: Container, alternative: RegistrationAlternative? = nil,
      file: StaticString = #fileID, line: UInt = #line
    ) {
      self.container = container
      point = InjectionPoint(
        alternative: alternative, file: file, function: "", line: line,
        target: .functionParameter)
      handOver = nil
    }

    init(handingOver point: InjectionPoint, _ value: @escaping () -> Value) {
      container = nil
      self.point = point
      handOver = value
    }

    /// The name of the registration it resolves; `nil` for the unnamed one.
    public var alternative: RegistrationAlternative? { point.alternative }

    /// Resolves the value now, from ``container``, or hands over the property's value.
    /// - Returns: The value.
    /// - Throws: ``ResolutionError`` when it cannot be resolved, as
    ///   ``Container/resolve(alternative:file:line:)`` does.
    public func resolve() throws(ResolutionError) -> Value {
      guard let container else { return handOver!() }
      return try container.resolve(
        Value.self, alternative: point.alternative, object: nil,
        site: RequestSite(point.file, point.line))
    }

    /// Whether ``resolve()`` finds a resolver, as ``Container/isResolvable(_:alternative:)``
    /// answers for ``container``; `true` for a resolver that hands over a property's value.
    public var isResolvable: Bool {
      container?.isResolvable(Value.self, alternative: point.alternative) ?? true
    }

    /// A failure stops the program through the logger, naming where the resolver was made.
    func injectedValue() -> Value {
      do {
        return try resolve()
      } catch {
        point.die(error, enclosingType: nil)
      }
    }
  }

  /// A resolver for an injected function parameter: `greet($greeter: container.resolved())`.
  /// If the value cannot be resolved when the function is called, the program stops.
  /// - Parameters:
  ///   - alternative: The name of the registration to use; `nil` for the unnamed one.
  ///   - file: The file of the call, for messages; leave the default.
  ///   - line: The line of the call, for messages; leave the default.
  public func resolved<Value>(
    alternative: RegistrationAlternative? = nil, file: StaticString = #fileID, line: UInt = #line
  ) -> Resolver<Value> {
    Resolver(container: self, alternative: alternative, file: file, line: line)
  }
}
