/// Lets the road resolve `Wrapped?` from a registration of `Wrapped`, without knowing
/// `Wrapped` statically.
@usableFromInline
protocol OptionalResolvable {
  static var wrappedType: Any.Type { get }

  /// `Wrapped`, resolved on the published road as `Requested`, which is `Self`; `nil` when
  /// the road has no plain registration of `Wrapped` for it.
  static func resolvePublishedWrapped<Requested>(
    as requested: Requested.Type, in container: Container,
    alternative: RegistrationAlternative?, parameterType: Any.Type?, site: RequestSite
  ) throws(ResolutionError) -> Requested?

  static func resolveWrapped(
    in container: Container, alternative: RegistrationAlternative?, parameter: Any?,
    site: RequestSite
  ) throws(ResolutionError) -> Self?

  static func wrappedNotFoundError(
    in container: Container, alternative: RegistrationAlternative?, parameter: Any?,
    site: RequestSite, hints: Bool
  ) -> ResolutionError
}

extension Optional: OptionalResolvable {
  @usableFromInline
  static var wrappedType: Any.Type { Wrapped.self }

  @inlinable
  static func resolvePublishedWrapped<Requested>(
    as requested: Requested.Type, in container: Container,
    alternative: RegistrationAlternative?, parameterType: Any.Type?, site: RequestSite
  ) throws(ResolutionError) -> Requested? {
    // `Requested` is `Self`: a cast that specialization removes.
    try container.resolvePublished(
      Wrapped.self, alternative: alternative, parameterType: parameterType, site: site,
      resolved: { .some(Self.some($0) as! Requested) }, otherwise: { nil })
  }

  @usableFromInline
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

  @usableFromInline
  static func wrappedNotFoundError(
    in container: Container, alternative: RegistrationAlternative?, parameter: Any?,
    site: RequestSite, hints: Bool
  ) -> ResolutionError {
    container.notFoundError(
      Wrapped.self, alternative: alternative, parameter: parameter, site: site, hints: hints)
  }
}
