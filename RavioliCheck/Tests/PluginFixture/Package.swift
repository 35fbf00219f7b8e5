// swift-tools-version: 6.0
import PackageDescription

// A package that adopts ravioli-check's plugins, for CI: `Clean` builds, `Broken` fails
// with ravioli-check's error at its line, and `swift package ravioli-check` reports it.
let package = Package(
  name: "PluginFixture",
  dependencies: [
    .package(name: "Ravioli", path: "../../.."),
    .package(name: "RavioliCheck", path: "../.."),
  ],
  targets: [
    .target(
      name: "Clean",
      dependencies: [.product(name: "Ravioli", package: "Ravioli")],
      plugins: [.plugin(name: "RavioliCheckBuildTool", package: "RavioliCheck")]
    ),
    .target(
      name: "Broken",
      dependencies: [.product(name: "Ravioli", package: "Ravioli")],
      plugins: [.plugin(name: "RavioliCheckBuildTool", package: "RavioliCheck")]
    ),
  ]
)
