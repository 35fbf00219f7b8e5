import Ravioli

// Scopes and a user session, as the article "Lifetimes" shows them.

// example: lifetimes-1
final class Database: Sendable {
  init() { print("opening the database") }
}

final class UserAccount: Sendable {
  let name: String
  init(name: String) { self.name = name }
}

final class ShoppingCart: Sendable {
  let owner: String
  init(owner: String) { self.owner = owner }
}
// example end: lifetimes-1

// example: registering-and-resolving-5
/// A screen whose logger is made for it: the typed resolver receives the screen itself.
final class CheckoutScreen {
  let title = "Checkout"
  @Injected var logger: TaggedLogger
}
// example end: registering-and-resolving-5

func lifetimes(app: Container) throws {
  // example: lifetimes-2
  app.register(scope: .singleton) { () -> Database in Database() }
  try app.createSingletons()  // opens the database now, not at its first use
  // example end: lifetimes-2

  // example: lifetimes-4
  // A session is a child container: made at login, dropped at logout.
  func logIn(_ name: String) -> Container {
    let session = Container(parent: app, name: "session-\(name)")
    session.register(scope: .singleton) { () -> UserAccount in UserAccount(name: name) }
    // `unowned`: a resolver that holds its own container strongly would keep it alive.
    session.register(scope: .cached) { [unowned session] () -> ShoppingCart in
      ShoppingCart(owner: (try session.resolve() as UserAccount).name)
    }
    return session
  }
  // example end: lifetimes-4

  // example: lifetimes-5
  weak var loggedOut: Container?
  do {
    let session = logIn("ada")
    loggedOut = session
    let cart: ShoppingCart = try session.resolve()
    let database: Database = try session.resolve()  // the app's singleton, through the child
    let sameDatabase = database === (try app.resolve() as Database)
    print("\(cart.owner)'s cart; the same database: \(sameDatabase)")

    session.reset(.cached)  // e.g. after checkout: the next cart is a new one
    let newCart: ShoppingCart = try session.resolve()
    print("a new cart after the reset: \(newCart !== cart)")
  }  // logout: the session, its account and its carts are released
  print("the session is gone: \(loggedOut == nil)")
  // example end: lifetimes-5

  let session = logIn("grace")
  print("now logged in: \((try session.resolve() as UserAccount).name)")

  // example: registering-and-resolving-6
  app.register { (screen: CheckoutScreen) -> TaggedLogger in
    TaggedLogger(tag: "screen \(screen.title)")
  }
  // example end: registering-and-resolving-6
  CheckoutScreen().logger.log("typed parametrized resolver")
}
