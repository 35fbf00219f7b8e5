// swift-tools-version: 6.0
import PackageDescription

// ravioli-check: reads a project's Swift source and reports, as compiler errors, every
// injected type that no container it resolves from registers, every cycle among declared
// needs, and every alternative that nothing registers. A package of its own, so that the
// library keeps no dependencies:
//   swift run -c release ravioli-check PATH...
let package = Package(
  name: "RavioliCheck",
  // The tool runs where the build runs; Ravioli's own lowest macOS, so that any app that
  // builds with Ravioli can adopt the plugins.
  platforms: [.macOS(.v10_15)],
  products: [
    .executable(name: "ravioli-check", targets: ["ravioli-check"]),
    .plugin(name: "RavioliCheckCommand", targets: ["RavioliCheckCommand"]),
    .plugin(name: "RavioliCheckBuildTool", targets: ["RavioliCheckBuildTool"]),
  ],
  dependencies: [
    .package(url: "https://github.com/swiftlang/swift-syntax", exact: "603.0.1")
  ],
  targets: [
    // What the tool knows: reading sources into facts, and checking the facts.
    .target(
      name: "RavioliCheckKit",
      dependencies: [
        .product(name: "SwiftSyntax", package: "swift-syntax"),
        .product(name: "SwiftParser", package: "swift-syntax"),
      ]
    ),
    .executableTarget(name: "ravioli-check", dependencies: ["RavioliCheckKit"]),
    // `swift package ravioli-check`: checks every Swift target of the package it runs in.
    .plugin(
      name: "RavioliCheckCommand",
      capability: .command(
        intent: .custom(
          verb: "ravioli-check",
          description: "Checks that every injected type is registered, and that no declared "
            + "needs form a cycle")
      ),
      dependencies: ["ravioli-check"]
    ),
    // A build-tool plugin: a target that adopts it gets the findings in its own files as
    // build errors.
    .plugin(
      name: "RavioliCheckBuildTool", capability: .buildTool(), dependencies: ["ravioli-check"]),
    .testTarget(
      name: "RavioliCheckKitTests",
      dependencies: ["RavioliCheckKit"],
      // Fixtures are sources to read, not to compile.
      exclude: ["Fixtures"]
    ),
  ]
)
