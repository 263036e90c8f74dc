// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

// These tests make files, links and owners through POSIX calls.
#if !os(Windows)
  import Foundation
  import Testing

  @testable import AppDirectoriesCore
  @testable import AppDirectoriesFiles
  @testable import AppDirectoriesMaintenance
  @testable import TestSupport

  /// The positive proof before anything is removed (section 10): a directory is emptied,
  /// pruned or removed only on evidence that it is the application's — the platform's default
  /// place in the user's scope, the marker the library writes when it creates a directory, or
  /// the service manager's place for the application — and every other case is refused before
  /// anything changes, in a dry run too. The machine's folders are those of a sandboxed system
  /// root (`<root>/system/…`), never the real ones.
  @Suite("Positive proof before a removal")
  struct PositiveProofTests {
    /// What is asked of the application's directories.
    enum Operation: Sendable {
      case cleanAll, cleanCache, pruneLogs, pruneCache, otherVersions

      func run(_ dirs: AppDirectories, dryRun: Bool) throws {
        let week = Duration.seconds(7 * 86_400)
        switch self {
        case .cleanAll: _ = try dirs.clean(.all, dryRun: dryRun)
        case .cleanCache: _ = try dirs.clean(.cache, dryRun: dryRun)
        case .pruneLogs: _ = try dirs.prune(.logs, olderThan: week, dryRun: dryRun)
        case .pruneCache: _ = try dirs.prune(.cache, olderThan: week, dryRun: dryRun)
        case .otherVersions:
          // No dry run: refused before anything is looked at inside.
          if !dryRun { _ = try dirs.removeOtherVersions(of: .cache, keeping: "2.0") }
        }
      }
    }

    /// A case, its application as the test sets it up in a root, and what must happen.
    struct Row: Sendable, CustomTestStringConvertible {
      let name: String
      let operation: Operation
      /// Makes the files and returns the application, with what the case expects: the path
      /// refused and why, or the paths removed.
      let setUp: @Sendable (TemporaryRoot) throws -> AppDirectories
      var testDescription: String { name }
    }

    static func app(
      _ root: TemporaryRoot, _ variables: [String: String] = [:], name: String = "ExampleApp",
      scope: DirectoryScope = .user, portable: PortableMode = .off
    ) throws -> AppDirectories {
      try AppDirectories(
        app: name, organization: nil, layout: .native, environmentPrefix: "EX", scope: scope,
        portable: portable, environment: root.environment(variables), syscalls: .live)
    }

    /// Writes a file that was last used `days` ago.
    static func old(_ root: TemporaryRoot, _ relative: String, days: Int = 30) throws {
      try root.write("old", to: relative)
      PruneTests.age(root.at(relative), accessedDaysAgo: days, modifiedDaysAgo: days)
    }

    // MARK: Must refuse

    /// Each attack: the path refused, the rule, and the case.
    static let refusals: [(Row, path: String, reason: CleanRefusal)] = [
      (
        Row(name: "an override's log folder that the library did not make", operation: .pruneLogs) {
          root in
          try old(root, "home/src/proj/main.c")
          return try app(root, ["EX_LOG_DIR": root.at("home/src/proj")])
        }, "home/src/proj", .unproven(application: "ExampleApp", marker: ".appdirectories")
      ),
      (
        Row(name: "an override's folder, removed whole", operation: .cleanAll) { root in
          try root.write("mine", to: "home/src/proj/main.c")
          return try app(root, ["EX_STATE_DIR": root.at("home/src/proj")])
        }, "home/src/proj", .unproven(application: "ExampleApp", marker: ".appdirectories")
      ),
      (
        Row(
          name: "the service manager's variable naming a folder that is not systemd's",
          operation: .cleanCache
        ) { root in
          try root.write("mine", to: "home/proj/ExampleApp/main.c")
          return try app(root, ["CACHE_DIRECTORY": root.at("home/proj/ExampleApp")])
        }, "home/proj/ExampleApp", .missingCacheTag(application: "ExampleApp")
      ),
      (
        Row(name: "a portable root's folders made by hand", operation: .cleanAll) { root in
          for folder in ["data", "config", "logs"] {
            try root.write("mine", to: "port/\(folder)/x")
          }
          return try app(root, portable: .atPath(root.at("port")))
        }, "port/data", .unproven(application: "ExampleApp", marker: ".appdirectories")
      ),
      (
        Row(name: "a regular file an override names", operation: .cleanAll) { root in
          try root.write("mine", to: "home/afile")
          return try app(root, ["EX_CACHE_DIR": root.at("home/afile")])
        }, "home/afile", .missingCacheTag(application: "ExampleApp")
      ),
      (
        Row(name: "an XDG value's folder an older version made", operation: .cleanAll) { root in
          try root.write("mine", to: "home/xc/ExampleApp/settings")
          return try app(root, ["XDG_CONFIG_HOME": root.at("home/xc")])
        }, "home/xc/ExampleApp", .unproven(application: "ExampleApp", marker: ".appdirectories")
      ),
      (
        Row(name: "other versions in an XDG value's untagged cache", operation: .otherVersions) {
          root in
          for version in ["1.0", "2.0"] {
            try root.write("v", to: "home/xcache/ExampleApp/\(version)/f")
          }
          return try app(root, ["XDG_CACHE_HOME": root.at("home/xcache")])
        }, "home/xcache/ExampleApp", .missingCacheTag(application: "ExampleApp")
      ),
      (
        Row(name: "system scope: /run/lock for an application named lock", operation: .cleanAll) {
          root in
          try root.makeDirectory("system/run/lock", mode: 0o1777)
          try root.write("pid", to: "system/run/lock/other.lock")
          return try app(root, name: "lock", scope: .system)
        }, "system/run/lock", .unproven(application: "lock", marker: ".appdirectories")
      ),
      (
        Row(
          name: "system scope: /var/lib/private for an application named private",
          operation: .cleanAll
        ) { root in
          try root.write("state", to: "system/var/lib/private/svc/db")
          return try app(root, name: "private", scope: .system)
        }, "system/var/lib/private", .unproven(application: "private", marker: ".appdirectories")
      ),
      (
        Row(
          name: "system scope: /var/lib/systemd for an application named systemd",
          operation: .cleanAll
        ) { root in
          try root.write("x", to: "system/var/lib/systemd/random-seed")
          return try app(root, name: "systemd", scope: .system)
        }, "system/var/lib/systemd", .unproven(application: "systemd", marker: ".appdirectories")
      ),
      (
        Row(name: "system scope: /etc/xdg for an application named xdg", operation: .cleanAll) {
          root in
          try root.write("x", to: "system/etc/xdg/user-dirs.defaults")
          return try app(root, name: "xdg", scope: .system)
        }, "system/etc/xdg", .unproven(application: "xdg", marker: ".appdirectories")
      ),
      (
        Row(
          name: "system scope: a DynamicUser= link, which would leave its data",
          operation: .cleanAll
        ) { root in
          try root.write("state", to: "system/var/lib/private/ExampleApp/db")
          try root.makeSymlink(root.at("system/var/lib/ExampleApp"), to: "private/ExampleApp")
          return try app(root, scope: .system)
        }, "system/var/lib/ExampleApp", .serviceManagersLink
      ),
      (
        Row(
          name: "the service manager's link that leads elsewhere than its private folder",
          operation: .cleanCache
        ) { root in
          try root.write("mine", to: "home/src/main.c")
          try root.makeDirectory("system/var/cache")
          try root.makeSymlink(root.at("system/var/cache/ExampleApp"), to: root.at("home/src"))
          return try app(root, ["CACHE_DIRECTORY": root.at("system/var/cache/ExampleApp")])
        }, "system/var/cache/ExampleApp", .symbolicLink
      ),
    ]

    @Test(
      "A removal without evidence is refused, in a dry run too, and nothing changes",
      arguments: zip(refusals.map(\.0), refusals.map { ($0.path, $0.reason) }))
    func refused(_ row: Row, expected: (path: String, reason: CleanRefusal)) throws {
      try TemporaryRoot.with { root in
        let dirs = try row.setUp(root)
        let before = TreeSnapshot.lines(of: root.path)
        for dryRun in row.operation == .otherVersions ? [false] : [true, false] {
          #expect(
            throws: DirectoryError.cleanRefused(
              path: root.at(expected.path), reason: expected.reason),
            "dry run: \(dryRun)"
          ) { try row.operation.run(dirs, dryRun: dryRun) }
        }
        #expect(TreeSnapshot.lines(of: root.path) == before)
      }
    }

    // MARK: Must work

    /// Each legitimate case: what must be gone afterwards, and what must stay.
    static let removals: [(Row, gone: [String], kept: [String])] = [
      (
        Row(name: "default folders an older version made", operation: .cleanAll) { root in
          for folder in [".cache", ".config", ".local/share", ".local/state"] {
            try root.write("x", to: "home/\(folder)/ExampleApp/file")
          }
          try root.write("x", to: "home/.cache/Other/file")
          return try app(root)
        },
        ["home/.cache/ExampleApp", "home/.config/ExampleApp", "home/.local/share/ExampleApp"],
        ["home/.cache/Other/file", "home/.cache"]
      ),
      (
        Row(name: "override folders the library made", operation: .cleanAll) { root in
          let dirs = try app(
            root, ["EX_LOG_DIR": root.at("home/mylogs"), "EX_CACHE_DIR": root.at("home/mycache")])
          try root.write("x", to: "home/keep")
          for kind in [AppDirectory.logs, .cache] {
            try root.write(
              "x", to: String(try dirs.directoryPath(kind).dropFirst(root.path.count + 1)) + "/f")
          }
          return dirs
        }, ["home/mylogs", "home/mycache"], ["home/keep"]
      ),
      (
        Row(name: "an XDG value's folder the library made", operation: .cleanAll) { root in
          let dirs = try app(root, ["XDG_CONFIG_HOME": root.at("home/xc")])
          _ = try dirs.directoryPath(.config)
          try root.write("x", to: "home/xc/ExampleApp/settings")
          try root.write("x", to: "home/xc/Other/settings")
          return dirs
        }, ["home/xc/ExampleApp"], ["home/xc/Other/settings"]
      ),
      (
        Row(name: "a service prunes the cache systemd made for it", operation: .pruneCache) {
          root in
          try old(root, "system/var/cache/ExampleApp/old")
          try root.write("new", to: "system/var/cache/ExampleApp/new")
          return try app(root, ["CACHE_DIRECTORY": root.at("system/var/cache/ExampleApp")])
        }, ["system/var/cache/ExampleApp/old"], ["system/var/cache/ExampleApp/new"]
      ),
      (
        Row(name: "a service prunes the logs of its user unit", operation: .pruneLogs) { root in
          try old(root, "home/.local/state/log/ExampleApp/a.log.1")
          try root.write("new", to: "home/.local/state/log/ExampleApp/a.log")
          return try app(root, ["LOGS_DIRECTORY": root.at("home/.local/state/log/ExampleApp")])
        }, ["home/.local/state/log/ExampleApp/a.log.1"], ["home/.local/state/log/ExampleApp/a.log"]
      ),
      (
        Row(
          name: "a DynamicUser= service empties its cache through systemd's link",
          operation: .cleanCache
        ) { root in
          try root.write("x", to: "system/var/cache/private/ExampleApp/f")
          try root.makeSymlink(root.at("system/var/cache/ExampleApp"), to: "private/ExampleApp")
          return try app(root, ["CACHE_DIRECTORY": root.at("system/var/cache/ExampleApp")])
        }, ["system/var/cache/private/ExampleApp/f"],
        ["system/var/cache/ExampleApp", "system/var/cache/private/ExampleApp"]
      ),
      (
        Row(name: "system scope: the folders the library made", operation: .cleanAll) { root in
          let dirs = try app(root, scope: .system)
          for kind in [AppDirectory.data, .config, .logs] {
            try root.write(
              "x", to: String(try dirs.directoryPath(kind).dropFirst(root.path.count + 1)) + "/f")
          }
          try root.write("x", to: "system/var/lib/Other/f")
          return dirs
        },
        ["system/var/lib/ExampleApp", "system/etc/ExampleApp", "system/var/log/ExampleApp"],
        ["system/var/lib/Other/f"]
      ),
      (
        Row(
          name: "other versions in the default cache an older version made",
          operation: .otherVersions
        ) { root in
          for version in ["1.0", "2.0"] {
            try root.write("v", to: "home/.cache/ExampleApp/\(version)/f")
          }
          return try app(root)
        }, ["home/.cache/ExampleApp/1.0"], ["home/.cache/ExampleApp/2.0/f"]
      ),
    ]

    @Test(
      "A removal with evidence removes exactly the application's files",
      arguments: zip(removals.map(\.0), removals.map { ($0.gone, $0.kept) }))
    func removed(_ row: Row, expected: (gone: [String], kept: [String])) throws {
      try TemporaryRoot.with { root in
        let dirs = try row.setUp(root)
        if row.operation != .otherVersions {
          // Names only: reading the files would make them used now.
          let before = root.allPaths()
          try row.operation.run(dirs, dryRun: true)
          #expect(root.allPaths() == before, "a dry run changes nothing")
        }
        try row.operation.run(dirs, dryRun: false)
        for path in expected.gone { #expect(!root.exists(root.at(path)), "\(path)") }
        for path in expected.kept { #expect(root.exists(root.at(path)), "\(path)") }
      }
    }

    @Test(
      "Root cleans a User= service's folders that systemd made, owned by the unit's user",
      .needsRoot)
    func rootCleansAServiceUsersFolders() throws {
      try TemporaryRoot.with { root in
        try root.write("x", to: "system/var/lib/ExampleApp/db")
        try root.write("x", to: "system/var/log/ExampleApp/a.log")
        for path in ["system/var/lib/ExampleApp", "system/var/log/ExampleApp"] {
          try root.changeOwner(root.at(path), to: 1002)
        }
        // Root's own folder of the same kind, which systemd would make for a unit without
        // User=, carries no evidence.
        try root.write("x", to: "system/var/cache/ExampleApp/f")
        let dirs = try Self.app(root, scope: .system)
        #expect(
          throws: DirectoryError.cleanRefused(
            path: root.at("system/var/cache/ExampleApp"),
            reason: .missingCacheTag(application: "ExampleApp"))
        ) { try dirs.clean(.all) }
        try FileManager.default.removeItem(atPath: root.at("system/var/cache/ExampleApp"))
        let report = try dirs.clean(.all)
        #expect(report.failures.isEmpty)
        #expect(!root.exists(root.at("system/var/lib/ExampleApp")))
        #expect(!root.exists(root.at("system/var/log/ExampleApp")))
        #expect(root.exists(root.at("system/var/lib")))
      }
    }

    // MARK: The marker

    @Test("The marker is written when the walk creates a directory, never into one it finds")
    func theMarkerIsWrittenOnlyOnCreation() throws {
      try TemporaryRoot.with { root in
        try root.makeDirectory("home/found")
        let dirs = try Self.app(
          root, ["EX_DATA_DIR": root.at("home/found"), "EX_CONFIG_DIR": root.at("home/made")])
        _ = try dirs.directoryPath(.data)
        _ = try dirs.directoryPath(.config)
        _ = try dirs.directoryPath(.state)
        #expect(TreeSnapshot.listing(root.at("home/found")) == [])
        #expect(TreeSnapshot.listing(root.at("home/made")) == [".appdirectories"])
        // The platform's default place proves itself: nothing is written there.
        #expect(TreeSnapshot.listing(root.at("home/.local/state/ExampleApp")) == [])
        let marker = try String(
          contentsOfFile: root.at("home/made/.appdirectories"), encoding: .utf8)
        #expect(marker.hasPrefix("AppDirectories-Owner: ExampleApp\n"))
        // What `doctor` says of each: whether `clean` would act, and why not.
        let verdicts = dirs.cleanVerdicts()
        #expect(
          verdicts.map(\.location.path)
            == ["home/found", "home/made", "home/.local/state/ExampleApp"].map(root.at))
        #expect(
          verdicts.map(\.verdict) == [
            .refused(.unproven(application: "ExampleApp", marker: ".appdirectories")),
            .proved(.marker(".appdirectories")), .proved(.defaultLocation),
          ])
      }
    }

    @Test("A marker naming another application, or a link in its place, proves nothing")
    func aForeignMarkerProvesNothing() throws {
      try TemporaryRoot.with { root in
        try root.write("AppDirectories-Owner: Other\n", to: "home/a/.appdirectories")
        try root.write("AppDirectories-Owner: ExampleApp\n", to: "home/real-marker")
        try root.makeDirectory("home/b")
        try root.makeSymlink(root.at("home/b/.appdirectories"), to: root.at("home/real-marker"))
        try root.write("AppDirectories-Owner: ExampleAppX\n", to: "home/c/.appdirectories")
        for folder in ["a", "b", "c"] {
          let dirs = try Self.app(root, ["EX_STATE_DIR": root.at("home/\(folder)")])
          #expect(
            throws: DirectoryError.cleanRefused(
              path: root.at("home/\(folder)"),
              reason: .unproven(application: "ExampleApp", marker: ".appdirectories"))
          ) { try dirs.clean(.all) }
        }
        #expect(root.exists(root.at("home/a/.appdirectories")))
      }
    }
  }
#endif
