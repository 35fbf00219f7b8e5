import Ravioli
import Testing

// A failure names the living containers, outside those searched, that register what was asked
// for, and says how to connect them. Each test uses types of its own, which no other test's
// containers register.

private protocol ProfileDelegate: AnyObject, Sendable {}
private final class ProfileRouter: ProfileDelegate {}
private protocol ToolsClock: Sendable {}
private struct ToolsSystemClock: ToolsClock {}
private protocol Orphan: Sendable {}

@Suite(.isolatedContainers) struct RegisteredElsewhereTests {
  init() {
    Container.logger = SilentLogger()
  }

  /// The issue's trial: the app registers what a module's view model needs in its own
  /// container, which builds on the module's and so is never searched from it.
  @Test func namesAContainerThatBuildsOnTheOneSearched() throws {
    let profile = Container(name: "profile")
    let app = Container(parents: [profile], name: "app")
    let line = #line + 1
    app.register { () -> ProfileDelegate in ProfileRouter() }

    let error = try #require(throws: ResolutionError.self) {
      try profile.resolve() as ProfileDelegate
    }
    #expect(error.registeredElsewhere == ["app"])
    let lines = error.description.split(separator: "\n").map(String.init)
    let named = #""app" (at RavioliTests/RegisteredElsewhereTests.swift:\#(line))"#
    #expect(lines.contains("  Registered in containers not searched: \(named)"))
    let fix =
      #"  To fix: register it in "profile" before it is resolved: "#
      + "`container.register { () -> ProfileDelegate in ... }`. \(named) registers it, but "
      + #"builds on "profile", which never searches the containers built on it."#
    #expect(lines.last == fix)
    // Resolved from the app, which searches both, it is found.
    _ = try app.resolve() as ProfileDelegate
  }

  @Test func suggestsMakingAnUnrelatedContainerAParent() throws {
    let core = Container(name: "core")
    let reports = Container(parents: [core], name: "reports")
    let tools = Container(name: "tools")
    let line = #line + 1
    tools.register { () -> ToolsClock in ToolsSystemClock() }

    let error = try #require(throws: ResolutionError.self) {
      try reports.resolve() as ToolsClock
    }
    #expect(error.registeredElsewhere == ["tools"])
    let tool = #""tools" (at RavioliTests/RegisteredElsewhereTests.swift:\#(line))"#
    let fix: String =
      #"  To fix: register it in "reports" (or a container it searches) before it is "#
      + "resolved: `container.register { () -> ToolsClock in ... }`. \(tool) registers it, "
      + #"but is not searched; making it a parent of "reports" would serve too (parents are "#
      + #"given when a container is made: `Container(parents: [...], name: "reports")`)."#
    #expect(error.description.hasSuffix(fix))
  }

  @Test func namesNothingElsewhereWhenNoContainerRegistersIt() throws {
    let container = Container(name: "lonely")
    let error = try #require(throws: ResolutionError.self) {
      try container.resolve() as Orphan
    }
    #expect(error.registeredElsewhere.isEmpty)
    #expect(!error.description.contains("not searched"))
    #expect(
      error.description.hasSuffix(
        #"To fix: register it in "lonely" before it is resolved: "#
          + "`container.register { () -> Orphan in ... }`."))
  }

  @Test func forgetsAReleasedContainer() throws {
    let profile = Container(name: "profile")
    var app: Container? = Container(parents: [profile], name: "app")
    app?.register { () -> ProfileDelegate in ProfileRouter() }
    let first = try #require(throws: ResolutionError.self) {
      try profile.resolve() as ProfileDelegate
    }
    #expect(first.registeredElsewhere == ["app"])
    app = nil
    let second = try #require(throws: ResolutionError.self) {
      try profile.resolve() as ProfileDelegate
    }
    #expect(second.registeredElsewhere.isEmpty)
  }

  /// What a test registers into another container (here, after the container is made: into
  /// the test's isolation) counts, as the test sees it; an optional request looks for the
  /// optional and the type it wraps.
  @Test func seesWhatTheScopeRegisteredAndLooksForAnOptionalsWrappedType() throws {
    let profile = Container(name: "profile")
    let other = Container(name: "other")
    other.register { () -> ProfileDelegate in ProfileRouter() }

    let error = try #require(throws: ResolutionError.self) {
      try profile.resolve() as ProfileDelegate?
    }
    #expect(error.registeredElsewhere == ["other"])
  }
}
