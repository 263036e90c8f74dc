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

  #if canImport(Darwin)
    import Darwin
  #elseif canImport(Android)
    import Android
  #elseif canImport(Glibc)
    import Glibc
  #elseif canImport(Musl)
    import Musl
  #endif

  /// The user's own `~/.cache` is a link to `shared/victim`, a name in a world-writable folder
  /// that another user (`nobody`, through `setpriv`) took first with a link of their own, to
  /// `target`: a directory the attacker wants emptied, or filled with the user's files. The
  /// walk follows the user's link and walks its target under the same rule, so every
  /// operation stops at the attacker's link (SPEC 5, 10): nothing of `target` is changed,
  /// nothing of the user's is copied there.
  @Suite("A link of the user's that leads through another user's link", .needsRoot, .serialized)
  struct DirectoryWalkLinkTests {
    /// The user's link, the attacker's, and `target/App` with a file, as the application's
    /// cache would hold one; the directories of `App` in that environment.
    static func plant(_ root: TemporaryRoot, withApplicationFolder: Bool = true) throws
      -> AppDirectories
    {
      try LiveAttackerTests.prepare(root)
      if withApplicationFolder {
        try root.makeDirectory(root.at("target/App"), mode: 0o700)
        try root.writeFile(root.at("target/App/data"), "the target's")
      }
      #expect(Attacker.run("ln -s '\(root.at("target"))' '\(root.at("shared/victim"))'") == 0)
      try root.makeSymlink(root.home + "/.cache", to: root.at("shared/victim"))
      return try AppDirectories(app: "App", environment: root.environment())
    }

    /// The refusal every operation answers: the attacker's link, named.
    static func refusal(_ root: TemporaryRoot) -> DirectoryError {
      .ownedByAnotherUser(
        path: root.at("shared/victim"), owner: Attacker.user, isSymbolicLink: true)
    }

    /// What `target` holds, with each file's contents.
    static func contents(of root: TemporaryRoot) -> [String] {
      root.allPaths().filter { $0.hasPrefix(root.at("target")) }.map { path in
        path + ((try? String(contentsOfFile: path, encoding: .utf8)).map { " " + $0 } ?? "")
      }
    }

    @Test("Creating the directory is refused at the other user's link, and nothing is made")
    func creationIsRefused() throws {
      try TemporaryRoot.with { root in
        let dirs = try Self.plant(root, withApplicationFolder: false)
        #expect(throws: Self.refusal(root)) { try dirs.directory(.cache) }
        #expect(Self.contents(of: root) == [root.at("target")])
      }
    }

    @Test("A directory of the other user's found there is not handed back as the application's")
    func foundForeignDirectoryIsRefused() throws {
      try TemporaryRoot.with { root in
        let dirs = try Self.plant(root, withApplicationFolder: false)
        try root.makeDirectory(root.at("target/App"), mode: 0o777)
        try root.changeOwner(root.at("target/App"), to: Attacker.user)
        #expect(throws: Self.refusal(root)) { try dirs.directory(.cache) }
        #expect(Self.contents(of: root) == [root.at("target"), root.at("target/App")])
      }
    }

    @Test("clean, in a dry run and for real, refuses and removes nothing")
    func cleanIsRefused() throws {
      try TemporaryRoot.with { root in
        let dirs = try Self.plant(root)
        let before = Self.contents(of: root)
        for dryRun in [true, false] {
          #expect(throws: DirectoryError.self) {
            _ = try dirs.clean(.cache, dryRun: dryRun)
          }
          #expect(throws: DirectoryError.self) {
            _ = try dirs.clean(.all, dryRun: dryRun)
          }
        }
        #expect(Self.contents(of: root) == before)
      }
    }

    @Test("prune refuses and removes nothing")
    func pruneIsRefused() throws {
      try TemporaryRoot.with { root in
        let dirs = try Self.plant(root)
        let before = Self.contents(of: root)
        for dryRun in [true, false] {
          #expect(throws: DirectoryError.self) {
            _ = try dirs.prune(.cache, olderThan: .zero, keepingUnder: 0, dryRun: dryRun)
          }
        }
        #expect(Self.contents(of: root) == before)
      }
    }

    @Test("The cache's size is not the target's: it is reported as not measured")
    func sizeIsNotMeasured() throws {
      try TemporaryRoot.with { root in
        let dirs = try Self.plant(root)
        let cache = try #require(
          try dirs.locations(sizes: true).first { $0.kinds.contains(.cache) })
        #expect(cache.path == root.home + "/.cache/App")
        #expect(cache.size == nil)
        #expect(cache.problem == .tooManySymbolicLinks)
      }
    }

    @Test("migrate copies nothing of the user's through the link, and keeps the source")
    func migrationIsRefused() throws {
      try TemporaryRoot.with { root in
        let dirs = try Self.plant(root, withApplicationFolder: false)
        try root.writeFile(root.home + "/.old-app/secret", "the user's")
        for options: MigrationOptions in [.dryRun, [], .keepSource, .link] {
          #expect(throws: Self.refusal(root)) {
            _ = try dirs.migrate(fromPath: root.home + "/.old-app", to: .cache, options: options)
          }
        }
        #expect(Self.contents(of: root) == [root.at("target")])
        #expect(
          try String(contentsOfFile: root.home + "/.old-app/secret", encoding: .utf8)
            == "the user's")
      }
    }

    @Test(
      "A path that ends in `..` is walked whole: the other user's link on the way still stops it")
    func pathEndingInParentIsWalked() throws {
      try TemporaryRoot.with { root in
        _ = try Self.plant(root)
        let opener = DirectoryOpener(syscalls: .live)
        #expect(throws: Self.refusal(root)) {
          _ = try opener.openUnfollowed(root.home + "/.cache/..")
        }
        // Without a foreign link, the directory reached is the parent of the last one named.
        let opened = try opener.openUnfollowed(root.at("target/App/..")).get()
        defer { LiveSystemCalls.live.close(descriptor: opened) }
        let reached = try LiveSystemCalls.live.status(descriptor: opened).get()
        #expect(reached.inode == TemporaryRoot.fileStatus(root.at("target"))?.inode)
      }
    }

    @Test("A link of root's on the way, as the system makes them, is followed for another user")
    func rootsLinkIsFollowed() throws {
      try TemporaryRoot.with { root in
        try LiveAttackerTests.prepare(root)
        // As `/var/run -> /run`: a relative link of root's, to a directory the user may write.
        try root.makeDirectory(root.at("run"), mode: 0o755)
        try root.changeOwner(root.at("run"), to: Tool.unprivilegedUser)
        try root.makeSymlink(root.at("var-run"), to: "run")
        var environment = root.toolEnvironment
        environment["XDG_CACHE_HOME"] = root.at("var-run/cache")
        let result = try Tool.run(
          ["path", "cache", "--app", "App", "--create"], environment: environment,
          asUser: Tool.unprivilegedUser, in: root)
        #expect(result.status == 0)
        #expect(result.standardOutput == root.at("var-run/cache/App") + "\n")
        #expect(TemporaryRoot.fileStatus(root.at("run/cache/App"))?.owner == Tool.unprivilegedUser)
      }
    }
  }
#endif
