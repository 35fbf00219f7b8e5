extension Container {
  /// A value for an injected function parameter, resolved when the function is called.
  ///
  /// Make one with ``Container/resolved(alternative:file:line:)`` and pass it with the
  /// parameter's `$` name:
  ///
  /// ```swift
  /// func greet(@Injected greeter: Greeter) -> String {
  ///   greeter.greet()
  /// }
  /// ```
  ///
  /// ```swift
  /// print(greet($greeter: container.resolved()))
  /// print(greet($greeter: container.resolved(alternative: .french)))
  /// ```
  public struct Resolver<Value> {
    let point: InjectionPoint
    private let makeValue: () -> Value

    init(point: InjectionPoint, _ makeValue: @escaping () -> Value) {
      self.point = point
      self.makeValue = makeValue
    }

    func resolve() -> Value { makeValue() }
  }

  /// A resolver for an injected function parameter: `greet($greeter: container.resolved())`.
  ///
  /// The value is resolved when the function is called. If it cannot be, the logger's
  /// ``RavioliLogger/die(_:file:function:line:)`` stops the program with the full
  /// diagnostic, naming this call.
  /// - Parameters:
  ///   - alternative: The name of the registration to use; `nil` for the unnamed one.
  ///   - file: The file of the call, for messages; leave the default.
  ///   - line: The line of the call, for messages; leave the default.
  public func resolved<Value>(
    alternative: RegistrationAlternative? = nil, file: StaticString = #fileID, line: UInt = #line
  ) -> Resolver<Value> {
    let point = InjectionPoint(alternative: alternative, file: file, function: "", line: line)
    return Resolver(point: point) {
      point.resolve(Value.self, in: self, parameter: nil, enclosingType: nil)
    }
  }
}
