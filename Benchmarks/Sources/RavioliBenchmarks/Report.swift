import Foundation

/// One scenario's time per operation for each library and baseline that has it.
struct Row {
  let scenario: String
  let ravioli: Double?
  let swinject: Double?
  let swiftDependencies: Double?
  let closure: Double?
  let dictionary: Double?
  let property: Double?

  init(
    _ scenario: String, ravioli: Double? = nil, swinject: Double? = nil,
    swiftDependencies: Double? = nil, closure: Double? = nil, dictionary: Double? = nil,
    property: Double? = nil
  ) {
    self.scenario = scenario
    self.ravioli = ravioli
    self.swinject = swinject
    self.swiftDependencies = swiftDependencies
    self.closure = closure
    self.dictionary = dictionary
    self.property = property
  }
}

/// The time per operation of an empty operation (one `blackHole` of an object already held)
/// in each of the harness's loops: what every time measured in that loop includes.
struct HarnessOverhead {
  let oneThread: Double
  let twoThreads: Double
  let awaited: Double
}

/// Scenario 10: how long `validate()` takes on a graph of `registrations`.
struct ValidationRow {
  let registrations: Int
  /// Milliseconds per call (median of samples).
  let milliseconds: Double
}

/// Scenario 10b: how long a check of 1,000 objects' injected properties takes, with the graph
/// of 10,000 registrations.
struct ObjectValidationRow {
  let check: String
  /// Milliseconds per call (median of samples).
  let milliseconds: Double
}

struct AllocationRow {
  let storedInstance: Double?
  let singleton: Double?
  let swinjectStoredInstance: Double?
  let swiftDependenciesStoredInstance: Double?
  let swiftDependenciesSingleton: Double?
  let closure: Double?
  let ravioliBytesPerRegistration: Double?
  let swinjectBytesPerRegistration: Double?
}

/// A ratio that issue 4 sets a limit on, or a time with a `unit` that another issue does.
struct Target {
  let name: String
  let ratio: Double
  let limit: Double
  let atMost: Bool
  /// Printed after the number: empty for a ratio.
  let unit: String

  init(_ name: String, _ ratio: Double, limit: Double, atMost: Bool, unit: String = "") {
    self.name = name
    self.ratio = ratio
    self.limit = limit
    self.atMost = atMost
    self.unit = unit
  }

  var isMet: Bool { atMost ? ratio <= limit : ratio >= limit }
}

func printReport(
  rows: [Row], overhead: HarnessOverhead, validations: [ValidationRow],
  objectValidations: [ObjectValidationRow],
  replacement: (threads: Int, idle: Double, alone: Double),
  parked: (threads: Int, depth: Int, replacement: Double, unwinding: Double),
  allocations: AllocationRow, targets: [Target]
) {
  func time(_ value: Double?) -> String {
    value.map { String(format: $0 < 10 ? "%.2f" : "%.1f", $0) } ?? "–"
  }
  func count(_ value: Double?) -> String {
    value.map { String(format: "%.2f", $0) } ?? "n/a"
  }

  print("## Time per operation (ns; median of samples, release build)\n")
  print(
    "| scenario | Ravioli | Swinject | swift-dependencies | bare closure "
      + "| [ObjectIdentifier: Any] | plain object |")
  print("|---|---:|---:|---:|---:|---:|---:|")
  for row in rows {
    print(
      "| \(row.scenario) | \(time(row.ravioli)) | \(time(row.swinject)) "
        + "| \(time(row.swiftDependencies)) | \(time(row.closure)) | \(time(row.dictionary)) "
        + "| \(time(row.property)) |")
  }

  print("\n## Harness overhead (ns per operation; included above, not subtracted)\n")
  print("| loop | empty operation |")
  print("|---|---:|")
  print("| one thread (scenarios 1–6, 11) | \(time(overhead.oneThread)) |")
  print("| two threads at once, aggregate (scenario 7) | \(time(overhead.twoThreads)) |")
  print("| awaited (scenario 9) | \(time(overhead.awaited)) |")
  print(
    """

    An empty operation is one `blackHole` of an object already held: the loop's count and \
    branch and the call that consumes a result. Every time in the table above includes it \
    once per consumed result (once in every row; twice in each of 5a's rows, which consume \
    the new object and what its property holds). Nothing is subtracted: to estimate an \
    operation's own cost, subtract this from its time. Ratios and targets below are of the \
    times as printed.
    """)

  print("\n## 8. Heap use\n")
  print("| measure | Ravioli | Swinject | swift-dependencies | bare closure |")
  print("|---|---:|---:|---:|---:|")
  print(
    "| allocations per resolve of a stored instance | \(count(allocations.storedInstance)) "
      + "| \(count(allocations.swinjectStoredInstance)) "
      + "| \(count(allocations.swiftDependenciesStoredInstance)) "
      + "| \(count(allocations.closure)) |")
  print(
    "| allocations per resolve of a singleton | \(count(allocations.singleton)) | – "
      + "| \(count(allocations.swiftDependenciesSingleton)) | – |")
  // swift-dependencies registers nothing at run time: a key is a type, declared in code.
  print(
    "| heap bytes per registration | \(count(allocations.ravioliBytesPerRegistration)) "
      + "| \(count(allocations.swinjectBytesPerRegistration)) | – | – |")

  print("\n## 10. `validate()` (ms per call; median of samples, release build)\n")
  print("| registrations | ms per validate | µs per registration |")
  print("|---:|---:|---:|")
  for row in validations {
    print(
      "| \(row.registrations) | \(String(format: "%.3f", row.milliseconds)) "
        + "| \(String(format: "%.2f", row.milliseconds * 1_000 / Double(row.registrations))) |")
  }

  print(
    "\n## 10b. 1,000 objects of 5 injected properties, with 10,000 registrations (ms per call)\n")
  print("| check | ms per call | µs per object |")
  print("|---|---:|---:|")
  for row in objectValidations {
    print(
      "| \(row.check) | \(String(format: "%.3f", row.milliseconds)) "
        + "| \(String(format: "%.2f", row.milliseconds)) |")
  }

  print("\n## 14. A replacing registration (µs per registration)\n")
  print("| threads alive that have resolved, idle | µs per registration |")
  print("|---:|---:|")
  print("| 0 | \(String(format: "%.2f", replacement.alone)) |")
  print("| \(replacement.threads) | \(String(format: "%.2f", replacement.idle)) |")

  print(
    "\n## 14b. A replacing registration with \(parked.threads) threads parked \(parked.depth) "
      + "resolutions deep inside it\n")
  print("| replacement (µs) | the threads' unwinding (ms) |")
  print("|---:|---:|")
  print(
    "| \(String(format: "%.1f", parked.replacement)) "
      + "| \(String(format: "%.2f", parked.unwinding)) |")

  print("\n## Targets\n")
  print("| target | ratio (or time) | met |")
  print("|---|---:|:---:|")
  for target in targets {
    print(
      "| \(target.name) | \(String(format: "%.2f", target.ratio))\(target.unit) "
        + "| \(target.isMet ? "YES" : "NO") |"
    )
  }
  let noAllocations = [allocations.storedInstance, allocations.singleton].allSatisfy { $0 == 0 }
  if allocations.storedInstance != nil {
    print(
      "| 8: no allocation resolving a stored instance or a singleton | – | \(noAllocations ? "YES" : "NO") |"
    )
  }
}
