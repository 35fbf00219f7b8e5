/// A living container, outside those searched, that registers what a request asked for.
struct RegisteredElsewhere: Sendable, Hashable {
  /// Its name.
  let name: String
  /// Whether it searches the first container searched: it builds on it, as an app's
  /// container builds on a module's. A container never searches those built on it, so it
  /// cannot become one of its parents either.
  let buildsOnSearched: Bool
}

extension [RegisteredElsewhere] {
  /// `"app"` or `"app", "tools"`.
  var names: String {
    map { "\"\($0.name)\"" }.joined(separator: ", ")
  }

  /// What to do when these containers, and none searched from `first`, register what was
  /// asked for: a sentence, or nothing when there are none.
  func advice(searchedFirst first: String) -> String {
    var sentences: [String] = []
    let children = filter(\.buildsOnSearched)
    let others = filter { !$0.buildsOnSearched }
    if !children.isEmpty {
      sentences.append(
        "\(children.names) \(children.count == 1 ? "registers" : "register") it, but "
          + "\(children.count == 1 ? "builds" : "build") on \"\(first)\", which never searches "
          + "the containers built on it.")
    }
    if !others.isEmpty {
      sentences.append(
        "\(others.names) \(others.count == 1 ? "registers" : "register") it, and is not "
          + "searched: register it in \"\(first)\", or make \(others.count == 1 ? "it" : "one") "
          + "a parent of \"\(first)\" (parents are given when a container is made: "
          + "`Container(parents: [...], name: \"\(first)\")`).")
    }
    return sentences.joined(separator: " ")
  }
}
