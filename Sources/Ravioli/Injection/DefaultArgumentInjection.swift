/// Resolves a function parameter's default argument: the spelling of function-parameter
/// injection that works from every module.
///
/// ```swift
/// func welcome(greeter: Greeter = injected()) -> String {
///   greeter.greet()
/// }
/// ```
///
/// ```swift
/// print(welcome())  // resolved through the lookup policy
/// print(welcome(greeter: try container.resolve(alternative: .french)))
/// print(welcome(greeter: EnglishGreeter()))
/// ```
///
/// Swift 6.3 cannot compile a call from another module, tests included, to a function with
/// an `@Injected` parameter (the compiler crashes, or reports an error). Within one module,
/// `@Injected` parameters work too (see ``Injected``). The value is resolved when the
/// function is called without the argument, as `@Injected(.resolvingOnInit())` would
/// resolve it. If it cannot be, the logger's ``RavioliLogger/die(_:file:function:line:)``
/// stops the program with the full diagnostic, naming the function and where it is declared.
/// - Parameters:
///   - container: The container to resolve from; `nil`, the default, asks the lookup
///     policy. A module's function can name its module's container.
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
