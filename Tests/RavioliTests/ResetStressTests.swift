import Dispatch
import Ravioli
import Testing

// A reset drops a container's kept instances of a scope, and a creation of that scope that
// overlaps it keeps nothing, since it may have used an instance that the reset drops: no kept
// instance made before a reset survives it, directly or inside another. CI runs this five
// times in a release build (where, before the fix, most rounds of some type pairs failed) and
// under ThreadSanitizer and AddressSanitizer. SingletonResetStressTests adds replacements,
// removals and the exactly-once promise.

private final class ResetDependency<Tag>: Sendable {}
private final class ResetUser<Tag>: Sendable {
  let dependency: ResetDependency<Tag>
  init(dependency: ResetDependency<Tag>) { self.dependency = dependency }
}

/// Tags that give each round's types an address of their own, so that the reset drops the
/// user before its dependency in some rounds, whatever the table's order.
private enum Tag0 {}
private enum Tag1 {}
private enum Tag2 {}
private enum Tag3 {}
private enum Tag4 {}
private enum Tag5 {}
private enum Tag6 {}
private enum Tag7 {}

/// How many of `rounds` left a kept user that holds another dependency than the kept one.
private func mismatches<Tag>(_: Tag.Type, rounds: Int) throws -> Int {
  var found = 0
  for _ in 0..<rounds {
    let container = Container(name: "reset")
    container.register(scope: .cached) { ResetDependency<Tag>() }
    container.register(scope: .cached) { [unowned container] () -> ResetUser<Tag> in
      ResetUser(dependency: try container.resolve())
    }
    _ = try container.resolve() as ResetUser<Tag>
    // One thread resolves the user for as long as the other resets.
    let resetting = Counter()
    let done = Counter()
    DispatchQueue.concurrentPerform(iterations: 2) { thread in
      if thread == 0 {
        while done.value == 0 {
          if resetting.value > 0 { _ = try? container.resolve() as ResetUser<Tag> }
        }
      } else {
        resetting.increment()
        for _ in 0..<20 { container.reset(.cached) }
        done.increment()
      }
    }
    let user: ResetUser<Tag> = try container.resolve()
    let dependency: ResetDependency<Tag> = try container.resolve()
    if user.dependency !== dependency { found += 1 }
  }
  return found
}

@Suite struct ResetStressTests {
  /// One thread makes a cached user, whose resolver resolves a cached dependency, while
  /// another resets the cached scope: afterwards the kept user holds the dependency that is
  /// kept, whichever order the reset dropped them in.
  @Test func aResetKeepsNothingMadeFromWhatItDropped() throws {
    var found = try mismatches(Tag0.self, rounds: 60)
    found += try mismatches(Tag1.self, rounds: 60)
    found += try mismatches(Tag2.self, rounds: 60)
    found += try mismatches(Tag3.self, rounds: 60)
    found += try mismatches(Tag4.self, rounds: 60)
    found += try mismatches(Tag5.self, rounds: 60)
    found += try mismatches(Tag6.self, rounds: 60)
    found += try mismatches(Tag7.self, rounds: 60)
    #expect(found == 0)
  }
}
