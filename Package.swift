// swift-tools-version: 6.2
import PackageDescription

let package = Package(
  name: "Ravioli",
  // The lock is pthread_mutex, so the Apple minimums are the lowest that Swift Testing supports.
  platforms: [.macOS(.v10_15), .iOS(.v13), .tvOS(.v13), .watchOS(.v6), .visionOS(.v1)],
  products: [
    .library(name: "Ravioli", targets: ["Ravioli"]),
    // What tests need: the `.isolatedContainers` trait.
    .library(name: "RavioliTesting", targets: ["RavioliTesting"]),
  ],
  targets: [
    .target(name: "Ravioli", dependencies: ["RavioliAtomics"]),
    // C11 atomics and a thread-local, read on the resolution path (see its header for why C).
    .target(name: "RavioliAtomics"),
    .target(name: "RavioliTesting", dependencies: ["Ravioli"]),
    .testTarget(name: "RavioliTests", dependencies: ["Ravioli", "RavioliTesting"]),
    // A target whose default isolation is the main actor, as an app target's is in Xcode 26.
    .testTarget(
      name: "RavioliMainActorTests", dependencies: ["Ravioli", "RavioliTesting"],
      swiftSettings: [.defaultIsolation(MainActor.self)]
    ),
    // Swift 5 language mode, where the `Sendable` rule of kept scopes must break nothing.
    .testTarget(
      name: "RavioliSwift5Tests", dependencies: ["Ravioli"],
      swiftSettings: [.swiftLanguageMode(.v5)]
    ),

    // Samples: `swift run QuickStart`, `swift run Shop`.
    .executableTarget(name: "QuickStart", dependencies: ["Ravioli"], path: "Samples/QuickStart"),
    // The shop: three modules that depend on each other, the app, and its tests.
    .target(name: "Networking", dependencies: ["Ravioli"], path: "Samples/Shop/Networking"),
    .target(name: "Storage", dependencies: ["Ravioli"], path: "Samples/Shop/Storage"),
    .target(
      name: "Catalog", dependencies: ["Ravioli", "Networking", "Storage"],
      path: "Samples/Shop/Catalog"
    ),
    .executableTarget(
      name: "Shop", dependencies: ["Ravioli", "Catalog", "Networking", "Storage"],
      path: "Samples/Shop/App"
    ),
    .testTarget(
      name: "ShopTests",
      dependencies: ["Ravioli", "RavioliTesting", "Catalog", "Networking", "Storage"],
      path: "Samples/Shop/Tests"
    ),
  ],
  swiftLanguageModes: [.v6]
)
