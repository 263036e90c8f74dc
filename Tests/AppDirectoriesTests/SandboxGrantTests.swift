// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

// These tests make files, links and owners through POSIX calls.
#if !os(Windows)
  import Foundation
  import Testing

  @testable import AppDirectoriesCore
  @testable import AppDirectoriesSandbox
  @testable import TestSupport

  /// Sandbox grants (SPEC 17): the application's directories with the access each needs, every
  /// one proved by section 10's rules on the descriptor the walk opened; one refusal grants
  /// nothing. The search lists are the root's own, never the machine's.
  @Suite("Sandbox grants")
  struct SandboxGrantTests {
    /// The application in `root`, with search lists inside it and the overrides' prefix `EX`.
    static func app(
      _ root: TemporaryRoot, _ variables: [String: String] = [:], name: String = "ExampleApp"
    ) throws -> AppDirectories {
      let search = [
        "XDG_DATA_DIRS": root.at("usr/share"), "XDG_CONFIG_DIRS": root.at("etc/xdg"),
        "XDG_RUNTIME_DIR": root.at("run"),
      ]
      return try AppDirectories(
        app: name, organization: nil, layout: .native, environmentPrefix: "EX", scope: .user,
        portable: .off, environment: root.environment(search.merging(variables) { $1 }),
        syscalls: .live)
    }

    @Test("Each directory has its access, the application's own first, each once")
    func theGrantsOfAnApplication() throws {
      let root = try TemporaryRoot.withUserDirectories()
      try root.makeDirectory("run")
      try root.makeDirectory("usr/share/ExampleApp", mode: 0o755)
      try root.makeDirectory("home/.local/bin", mode: 0o755)
      let grants = try onlyDirectoryError { try Self.app(root).grants() }
      let expected: [(String, DirectoryGrant.Access, DirectoryGrant.Kind, Bool)] = [
        ("home/.local/share/ExampleApp", .readWrite, .data, false),
        ("home/.config/ExampleApp", .readWrite, .config, false),
        ("home/.cache/ExampleApp", .readWrite, .cache, false),
        ("home/.local/state/ExampleApp", .readWrite, .state, false),
        ("home/.local/state/ExampleApp/log", .readWrite, .logs, false),
        ("run/ExampleApp", .readWrite, .runtime, false),
        ("usr/share/ExampleApp", .readOnly, .data, true),
        ("etc/xdg/ExampleApp", .readOnly, .config, false),
        ("home/.local/bin", .readExecute, .executables, true),
      ]
      #expect(grants.map(\.path) == expected.map { root.at($0.0) })
      #expect(grants.map(\.access) == expected.map(\.1))
      #expect(grants.map(\.kind) == expected.map(\.2))
      #expect(grants.map(\.exists) == expected.map(\.3))
      #expect(grants[0].source == .default)
      // Nothing was made by asking.
      #expect(!FileManager.default.fileExists(atPath: root.at("home/.cache/ExampleApp")))
    }

    @Test("With creating, the application's own directories are made first and exist")
    func creatingMakesTheOwnDirectories() throws {
      let root = try TemporaryRoot.withUserDirectories()
      try root.makeDirectory("run")
      let grants = try onlyDirectoryError { try Self.app(root).grants(creating: true) }
      let own = grants.filter { $0.access == .readWrite }
      #expect(own.count == 6)
      #expect(own.filter { !$0.exists }.isEmpty)
      for grant in own {
        var isDirectory: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: grant.path, isDirectory: &isDirectory))
        #expect(isDirectory.boolValue)
      }
    }

    @Test("A search entry that is the user's own directory is granted once, read-write")
    func aDirectoryNamedTwiceIsGrantedOnce() throws {
      let root = try TemporaryRoot.withUserDirectories()
      try root.makeDirectory("run")
      try root.makeDirectory("home/.local/share/ExampleApp")
      try root.makeDirectory("usr")
      let grants = try onlyDirectoryError {
        try Self.app(
          root,
          [
            // The same directory spelled twice more: with a trailing `/.` and through `..`.
            "XDG_DATA_DIRS": root.at("home/.local/share/.") + ":"
              + root.at("usr/../home/.local/share")
          ]
        ).grants()
      }
      let data = grants.filter { $0.kind == .data }
      #expect(data.count == 1)
      #expect(data.first?.access == .readWrite)
    }

    /// Each directory that must never be granted: the variable that chooses it, where it
    /// points (`~` the home, `@` the root), and the rule. Rows after navikt/cplt's
    /// `CLAUDE_CONFIG_DIR=/` and the section 10 list.
    static let refusals: [(variable: String, value: String, reason: CleanRefusal)] = [
      ("EX_CONFIG_DIR", "/", .protectedDirectory("/")),
      ("EX_DATA_DIR", "~", .baseDirectory(.home)),
      ("EX_CACHE_DIR", "~/.cache", .baseDirectory(.cache)),
      ("EX_STATE_DIR", "@/tmp", .baseDirectory(.temporary)),
      ("EX_DATA_DIR", "/usr", .protectedDirectory("/usr")),
      ("EX_DATA_DIR", "/usr/share", .protectedDirectory("/usr")),
      ("EX_CONFIG_DIR", "~/..", .baseDirectory(.home)),
      // Absent, where nothing could be made anyway: refused before anything is made.
      ("EX_CACHE_DIR", "/proc/appdirs-absent", .protectedDirectory("/proc")),
    ]

    @Test(arguments: refusals)
    func aDirectoryThatIsNoApplicationsIsNeverGranted(
      variable: String, value: String, reason: CleanRefusal
    ) throws {
      let root = try TemporaryRoot.withUserDirectories()
      try root.makeDirectory("run")
      try root.makeDirectory("tmp")
      try root.makeDirectory("home/.cache")
      let path =
        value.hasPrefix("~")
        ? root.home + value.dropFirst()
        : value.hasPrefix("@") ? root.path + value.dropFirst() : value
      let dirs = try Self.app(root, [variable: path])
      for creating in [false, true] {
        #expect(throws: DirectoryError.grantRefused(path: path, reason: reason)) {
          try dirs.grants(creating: creating)
        }
      }
      // Refused before anything of the application's was made.
      #expect(!FileManager.default.fileExists(atPath: root.at("home/.local/share/ExampleApp")))
    }

    @Test("A search list entry that is the home is refused, read-only as it is")
    func aSearchEntryThatIsTheHomeIsRefused() throws {
      let root = try TemporaryRoot.withUserDirectories()
      try root.makeDirectory("run")
      let dirs = try Self.app(root, ["XDG_DATA_DIRS": root.path], name: "home")
      #expect(throws: DirectoryError.grantRefused(path: root.home, reason: .baseDirectory(.home))) {
        try dirs.grants()
      }
    }

    @Test("Another user's directory is refused, read-write or read-only", .needsRoot)
    func anotherUsersDirectoryIsRefused() throws {
      let root = try TemporaryRoot.withUserDirectories()
      try root.makeDirectory("run")
      try root.makeDirectory("srv/theirs", mode: 0o755)
      #expect(chown(root.at("srv/theirs"), otherUserID, otherUserID) == 0)
      let dirs = try Self.app(root, ["EX_CACHE_DIR": root.at("srv/theirs")])
      #expect(
        throws: DirectoryError.grantRefused(
          path: root.at("srv/theirs"), reason: .ownedByAnotherUser(UInt32(otherUserID)))
      ) { try dirs.grants() }
      // Read-only, another user's search entry is refused too.
      try root.makeDirectory("srv/share/ExampleApp", mode: 0o755)
      #expect(chown(root.at("srv/share/ExampleApp"), otherUserID, otherUserID) == 0)
      let reading = try Self.app(root, ["XDG_DATA_DIRS": root.at("srv/share")])
      #expect(
        throws: DirectoryError.grantRefused(
          path: root.at("srv/share/ExampleApp"), reason: .ownedByAnotherUser(UInt32(otherUserID)))
      ) { try reading.grants() }
    }

    @Test(
      "A file where the directory would be is the walk's error, and someone else's link is refused")
    func whatStandsInTheWayIsNamed() throws {
      let root = try TemporaryRoot.withUserDirectories()
      try root.makeDirectory("run")
      try root.write("not a folder", to: "home/file")
      #expect(throws: DirectoryError.notADirectory(path: root.at("home/file"))) {
        try Self.app(root, ["EX_CACHE_DIR": root.at("home/file")]).grants()
      }
    }

    @Test("Another user's link on the way is refused as theirs", .needsRoot)
    func anotherUsersLinkIsRefused() throws {
      let root = try TemporaryRoot.withUserDirectories()
      try root.makeDirectory("run")
      try root.makeDirectory("home/target")
      try root.symlink("home/link", to: root.at("home/target"))
      #expect(lchown(root.at("home/link"), otherUserID, otherUserID) == 0)
      #expect(
        throws: DirectoryError.grantRefused(
          path: root.at("home/link"), reason: .ownedByAnotherUser(UInt32(otherUserID)))
      ) { try Self.app(root, ["EX_CACHE_DIR": root.at("home/link")]).grants() }
    }

    @Test("Outside the isolated root, nothing is granted")
    func outsideTheIsolatedRootNothingIsGranted() throws {
      let root = try TemporaryRoot.withUserDirectories()
      try root.makeDirectory("run")
      try root.makeDirectory("box")
      try root.makeDirectory("home/.local/share/ExampleApp")
      var environment = try Self.app(root).environment
      environment.trustedRoot = root.at("box")
      let dirs = try AppDirectories(
        app: "ExampleApp", organization: nil, layout: .native, environment: environment,
        syscalls: .live)
      #expect(
        throws: DirectoryError.grantRefused(
          path: root.at("home/.local/share/ExampleApp"),
          reason: .outsideIsolationRoot(root.at("box")))
      ) { try dirs.grants() }
    }
  }
#endif
