import Ravioli

enum FeedModule {
  static let container = Container(parents: [NetworkingModule.container], name: "feed") { c in
    c.autoregister(FeedService.self) { (client: HTTPClient, cache: FeedCache) in
      RemoteFeed(client: client, cache: cache)
    }
    c.register(alternative: "recent", needs: []) { () -> FeedSorter in FeedSorter() }
    c.register(needs: []) { () -> FeedDelegate? in nil }
  }
}

protocol FeedInjectable: Containerable {}

extension FeedInjectable {
  var container: Container! { FeedModule.container }
}

final class FeedViewModel: FeedInjectable {
  @Injected var service: FeedService
  @Injected var analytics: Analytics
  @Injected(alternative: "recnt") var sorter: FeedSorter
  @Injected var profile: ProfileStore
  @InjectedWeakly var delegate: FeedDelegate?
  @Injected var clock: Clock  // ravioli-check: ignore
}

protocol FeedService {}
protocol FeedCache {}
protocol Analytics {}
protocol ProfileStore {}
protocol FeedDelegate: AnyObject {}
protocol Clock {}
struct FeedSorter {}
struct RemoteFeed: FeedService {
  let client: HTTPClient
  let cache: FeedCache
}
