import Foundation
import Ravioli
import Testing

// Graph instances are found by the address of the registration that made them. These tests
// replace graph registrations while a top-level resolution is using them, so that a released
// registration's memory is reused by a registration of another type: each instance must
// still come back with the type it was made as. They also run under ThreadSanitizer and
// AddressSanitizer (with its quarantine off, so that freed memory is reused at once) in CI.

private final class GraphX: Sendable {
  let id: Int
  init(id: Int) { self.id = id }
}

private final class GraphY: Sendable {
  let name: String
  init(name: String) { self.name = name }
}

private final class GraphZ: Sendable {
  let values: [Int]
  init(values: [Int]) { self.values = values }
}

/// Whether `object` really is a `T`: reads the class from the object, not from the static type.
private func isExactly<T: AnyObject>(_ object: T) -> Bool {
  ObjectIdentifier(type(of: object as AnyObject)) == ObjectIdentifier(T.self)
}

extension GlobalStateTests {
  /// Under `GlobalStateTests` because it installs a logger: the replacements it makes are
  /// not printed (and a silent logger does not even build their messages, which keeps the
  /// registering thread quick enough to race the resolving one).
  @Suite final class GraphScopeStressTests {
    init() {
      Container.logger = SilentLogger()
    }

    deinit {
      Container.logger = StandardErrorLogger()
    }

    @Test func aGraphRegistrationReplacedByAResolverNeverLendsItsInstanceToAnotherType()
      throws
    {
      let container = Container(name: "graph")
      var wrongTypes = 0
      for attempt in 0..<2_000 {
        container.register(scope: .graph) { () -> GraphX in GraphX(id: attempt) }
        container.register { [unowned container] () -> [AnyObject] in
          let x: GraphX = try container.resolve()
          // Releases the registration that made `x`, then allocates one of another type.
          container.register(scope: .graph) { () -> GraphX in GraphX(id: -1) }
          container.register(scope: .graph) { () -> GraphY in GraphY(name: "y") }
          let y: GraphY = try container.resolve()
          return [x, y]
        }
        let made: [AnyObject] = try container.resolve()
        guard let y = made[1] as? GraphY, isExactly(y), y.name == "y" else {
          wrongTypes += 1
          continue
        }
        #expect((made[0] as? GraphX)?.id == attempt)
      }
      #expect(wrongTypes == 0)
    }

    @Test func graphRegistrationsReplacedByAnotherThreadNeverLendTheirInstances() {
      let container = Container(name: "graph")
      container.register(scope: .graph) { () -> GraphX in GraphX(id: 1) }
      container.register(scope: .graph) { () -> GraphZ in GraphZ(values: [1]) }
      container.register { [unowned container] () -> [AnyObject] in
        let x: GraphX = try container.resolve()
        let z: GraphZ = try container.resolve()
        return [x, z]
      }
      let wrongTypes = Counter()
      let resolved = Counter()
      let stopped = Counter()
      // Two threads of their own, so that they run side by side however few cores there are.
      Thread {
        // Replaces both registrations until the other thread is done, for a minute at most.
        let deadline = Date().addingTimeInterval(60)
        var round = 0
        while resolved.value == 0 && Date() < deadline {
          round += 1
          let index = round
          container.register(scope: .graph) { () -> GraphX in GraphX(id: index) }
          container.register(scope: .graph) { () -> GraphZ in GraphZ(values: [index]) }
        }
        stopped.increment()
      }.start()
      Thread {
        for _ in 0..<20_000 {
          guard let made: [AnyObject] = try? container.resolve(),
            let x = made[0] as? GraphX, isExactly(x),
            let z = made[1] as? GraphZ, isExactly(z), z.values.count == 1
          else {
            wrongTypes.increment()
            continue
          }
        }
        resolved.increment()
      }.start()

      #expect(wait(until: resolved, reaches: 1, within: 60))
      #expect(wait(until: stopped, reaches: 1, within: 60))
      #expect(wrongTypes.value == 0)
    }
  }
}
