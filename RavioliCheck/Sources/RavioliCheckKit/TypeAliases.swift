/// The sources' type aliases, looked up as Swift looks them up: by name, from the file that
/// writes it, in that file's module first, then in the modules it imports.
struct TypeAliases: Sendable {
  /// Each file's module and imports; a file whose module is unknown sees every alias.
  struct FileModule: Sendable {
    let module: String?
    let imports: Set<String>
  }

  /// What a name written in a file stands for.
  enum Answer: Equatable {
    /// No alias of that name is seen there.
    case notAnAlias
    case target(String)
    /// Aliases of that name that the file may see stand for different types.
    case unsettled(modules: [String])
  }

  /// Aliases by their name with the types around them (`Screen.ViewModel`).
  private var byName: [String: [TypeAliasFact]] = [:]
  /// Those names by their last component, for a name written with fewer types around it.
  private var namesByLast: [String: Set<String>] = [:]
  private var files: [String: FileModule] = [:]

  init(_ facts: [FileFacts]) {
    for file in facts {
      files[file.path] = FileModule(module: file.module, imports: file.imports)
      for alias in file.typeAliases {
        byName[alias.name, default: []].append(alias)
        namesByLast[TypeName.lastComponent(alias.name), default: []].insert(alias.name)
      }
    }
  }

  /// Whether `text` names anything that an alias of the sources may be: where it does not,
  /// it is read as it is, with no lookup.
  func mayName(_ text: String) -> Bool {
    !namesByLast.isEmpty && TypeReader.tokens(of: text).contains { namesByLast[$0] != nil }
  }

  /// What `name` (with `arguments`) stands for where `path` writes it inside `context` (a
  /// type's name): an alias nested in that type or a type around it, else one at the top,
  /// else the one alias of that last name. `path` `nil`: seen from everywhere.
  func answer(_ name: String, _ arguments: [String], in context: String?, from path: String?)
    -> Answer
  {
    var candidates: [String] = []
    if let context {
      var outer = context.split(separator: ".").map(String.init)
      while !outer.isEmpty {
        candidates.append((outer + [name]).joined(separator: "."))
        outer.removeLast()
      }
    }
    candidates.append(name)
    var found = candidates.lazy.map { visible(byName[$0] ?? [], from: path) }
      .first { !$0.isEmpty }
    if found == nil {
      let names = namesByLast[TypeName.lastComponent(name)] ?? []
      let seen = names.map { visible(byName[$0] ?? [], from: path) }.filter { !$0.isEmpty }
      if seen.count == 1 {
        found = seen.first
      }
    }
    guard let found, let alias = found.first else { return .notAnAlias }
    guard found.allSatisfy({ $0.target == alias.target && $0.parameters == alias.parameters })
    else {
      return .unsettled(
        modules: Array(Set(found.map { files[$0.path]?.module ?? $0.path })).sorted())
    }
    guard alias.parameters.count == arguments.count else { return .notAnAlias }
    guard !arguments.isEmpty else { return .target(alias.target) }
    return .target(
      TypeName.replacingNames(
        in: alias.target, Dictionary(zip(alias.parameters, arguments)) { first, _ in first }))
  }

  /// The aliases among `aliases` that `path` sees: its module's (a private one only in its
  /// file), which hide the others, else the public ones of the modules it imports.
  private func visible(_ aliases: [TypeAliasFact], from path: String?) -> [TypeAliasFact] {
    guard !aliases.isEmpty, let path, let here = files[path], let module = here.module else {
      return aliases
    }
    let own = aliases.filter { alias in
      alias.access == .file
        ? alias.path == path : (files[alias.path]?.module).map { $0 == module } ?? true
    }
    if !own.isEmpty {
      return own
    }
    return aliases.filter { alias in
      guard alias.access == .importers else { return false }
      return (files[alias.path]?.module).map(here.imports.contains) ?? true
    }
  }
}
