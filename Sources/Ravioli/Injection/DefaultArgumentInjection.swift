/// Resolves a function parameter's default argument (`greeter: Greeter = injected()`): the
/// spelling of function-parameter injection that works from every module.
///
/// The value is resolved when the function is called without the argument, as
/// `@Injected(.resolvingOnInit())` resolves; a failure stops the program. See
/// <doc:FunctionParameterInjection#From-another-module-a-default-argument>.
/// - Parameters:
///   - container: The container to resolve from; `nil`, the default, asks the lookup policy.
///   - alternative: The name of the registration to use; `nil` for the unnamed one.
///   - file: The file that declares the function, for messages; leave the default.
///   - function: The function, for messages; leave the default.
///   - line: The line that declares the parameter, for messages; leave the default.
/// - Returns: The resolved value.
public func injected<Value>(
  from container: Container? = nil, alternative: RegistrationAlternative? = nil,
  file: StaticString = #fileID, function: StaticString = #function, line: UInt = #line
) -> Value {
  InjectionPoint(
    alternative: alternative, file: file, function: function, line: line,
    target: .defaultArgument
  )
  .resolveEagerly(Value.self, from: container)
}
