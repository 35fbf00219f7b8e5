extension ResolutionStack: ResolutionPath {
  func labels(from start: Int, endingWith last: (String, Container)?) -> [String] {
    labels(of: frames[start...], endingWith: last)
  }

  func registrationSites(from start: Int) -> [String] {
    Self.registrationSites(of: frames[start...])
  }

  /// The request's own frame is on the stack already, innermost.
  func path(to requested: String, in container: Container) -> [String] {
    depth > 1 ? labels : []
  }

  static var runners: String { "threads" }

  func path(endingWith last: String, in container: Container) -> [String] {
    labels(of: frames[...], endingWith: (last, container))
  }

  /// The labels of the frames in progress, as ``ResolutionError/resolutionPath`` shows them.
  var labels: [String] { labels(of: frames[...], endingWith: nil) }

  func labels(of frames: ArraySlice<Frame>, endingWith last: (String, Container)?) -> [String] {
    labelsNamingContainers(
      (frames.map { ($0.label, $0.container) } + (last.map { [$0] } ?? [])).map {
        ($0.0, ObjectIdentifier($0.1), $0.1.name)
      })
  }

  /// What a cycle's message lists, so that each of its resolvers can be found.
  static func registrationSites(of frames: ArraySlice<Frame>) -> [String] {
    frames.compactMap { frame in
      (frame.registration as? any AnyRegistration).map { "`\(frame.label)` at \($0.site.label)" }
    }
  }
}

/// How messages name a request: `Greeter`, or `Greeter (alternative "french")`.
func describeRequest(_ type: Any.Type, _ alternative: RegistrationAlternative?) -> String {
  let name = String(describing: type)
  guard let alternative else { return name }
  return "\(name) (alternative \"\(alternative.name)\")"
}

extension Container {
  /// The container of the innermost resolution on this thread of `type` under `alternative`
  /// (or, for an optional, of the type it wraps), if one is running: for a property read
  /// again while its first read resolves it, which that container reports as a cycle.
  static func innermostResolution(of type: Any.Type, alternative: RegistrationAlternative?)
    -> Container?
  {
    var keys = [RegistrationKey(type, alternative)]
    if let optional = type as? any OptionalResolvable.Type {
      keys.append(RegistrationKey(optional.wrappedType, alternative))
    }
    let frame = ResolutionStack.current.frames.last { frame in
      (frame.registration as? KeyedRegistration).map { keys.contains($0.key) } ?? false
    }
    return frame?.container
  }
}
