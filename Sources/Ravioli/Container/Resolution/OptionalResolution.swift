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

  /// Runs `registration`, which the look-up found for this type unwrapped `unwrapped` times
  /// (`Wrapped`, for `unwrapped` 1), and wraps what it makes back.
  static func runUnwrapped(
    _ registration: AnyObject, unwrapped: Int, in container: Container,
    alternative: RegistrationAlternative?, parameter: Any?, site: RequestSite
  ) throws(ResolutionError) -> Self

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
  static func runUnwrapped(
    _ registration: AnyObject, unwrapped: Int, in container: Container,
    alternative: RegistrationAlternative?, parameter: Any?, site: RequestSite
  ) throws(ResolutionError) -> Self {
    guard unwrapped == 1 else {
      let optional = Wrapped.self as! any OptionalResolvable.Type
      return .some(
        try optional.runUnwrapped(
          registration, unwrapped: unwrapped - 1, in: container, alternative: alternative,
          parameter: parameter, site: site) as! Wrapped)
    }
    return .some(
      try container.run(
        unsafeDowncast(registration, to: Registration<Wrapped>.self), alternative: alternative,
        lending: parameter, site: site))
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
