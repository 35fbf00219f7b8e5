import Ravioli

/// The Messaging module, with its own container, like Profiles.
public enum MessagingModule {
  /// Everything Messaging needs.
  public static let container: Container = {
    let container = Container(name: "messaging")
    container.register { () -> MessageStore in SampleMessageStore() }
    return container
  }()
}

public protocol MessagingInjectable: Containerable {}

extension MessagingInjectable {
  public var container: Container! { MessagingModule.container }
}

/// Where messages come from.
public protocol MessageStore: Sendable {
  func unreadCount() -> Int
}

struct SampleMessageStore: MessageStore {
  func unreadCount() -> Int { 3 }
}

/// A screen of the Messaging module.
public final class InboxScreen: MessagingInjectable {
  @Injected var store: MessageStore

  public init() {}

  public func render() -> String {
    "Inbox: \(store.unreadCount()) unread"
  }
}
