// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

// These tests run the tool or other processes, which the tests do on macOS and Linux: iOS,
// tvOS, watchOS and visionOS have no Process, and Windows none of the POSIX tools they use.
#if os(macOS) || os(Linux)
  import Foundation
  import Testing

  @testable import TestSupport

  /// `appdirs doctor`: one row per finding, each with its fix, and the exit code.
  ///
  /// The doctor compares HOME with the password database, so these runs use the unprivileged
  /// user 65534 with HOME set to that user's passwd home (`/nonexistent`, which does not exist)
  /// and every XDG variable pointing into the temporary root; the root is handed to that user.
  @Suite(.asTheUnprivilegedUser) struct DoctorCommandTests {
    static let user = Tool.unprivilegedUser

    static func healthyEnvironment(_ root: TemporaryRoot) -> [String: String] {
      [
        "HOME": String(cString: getpwuid(user).pointee.pw_dir),
        "XDG_DATA_HOME": root.at("data"), "XDG_CONFIG_HOME": root.at("config"),
        "XDG_CACHE_HOME": root.at("cache"), "XDG_STATE_HOME": root.at("state"),
        "XDG_RUNTIME_DIR": root.at("run"), "TMPDIR": root.at("tmp"),
      ]
    }

    func doctor(
      _ root: TemporaryRoot, _ environment: [String: String], arguments: [String] = [],
      rootOwned: [String] = []
    ) throws -> ToolResult {
      root.chownAll(to: Self.user)
      for relative in rootOwned { lchown(root.at(relative), 0, 0) }
      return try Tool.run(
        ["doctor", "--app", "ExampleApp"] + arguments, environment: environment, asUser: Self.user,
        in: root)
    }

    @Test func healthySetupExits0() throws {
      let root = try TemporaryRoot.withUserDirectories()
      try root.makeDirectory("data/ExampleApp", mode: 0o700)
      try root.makeDirectory("config/ExampleApp", mode: 0o755)
      let result = try doctor(root, Self.healthyEnvironment(root))
      #expect(result.status == 0)
      #expect(result.lines.last == "No problems found.")
      #expect(!result.standardOutput.contains("problem:"))
    }

    /// A service manager's directory for another name of the unit's is a note, not a problem;
    /// the application's own entry is used as it is.
    @Test func theServiceManagersDirectoriesAreNamed() throws {
      let root = try TemporaryRoot.withUserDirectories()
      try root.makeDirectory("lib/exampleapp", mode: 0o755)
      var environment = Self.healthyEnvironment(root)
      environment["STATE_DIRECTORY"] = root.at("lib/other")
      let result = try doctor(root, environment)
      #expect(result.status == 0, "\(result.standardOutput)")
      #expect(
        result.lines.contains(
          "note: STATE_DIRECTORY names \(root.at("lib/other")), the unit's directory for another name, so it is not this application's and is ignored"
        ), "\(result.standardOutput)")
      environment["STATE_DIRECTORY"] = root.at("lib/other") + ":" + root.at("lib/ExampleApp")
      let path = try Tool.run(
        ["path", "state", "--app", "ExampleApp", "--explain"], environment: environment,
        asUser: Self.user, in: root)
      #expect(path.lines.first == root.at("lib/ExampleApp"))
      #expect(
        path.lines.contains { $0.hasPrefix("source: the environment variable STATE_DIRECTORY") })
    }

    @Test func aHomeOfYourOwnThatIsNotThePasswordDatabasesIsANoteNotAProblem() throws {
      let root = try TemporaryRoot.withUserDirectories()
      var environment = Self.healthyEnvironment(root)
      environment["HOME"] = root.home
      let result = try doctor(root, environment)
      #expect(result.status == 0, "\(result.standardOutput)")
      #expect(
        result.lines.contains(
          "note: HOME is \(root.home), but the password database says /nonexistent for user 65534"))
      #expect(result.lines.last == "No problems found.")
    }

    /// What would make `path KIND --create` fail, found before it does: the doctor looks at every
    /// ancestor of the app's directories.
    static let blockedCreations:
      [(name: String, prepare: @Sendable (TemporaryRoot) throws -> Void, problem: String)] = [
        (
          "a file where a parent directory must be",
          { root in try root.write("", to: "data") },
          // The base directory's own finding; what it blocks below is the same cause.
          "problem: @/data is not a directory"
        ),
        (
          "an unwritable parent of a missing directory",
          { root in try root.makeDirectory("config", mode: 0o500) },
          "problem: @/config cannot be written and searched by user 65534 (owner 65534, mode 0500), so @/config/ExampleApp cannot be created"
        ),
        (
          "an unsearchable ancestor",
          { root in try root.makeDirectory("state/deep", mode: 0o600) },
          "problem: @/state cannot be written and searched by user 65534 (owner 65534, mode 0600), so @/state/deep and 2 other directories cannot be created"
        ),
      ]

    @Test(arguments: blockedCreations)
    func whatWouldStopCreationIsAProblem(
      _ row: (name: String, prepare: @Sendable (TemporaryRoot) throws -> Void, problem: String)
    ) throws {
      let root = try TemporaryRoot.withUserDirectories()
      var environment = Self.healthyEnvironment(root)
      if row.name == "an unsearchable ancestor" {
        environment["XDG_STATE_HOME"] = root.at("state/deep")
      }
      try row.prepare(root)
      if row.name == "an unsearchable ancestor" { chmod(root.at("state"), 0o600) }
      let result = try doctor(root, environment)
      #expect(result.status == 1)
      let expected = row.problem.replacingOccurrences(of: "@", with: root.path)
      #expect(result.lines.contains { $0.hasPrefix(expected) }, "\(result.standardOutput)")
      chmod(root.at("state"), 0o700)
    }

    @Test(.needsRoot) func aSymlinkOwnedBySomeoneElseOnTheWayIsAProblem() throws {
      let root = try TemporaryRoot.withUserDirectories()
      try root.makeDirectory("elsewhere", mode: 0o700)
      try root.symlink("cache", to: root.at("elsewhere"))
      let result = try doctor(root, Self.healthyEnvironment(root), rootOwned: ["cache"])
      #expect(result.status == 0, "\(result.standardOutput)")
      #expect(!result.standardOutput.contains("symbolic link owned"))
      // Root may own links on the way (the kernel's protected_symlinks rule); another user may not.
      lchown(root.at("cache"), 12345, 12345)
      let planted = try Tool.run(
        ["doctor", "--app", "ExampleApp"], environment: Self.healthyEnvironment(root),
        asUser: Self.user, in: root)
      #expect(planted.status == 1)
      #expect(
        planted.lines.contains(
          "problem: \(root.at("cache")) is a symbolic link owned by user 12345, neither you nor root, on the way to \(root.at("cache/ExampleApp"))"
        ), "\(planted.standardOutput)")
    }

    struct Finding: Sendable, CustomTestStringConvertible {
      let name: String
      let prepare: @Sendable (TemporaryRoot, inout [String: String]) throws -> Void
      let problem: String
      let fix: String
      /// Findings that come with this one, such as the unset variable behind a fallback.
      var others = 0
      /// Paths (relative to the root) that stay root's when the root is handed to the user.
      var rootOwned: [String] = []
      var testDescription: String { name }
    }

    static let findings: [Finding] = [
      Finding(
        name: "relative XDG value", prepare: { _, env in env["XDG_CACHE_HOME"] = "cache" },
        problem: "XDG_CACHE_HOME is not an absolute path (\"cache\") and is ignored",
        fix: "Set XDG_CACHE_HOME to an absolute path, or unset it.",
        // The default under HOME=/nonexistent could not be created either.
        others: 1),
      Finding(
        name: "empty XDG value", prepare: { _, env in env["XDG_CONFIG_HOME"] = "" },
        problem: "XDG_CONFIG_HOME is set but empty, so it is treated as unset",
        fix: "Unset it (unset XDG_CONFIG_HOME) or set it to an absolute path.", others: 1),
      Finding(
        name: "relative XDG_DATA_DIRS entry",
        prepare: { _, env in env["XDG_DATA_DIRS"] = "share:/usr/share" },
        problem: "XDG_DATA_DIRS entry \"share\" is not an absolute path and is ignored",
        fix: "Remove the entry from XDG_DATA_DIRS or make it absolute."),
      Finding(
        name: "relative XDG_CONFIG_DIRS entry",
        prepare: { _, env in env["XDG_CONFIG_DIRS"] = "etc/xdg:/etc/xdg" },
        problem: "XDG_CONFIG_DIRS entry \"etc/xdg\" is not an absolute path and is ignored",
        fix: "Remove the entry from XDG_CONFIG_DIRS or make it absolute."),
      Finding(
        name: "ignored user-dirs.dirs line",
        prepare: { root, _ in
          try root.write("# header\nXDG_MUSIC_DIR=\"$HOMER/x\"\n", to: "config/user-dirs.dirs")
        },
        problem: "@/config/user-dirs.dirs line 2 is ignored: the value must be \"$HOME\"",
        fix: "Write it as XDG_MUSIC_DIR=\"$HOME/Folder\""),
      Finding(
        name: "unsafe XDG_RUNTIME_DIR",
        prepare: { root, _ in chmod(root.at("run"), 0o755) },
        problem:
          "XDG_RUNTIME_DIR is unsafe: @/run has mode 0755, not 0700; using @/tmp/runtime-65534 instead",
        fix: "set it to a directory you own with mode 0700"),
      Finding(
        name: "unsafe fallback runtime directory",
        prepare: { root, env in
          env["XDG_RUNTIME_DIR"] = nil
          try root.makeDirectory("tmp/runtime-65534", mode: 0o777)
        },
        problem: "the fallback runtime directory @/tmp/runtime-65534 has mode 0777, not 0700",
        fix: "Make @/tmp/runtime-65534 a directory you own with mode 0700, or remove it"),
      Finding(
        name: "HOME unset", prepare: { _, env in env["HOME"] = nil },
        problem:
          "no home directory: HOME gives none, and /nonexistent, the home the password database gives user 65534, does not exist",
        fix: "Set HOME to a directory you own"),
      Finding(
        name: "HOME relative", prepare: { _, env in env["HOME"] = "home" },
        problem: "HOME is not an absolute path (\"home\") and is ignored",
        fix: "Set HOME to an absolute path, or unset it."),
      Finding(
        name: "world-writable app directory",
        prepare: { root, _ in try root.makeDirectory("data/ExampleApp", mode: 0o777) },
        problem: "@/data/ExampleApp is world-writable (mode 0777)",
        fix: "chmod go-w '@/data/ExampleApp'"),
      Finding(
        name: "group-writable app directory",
        prepare: { root, _ in try root.makeDirectory("state/ExampleApp/log", mode: 0o770) },
        problem: "@/state/ExampleApp/log is group-writable (mode 0770)",
        fix: "chmod go-w '@/state/ExampleApp/log'"),
      Finding(
        name: "group-writable base directory",
        prepare: { root, _ in try root.makeDirectory("cache", mode: 0o775) },
        problem: "@/cache is group-writable (mode 0775)", fix: "chmod go-w '@/cache'"),
      Finding(
        name: "app directory not writable by the user",
        prepare: { root, _ in
          try root.makeDirectory("cache/ExampleApp", mode: 0o500)
        },
        problem:
          "@/cache/ExampleApp cannot be written and searched by user 65534 (owner 65534, mode 0500)",
        fix: "chmod u+wx '@/cache/ExampleApp'"),
      Finding(
        name: "app directory writable by the user but not searchable",
        prepare: { root, _ in
          try root.makeDirectory("cache/ExampleApp", mode: 0o600)
        },
        problem:
          "@/cache/ExampleApp cannot be written and searched by user 65534 (owner 65534, mode 0600)",
        fix: "chmod u+wx '@/cache/ExampleApp'"),
      Finding(
        name: "dangling symlink",
        prepare: { root, _ in
          try root.makeDirectory("config")
          try root.symlink("config/ExampleApp", to: root.at("gone"))
        },
        problem: "@/config/ExampleApp is a symbolic link to @/gone, which does not exist",
        fix: "mkdir -p '@/gone'"),
      Finding(
        name: "file instead of a directory",
        prepare: { root, _ in try root.write("", to: "data/ExampleApp") },
        problem: "@/data/ExampleApp is not a directory", fix: "mv '@/data/ExampleApp'"),
      Finding(
        name: "FIFO instead of a directory",
        prepare: { root, _ in try root.makeFIFO(root.at("data/ExampleApp")) },
        problem: "@/data/ExampleApp is not a directory", fix: "mv '@/data/ExampleApp'"),
      Finding(
        name: "socket instead of a directory",
        prepare: { root, _ in
          try root.makeDirectory("config")
          try root.makeSocket(root.at("config/ExampleApp"))
        },
        problem: "@/config/ExampleApp is not a directory", fix: "mv '@/config/ExampleApp'"),
      Finding(
        name: "link to a file instead of a directory",
        prepare: { root, _ in
          try root.write("x", to: "a-file")
          try root.makeDirectory("cache")
          try root.symlink("cache/ExampleApp", to: root.at("a-file"))
        },
        problem: "@/cache/ExampleApp is not a directory", fix: "mv '@/cache/ExampleApp'"),
      Finding(
        name: "loop of links",
        prepare: { root, _ in
          try root.makeDirectory("cache")
          try root.symlink("cache/ExampleApp", to: root.at("cache/ExampleApp"))
        },
        problem:
          "@/cache/ExampleApp is a symbolic link to @/cache/ExampleApp, which leads nowhere: its links loop",
        fix: "Remove the link (rm '@/cache/ExampleApp'), or point it at a directory."),
    ]

    /// The findings that need a file of root's, which only root can leave in the user's root.
    static let rootFindings: [Finding] = [
      Finding(
        name: "HOME is another user's directory (the sudo case)",
        prepare: { root, env in
          try root.makeDirectory("roots-home", mode: 0o755)
          env["HOME"] = root.at("roots-home")
        },
        problem:
          "HOME is @/roots-home, but the password database says /nonexistent for user 65534; @/roots-home belongs to user 0, not to you (user 65534)",
        fix: "Set HOME to a directory you own", rootOwned: ["roots-home"])
    ]

    @Test(arguments: findings)
    func eachFindingIsReportedWithItsFixAndExits1(finding: Finding) throws {
      try check(finding)
    }

    @Test(.needsRoot, arguments: rootFindings)
    func eachFindingOfRootsFilesIsReportedWithItsFix(finding: Finding) throws {
      try check(finding)
    }

    func check(_ finding: Finding) throws {
      let root = try TemporaryRoot.withUserDirectories()
      var environment = Self.healthyEnvironment(root)
      try finding.prepare(root, &environment)
      let result = try doctor(root, environment, rootOwned: finding.rootOwned)
      let expand = { (text: String) in text.replacingOccurrences(of: "@", with: root.path) }
      #expect(result.status == 1, "\(result.standardOutput)")
      let lines = result.lines
      let index = try #require(
        lines.firstIndex { $0.hasPrefix("problem: " + expand(finding.problem)) },
        "\(result.standardOutput)")
      #expect(lines[index + 1].hasPrefix("  fix: "))
      #expect(lines[index + 1].contains(expand(finding.fix)), "\(lines[index + 1])")
      let count = 1 + finding.others
      #expect(lines.filter { $0.hasPrefix("problem: ") }.count == count, "\(result.standardOutput)")
      #expect(lines.last == "\(count) problem\(count == 1 ? "" : "s") found.")
    }

    @Test(arguments: [
      (
        "FLATPAK_ID", "org.example.App", "running in a Flatpak sandbox (FLATPAK_ID=org.example.App)"
      ),
      ("SNAP_NAME", "example", "running in a Snap (SNAP_NAME=example)"),
    ])
    func sandboxIsANoteNotAProblem(variable: String, value: String, note: String) throws {
      let root = try TemporaryRoot.withUserDirectories()
      var environment = Self.healthyEnvironment(root)
      environment[variable] = value
      let result = try doctor(root, environment)
      #expect(result.status == 0)
      let index = try #require(result.lines.firstIndex { $0.hasPrefix("note: " + note) })
      #expect(result.lines[index + 1].hasPrefix("  fix: "))
      #expect(result.lines.last == "No problems found.")
    }

    @Test func anInheritedAppImageVariableIsANote() throws {
      let root = try TemporaryRoot.withUserDirectories()
      var environment = Self.healthyEnvironment(root)
      // The tool runs from the build folder, not from the image's mount.
      environment["APPIMAGE"] = root.at("Apps/ExampleApp.AppImage")
      environment["APPDIR"] = root.at("mount")
      let result = try doctor(root, environment)
      #expect(result.status == 0, "\(result.standardOutput)")
      #expect(
        result.lines.contains {
          $0.hasPrefix(
            "note: APPIMAGE names \(root.at("Apps/ExampleApp.AppImage")), but this program does not run from its mount"
          )
        }, "\(result.standardOutput)")
    }

    @Test func anUnsetRuntimeDirectoryWithASafeFallbackIsANote() throws {
      let root = try TemporaryRoot.withUserDirectories()
      var environment = Self.healthyEnvironment(root)
      environment["XDG_RUNTIME_DIR"] = nil
      let result = try doctor(root, environment)
      #expect(result.status == 0, "\(result.standardOutput)")
      let index = try #require(
        result.lines.firstIndex {
          $0.hasPrefix(
            "note: XDG_RUNTIME_DIR is not set; using \(root.path)/tmp/runtime-65534 instead")
        }, "\(result.standardOutput)")
      #expect(
        result.lines[index + 1].contains(
          "Log in through a session manager that sets XDG_RUNTIME_DIR")
      )
      #expect(result.lines.last == "No problems found.")
    }

    @Test func anOverrideNamingASystemOrSharedDirectoryIsAProblem() throws {
      for (value, rule) in [
        ("/usr", "it is, holds or lies inside /usr, a directory of the system"),
        ("@/cache", "it is, or holds, the base directory cache, which every application shares"),
      ] {
        let root = try TemporaryRoot.withUserDirectories()
        try root.makeDirectory("cache")
        var environment = Self.healthyEnvironment(root)
        environment["EX_CACHE_DIR"] = value.replacingOccurrences(of: "@", with: root.path)
        let result = try doctor(root, environment, arguments: ["--env-prefix", "EX"])
        #expect(result.status == 1, "\(result.standardOutput)")
        let path = value.replacingOccurrences(of: "@", with: root.path)
        let index = try #require(
          result.lines.firstIndex {
            $0
              == "problem: the cache directory \(path) (from EX_CACHE_DIR) is not the application's own: \(rule)"
          }, "\(result.standardOutput)")
        #expect(
          result.lines[index + 1]
            == "  fix: Point EX_CACHE_DIR at a folder of the application's own, such as one inside ~/.cache."
        )
      }
    }

    @Test(.enabled(if: geteuid() == 0, "runs the tool as root"))
    func rootWithAnotherUsersHomeIsAProblemBeforeAnythingIsMade() throws {
      let root = try TemporaryRoot.withUserDirectories()
      let environment = Self.healthyEnvironment(root)
      root.chownAll(to: Self.user)
      let before = TreeSnapshot.lines(of: root.path)
      let result = try Tool.run(
        ["doctor", "--app", "ExampleApp"], environment: environment, in: root)
      #expect(result.status == 1, "\(result.standardOutput)")
      #expect(
        result.lines.contains {
          $0.hasPrefix("problem: ")
            && $0.contains(
              "belongs to user \(Self.user), and root creates nothing in another user's directory")
        }, "\(result.standardOutput)")
      #expect(TreeSnapshot.lines(of: root.path) == before)
    }

    @Test(.needsRoot) func noHomeAtAllIsAProblem() throws {
      try #require(getpwuid(12345) == nil)
      let root = try TemporaryRoot.withUserDirectories()
      var environment = Self.healthyEnvironment(root)
      environment["HOME"] = nil
      root.chownAll(to: 12345)
      let result = try Tool.run(
        ["doctor"], environment: environment, asUser: 12345, in: root)
      #expect(result.status == 1)
      #expect(result.standardOutput.contains("problem: no home directory"))
    }

    @Test func severalProblemsAreCounted() throws {
      let root = try TemporaryRoot.withUserDirectories()
      var environment = Self.healthyEnvironment(root)
      environment["XDG_CACHE_HOME"] = "cache"
      environment["XDG_STATE_HOME"] = ""
      let result = try doctor(root, environment)
      #expect(result.status == 1)
      // The two variables, and the defaults they leave under HOME=/nonexistent, which cannot be
      // created (one finding for both).
      #expect(result.lines.last == "3 problems found.")
    }
  }
#endif
