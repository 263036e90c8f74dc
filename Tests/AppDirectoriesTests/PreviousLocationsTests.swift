// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

// These tests run the tool or other processes, which the tests do on macOS and Linux: iOS,
// tvOS, watchOS and visionOS have no Process, and Windows none of the POSIX tools they use.
#if os(macOS) || os(Linux)
  import Foundation
  import Testing

  @testable import AppDirectoriesCore
  @testable import AppDirectoriesFiles
  @testable import AppDirectoriesMaintenance
  @testable import TestSupport

  /// Where an application's files were before a change of layout or of this library's defaults,
  /// and adopting them with the migration's rules.
  @Suite("Previous locations, found and adopted")
  struct PreviousLocationsTests {
    struct Row: Sendable, CustomTestStringConvertible {
      let platform: OperatingSystem
      let layout: DirectoryLayout
      let kind: AppDirectory
      let previous: [String]
      var roaming = false
      var variables: [String: String] = [:]
      var testDescription: String {
        "\(platform) \(layout.rawValue)\(roaming ? " roaming" : "") \(kind) \(variables.keys.sorted())"
      }
    }

    static let mac = "/Users/ada"
    static let support = mac + "/Library/Application Support/ExampleApp"
    static let local = #"C:\Users\ada\AppData\Local\Example\ExampleApp"#
    static let roamingPath = #"C:\Users\ada\AppData\Roaming\Example\ExampleApp"#

    static let rows: [Row] = [
      // macOS: the other layouts' places.
      Row(
        platform: .macOS, layout: .native, kind: .data, previous: [mac + "/.local/share/ExampleApp"]
      ),
      Row(
        platform: .macOS, layout: .native, kind: .config, previous: [mac + "/.config/ExampleApp"]),
      Row(platform: .macOS, layout: .native, kind: .cache, previous: [mac + "/.cache/ExampleApp"]),
      Row(
        platform: .macOS, layout: .native, kind: .state,
        previous: [mac + "/.local/state/ExampleApp"]),
      Row(
        platform: .macOS, layout: .native, kind: .logs,
        previous: [mac + "/.local/state/ExampleApp/log"]),
      Row(platform: .macOS, layout: .xdg, kind: .data, previous: [support]),
      Row(platform: .macOS, layout: .xdg, kind: .config, previous: [support]),
      Row(
        platform: .macOS, layout: .xdg, kind: .cache, previous: [mac + "/Library/Caches/ExampleApp"]
      ),
      Row(
        platform: .macOS, layout: .xdg, kind: .logs, previous: [mac + "/Library/Logs/ExampleApp"]),
      Row(
        platform: .macOS, layout: .xdgWhereSet, kind: .config,
        previous: [mac + "/.config/ExampleApp"]
      ),
      Row(
        platform: .macOS, layout: .xdgWhereSet, kind: .config, previous: [support],
        variables: ["XDG_CONFIG_HOME": "/dotfiles"]),
      Row(
        platform: .macOS, layout: .xdg, kind: .config, previous: [support],
        variables: ["XDG_CONFIG_HOME": "/dotfiles"]),
      // Never the runtime directory.
      Row(platform: .macOS, layout: .native, kind: .runtime, previous: []),
      // Windows: Roaming, the default before LocalAppData, for data and config only.
      Row(platform: .windows, layout: .native, kind: .data, previous: [roamingPath]),
      Row(platform: .windows, layout: .native, kind: .config, previous: [roamingPath]),
      Row(platform: .windows, layout: .native, kind: .cache, previous: []),
      Row(platform: .windows, layout: .native, kind: .logs, previous: []),
      Row(platform: .windows, layout: .native, kind: .data, previous: [], roaming: true),
      // One layout only: nothing moved.
      Row(platform: .linux, layout: .native, kind: .config, previous: []),
      Row(platform: .linux, layout: .xdgWhereSet, kind: .data, previous: []),
      Row(platform: .iOS, layout: .native, kind: .data, previous: []),
      Row(platform: .macCatalyst, layout: .xdg, kind: .cache, previous: []),
      Row(platform: .android, layout: .native, kind: .config, previous: []),
    ]

    static func environment(_ platform: OperatingSystem, _ variables: [String: String])
      -> ProcessEnvironment
    {
      let home = platform.isApple ? mac : "/home/ada"
      return ProcessEnvironment(
        variables: ["HOME": home, "USERPROFILE": #"C:\Users\ada"#].merging(variables) { $1 },
        passwordDatabaseHome: home, platform: platform, androidAppStorage: "/data/user/0/a")
    }

    @Test(arguments: rows)
    func eachPlatformLayoutAndKindHasItsPreviousLocations(_ row: Row) throws {
      let dirs = try AppDirectories(
        app: "ExampleApp", organization: "Example", layout: row.layout, roaming: row.roaming,
        environment: Self.environment(row.platform, row.variables))
      // The paths: a Windows path is a URL only on Windows.
      #expect(try dirs.previousLocationPaths(for: row.kind) == row.previous)
      if row.platform.pathStyle == .posix {
        #expect(try dirs.previousLocations(for: row.kind).map(\.path) == row.previous)
      }
    }

    /// Every platform, layout and kind that has a previous location, and where; every other
    /// combination has none.
    static let everyPrevious: [String: [String]] = {
      let mac = Self.mac
      let xdg = [
        "data": mac + "/.local/share/ExampleApp", "config": mac + "/.config/ExampleApp",
        "cache": mac + "/.cache/ExampleApp", "state": mac + "/.local/state/ExampleApp",
        "logs": mac + "/.local/state/ExampleApp/log",
      ]
      var table: [String: [String]] = [:]
      for (kind, path) in xdg {
        table["macos native \(kind)"] = [path]
        table["macos xdg-where-set \(kind)"] = [path]
      }
      for kind in ["data", "config", "state"] { table["macos xdg \(kind)"] = [support] }
      table["macos xdg cache"] = [mac + "/Library/Caches/ExampleApp"]
      table["macos xdg logs"] = [mac + "/Library/Logs/ExampleApp"]
      for layout in DirectoryLayout.allCases {
        for kind in ["data", "config"] {
          table["windows \(layout.rawValue) \(kind)"] = [roamingPath]
        }
      }
      return table
    }()

    static let everyCombination: [(OperatingSystem, DirectoryLayout, AppDirectory)] =
      OperatingSystem.allCases.flatMap { platform in
        DirectoryLayout.allCases.flatMap { layout in
          (AppDirectory.ownKinds + [.shared(group: "group.com.example")]).map {
            (platform, layout, $0)
          }
        }
      }

    @Test(arguments: everyCombination)
    func everyPlatformLayoutAndKind(
      _ platform: OperatingSystem, _ layout: DirectoryLayout, _ kind: AppDirectory
    ) throws {
      let dirs = try AppDirectories(
        app: "ExampleApp", organization: "Example", layout: layout,
        environment: Self.environment(platform, [:]))
      let key = "\(platform.rawValue) \(layout.rawValue) \(kind)"
      #expect(try dirs.previousLocationPaths(for: kind) == Self.everyPrevious[key] ?? [], "\(key)")
    }

    @Test func overridesArePassedOver() throws {
      let environment = Self.environment(.macOS, ["EXAMPLEAPP_CONFIG_DIR": "/override"])
      let dirs = try AppDirectories(
        app: "ExampleApp", environmentPrefix: "EXAMPLEAPP", environment: environment)
      #expect(try dirs.resolution(for: .config).path == "/override")
      // Both layouts' own places, without the override, are where the files may have been.
      #expect(
        try dirs.previousLocations(for: .config).map(\.path) == [
          Self.support, Self.mac + "/.config/ExampleApp",
        ])
    }

    // MARK: Adoption

    /// An application on a simulated Mac whose home is inside the test's root.
    static func macApp(_ root: TemporaryRoot, layout: DirectoryLayout) throws -> AppDirectories {
      try macApp(root: root.path, layout: layout, syscalls: .live)
    }

    /// The same application from the root's path alone, as a child process builds it, with this
    /// provider of system calls.
    static func macApp(root: String, layout: DirectoryLayout, syscalls: any SystemCalls) throws
      -> AppDirectories
    {
      let environment = ProcessEnvironment(
        variables: ["HOME": root + "/home", "TMPDIR": root + "/tmp"],
        passwordDatabaseHome: root + "/home", effectiveUserID: UInt32(geteuid()), platform: .macOS
      ).trusting(root: root)
      return try AppDirectories(
        app: "ExampleApp", organization: nil, layout: layout, environment: environment,
        syscalls: syscalls)
    }

    @Test func withNoPreviousLocationNothingIsMoved() throws {
      try TemporaryRoot.with { root in
        let dirs = try Self.macApp(root, layout: .native)
        // An empty previous folder holds nothing to adopt.
        try root.makeDirectory(root.home + "/.config/ExampleApp")
        let before = root.relativePaths()
        let outcome = try dirs.adoptPreviousLocation(for: .config)
        #expect(outcome.action == .nothingToMigrate)
        #expect(outcome.sourcePath == root.home + "/.config/ExampleApp")
        #expect(root.relativePaths() == before)
      }
    }

    @Test func theOnePreviousLocationIsMovedAndTheNextCallFindsItDone() throws {
      try TemporaryRoot.with { root in
        let dirs = try Self.macApp(root, layout: .native)
        try root.writeFile(root.home + "/.config/ExampleApp/settings.json", "{}")
        let dryRun = try dirs.adoptPreviousLocation(for: .config, options: .dryRun)
        #expect(dryRun.isDryRun && dryRun.action == .moved)
        #expect(root.exists(root.home + "/.config/ExampleApp/settings.json"))
        let outcome = try dirs.adoptPreviousLocation(for: .config)
        #expect(outcome.action == .moved)
        #expect(outcome.destinationPath == root.home + "/Library/Application Support/ExampleApp")
        #expect(
          (try? String(
            contentsOfFile: root.home + "/Library/Application Support/ExampleApp/settings.json",
            encoding: .utf8)) == "{}")
        #expect(!root.exists(root.home + "/.config/ExampleApp"))
        #expect(try dirs.adoptPreviousLocation(for: .config).action == .nothingToMigrate)
      }
    }

    @Test func aCurrentDirectoryWithFilesIsAConflictAndNothingMoves() throws {
      try TemporaryRoot.with { root in
        let dirs = try Self.macApp(root, layout: .xdg)
        try root.writeFile(root.home + "/Library/Caches/ExampleApp/old", "old")
        try root.writeFile(root.home + "/.cache/ExampleApp/new", "new")
        let before = root.relativePaths()
        #expect(try dirs.adoptPreviousLocation(for: .cache).action == .conflict)
        #expect(root.relativePaths() == before)
      }
    }

    @Test func twoPreviousLocationsWithFilesAreAConflictThatNamesThem() throws {
      try TemporaryRoot.with { root in
        let dirs = try Self.macApp(root, layout: .native)
        let first = root.at("one/ExampleApp")
        let second = root.at("two/ExampleApp")
        try root.writeFile(first + "/a", "a")
        try root.writeFile(second + "/b", "b")
        let before = root.relativePaths()
        let outcome = try dirs.adopt([first, root.at("none"), second], for: .data, options: [])
        #expect(outcome.action == .conflict)
        #expect(outcome.warnings.count == 1)
        #expect(outcome.warnings.first?.message.contains("\"\(first)\" and \"\(second)\"") == true)
        #expect(root.relativePaths() == before)
      }
    }

    @Test(.needsRoot) func aPreviousLocationOfAnotherUsersIsRefused() throws {
      try TemporaryRoot.with { root in
        let dirs = try Self.macApp(root, layout: .native)
        let previous = root.home + "/.config/ExampleApp"
        try root.writeFile(previous + "/settings.json", "{}")
        try root.changeOwner(previous, to: 12345)
        #expect(throws: DirectoryError.self) { try dirs.adoptPreviousLocation(for: .config) }
        #expect(root.exists(previous + "/settings.json"))
        #expect(!root.exists(root.home + "/Library/Application Support/ExampleApp/settings.json"))
      }
    }

    @Test(.needsRoot) func aPreviousLocationThroughAnotherUsersLinkIsRefused() throws {
      try TemporaryRoot.with { root in
        let dirs = try Self.macApp(root, layout: .native)
        try root.writeFile(root.at("elsewhere/ExampleApp/settings.json"), "{}")
        try root.makeSymlink(root.home + "/.config", to: root.at("elsewhere"))
        lchown(root.home + "/.config", 12345, 12345)
        #expect(throws: DirectoryError.self) { try dirs.adoptPreviousLocation(for: .config) }
        #expect(root.exists(root.at("elsewhere/ExampleApp/settings.json")))
      }
    }

    // MARK: Killed and completed

    /// The rename of the previous location into its new place fails with `EXDEV`, as across
    /// file systems, so that the adoption is a staged copy.
    static let acrossFileSystems = RecordingSystemCalls.Fault(
      errno: EXDEV, remaining: 1, matches: { $0.call == .renameat && $0.name == "ExampleApp" })

    /// The calls after which what is on disk can differ: a kill before any other call leaves
    /// what a kill before the next of these leaves.
    static let changingCalls: Set<RecordingSystemCalls.Call> = [
      .mkdirat, .openat, .fchmod, .renameat, .unlinkat, .sendfile, .write, .futimens, .utimensat,
      .symlinkat, .linkat,
    ]

    /// A root with the sample tree at the previous location of a Mac app's config directory
    /// (`~/.config/ExampleApp`, its native one being Application Support), and the tree's lines.
    static func killableSetup() throws -> (root: TemporaryRoot, expected: [String]) {
      let root = try TemporaryRoot.withUserDirectories()
      try TreeSnapshot.makeSample(at: root.home + "/.config/ExampleApp", largeSize: 20_000)
      return (root, try #require(TreeSnapshot.lines(of: root.home + "/.config/ExampleApp")))
    }

    /// An adoption across file systems killed with SIGKILL, in a child process, before each
    /// call that changes the disk in turn; the next call in this process completes it: every
    /// file once, at the current location, as it was; nothing left beside either side.
    @Test func anAdoptionKilledAtAnyStepIsCompletedByTheNextCall() async throws {
      // One whole adoption, recorded, tells where the kills go.
      let (whole, wholeTree) = try Self.killableSetup()
      let recorder = RecordingSystemCalls(faults: [Self.acrossFileSystems])
      let outcome = try Self.macApp(root: whole.path, layout: .native, syscalls: recorder.syscalls)
        .adoptPreviousLocation(for: .config)
      #expect(outcome.action == .copied)
      let current = "/home/Library/Application Support/ExampleApp"
      #expect(TreeSnapshot.lines(of: whole.path + current) == wholeTree)
      let killPoints = recorder.records.indices.filter {
        Self.changingCalls.contains(recorder.records[$0].call)
      }.map { $0 + 1 }
      #expect(killPoints.count > 20)
      print(
        "PreviousLocationsTests: \(killPoints.count) kills of \(recorder.records.count) calls")

      for point in killPoints {
        let (root, expected) = try Self.killableSetup()
        await #expect(processExitsWith: .signal(SIGKILL), "killed before call \(point)") {
          [path = root.path as String, point = point as Int] in
          let count = Locked(0)
          let provider = RecordingSystemCalls(
            faults: [Self.acrossFileSystems],
            beforeCall: { _ in
              if count.withLock({ count in
                count += 1
                return count
              }) == point {
                kill(getpid(), SIGKILL)
              }
            })
          let dirs = try Self.macApp(root: path, layout: .native, syscalls: provider.syscalls)
          _ = try dirs.adoptPreviousLocation(for: .config)
        }
        // Across file systems for the next call too, while the move has not begun.
        let moving = !root.exists(root.path + current)
        let next = RecordingSystemCalls(faults: moving ? [Self.acrossFileSystems] : [])
        let dirs = try Self.macApp(root: root.path, layout: .native, syscalls: next.syscalls)
        let completed = try dirs.adoptPreviousLocation(for: .config)
        #expect(
          [.copied, .alreadyMigrated].contains(completed.action), "killed before call \(point)")
        #expect(
          TreeSnapshot.lines(of: root.path + current) == expected, "killed before call \(point)")
        #expect(!root.exists(root.home + "/.config/ExampleApp"), "killed before call \(point)")
        #expect(TreeSnapshot.listing(root.home + "/.config") == [], "killed before call \(point)")
        #expect(
          TreeSnapshot.listing(root.home + "/Library/Application Support") == ["ExampleApp"],
          "killed before call \(point)")
        #expect(
          try dirs.adoptPreviousLocation(for: .config).action == .nothingToMigrate,
          "killed before call \(point)")
      }
    }
  }
#endif
