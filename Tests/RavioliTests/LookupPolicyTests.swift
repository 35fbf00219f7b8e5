import Foundation
import Ravioli
import Testing

private let profilesContainer: Container = {
  let container = Container(name: "profiles")
  container.register { () -> String in "from profiles" }
  return container
}()

private let messagingContainer: Container = {
  let container = Container(name: "messaging")
  container.register { () -> String in "from messaging" }
  return container
}()

/// Each "module" refines `Containerable` to carry its own container.
private protocol ProfilesInjectable: Containerable {}
extension ProfilesInjectable {
  var container: Container! { profilesContainer }
}

private protocol MessagingInjectable: Containerable {}
extension MessagingInjectable {
  var container: Container! { messagingContainer }
}

private final class ProfileScreen: ProfilesInjectable {
  @Injected var source: String
}

private final class InboxScreen: MessagingInjectable {
  @Injected var source: String
}

private final class PlainScreen {
  static let line: UInt = #line + 1
  @Injected var source: String
}

/// A screen whose type name is longer than a small string (15 bytes), which a policy still
/// gets as `function`.
private final class AccountSettingsOverviewScreen {
  static let line: UInt = #line + 1
  @Injected(.lazily) var source: String
}

private struct EagerValue {
  @Injected(.resolvingOnInit()) var source: String
}

/// Remembers what it was asked with, and answers with one container.
// `asked` is only touched under `lock`.
private final class RecordingPolicy: ContainerLookupPolicy, @unchecked Sendable {
  let answer: Container?
  private let lock = NSLock()
  private var asked: [String] = []

  init(answer: Container?) { self.answer = answer }

  private var declarations: [String] = []

  var instances: [String] { lock.withLock { asked } }
  /// Where each property that asked is declared: `file:line function`.
  var declaredAt: [String] { lock.withLock { declarations } }

  func container<EnclosingType>(
    for instance: EnclosingType, file: StaticString, function: String, line: UInt
  ) -> Container? {
    let description = "\(EnclosingType.self): \(String(describing: instance))"
    lock.withLock {
      asked.append(description)
      declarations.append("\(file):\(line) \(function)")
    }
    return answer
  }
}

extension GlobalStateTests {
  @Suite struct LookupPolicyTests {
    let appContainer: Container = {
      let container = Container(name: "app")
      container.register { () -> String in "from app" }
      return container
    }()

    @Test func singletonAnswersWithItsContainer() {
      Container.lookupPolicy = .singleton(appContainer)
      #expect(PlainScreen().source == "from app")
      #expect(ProfileScreen().source == "from app")
      #expect(SingletonContainer(appContainer).container === appContainer)
    }

    @Test func enclosingTypeUsesEachModulesContainer() {
      Container.lookupPolicy = .enclosingType(default: appContainer)
      #expect(ProfileScreen().source == "from profiles")
      #expect(InboxScreen().source == "from messaging")
    }

    @Test func enclosingTypeFallsBackToTheDefault() {
      Container.lookupPolicy = .enclosingType(default: appContainer)
      #expect(PlainScreen().source == "from app")
    }

    @Test func enclosingTypeAnswersEagerInjectionWithTheDefault() {
      Container.lookupPolicy = .enclosingType(default: appContainer)
      #expect(EagerValue().source == "from app")
    }

    @Test func theMacaroniSpellingOfThePolicyTypesWorks() {
      Container.lookupPolicy = EnclosingTypeContainer(default: appContainer)
      #expect(InboxScreen().source == "from messaging")
      #expect(EnclosingTypeContainer().defaultContainer == nil)
    }

    @Test func customPolicyIsAskedWithTheEnclosingInstance() {
      let policy = RecordingPolicy(answer: appContainer)
      Container.lookupPolicy = policy
      let screen = PlainScreen()

      #expect(screen.source == "from app")
      #expect(policy.instances.count == 1)
      #expect(policy.instances.first?.hasPrefix("PlainScreen: ") == true)
    }

    @Test func customPolicyIsToldWhereThePropertyIsDeclared() {
      let policy = RecordingPolicy(answer: appContainer)
      Container.lookupPolicy = policy

      #expect(PlainScreen().source == "from app")
      #expect(AccountSettingsOverviewScreen().source == "from app")
      #expect(
        policy.declaredAt == [
          "RavioliTests/LookupPolicyTests.swift:\(PlainScreen.line) PlainScreen",
          "RavioliTests/LookupPolicyTests.swift:\(AccountSettingsOverviewScreen.line) "
            + "AccountSettingsOverviewScreen",
        ])
    }

    @Test func customPolicyIsAskedWithNilForEagerInjection() {
      let policy = RecordingPolicy(answer: appContainer)
      Container.lookupPolicy = policy

      #expect(EagerValue().source == "from app")
      #expect(policy.instances == ["Optional<Any>: nil"])
    }

    @Test func policyCanBeReadBack() {
      Container.lookupPolicy = nil
      #expect(Container.lookupPolicy == nil)
      Container.lookupPolicy = .singleton(appContainer)
      #expect((Container.lookupPolicy as? SingletonContainer)?.container === appContainer)
    }
  }
}
