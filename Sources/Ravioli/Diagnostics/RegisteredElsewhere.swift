/// A living container, outside those searched, that registers what a request asked for.
struct RegisteredElsewhere: Sendable, Hashable {
  let name: String
  /// Where it registered it, as `file:line`.
  let site: String
  /// Whether it searches the first container searched: it builds on it, as an app's
  /// container builds on a module's. A container never searches those built on it, so it
  /// cannot become one of its parents either.
  let buildsOnSearched: Bool
}

extension [RegisteredElsewhere] {
  /// `"app" (at App/main.swift:14)`, or several, separated by commas.
  var names: String {
    map { "\"\($0.name)\" (at \($0.site))" }.joined(separator: ", ")
  }

  /// What these containers, and none searched from `first`, mean for a request that they
  /// register and `first` does not: a sentence or two, or nothing when there are none.
  func advice(searchedFirst first: String) -> String {
    var sentences: [String] = []
    let children = filter(\.buildsOnSearched)
    let others = filter { !$0.buildsOnSearched }
    if !children.isEmpty {
      let one = children.count == 1
      sentences.append(
        "\(children.names) \(one ? "registers" : "register") it, but \(one ? "builds" : "build") "
          + "on \"\(first)\", which never searches the containers built on it.")
    }
    if !others.isEmpty {
      let one = others.count == 1
      sentences.append(
        "\(others.names) \(one ? "registers" : "register") it, but \(one ? "is" : "are") not "
          + "searched; making \(one ? "it" : "one of them") a parent of \"\(first)\" would serve "
          + "too (parents are given when a container is made: "
          + "`Container(parents: [...], name: \"\(first)\")`).")
    }
    return sentences.joined(separator: " ")
  }
}
