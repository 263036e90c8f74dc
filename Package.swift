// swift-tools-version: 6.0
import PackageDescription

let strictSettings: [SwiftSetting] = [
  .enableUpcomingFeature("ExistentialAny"),
  .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
  name: "AppDirectories",
  platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9)],
  products: [
    .library(name: "AppDirectories", targets: ["AppDirectories"]),
    .executable(name: "appdirs", targets: ["appdirs"]),
    .executable(name: "appdirs-benchmarks", targets: ["appdirs-benchmarks"]),
  ],
  targets: [
    .target(name: "AppDirectories", swiftSettings: strictSettings),
    .executableTarget(
      name: "appdirs", dependencies: ["AppDirectories"], swiftSettings: strictSettings),
    .executableTarget(
      name: "appdirs-benchmarks", dependencies: ["AppDirectories"], swiftSettings: strictSettings),
    .executableTarget(
      name: "appdirs-stress", dependencies: ["AppDirectories"], swiftSettings: strictSettings),
    .testTarget(
      name: "AppDirectoriesTests", dependencies: ["AppDirectories"], swiftSettings: strictSettings),
    .testTarget(
      name: "appdirsTests", dependencies: ["appdirs", "AppDirectories"],
      swiftSettings: strictSettings),
  ],
  swiftLanguageModes: [.v6]
)
