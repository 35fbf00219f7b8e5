import Ravioli
import RavioliTesting
import Testing

// `Container.injectionSites(of:)`: an object's injected properties, listed without resolving
// anything.

private protocol SiteClock: Sendable {}
private struct SiteSystemClock: SiteClock {}
private protocol SiteDelegate: AnyObject, Sendable {}
private final class SiteRouter: SiteDelegate {}

private class SiteBaseScreen {
  static let clockLine: UInt = #line + 1
  @Injected var clock: SiteClock
}

private final class SiteScreen: SiteBaseScreen {
  static let greeterLine: UInt = #line + 1
  @Injected(alternative: .french) var greeter: Greeter
  static let delegateLine: UInt = #line + 1
  @InjectedWeakly var delegate: SiteDelegate?
  @Injected var locale: String = "en"
  var plain = 3
}

private final class SiteEagerScreen {
  @Injected(.resolvingOnInit()) var clock: SiteClock
}

private final class SiteLazyScreen {
  @Injected(.lazily) var clock: SiteClock
}

private final class SiteModuleScreen: Containerable {
  static let module = Container(name: "site-module") { module in
    module.register { () -> SiteClock in SiteSystemClock() }
  }
  var container: Container! { Self.module }
  @Injected var clock: SiteClock
}

private final class SiteNothingInjected {
  var count = 0
}

private struct SiteValue {
  @Injected(.resolvingOnInit()) var clock: SiteClock
}

@Suite(.isolatedContainers) struct InjectionSiteTests {
  let container = Container(name: "sites")
  let resolved = Counter()

  init() {
    Container.logger = SilentLogger()
    container.register { [resolved] () -> SiteClock in
      resolved.increment()
      return SiteSystemClock()
    }
    container.register(alternative: .french) { [resolved] () -> Greeter in
      resolved.increment()
      return FrenchGreeter()
    }
    container.register { [resolved] () -> SiteDelegate in
      resolved.increment()
      return SiteRouter()
    }
    Container.lookupPolicy = .singleton(container)
  }

  @Test func listsEachPropertySuperclassesFirstWithoutResolvingAnything() {
    let screen = SiteScreen()
    let sites = Container.injectionSites(of: screen)

    #expect(sites.map(\.name) == ["clock", "greeter", "delegate", "locale"])
    #expect(sites.map(\.wrapper) == [.injected, .injected, .injectedWeakly, .injected])
    #expect(
      sites.map { "\($0.declaringType)" } == [
        "SiteBaseScreen", "SiteScreen", "SiteScreen", "SiteScreen",
      ])
    #expect(sites.map { "\($0.type)" } == ["SiteClock", "Greeter", "SiteDelegate", "String"])
    #expect(sites.map(\.alternative) == [nil, .french, nil, nil])
    #expect(sites.allSatisfy { $0.file == "RavioliTests/InjectionSiteTests.swift" })
    #expect(
      sites.prefix(3).map(\.line) == [
        SiteBaseScreen.clockLine, SiteScreen.greeterLine, SiteScreen.delegateLine,
      ])
    #expect(sites.map(\.isResolved) == [false, false, false, true])
    #expect(sites.prefix(3).allSatisfy { $0.container === container })
    #expect(sites[3].container == nil)
    #expect(resolved.value == 0)

    // Listing changed nothing: each property still resolves at its first read.
    #expect(screen.greeter.greet() == "Bonjour")
    #expect(screen.delegate is SiteRouter)
    #expect(resolved.value == 2)
  }

  @Test func aReadPropertyIsResolvedAndNamesNoContainer() {
    let screen = SiteScreen()
    _ = screen.greeter
    let sites = Container.injectionSites(of: screen)
    #expect(sites.map(\.isResolved) == [false, true, false, true])
    #expect(sites[1].container == nil)
    #expect(sites[0].container === container)
  }

  @Test func propertiesResolvedWhenTheirObjectIsMadeAreResolved() {
    let sites = Container.injectionSites(of: SiteEagerScreen())
    #expect(sites.map(\.isResolved) == [true])
    #expect(resolved.value == 1)
  }

  @Test func theContainerIsTheOnePickedForTheObjectNow() {
    let lazy = SiteLazyScreen()
    let other = Container(name: "other")
    Container.lookupPolicy = .singleton(other)
    #expect(Container.injectionSites(of: lazy).first?.container === other)

    Container.lookupPolicy = .enclosingType(default: container)
    #expect(
      Container.injectionSites(of: SiteModuleScreen()).first?.container === SiteModuleScreen.module)
    #expect(Container.injectionSites(of: SiteLazyScreen()).first?.container === container)
  }

  @Test func aPropertyWithNoContainerSaysSo() {
    Container.lookupPolicy = nil
    let site = Container.injectionSites(of: SiteLazyScreen()).first
    #expect(site?.container == nil)
    #expect(site?.isResolved == false)
    #expect(
      site?.description
        == "RavioliTests/InjectionSiteTests.swift:\(site?.line ?? 0): @Injected var clock: "
        + "SiteClock, not resolved, and no container")
  }

  @Test func describesEachSite() {
    let sites = Container.injectionSites(of: SiteScreen())
    #expect(
      sites.map(\.description) == [
        "RavioliTests/InjectionSiteTests.swift:\(SiteBaseScreen.clockLine): @Injected var clock: "
          + "SiteClock, not resolved, from \"sites\"",
        "RavioliTests/InjectionSiteTests.swift:\(SiteScreen.greeterLine): @Injected var "
          + "greeter: Greeter, alternative \"french\", not resolved, from \"sites\"",
        "RavioliTests/InjectionSiteTests.swift:\(SiteScreen.delegateLine): @InjectedWeakly var "
          + "delegate: SiteDelegate?, not resolved, from \"sites\"",
        "RavioliTests/InjectionSiteTests.swift:\(SiteScreen.delegateLine + 1): @Injected var "
          + "locale: String, resolved",
      ])
  }

  @Test func anObjectWithoutInjectedPropertiesAndAValueHaveNone() {
    #expect(Container.injectionSites(of: SiteNothingInjected()).isEmpty)
    #expect(Container.injectionSites(of: SiteValue() as AnyObject).isEmpty)
  }
}
