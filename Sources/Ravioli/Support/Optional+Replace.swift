extension Optional {
  /// Returns what it replaces, for the caller to release outside a lock.
  mutating func replace(with newValue: Wrapped) -> Wrapped? {
    defer { self = newValue }
    return self
  }
}
