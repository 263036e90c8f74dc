// swift-tools-version: 6.1
import PackageDescription

let strictSettings: [SwiftSetting] = [
  .enableUpcomingFeature("ExistentialAny"),
  .enableUpcomingFeature("InternalImportsByDefault"),
  // Apple platforms always have Foundation, so the FoundationAPI code costs nothing there and
  // is always compiled: Xcode (reported through 26.2) may not pass a package's default traits
  // to its targets, which would drop the URL API and the one-liners from an app's build.
  .define(
    "FoundationAPI",
    .when(platforms: [.macOS, .macCatalyst, .iOS, .tvOS, .watchOS, .visionOS])),
]

let package = Package(
  name: "AppDirectories",
  platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9)],
  // The umbrella `AppDirectories` gives the whole API; a program that only finds its directories
  // depends on `AppDirectoriesCore` and compiles nothing of the upkeep or of the files.
  products: [
    .library(name: "AppDirectories", targets: ["AppDirectories"]),
    .library(name: "AppDirectoriesCore", targets: ["AppDirectoriesCore"]),
    .library(name: "AppDirectoriesMaintenance", targets: ["AppDirectoriesMaintenance"]),
    .library(name: "AppDirectoriesFiles", targets: ["AppDirectoriesFiles"]),
    .library(name: "AppDirectoriesSandbox", targets: ["AppDirectoriesSandbox"]),
    .library(name: "AppDirectoriesTesting", targets: ["AppDirectoriesTesting"]),
    .executable(name: "appdirs", targets: ["appdirs"]),
  ],
  traits: [
    .trait(
      name: "FoundationAPI",
      description:
        "URL and FileManager results beside the paths (directory(_:) -> URL, the FileManager one-liners); without it the library and the tool link no Foundation outside Apple platforms and Windows (whose tree operations are FoundationEssentials' FileManager). Apple platforms always have this API."
    ),
    .default(enabledTraits: ["FoundationAPI"]),
  ],
  targets: [
    // Kinds, names, errors, the environment, the layouts, find-or-create and search, the
    // one walk that reaches a directory and the one proof that it is the application's.
    .target(name: "AppDirectoriesCore", swiftSettings: strictSettings),
    // Locations and sizes, clean, prune, versions, migrate: only through the core's walk and proof.
    .target(
      name: "AppDirectoriesMaintenance", dependencies: ["AppDirectoriesCore"],
      swiftSettings: strictSettings),
    // Durable writes, reads, file paths and locks in the application's directories.
    .target(
      name: "AppDirectoriesFiles", dependencies: ["AppDirectoriesCore"],
      swiftSettings: strictSettings),
    // Sandbox grants and self-confinement: the directories a sandbox hands the application, as
    // proved by the core, and Linux's Landlock applied to the running process.
    .target(
      name: "AppDirectoriesSandbox", dependencies: ["AppDirectoriesCore", "CLandlock"],
      swiftSettings: strictSettings),
    // Landlock's system calls and `prctl`, which the C library declares variadic.
    .target(name: "CLandlock"),
    .target(
      name: "AppDirectories",
      dependencies: [
        "AppDirectoriesCore", "AppDirectoriesMaintenance", "AppDirectoriesFiles",
        "AppDirectoriesSandbox",
      ],
      swiftSettings: strictSettings),
    // Isolation for users' own tests: a Swift Testing trait and an XCTest helper.
    .target(
      name: "AppDirectoriesTesting", dependencies: ["AppDirectoriesCore"],
      swiftSettings: strictSettings),
    .executableTarget(
      name: "appdirs", dependencies: ["AppDirectories", "CProcessEnvironment"],
      swiftSettings: strictSettings),
    // `environ`, which no two C libraries' Swift modules declare the same way: `sandbox` reads
    // its names, `lock` passes it to the command it runs.
    .target(name: "CProcessEnvironment"),
    // One kit for every test: the temporary root, the recording and fault-injecting system
    // calls, the environments, the tool runner.
    .target(
      name: "TestSupport",
      dependencies: [
        "AppDirectories", "AppDirectoriesCore", "AppDirectoriesMaintenance", "AppDirectoriesFiles",
        "AppDirectoriesSandbox", "AppDirectoriesTesting",
      ],
      path: "Tests/TestSupport",
      swiftSettings: strictSettings),
    .testTarget(
      name: "AppDirectoriesTests",
      dependencies: [
        "AppDirectories", "AppDirectoriesCore", "AppDirectoriesMaintenance", "AppDirectoriesFiles",
        "AppDirectoriesSandbox", "AppDirectoriesTesting", "TestSupport",
      ],
      swiftSettings: strictSettings),
    .testTarget(
      name: "appdirsTests",
      dependencies: [
        "appdirs", "AppDirectories", "AppDirectoriesCore", "AppDirectoriesMaintenance",
        "AppDirectoriesFiles", "AppDirectoriesSandbox", "TestSupport",
      ],
      swiftSettings: strictSettings),
  ],
  swiftLanguageModes: [.v6]
)

// The benchmarks and the stress run measure this package on Linux (tracefs, `/proc`, `setpriv`,
// `Synchronization`, `Process`): they are targets of its own builds there, never products, so a
// package that depends on this one builds only the library, and the tool when it asks for it.
#if os(Linux)
  package.targets += [
    .executableTarget(
      name: "appdirs-benchmarks", dependencies: ["AppDirectories", "CProcessEnvironment"],
      swiftSettings: strictSettings),
    .executableTarget(
      name: "appdirs-stress", dependencies: ["AppDirectories"], swiftSettings: strictSettings),
  ]
#endif
