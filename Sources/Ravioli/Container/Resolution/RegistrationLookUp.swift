/// The one look-up: which registration answers a request. Every road and every question
/// (``Container/isResolvable(_:alternative:)``, validation, the graph) finds registrations with
/// ``RegistrationSearch/nearest(_:from:)``, through one of three ways of reading a container:
///
/// - ``UnretainedSearch``: the road's common case, with no lock and no retain, inside a read
///   section; it leaves a request to the others where it cannot decide;
/// - ``RetainingSearch``: the rest of the road and the questions, through an isolation scope's
///   overlay where one is active;
/// - ``TableSearch``: copies of the tables, which the graph reads without the containers.
///
/// The rule, whichever the reading: the containers that the first one searches, in chain order,
/// each once; in each, the isolation scope's overlay before the container's own table, and a
/// parametrized resolver that takes the request's parameter before the plain one
/// (``ResolversUnderKey/answer(to:)``); the first container that answers decides. A request of
/// `T?` that nothing answers is asked again as `T` (``RegistrationSearch/nearestFallingBack(_:from:)``).
protocol RegistrationSearch {
  /// A container, or where its registrations are read.
  associatedtype Place
  associatedtype Found

  /// The first answer to `request` from `start`, then from the containers it searches, in chain
  /// order, each once: the first container that answers decides.
  func nearest(_ request: LookUpRequest, from start: Place) -> LookUpAnswer<Found>?

  /// What `place` itself (not its parents) answers to `request`; `nil` to search on.
  func answer(in place: Place, to request: LookUpRequest) -> LookUpAnswer<Found>?
}

extension RegistrationSearch {
  /// ``nearest(_:from:)``, then, for a request of `T?` that nothing answers, the request of
  /// `T` (and so on for `T??`). What was found comes with how many times the request was
  /// unwrapped, which the road wraps back.
  func nearestFallingBack(_ request: LookUpRequest, from start: Place)
    -> LookUpAnswer<(found: Found, unwrapped: Int)>?
  {
    var request = request
    var unwrapped = 0
    while true {
      switch nearest(request, from: start) {
      case .found(let found)?:
        return .found((found, unwrapped))
      case .undecided?:
        return .undecided
      case nil:
        guard let next = request.unwrapped else { return nil }
        request = next
        unwrapped += 1
      }
    }
  }
}

extension RegistrationSearch where Place == Container {
  /// Through ``Container/firstInChain(_:)``. Forced inline: the road's look-up is then as short
  /// as one written out for it.
  @inline(__always)
  func nearest(_ request: LookUpRequest, from start: Container) -> LookUpAnswer<Found>? {
    start.firstInChain { answer(in: $0, to: request) }
  }
}

/// What a search answers in one container.
enum LookUpAnswer<Found> {
  case found(Found)
  /// This reading cannot tell (a lock-free read of a container that may prefer a parametrized
  /// resolver): the search stops, and a reading that can tell decides.
  case undecided

  var found: Found? {
    guard case .found(let found) = self else { return nil }
    return found
  }
}

/// A request as the look-up reads it.
struct LookUpRequest {
  let key: RegistrationKey
  let parameter: LookUpParameter?

  @inline(__always)
  init(_ key: RegistrationKey, parameter: LookUpParameter?) {
    self.key = key
    self.parameter = parameter
  }

  /// For a request of `T?`, the request of `T`; `nil` for others.
  var unwrapped: LookUpRequest? {
    key.unwrapped.map { LookUpRequest($0, parameter: parameter) }
  }
}

extension RegistrationKey {
  /// This key, then those that the look-up falls back to: what may answer a request of it.
  /// Lazy: each fallback is worked out only when the walk gets to it.
  var withFallbacks: UnfoldFirstSequence<RegistrationKey> {
    sequence(first: self, next: \.unwrapped)
  }

  /// For a key of `T?`, the key of `T`; `nil` for others. A dynamic cast: asked only when the
  /// key itself found nothing.
  var unwrapped: RegistrationKey? {
    (metatype as? any OptionalResolvable.Type).map {
      RegistrationKey($0.wrappedType, alternative)
    }
  }
}

/// What a request gives a parametrized resolver, as far as the look-up knows it. Trivial to copy
/// (a value is lent): the road's look-up then copies and destroys none.
enum LookUpParameter {
  /// The value itself, on the road, lent for the look-up.
  case value(UnsafePointer<Any>)
  /// Only its type: validation, the graph, and the lock-free road, which reads no
  /// parametrized resolver.
  case ofType(Any.Type)
  /// Not known, so that any resolver answers: whether anything is registered, or which
  /// parametrized resolver a request meant that none takes.
  case anyResolverAnswers

  /// The parametrized resolver in `list` that takes the parameter: the one that takes exactly
  /// its type, else the most recently registered one that takes it (a superclass or a
  /// protocol), else the one that takes `Any`.
  func choose(from list: [any AnyRegistration]) -> (any AnyRegistration)? {
    switch self {
    case .value(let parameter):
      return Self.choose(from: list, exactly: type(of: parameter.pointee)) {
        $0.accepts(parameter.pointee)
      }
    case .ofType(let type):
      return Self.choose(from: list, exactly: type) { $0.accepts(parameterOfType: type) }
    case .anyResolverAnswers:
      return list.first
    }
  }

  private static func choose(
    from list: [any AnyRegistration], exactly type: Any.Type,
    accepting accepts: (any AnyRegistration) -> Bool
  ) -> (any AnyRegistration)? {
    let exact = ObjectIdentifier(type)
    if let match = list.last(where: { $0.parameterType == exact }) {
      return match
    }
    let anything = ObjectIdentifier(Any.self)
    return list.last { $0.parameterType != anything && accepts($0) }
      ?? list.last { $0.parameterType == anything }
  }
}
