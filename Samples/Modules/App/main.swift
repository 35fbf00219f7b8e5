import Messaging
import Profiles
import Ravioli

// Each module resolves from its own container; the app's own types from the app's container.

protocol Banner: Sendable {
  var text: String { get }
}

struct WelcomeBanner: Banner {
  let text = "Welcome back"
}

final class HomeScreen {
  @Injected var banner: Banner
}

let appContainer = Container(name: "app")
appContainer.register { () -> Banner in WelcomeBanner() }
Container.lookupPolicy = .enclosingType(default: appContainer)

print(HomeScreen().banner.text)
print(ProfileScreen().render(userID: 1))
print(InboxScreen().render())

// The app can replace what a module registered, e.g. for a demo account.
struct EmptyMessageStore: MessageStore {
  func unreadCount() -> Int { 0 }
}
MessagingModule.container.register { () -> MessageStore in EmptyMessageStore() }
print(InboxScreen().render())
