// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

// These tests run the tool or other processes, which the tests do on macOS and Linux: iOS,
// tvOS, watchOS and visionOS have no Process, and Windows none of the POSIX tools they use.
#if os(macOS) || os(Linux)
  import AppDirectoriesTesting
  import Foundation
  import Testing

  @testable import AppDirectoriesCore
  @testable import AppDirectoriesFiles
  @testable import AppDirectoriesMaintenance
  @testable import TestSupport

  /// SPEC 9's source rules: whose files a migration may move, compared by what they are, and
  /// never from outside an isolated root.
  @Suite("Whose files a migration moves")
  struct MigrationSourceTests {
    static func directories(_ root: TemporaryRoot, _ variables: [String: String] = [:]) throws
      -> AppDirectories
    {
      try AppDirectories(
        app: "exampleapp", organization: nil, layout: .native,
        environment: root.environment(variables), syscalls: .live)
    }

    /// Each refused legacy path (below the home), and the problem.
    static let refusals: [(String, MigrationProblem)] = [
      ("", .notTheApplications(.baseDirectory(.home))),
      ("Documents", .notTheApplications(.baseDirectory(.documents))),
      (".cache", .notTheApplications(.baseDirectory(.cache))),
      (".local", .notTheApplications(.baseDirectory(.data))),
      ("projects/..", .notTheApplications(.baseDirectory(.home))),
    ]

    @Test(
      "A legacy path that is not the application's is refused, nothing changed",
      arguments: refusals)
    func refusedSources(_ relative: String, _ problem: MigrationProblem) throws {
      let root = try TemporaryRoot.withUserDirectories()
      try root.write("n", to: "home/notes")
      try root.write("d", to: "home/Documents/letter")
      try root.write("c", to: "home/.cache/Other/blob")
      try root.write("l", to: "home/.local/share/Other/file")
      try root.makeDirectory("home/projects")
      let dirs = try Self.directories(root)
      let legacy = relative.isEmpty ? root.home : root.home + "/" + relative
      let before = TreeSnapshot.lines(of: root.path)
      for options in [MigrationOptions.dryRun, []] {
        #expect(throws: DirectoryError.migrationFailed(source: legacy, problem: problem)) {
          try dirs.migrate(from: URL(fileURLWithPath: legacy), to: .config, options: options)
        }
      }
      #expect(TreeSnapshot.lines(of: root.path) == before)
    }

    @Test("The destination under another name is already migrated, and nothing is touched")
    func theDestinationSpelledAnotherWayIsAlreadyMigrated() throws {
      let root = try TemporaryRoot.withUserDirectories()
      try root.write("token=mine", to: "home/dotfiles/config/ex/settings")
      try root.symlink("home/.config", to: root.home + "/dotfiles/config")
      let dirs = try AppDirectories(
        app: "ex", organization: nil, layout: .native,
        environment: root.environment(["XDG_CONFIG_HOME": root.home + "/dotfiles/config"]),
        syscalls: .live)
      let before = TreeSnapshot.lines(of: root.path)
      for legacy in [root.home + "/.config/ex", root.home + "/dotfiles/config/ex/../ex"] {
        for options in [MigrationOptions.dryRun, [], .link, .keepSource] {
          let outcome = try dirs.migrate(
            from: URL(fileURLWithPath: legacy), to: .config, options: options)
          #expect(outcome.action == .alreadyMigrated, "\(legacy) \(options)")
        }
      }
      #expect(TreeSnapshot.lines(of: root.path) == before)
    }

    @Test(
      "A source that is, holds or lies inside the destination, spelled with .., changes nothing")
    func overlappingSourcesChangeNothing() throws {
      let root = try TemporaryRoot.withUserDirectories()
      try root.write("s", to: "home/.config/exampleapp/sub/file")
      let dirs = try Self.directories(root)
      let destination = root.home + "/.config/exampleapp"
      let before = TreeSnapshot.lines(of: root.path)
      let same = try dirs.migrate(
        from: URL(fileURLWithPath: destination + "/sub/.."), to: .config, options: .keepSource)
      #expect(same.action == .alreadyMigrated)
      let above = destination + "/sub/../.."
      #expect(
        throws: DirectoryError.migrationFailed(
          source: above, problem: .notTheApplications(.baseDirectory(.config)))
      ) {
        try dirs.migrate(from: URL(fileURLWithPath: above), to: .config, options: .keepSource)
      }
      let inside = destination + "/sub"
      #expect(
        throws: DirectoryError.migrationFailed(
          source: inside, problem: .overlapping(destination: destination))
      ) {
        try dirs.migrate(from: URL(fileURLWithPath: inside), to: .config, options: .keepSource)
      }
      #expect(TreeSnapshot.lines(of: root.path) == before)
    }

    @Test(
      "Another user's legacy folder, or a link of theirs on the way, is never moved",
      .enabled(if: geteuid() == 0, "needs root to give files to another user"))
    func anotherUsersSourceIsRefused() throws {
      let root = try TemporaryRoot.withUserDirectories()
      try root.write("token=theirs", to: "home/.exampleapp/secret")
      chown(root.home + "/.exampleapp", 65534, 65534)
      let dirs = try Self.directories(root)
      #expect(
        throws: DirectoryError.migrationFailed(
          source: root.home + "/.exampleapp",
          problem: .notTheApplications(.ownedByAnotherUser(65534))
        )
      ) {
        try dirs.migrate(from: URL(fileURLWithPath: root.home + "/.exampleapp"), to: .config)
      }
      // An attacker's link in a shared folder on the way to the legacy path.
      try root.makeDirectory("shared", mode: 0o1777)
      try root.write("token=victim", to: "home/real/.exampleapp/token")
      try root.symlink("shared/link", to: root.home + "/real")
      lchown(root.at("shared/link"), 65534, 65534)
      #expect(
        throws: DirectoryError.ownedByAnotherUser(
          path: root.at("shared/link"), owner: 65534, isSymbolicLink: true)
      ) {
        try dirs.migrate(
          from: URL(fileURLWithPath: root.at("shared/link/.exampleapp")), to: .config)
      }
      #expect(try Tool.readText(root.home + "/real/.exampleapp/token") == "token=victim")
      #expect(try Tool.readText(root.home + "/.exampleapp/secret") == "token=theirs")
    }

    @Test("While an isolated environment is current, a legacy path outside its root is refused")
    func isolationContainsMigrations() throws {
      let outside = try TemporaryRoot.withUserDirectories()
      try outside.write("token=real", to: "home/.exampleapp/settings")
      let before = TreeSnapshot.lines(of: outside.path)
      try withIsolatedAppDirectories { root in
        let dirs = try AppDirectories(app: "exampleapp")
        let home = try StandardDirectories.url(for: .home)
        #expect(home.path.hasPrefix(root.path))
        for legacy in [outside.home + "/.exampleapp", root.path + "/../" + "x"] {
          #expect(throws: DirectoryError.self) {
            try dirs.migrate(from: URL(fileURLWithPath: legacy), to: .config, options: .link)
          }
        }
        do {
          _ = try dirs.migrate(
            from: URL(fileURLWithPath: outside.home + "/.exampleapp"), to: .config)
        } catch let error as DirectoryError {
          guard case .migrationFailed(_, .outsideIsolationRoot) = error else {
            Issue.record("\(error)")
            return
          }
        }
        // Inside the root, the same call moves the files.
        try FileManager.default.createDirectory(
          at: home.appendingPathComponent(".exampleapp"), withIntermediateDirectories: true)
        let outcome = try dirs.migrate(
          from: home.appendingPathComponent(".exampleapp"), to: .config)
        #expect(outcome.action == .moved)
      }
      #expect(TreeSnapshot.lines(of: outside.path) == before)
    }
  }
#endif
