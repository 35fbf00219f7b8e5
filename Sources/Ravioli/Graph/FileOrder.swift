/// The files that registrations were made in, ranked by name: sorting thousands of
/// registrations by their files' names would compare strings thousands of times.
struct FileOrder {
  /// The rank of each file's name, by the address of its text: a file's `#fileID` is one
  /// string in the binary, whichever call site names it.
  private var ranks: [UnsafeRawPointer: Int] = [:]
  /// The rank of a name given without a pointer (a one-character literal).
  private var ranksOfNames: [String: Int] = [:]

  init(_ files: [StaticString]) {
    var names: [UnsafeRawPointer: String] = [:]
    var others: Set<String> = []
    for file in files {
      if !file.hasPointerRepresentation {
        others.insert(file.description)
      } else if names[UnsafeRawPointer(file.utf8Start)] == nil {
        names[UnsafeRawPointer(file.utf8Start)] = file.description
      }
    }
    // Two copies of one name (from two binaries) share a rank.
    let sortedNames = Set(names.values).union(others).sorted()
    let rankOfName = Dictionary(uniqueKeysWithValues: sortedNames.enumerated().map { ($1, $0) })
    ranks = names.mapValues { rankOfName[$0]! }
    ranksOfNames = rankOfName
  }

  func key(of site: RequestSite) -> SiteKey {
    let file = site.file
    let rank =
      file.hasPointerRepresentation
      ? ranks[UnsafeRawPointer(file.utf8Start)]! : ranksOfNames[file.description]!
    return SiteKey(file: rank, line: site.line)
  }
}

struct SiteKey: Hashable, Comparable {
  let file: Int
  let line: UInt

  static func < (lhs: Self, rhs: Self) -> Bool {
    (lhs.file, lhs.line) < (rhs.file, rhs.line)
  }
}
