/// Lets the road resolve `Wrapped?` from a registration of `Wrapped`, without knowing
/// `Wrapped` statically.
protocol OptionalResolvable {
  static var wrappedType: Any.Type { get }

  static func resolveWrapped(
    in container: Container, alternative: RegistrationAlternative?, parameter: Any?,
    site: RequestSite
  ) throws(ResolutionError) -> Self?

  static func isWrappedResolvable(in container: Container, alternative: RegistrationAlternative?)
    -> Bool

  static func wrappedNotFoundError(
    in container: Container, alternative: RegistrationAlternative?, parameter: Any?,
    site: RequestSite, hints: Bool
  ) -> ResolutionError
}

extension Optional: OptionalResolvable {
  static var wrappedType: Any.Type { Wrapped.self }

  static func resolveWrapped(
    in container: Container, alternative: RegistrationAlternative?, parameter: Any?,
    site: RequestSite
  ) throws(ResolutionError) -> Self? {
    guard
      let wrapped = try container.resolveIfFound(
        Wrapped.self, alternative: alternative, parameter: parameter, site: site)
    else { return nil }
    return .some(wrapped)
  }

  static func isWrappedResolvable(in container: Container, alternative: RegistrationAlternative?)
    -> Bool
  {
    container.isResolvable(Wrapped.self, alternative: alternative)
  }

  static func wrappedNotFoundError(
    in container: Container, alternative: RegistrationAlternative?, parameter: Any?,
    site: RequestSite, hints: Bool
  ) -> ResolutionError {
    container.notFoundError(
      Wrapped.self, alternative: alternative, parameter: parameter, site: site, hints: hints)
  }
}
