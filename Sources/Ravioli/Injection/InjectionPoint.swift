/// What a property wrapper knows about its declaration: the request it makes, and where it
/// was written, so that every message names the line that declared the property.
@usableFromInline
struct InjectionPoint: Sendable {
  @usableFromInline
  enum Target: UInt8, Sendable {
    case property
    case functionParameter
    case defaultArgument
  }

  @usableFromInline let alternative: RegistrationAlternative?
  @usableFromInline let file: StaticString
  // Declared after `file`, whose padding it takes: the point is stored in every wrapper.
  @usableFromInline let target: Target
  /// `#function` where the property is declared: a `StaticString`, like `file`, so that the
  /// point is copied without reference counting.
  @usableFromInline let function: StaticString
  @usableFromInline let line: UInt

  @usableFromInline
  init(
    alternative: RegistrationAlternative?, file: StaticString, function: StaticString,
    line: UInt,
    target: Target = .property
  ) {
    self.alternative = alternative
    self.file = file
    self.target = target
    self.function = function
    self.line = line
  }

  private var declaredAt: String { "\(file):\(line)" }

  private var functionName: String { function.description }

  /// The first read of an `@InjectedWeakly` property.
  @inlinable @inline(never)
  func resolve<Value, Enclosing: AnyObject>(
    _ type: Value.Type, from source: ContainerSource, for instance: Enclosing
  ) -> Value {
    resolveLazily(type, from: source, for: instance)
  }

  @inlinable @inline(__always)
  func resolveLazily<Value, Enclosing: AnyObject>(
    _ type: Value.Type, from source: ContainerSource, for instance: Enclosing
  ) -> Value {
    let container =
      source.directContainer
      ?? findContainer(Value.self, from: source, for: instance, enclosingType: Enclosing.self)
    return resolve(type, in: container, parameter: instance, enclosingType: Enclosing.self)
  }

  /// The first read of a lazy `@Injected` property of `instance`; `source` is `nil` when the
  /// property is read again while its first read resolves it. The wrapper lives in its object,
  /// so a point passed whole is first copied out of it through its value witnesses; its parts,
  /// as separate arguments (not a tuple), copy as words.
  @inlinable @inline(never)
  static func resolveFirstRead<Value, Enclosing: AnyObject>(
    _ type: Value.Type, for instance: Enclosing, from source: ContainerSource?,
    alternative: RegistrationAlternative?, file: StaticString, function: StaticString,
    line: UInt, target: Target
  ) -> Value {
    if let container = source?.directContainer {
      do {
        return try container.resolve(
          type, alternative: alternative, object: instance, site: RequestSite(file, line))
      } catch {
        InjectionPoint(
          alternative: alternative, file: file, function: function, line: line, target: target
        )
        .die(error, enclosingType: Enclosing.self, object: instance)
      }
    }
    let point = InjectionPoint(
      alternative: alternative, file: file, function: function, line: line, target: target)
    guard let source else {
      point.dieOfReadDuringFirstRead(type, for: instance)
    }
    return point.resolveLazily(type, from: source, for: instance)
  }

  /// Stops the program when a property is read while its first read resolves it, a cycle.
  /// The road reports it, asked again in the container of the innermost frame that resolves
  /// the property's type (or the type its optional wraps), where it finds that frame's
  /// registration again (where a child's registration forwards to its parent's, the cycle
  /// starts at the parent's). With no such frame on the thread's stack (the read came before
  /// the first read found its container, or on another thread), the property reports it.
  @usableFromInline
  func dieOfReadDuringFirstRead<Value, Enclosing: AnyObject>(
    _ type: Value.Type, for instance: Enclosing
  ) -> Never {
    let resolving = Container.innermostResolution(of: type, alternative: alternative)
    if let container = resolving {
      _ = resolve(type, in: container, parameter: instance, enclosingType: Enclosing.self)
    }
    let requested = describeRequest(type, alternative)
    var error = ResolutionError(
      reason: .cycle(path: [requested, requested]), typeName: String(describing: type),
      alternativeName: alternative?.name)
    error.note =
      resolving != nil
      ? "The property was read again while its first read was still resolving it."
      : "The property was read again while its first read was still resolving it: before "
        + "that read had found its container (the lookup policy, or the object's "
        + "`Containerable.container`, reads the property), or on another thread (a resolver "
        + "that waits for such a read, or an object shared between threads without an actor: "
        + "read the property once before sharing the object, or resolve it when the object "
        + "is made, with `.resolvingOnInit()`)."
    die(error, enclosingType: Enclosing.self, object: instance)
  }

  /// Resolves while the enclosing object is being created, before it exists, or, for
  /// `injected()`, when a function is called without the argument.
  @usableFromInline
  func resolveEagerly<Value>(_ type: Value.Type, from container: Container?) -> Value {
    let noInstance: Any? = nil
    let container =
      container
      ?? findContainer(Value.self, from: .globalPolicy, for: noInstance, enclosingType: nil)
    return resolve(type, in: container, parameter: nil, enclosingType: nil)
  }

  @inlinable
  func resolve<Value>(
    _ type: Value.Type, in container: Container, parameter: AnyObject?, enclosingType: Any.Type?
  ) -> Value {
    do {
      return try container.resolve(
        type, alternative: alternative, object: parameter, site: RequestSite(file, line))
    } catch {
      die(error, enclosingType: enclosingType, object: parameter)
    }
  }

  @usableFromInline
  func findContainer<Value, Enclosing>(
    _ type: Value.Type, from source: ContainerSource, for instance: Enclosing,
    enclosingType: Any.Type?
  ) -> Container {
    do {
      return try source.container(
        for: instance, resolving: type, alternative: alternative, file: file,
        function: functionName, line: line)
    } catch {
      // Without an enclosing type there is no object yet (eager injection).
      die(
        error, enclosingType: enclosingType,
        object: enclosingType.map { _ in instance as AnyObject })
    }
  }

  /// Names the declaration: for a property, its declaring type and, given `object`, its name.
  @usableFromInline
  func die(_ error: ResolutionError, enclosingType: Any.Type?, object: AnyObject? = nil) -> Never {
    var error = error
    error.declaredAt = declaredAt
    switch target {
    case .property:
      if let enclosingType {
        error.enclosingTypeName = String(describing: enclosingType)
        error.propertyName = object.flatMap(propertyName(in:))
      } else {
        // Resolved before its object exists: `#function` at a stored property's declaration is
        // the enclosing type's name (in a function, the function's), which names the place.
        error.injectedInto = "a property or variable\(context), declared at \(declaredAt)"
      }
    case .functionParameter:
      error.injectedInto =
        "a function parameter or property given `container.resolved()`, called at \(declaredAt)"
    case .defaultArgument:
      error.injectedInto =
        "the default argument `injected()` of `\(functionName)`, declared at \(declaredAt)"
    }
    if let scope = IsolationScope.active {
      error.runningIn = scope.runningWithTest
      error.alsoStopped = scope.othersRunning
    }
    Container.logger.die(error.description, file: file, function: functionName, line: line)
  }

  /// Declarations whose unkept object was reported (isolation scopes keep their own): once
  /// per property is enough, where a screen made a thousand times would warn a thousand times.
  private static let reportedUnkeptObjects = Locked(Set<String>())

  private var isFirstUnkeptObjectReport: Bool {
    if let scope = IsolationScope.active {
      // Inside an isolation scope, its own: a test that expects the warning gets it,
      // whatever other tests reported.
      return scope.withValue(for: InjectionPoint.self, as: Set<String>.self) { reported, _ in
        var set = reported ?? []
        defer { reported = set }
        return set.insert(declaredAt).inserted
      }
    }
    return Self.reportedUnkeptObjects.withLock { $0.insert(declaredAt).inserted }
  }

  @usableFromInline
  func warnOfUnkeptObject(type: Any.Type, objectType: Any.Type) {
    guard isFirstUnkeptObjectReport else { return }
    warnOfWeakProperty(
      "@InjectedWeakly var of type `\(type)?`\(context) was given a new `\(objectType)` that "
        + "nothing else keeps: it is released as soon as its object is made, and the property "
        + "reads nil.", type: type)
  }

  /// Once per declaration. Writes nothing to the property, since a read must not (reads of
  /// an object shared between threads may run at once): the record of reports says "once".
  @usableFromInline
  func warnOfReleasedUnkeptObject(type: Any.Type, objectType: Any.Type, in object: AnyObject) {
    guard isFirstUnkeptObjectReport else { return }
    let property =
      propertyName(in: object).map { "`@InjectedWeakly var \($0): \(type)?`" }
      ?? "@InjectedWeakly var of type `\(type)?`"
    warnOfWeakProperty(
      "\(property)\(context) reads nil: its first read was given a new "
        + "`\(objectType)` that nothing but that read's caller kept, and it has been released.",
      type: type)
  }

  /// The lines that name the test running, and, for a message that stops the program
  /// (`stopping`), the other tests running, which stop with it.
  private func runningInScope(stopping: Bool = false) -> String {
    guard let scope = IsolationScope.active else { return "" }
    let lines = ResolutionError.runningLines(
      scope.runningWithTest, alsoStopped: stopping ? scope.othersRunning : [])
    return "\n" + lines.joined(separator: "\n")
  }

  /// ` in `Screen``, the declaration's context, for messages.
  private var context: String {
    functionName.isEmpty ? "" : " in `\(functionName)`"
  }

  private func warnOfWeakProperty(_ problem: String, type: Any.Type) {
    Container.logger.log(
      "\(problem)\n  Declared at: \(declaredAt)\(runningInScope())\n  To fix: register it with a "
        + "scope that keeps it (`scope: .singleton` or `.cached`; `.weak` keeps only what something "
        + "else keeps), or let its owner keep it and hand it over "
        + "(`register { [weak owner] () -> \(type)? in owner }`), or declare the property "
        + "@Injected to keep it.",
      level: .warning, file: file, function: functionName, line: line)
  }

  func dieOfMisuse(_ problem: String, fix: String) -> Never {
    Container.logger.die(
      "\(problem)\n  Declared at: \(declaredAt)\(runningInScope(stopping: true))\n  To fix: \(fix)",
      file: file,
      function: functionName, line: line)
  }

  func dieOfLazyInjectionOutsideClass(wrapper: String, type: Any.Type) -> Never {
    dieOfMisuse(
      "@\(wrapper) var of type `\(type)` resolves lazily, which needs a class: lazy "
        + "injection goes through the enclosing object, and a struct or enum has none.",
      fix: "write @\(wrapper)(.resolvingOnInit()) to resolve when the value is created, "
        + "or make the enclosing type a class.")
  }
}
