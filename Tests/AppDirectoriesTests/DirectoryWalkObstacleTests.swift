// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

// These tests make files, users and processes through POSIX calls.
#if !os(Windows)
  import AppDirectories
  import Foundation
  import Testing

  @testable import TestSupport

  /// Every kind of object that can stand where a directory must be, for each thing that meets
  /// one: the walk that creates a directory, `clean`, `migrate` and the doctor. The error is the
  /// same value whoever runs the tests, except where root may do what a user may not, which is
  /// asserted for each of the two.
  @Suite("Objects in the way, kind by kind")
  struct DirectoryWalkObstacleTests {
    /// What stands at the path.
    enum Object: String, CaseIterable, Sendable, CustomTestStringConvertible {
      case file, fifo, socket, danglingLink, linkLoop, linkToAFile

      var testDescription: String { rawValue }

      /// Puts it at `path`, whose parent exists.
      func make(at path: String, in root: TemporaryRoot) throws {
        switch self {
        case .file: try root.writeFile(path, "not a directory")
        case .fifo: try root.makeFIFO(path)
        case .socket: try root.makeSocket(path)
        case .danglingLink: try root.makeSymlink(path, to: root.at("nowhere"))
        case .linkLoop: try root.makeSymlink(path, to: path)
        case .linkToAFile:
          try root.writeFile(root.at("a-file"), "x")
          try root.makeSymlink(path, to: root.at("a-file"))
        }
      }

      /// The error of the walk that must make a directory at `path`.
      func walkError(at path: String) -> DirectoryError {
        switch self {
        case .file, .fifo, .socket, .linkToAFile: .notADirectory(path: path)
        case .danglingLink: .danglingSymlink(path: path)
        case .linkLoop: .symbolicLinkLoop(path: path)
        }
      }
    }

    /// The object where the application's cache must be, the application, and the tree as it
    /// then is.
    static func place(_ object: Object, atTheCacheIn root: TemporaryRoot) throws -> (
      AppDirectories, [String]?
    ) {
      try root.makeDirectory("cache")
      try object.make(at: root.at("cache/ExampleApp"), in: root)
      let dirs = try AppDirectories(app: "ExampleApp", environment: environment(root))
      return (dirs, TreeSnapshot.lines(of: root.path))
    }

    static func environment(_ root: TemporaryRoot) -> ProcessEnvironment {
      root.environment(["XDG_CACHE_HOME": root.at("cache"), "XDG_CONFIG_HOME": root.at("config")])
    }

    @Test(
      "The walk names the object where the directory must be, and makes nothing",
      arguments: Object.allCases)
    func walk(_ object: Object) throws {
      try TemporaryRoot.with { root in
        let (dirs, before) = try Self.place(object, atTheCacheIn: root)
        #expect(throws: object.walkError(at: root.at("cache/ExampleApp"))) {
          try dirs.directory(.cache)
        }
        // Above the directory too: the object is a parent on the way.
        #expect(throws: object.walkError(at: root.at("cache/ExampleApp"))) {
          try StandardDirectories(
            layout: .native,
            environment: root.environment([
              "XDG_CACHE_HOME": root.at("cache/ExampleApp/deeper")
            ])
          ).directoryPath(.cache)
        }
        #expect(TreeSnapshot.lines(of: root.path) == before)
      }
    }

    /// What `clean(.cache)` refuses for the object: a link is never followed, and a file is no
    /// cache to empty.
    func cleanRefusal(for object: Object) -> CleanRefusal {
      switch object {
      case .file, .fifo, .socket: .notADirectory
      case .danglingLink, .linkLoop, .linkToAFile: .symbolicLink
      }
    }

    @Test(
      "Emptying a cache that is an object in the way is refused; removing all removes it only at the default place",
      arguments: Object.allCases)
    func clean(_ object: Object) throws {
      try TemporaryRoot.with { root in
        let (dirs, before) = try Self.place(object, atTheCacheIn: root)
        #expect(
          throws: DirectoryError.cleanRefused(
            path: root.at("cache/ExampleApp"), reason: cleanRefusal(for: object))
        ) { try dirs.clean(.cache) }
        // An XDG value names it: nothing shows it is the application's, so it stays.
        #expect(
          throws: DirectoryError.cleanRefused(
            path: root.at("cache/ExampleApp"), reason: .missingCacheTag(application: "ExampleApp"))
        ) { try dirs.clean(.all) }
        #expect(TreeSnapshot.lines(of: root.path) == before)
        // At the platform's default place, removing everything removes the object itself,
        // never what a link leads to.
        try root.makeDirectory("home/.cache")
        try object.make(at: root.at("home/.cache/ExampleApp"), in: root)
        let plain = try AppDirectories(app: "ExampleApp", environment: root.environment())
        let report = try plain.clean(.all)
        #expect(report.failures.isEmpty)
        #expect(!root.exists(root.at("home/.cache/ExampleApp")))
        #expect(root.exists(root.at("cache/ExampleApp")))
        #expect(object != .linkToAFile || root.exists(root.at("a-file")))
      }
    }

    @Test("A legacy path that is an object in the way is never moved", arguments: Object.allCases)
    func migrate(_ object: Object) throws {
      try TemporaryRoot.with { root in
        try object.make(at: root.at("legacy"), in: root)
        let dirs = try AppDirectories(app: "ExampleApp", environment: Self.environment(root))
        let before = TreeSnapshot.lines(of: root.path)
        let legacy = URL(fileURLWithPath: root.at("legacy"))
        switch object {
        case .file, .fifo, .socket:
          #expect(throws: DirectoryError.notADirectory(path: root.at("legacy"))) {
            try dirs.migrate(from: legacy, to: .config)
          }
        case .danglingLink, .linkLoop, .linkToAFile:
          // A link that does not lead to the destination is not followed: nothing to move, and
          // a warning that names it.
          let outcome = try dirs.migrate(from: legacy, to: .config)
          #expect(outcome.action == .nothingToMigrate)
          #expect(
            outcome.warnings.map(\.message).contains {
              $0.hasPrefix(root.at("legacy") + " is a symbolic link to ")
            }, "\(outcome.warnings)")
        }
        #expect(TreeSnapshot.lines(of: root.path) == before)
      }
    }

    /// A FIFO or a socket inside the tree cannot be copied: the migration refuses before it
    /// changes anything.
    @Test(
      "A FIFO or socket inside a legacy folder is named, and nothing moves",
      arguments: [Object.fifo, .socket])
    func specialFileInside(_ object: Object) throws {
      try TemporaryRoot.with { root in
        try root.writeFile(root.at("legacy/settings"), "x")
        try object.make(at: root.at("legacy/control"), in: root)
        let dirs = try AppDirectories(app: "ExampleApp", environment: Self.environment(root))
        let before = TreeSnapshot.lines(of: root.path)
        #expect(
          throws: DirectoryError.migrationFailed(
            source: root.at("legacy"), problem: .specialFiles([root.at("legacy/control")]))
        ) { try dirs.migrate(from: URL(fileURLWithPath: root.at("legacy")), to: .config) }
        #expect(TreeSnapshot.lines(of: root.path) == before)
      }
    }

    /// A device, which only root can make, and a link of another user's, which only root can
    /// give away: the walk, `clean` and `migrate` refuse each, and nothing changes.
    @Test("A device or another user's link in the way", .needsRoot, arguments: ["device", "link"])
    func objectsOnlyRootCanMake(_ object: String) throws {
      try TemporaryRoot.with { root in
        try root.makeDirectory("cache")
        try root.makeDirectory("elsewhere")
        for path in [root.at("cache/ExampleApp"), root.at("legacy")] {
          if object == "device" {
            // The device of /dev/null, major 1 and minor 3, as glibc's makedev encodes it.
            #expect(mknod(path, S_IFCHR | 0o600, dev_t(1 << 8 | 3)) == 0)
          } else {
            try root.makeSymlink(path, to: root.at("elsewhere"))
            try root.changeOwner(path, to: otherUserID)
          }
        }
        // A base directory that is another user's link, below which the walk must create.
        try root.makeSymlink(root.at("linked"), to: root.at("elsewhere"))
        try root.changeOwner(root.at("linked"), to: otherUserID)
        let dirs = try AppDirectories(app: "ExampleApp", environment: Self.environment(root))
        let before = TreeSnapshot.lines(of: root.path)
        let cache = root.at("cache/ExampleApp")
        let legacy = URL(fileURLWithPath: root.at("legacy"))
        if object == "device" {
          #expect(throws: DirectoryError.notADirectory(path: cache)) { try dirs.directory(.cache) }
          #expect(throws: DirectoryError.cleanRefused(path: cache, reason: .notADirectory)) {
            try dirs.clean(.cache)
          }
          #expect(throws: DirectoryError.notADirectory(path: root.at("legacy"))) {
            try dirs.migrate(from: legacy, to: .config)
          }
        } else {
          // Where a directory must be made the link itself is refused. (An existing directory
          // of the user's or root's at its end is the steady state's single stat, as for any
          // path; the link rule applies when the walk has to create.)
          let linked = try AppDirectories(
            app: "ExampleApp", environment: root.environment(["XDG_CACHE_HOME": root.at("linked")]))
          #expect(
            throws: DirectoryError.ownedByAnotherUser(
              path: root.at("linked"), owner: otherUserID, isSymbolicLink: true)
          ) { try linked.directory(.cache) }
          for scope in [CleanScope.cache, .all] {
            #expect(
              throws: DirectoryError.cleanRefused(
                path: cache, reason: .ownedByAnotherUser(otherUserID))
            ) { try dirs.clean(scope) }
          }
          let outcome = try dirs.migrate(from: legacy, to: .config)
          #expect(outcome.action == .nothingToMigrate)
        }
        #expect(TreeSnapshot.lines(of: root.path) == before)
      }
    }

    /// An unsearchable directory on the way: root passes through it, a user is refused there.
    @Test("An unsearchable directory on the way: root passes, a user is refused there")
    func unsearchableDirectory() throws {
      try TemporaryRoot.with { root in
        try root.makeDirectory("cache/locked/inner")
        chmod(root.at("cache/locked"), 0)
        defer { chmod(root.at("cache/locked"), 0o700) }
        let environment = root.environment(["XDG_CACHE_HOME": root.at("cache/locked/inner")])
        let dirs = try AppDirectories(app: "ExampleApp", environment: environment)
        if geteuid() == 0 {
          #expect(try dirs.directory(.cache).path == root.at("cache/locked/inner/ExampleApp"))
        } else {
          #expect(
            throws: DirectoryError.permissionDenied(
              path: root.at("cache/locked"), errno: .permissionDenied)
          ) { try dirs.directory(.cache) }
        }
      }
    }

    /// A cache and a legacy folder that their owner cannot search: root empties and moves them,
    /// a user is refused at each, and nothing changes.
    @Test("An unsearchable cache or legacy folder: root cleans and moves it, a user is refused")
    func unsearchableCacheAndLegacyFolder() throws {
      try TemporaryRoot.with { root in
        let cache = root.home + "/.cache/ExampleApp"
        try root.writeFile(cache + "/file", "x")
        try root.writeFile(root.at("legacy/file"), "x")
        for path in [cache, root.at("legacy")] { chmod(path, 0) }
        defer {
          for path in [cache, root.at("legacy"), root.home + "/.config/ExampleApp"] {
            chmod(path, 0o700)
          }
        }
        let dirs = try AppDirectories(app: "ExampleApp", environment: root.environment())
        let legacy = URL(fileURLWithPath: root.at("legacy"))
        if geteuid() == 0 {
          _ = try dirs.clean(.cache)
          #expect(TreeSnapshot.listing(cache) == [])
          #expect(try dirs.migrate(from: legacy, to: .config).action == .moved)
          #expect(TreeSnapshot.listing(root.home + "/.config/ExampleApp") == ["file"])
        } else {
          let before = TreeSnapshot.lines(of: root.path)
          #expect(
            throws: DirectoryError.permissionDenied(path: cache, errno: .permissionDenied)
          ) { try dirs.clean(.cache) }
          #expect(
            throws: DirectoryError.permissionDenied(
              path: root.at("legacy"), errno: .permissionDenied)
          ) { try dirs.migrate(from: legacy, to: .config) }
          #expect(TreeSnapshot.lines(of: root.path) == before)
        }
      }
    }
  }
#endif
