extension ResolutionStack: ResolutionPath {
  var describedFrames: [DescribedFrame] {
    frames.map {
      let registration = unsafeDowncast($0.registration, to: KeyedRegistration.self)
      return DescribedFrame(
        type: registration.key.metatype, alternative: registration.key.alternative,
        container: ObjectIdentifier($0.container), containerName: $0.container.name,
        site: registration.erased.site)
    }
  }

  static var runners: String { "threads" }
}

/// How messages name a request: `Greeter`, or `Greeter (alternative "french")`.
func describeRequest(_ type: Any.Type, _ alternative: RegistrationAlternative?) -> String {
  let name = String(describing: type)
  guard let alternative else { return name }
  return "\(name) (alternative \"\(alternative.name)\")"
}

extension Container {
  /// The container of the innermost resolution on this thread of `type` under `alternative`
  /// (or of a type the look-up falls back to), if one is running: for a property read
  /// again while its first read resolves it, which that container reports as a cycle.
  static func innermostResolution(of type: Any.Type, alternative: RegistrationAlternative?)
    -> Container?
  {
    let keys = Array(RegistrationKey(type, alternative).withFallbacks)
    let frame = ResolutionStack.current.frames.last { frame in
      (frame.registration as? KeyedRegistration).map { keys.contains($0.key) } ?? false
    }
    return frame?.container
  }
}
