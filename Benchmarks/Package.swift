// swift-tools-version: 6.1
import PackageDescription

// Benchmarks for Ravioli, beside Swinject, swift-dependencies and bare-metal baselines, in one
// release run:
//   swift run -c release RavioliBenchmarks
// A package of its own, so that the library keeps no dependencies.
let package = Package(
  name: "RavioliBenchmarks",
  platforms: [.macOS(.v10_15), .iOS(.v13), .tvOS(.v13), .watchOS(.v6), .visionOS(.v1)],
  dependencies: [
    .package(name: "Ravioli", path: ".."),
    .package(url: "https://github.com/Swinject/Swinject", exact: "2.10.0"),
    .package(url: "https://github.com/pointfreeco/swift-dependencies", exact: "1.17.1"),
  ],
  targets: [
    // Counts heap allocations by standing in for malloc (Linux only).
    .target(name: "AllocationCounter"),
    // The black hole that measured results go to: a C function the Swift optimizer cannot see.
    .target(name: "OpaqueSink"),
    .executableTarget(
      name: "RavioliBenchmarks",
      dependencies: [
        "AllocationCounter",
        "OpaqueSink",
        .product(name: "Ravioli", package: "Ravioli"),
        .product(name: "Swinject", package: "Swinject"),
        .product(name: "Dependencies", package: "swift-dependencies"),
      ],
      // Each timed loop is a function of its own. Swift's function merging would otherwise
      // make one loop of those that differ only in a constant (scenarios 1 and 2, say, by
      // their container), so that two rows would share one loop and its place in memory.
      swiftSettings: [.unsafeFlags(["-Xllvm", "-swiftmergefunc-threshold=0"])]
    ),
    // One scenario in a fixed loop, for callgrind.
    .executableTarget(
      name: "RavioliProfile",
      dependencies: ["OpaqueSink", .product(name: "Ravioli", package: "Ravioli")]
    ),
  ],
  swiftLanguageModes: [.v6]
)
