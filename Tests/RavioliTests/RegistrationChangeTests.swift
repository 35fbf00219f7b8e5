import Ravioli
import Testing

// Replacing a registration on purpose, and removing one.

@Suite struct RegistrationChangeTests {
  @Test func aRemovedKeptInstanceIsReleased() throws {
    let container = Container(name: "app")
    container.register(scope: .singleton) { () -> Journal in Journal() }
    let released = WeakReference<Journal>()
    released.object = try container.resolve() as Journal
    container.removeRegistration(of: Journal.self)
    #expect(released.object == nil)
    #expect(!container.isResolvable(Journal.self))
  }

  /// The table moves entries back after a removal: many keys that share slots, removed and
  /// added in an order that leaves gaps inside runs, must all stay findable.
  @Test func removalsKeepEveryOtherKeyFindable() {
    let container = Container(name: "many")
    let keys = 64
    var registered = Set<Int>()
    var generator = SystemRandomNumberGenerator()
    var mismatches: [String] = []
    for step in 0..<2_000 {
      let key = Int.random(in: 0..<keys, using: &generator)
      let alternative = RegistrationAlternative("key-\(key)")
      if registered.contains(key), step % 3 != 0 {
        if !container.removeRegistration(of: Tagged.self, alternative: alternative) {
          mismatches.append("removing key \(key) at step \(step)")
        }
        registered.remove(key)
      } else {
        container.register(alternative: alternative, replacing: registered.contains(key)) {
          () -> Tagged in Tagged(id: key)
        }
        registered.insert(key)
      }
      if step % 100 == 0 {
        for key in 0..<keys {
          let found =
            try? container.resolve(alternative: RegistrationAlternative("key-\(key)"))
            as Tagged
          if found != (registered.contains(key) ? Tagged(id: key) : nil) {
            mismatches.append("key \(key) at step \(step)")
          }
          // A request with a parameter reads the container's locked table, which is fuller.
          let foundWithParameter =
            try? container.resolve(
              parameter: step, alternative: RegistrationAlternative("key-\(key)")) as Tagged
          if foundWithParameter != found {
            mismatches.append("key \(key) with a parameter at step \(step)")
          }
        }
      }
    }
    #expect(mismatches.isEmpty)
  }

  /// A container's locked table is filled to three quarters of its slots (6 of 8, 12 of 16,
  /// 24 of 32) before it grows, where removals move the most entries back: each removal, in
  /// a random order, must leave every other key findable through it (a request with a
  /// parameter reads it), in many layouts (the alternatives' hashes differ per trial).
  @Test(arguments: [6, 12, 24])
  func removalsFromAThreeQuartersFullTableKeepEveryOtherKeyFindable(keys: Int) {
    var mismatches: [String] = []
    for trial in 0..<100 {
      let container = Container(name: "full-\(keys)-\(trial)")
      let alternatives = (0..<keys).map { RegistrationAlternative("trial-\(trial)-key-\($0)") }
      for (key, alternative) in alternatives.enumerated() {
        container.register(alternative: alternative) { () -> Tagged in Tagged(id: key) }
      }
      var remaining = Set(0..<keys)
      for removed in (0..<keys).shuffled() {
        container.removeRegistration(of: Tagged.self, alternative: alternatives[removed])
        remaining.remove(removed)
        for key in 0..<keys {
          let found =
            try? container.resolve(parameter: trial, alternative: alternatives[key])
            as Tagged
          if found != (remaining.contains(key) ? Tagged(id: key) : nil) {
            mismatches.append("trial \(trial): key \(key) after removing \(removed)")
          }
        }
      }
    }
    #expect(mismatches.isEmpty)
  }

  /// A table holds registrations alone, and compares the key it probes for with each
  /// registration's own: keys that differ only in their type, or only in their alternative,
  /// share one table as it grows through several sizes, and each finds its own registration,
  /// on the road that reads without a lock and through the locked table (a request with a
  /// parameter), before and after half of them are replaced and a quarter removed.
  @Test func keysThatDifferOnlyInTypeOrAlternativeEachFindTheirOwn() {
    let container = Container(name: "shared-slots")
    let alternatives = [nil] + (0..<150).map { RegistrationAlternative("name-\($0)") }
    func register(_ index: Int, _ alternative: RegistrationAlternative?, generation: Int) {
      let replacing = generation > 0
      container.register(alternative: alternative, replacing: replacing) { () -> Tagged in
        Tagged(id: index + generation * 1_000)
      }
      container.register(alternative: alternative, replacing: replacing) { () -> Int in
        -index - generation * 1_000
      }
    }
    for (index, alternative) in alternatives.enumerated() {
      register(index, alternative, generation: 0)
    }
    var mismatches: [String] = []
    func check(_ stage: String, expected: (Int) -> Int?) {
      for (index, alternative) in alternatives.enumerated() {
        let tagged = try? container.resolve(alternative: alternative) as Tagged
        let number = try? container.resolve(alternative: alternative) as Int
        let taggedWithParameter =
          try? container.resolve(parameter: index, alternative: alternative) as Tagged
        let numberWithParameter =
          try? container.resolve(parameter: index, alternative: alternative) as Int
        let want = expected(index)
        if tagged != want.map(Tagged.init(id:)) || taggedWithParameter != tagged {
          mismatches.append("\(stage): Tagged \(index): \(String(describing: tagged))")
        }
        if number != want.map({ -$0 }) || numberWithParameter != number {
          mismatches.append("\(stage): Int \(index): \(String(describing: number))")
        }
      }
    }
    check("registered") { $0 }
    for (index, alternative) in alternatives.enumerated() where index % 2 == 0 {
      register(index, alternative, generation: 1)
    }
    for (index, alternative) in alternatives.enumerated() where index % 4 == 1 {
      container.removeRegistration(of: Tagged.self, alternative: alternative)
      container.removeRegistration(of: Int.self, alternative: alternative)
    }
    check("changed") { index in
      index % 4 == 1 ? nil : index % 2 == 0 ? index + 1_000 : index
    }
    #expect(mismatches.isEmpty)
  }

  @Test func overridesAndRemovalsAreLoggedAtTheDebugLevel() {
    withIsolatedContainers {
      let logger = RecordingLogger()
      Container.logger = logger
      let container = Container(name: "app")
      container.register { () -> Tagged in Tagged(id: 1) }
      container.register(replacing: true) { () -> Tagged in Tagged(id: 2) }
      container.removeRegistration(of: Tagged.self)
      let child = Container(parent: container, name: "child")
      container.register { () -> Tagged in Tagged(id: 3) }
      child.register(replacing: true) { () -> Tagged in Tagged(id: 4) }
      #expect(logger.messages.allSatisfy { $0.level == .debug })
      #expect(logger.messages.map(\.message)[1].contains("replaced `Tagged` registered at"))
      #expect(logger.messages.map(\.message)[2].contains("removed `Tagged`"))
      #expect(
        logger.messages.last?.message.contains(#"over the one that "app" registered"#) == true)
    }
  }

  @Test func mistakesAreWarnings() {
    withIsolatedContainers {
      let logger = RecordingLogger()
      Container.logger = logger
      let container = Container(name: "app")
      container.register { () -> Tagged in Tagged(id: 1) }
      container.register { () -> Tagged in Tagged(id: 2) }
      container.register(alternative: .french, replacing: true) { () -> Tagged in Tagged(id: 3) }
      container.removeRegistration(of: Tagged.self, alternative: .another)
      let warnings = logger.messages.filter { $0.level == .warning }.map(\.message)
      #expect(warnings.count == 3)
      #expect(warnings[0].contains("again replaces") && warnings[0].contains("`replacing: true`"))
      #expect(warnings[1].contains("nothing to replace"))
      #expect(warnings[2].contains(#"nothing to remove for `Tagged (alternative "another")`"#))
      #expect(warnings[2].contains(#"the unnamed registration, alternative "french""#))
    }
  }

  @Test func aContainerMadeInsideAScopeSaysSoWhenSomethingIsMissing() {
    let made = withIsolatedContainers {
      let container = Container(name: "module")
      container.register { () -> Tagged in Tagged(id: 1) }
      return container
    }
    #expect {
      try made.resolve() as Tagged
    } throws: { error in
      "\(error)".contains(#"Container "module" was made inside an isolation scope"#)
    }
  }

  /// The note is for registrations that a scope kept: a container that was given none there,
  /// or is read in a scope inside the one that made it (which sees what it registered), is
  /// missing something else, and the note would send the reader the wrong way.
  @Test func aContainerMadeInsideAScopeIsNotBlamedForWhatItNeverHad() {
    let empty = withIsolatedContainers { Container(name: "empty") }
    withIsolatedContainers {
      let module = Container(name: "module")
      module.register { () -> Tagged in Tagged(id: 1) }
      withIsolatedContainers {
        for container in [empty, module] {
          #expect {
            try container.resolve(alternative: "missing") as Tagged
          } throws: { error in
            !"\(error)".contains("was made inside an isolation scope")
              && "\(error)".contains("nothing is registered for it")
          }
        }
      }
    }
  }
}

extension GlobalStateTests {
  /// The same messages outside any isolation scope, where they go to the global logger.
  @Suite struct GlobalRegistrationChangeTests {
    @Test func outsideAScopeReplacingAndRemovingAreLoggedAtTheDebugLevel() {
      let logger = RecordingLogger()
      Container.logger = logger
      defer { Container.logger = StandardErrorLogger() }
      // Other suites log to the global logger meanwhile: keep this container's messages.
      let container = Container(name: "global-registration-changes")
      container.register { () -> Tagged in Tagged(id: 1) }
      container.register(replacing: true) { () -> Tagged in Tagged(id: 2) }
      container.removeRegistration(of: Tagged.self)
      container.register { () -> Tagged in Tagged(id: 3) }
      container.register { () -> Tagged in Tagged(id: 4) }
      let levels = logger.messages.filter { $0.message.contains(container.name) }.map(\.level)
      #expect(levels == [.debug, .debug, .debug, .debug, .warning])
      #expect(!logger.messages.contains { $0.message.contains("isolation scope") })
    }

    /// Outside a scope, so that the removal is from the containers' own tables (and lookup
    /// shards), not from a scope's. Removing again finds nothing, which is a warning.
    @Test func removingARegistrationLetsTheParentsOneResolve() throws {
      let logger = RecordingLogger()
      Container.logger = logger
      defer { Container.logger = StandardErrorLogger() }
      let parent = Container(name: "removal-parent")
      parent.register { () -> Tagged in Tagged(id: 1) }
      let child = Container(parent: parent, name: "removal-child")
      child.register { () -> Tagged in Tagged(id: 2) }
      child.register { (number: Int) -> Tagged in Tagged(id: number) }
      child.register(alternative: .french) { () -> Tagged in Tagged(id: 3) }

      #expect(child.removeRegistration(of: Tagged.self))
      #expect(try child.resolve() as Tagged == Tagged(id: 1))
      #expect(try child.resolve(parameter: 9) as Tagged == Tagged(id: 1))
      #expect(try child.resolve(alternative: .french) as Tagged == Tagged(id: 3))
      #expect(!child.removeRegistration(of: Tagged.self))
      // Other suites log to the global logger meanwhile: keep this container's warnings.
      let warnings = logger.messages.filter {
        $0.level == .warning && $0.message.contains(#"Container "removal-child""#)
      }
      #expect(warnings.count == 1)
      #expect(
        warnings.first?.message.contains(
          #"nothing to remove for `Tagged`; registered for `Tagged` here: alternative "french""#)
          == true)
    }
  }
}
