// swift-tools-version: 6.0
import PackageDescription

// Bakery: a bakery's point-of-sale app and its back-office tool, sharing four modules. It is
// ravioli-check's evaluation corpus: ravioli-check must find nothing wrong here, and must
// find each defect that `defects.json` seeds into a copy (RavioliCheck/Scripts/check-corpus).
// Both programs validate their graphs at start-up, print "ok", and exit 0.
let ravioli = Target.Dependency.product(name: "Ravioli", package: "Ravioli")

let package = Package(
  name: "Bakery",
  platforms: [.macOS(.v10_15), .iOS(.v13), .tvOS(.v13), .watchOS(.v6), .visionOS(.v1)],
  dependencies: [
    .package(name: "Ravioli", path: "../../..")
  ],
  targets: [
    // The clock, the event log, money, and lists of anything.
    .target(name: "Core", dependencies: [ravioli]),
    // The bakery's server.
    .target(name: "Networking", dependencies: [ravioli, "Core"]),
    // What the bakery sells, and the screens that show it.
    .target(name: "Catalog", dependencies: [ravioli, "Core", "Networking"]),
    // Orders, the checkout and the kitchen's schedule.
    .target(name: "Orders", dependencies: [ravioli, "Core", "Networking", "Catalog"]),
    // The till's app: every module, each type resolving from its module's container.
    .executableTarget(
      name: "BakeryApp", dependencies: [ravioli, "Core", "Networking", "Catalog", "Orders"]),
    // The back office: the catalog and the sales reports, under a lookup policy of its own.
    .executableTarget(name: "BakeryAdmin", dependencies: [ravioli, "Core", "Catalog"]),
  ],
  swiftLanguageModes: [.v6]
)
