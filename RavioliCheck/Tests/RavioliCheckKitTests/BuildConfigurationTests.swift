import Testing

@testable import RavioliCheckKit

/// Each build configuration that `#if DEBUG` separates is checked: a registration made only
/// in debug builds is an error for release builds, at the injection, and says so.
@Suite struct BuildConfigurationTests {
  @Test func aGenericTypeMadeOnlyInDebugNeedsItsRegistrationOnlyThere() throws {
    let app = """
      import Ravioli
      final class Repository<Entity>: Sendable {}
      final class ListModel<Element> {
        @Injected var repository: Repository<Element>
      }
      let app = Container(name: "app") { c in
        c.register { () -> Repository<User> in Repository() }
        #if DEBUG
          c.register { () -> Repository<Probe> in Repository() }
        #endif
      }
      func start() {
        Container.lookupPolicy = .singleton(app)
        #if DEBUG
          _ = ListModel<Probe>()
        #endif
        _ = ListModel<User>()
      }
      """
    #expect(try findings(in: ["App.swift": app]) == [])
    let released = app.replacingOccurrences(
      of: "    _ = ListModel<Probe>()\n  #endif", with: "  #endif\n  _ = ListModel<Probe>()")
    let lines = try findings(in: ["App.swift": released])
    #expect(lines.count == 1)
    #expect(lines.first?.contains("`ListModel<Probe>`, made here,") == true)
    #expect(
      lines.first?.hasSuffix("(Only in a build without `DEBUG`, such as a release build.)") == true)
  }

  @Test func aRegistrationMadeOnlyInDebugIsAnErrorForRelease() throws {
    let app = """
      import Ravioli
      let app = Container(name: "app")
      func start() {
        #if DEBUG
          app.register { () -> Logger in DebugLogger() }
        #elseif STAGING
          app.register { () -> Clock in FixedClock() }
        #else
          app.register { () -> Clock in SystemClock() }
        #endif
        Container.lookupPolicy = .singleton(app)
      }
      """
    let screen = """
      import Ravioli
      final class Screen {
        @Injected var logger: Logger
        @Injected var clock: Clock
        #if DEBUG
          @Injected var inspector: Logger
        #endif
      }
      """
    #expect(
      try findings(in: ["App.swift": app, "Screen.swift": screen]) == [
        "Screen.swift:3:3: error: `Screen.logger` (@Injected) needs `Logger`, which is not "
          + "registered in any container it resolves from (searched \"app\"). Register it in "
          + "\"app\", or correct the type or alternative of `Screen.logger`. (Only in a build "
          + "without `DEBUG`, such as a release build.)",
        "Screen.swift:4:3: error: `Screen.clock` (@Injected) needs `Clock`, which is not "
          + "registered in any container it resolves from (searched \"app\"). Register it in "
          + "\"app\", or correct the type or alternative of `Screen.clock`. (Only in a debug "
          + "build (`DEBUG` set).)",
      ])
  }

  @Test func aConditionItCannotSettleCountsInEveryConfiguration() throws {
    let app = """
      import Ravioli
      let app = Container(name: "app")
      func start() {
        #if os(iOS) || DEBUG
          app.register { () -> Logger in DebugLogger() }
        #endif
        #if canImport(UIKit)
          app.register { () -> Clock in SystemClock() }
        #endif
        Container.lookupPolicy = .singleton(app)
      }
      """
    let screen = """
      import Ravioli
      final class Screen {
        @Injected var logger: Logger
        @Injected var clock: Clock
      }
      """
    #expect(try findings(in: ["App.swift": app, "Screen.swift": screen]) == [])
  }

  @Test func conditionsAreEvaluatedWhereDebugSettlesThem() {
    let debug = BuildConfiguration.debug
    let release = BuildConfiguration.release
    #expect(debug.evaluate("DEBUG") == true)
    #expect(release.evaluate("DEBUG") == false)
    #expect(release.evaluate("!DEBUG") == true)
    #expect(release.evaluate("DEBUG && os(iOS)") == false)
    #expect(debug.evaluate("DEBUG && os(iOS)") == nil)
    #expect(debug.evaluate("(DEBUG || STAGING) && !false") == true)
    #expect(release.evaluate("DEBUG || STAGING") == nil)
    #expect(debug.evaluate("swift(>=5.9)") == nil)
    #expect(debug.evaluate("DEBUG &&") == nil)
    #expect(release.includes([BuildCondition(condition: "DEBUG", holds: false)]))
    #expect(!debug.includes([BuildCondition(condition: "DEBUG", holds: false)]))
  }
}
