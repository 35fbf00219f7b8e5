import Foundation
import Ravioli

/// The Storage module: what the app keeps between launches.
public enum StorageModule {
  /// What Storage provides. Modules that need it build their containers on this one;
  /// tests replace its entries.
  public static let container = Container(name: "storage") { container in
    container.register(scope: .singleton, needs: []) { () -> KeyValueStore in InMemoryStore() }
  }
}

/// Strings by key, shared by everything that resolves it.
public protocol KeyValueStore: AnyObject, Sendable {
  /// The value stored for `key`, if any.
  func value(for key: String) -> String?
  /// Stores `value` for `key`.
  func set(_ value: String, for key: String)
}

/// A store that keeps its values in memory.
// `values` is only touched under `lock`.
public final class InMemoryStore: KeyValueStore, @unchecked Sendable {
  private let lock = NSLock()
  private var values: [String: String] = [:]

  /// An empty store.
  public init() {}

  public func value(for key: String) -> String? {
    lock.withLock { values[key] }
  }

  public func set(_ value: String, for key: String) {
    lock.withLock { values[key] = value }
  }
}
