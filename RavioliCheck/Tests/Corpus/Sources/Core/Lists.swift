import Ravioli

/// Something a list shows: a product, an order, an ingredient.
public protocol Listable: Sendable {
  /// Its line in a list.
  var title: String { get }
}

/// The items of one kind that the bakery knows, loaded once.
public final class Repository<Element: Listable>: Sendable {
  /// Every item, in the order to show them.
  public let items: [Element]

  /// A repository of `items`.
  public init(items: [Element]) {
    self.items = items
  }
}

/// The model of a list screen, for any kind of item. Each module registers the repository of
/// the items it owns.
public final class ListModel<Element: Listable> {
  @Injected var repository: Repository<Element>

  /// A list; its items are loaded at its first use.
  public init() {}

  /// The lines to show.
  public var titles: [String] {
    repository.items.map(\.title)
  }
}
