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

  /// SPEC 10's proof before destruction: `clean` and `removeOtherVersions` act only on a
  /// directory that is provably the application's, compared by what it is, never by spelling.
  @Suite("Proof before destruction")
  struct RemovalProofTests {
    /// An application with the override prefix `EX`, in a root with a home full of files.
    static func setUp(_ variables: [String: String] = [:], app: String = "ExampleApp") throws -> (
      TemporaryRoot, AppDirectories
    ) {
      let root = try TemporaryRoot.withUserDirectories()
      try root.write("mine", to: "home/notes.txt")
      try root.write("other", to: "home/.cache/Other/blob")
      try root.write("doc", to: "home/Documents/letter")
      try root.write("data", to: "home/.local/share/Other/data")
      try root.write("work", to: "home/projects/code/main.c")
      try root.write("theme", to: "opt/share/Other/theme")
      try root.write("rc", to: "etc/xdg/Other/rc")
      let dirs = try AppDirectories(
        app: app, organization: nil, layout: .native, environmentPrefix: "EX",
        environment: root.environment(variables), syscalls: .live)
      return (root, dirs)
    }

    /// Each refusal: the variables (with `ROOT` for the test's root, `HOME` for its home), the
    /// scope, and the rule.
    static let refusals: [(String, [String: String], CleanScope, CleanRefusal)] = [
      ("the home", ["EX_CACHE_DIR": "HOME"], .cache, .baseDirectory(.home)),
      (
        "the home spelled with ..", ["EX_CACHE_DIR": "HOME/projects/.."], .cache,
        .baseDirectory(.home)
      ),
      (
        "every app's cache, through another app's ..", ["EX_CACHE_DIR": "HOME/.cache/Other/.."],
        .cache,
        .baseDirectory(.cache)
      ),
      (
        "the folder that holds the data directory", ["EX_DATA_DIR": "HOME/.local"], .all,
        .baseDirectory(.data)
      ),
      ("Documents", ["EX_CACHE_DIR": "HOME/Documents"], .cache, .baseDirectory(.documents)),
      (
        "the root that holds the home", ["EX_DATA_DIR": "ROOT/home/.."], .all, .baseDirectory(.home)
      ),
      ("the temporary directory", ["EX_STATE_DIR": "ROOT/tmp"], .all, .baseDirectory(.temporary)),
      (
        "a folder of the user's that no tag names", ["EX_CACHE_DIR": "HOME/projects/code"], .cache,
        .missingCacheTag(application: "ExampleApp")
      ),
      // The system search lists' entries are base directories too: every application reads them.
      (
        "an entry of XDG_DATA_DIRS",
        ["XDG_DATA_DIRS": "ROOT/opt/share", "EX_DATA_DIR": "ROOT/opt/share"],
        .all, .baseDirectory(.data)
      ),
      (
        "an entry of XDG_CONFIG_DIRS",
        ["XDG_CONFIG_DIRS": "ROOT/etc/xdg", "EX_CONFIG_DIR": "ROOT/etc/xdg/Other/.."], .all,
        .baseDirectory(.config)
      ),
      (
        "the folder that holds an entry of XDG_DATA_DIRS",
        ["XDG_DATA_DIRS": "ROOT/opt/share", "EX_CACHE_DIR": "ROOT/opt"], .cache,
        .baseDirectory(.data)
      ),
    ]

    static func expand(_ variables: [String: String], _ root: TemporaryRoot) -> [String: String] {
      variables.mapValues {
        $0.replacingOccurrences(of: "HOME", with: root.home).replacingOccurrences(
          of: "ROOT", with: root.path)
      }
    }

    @Test(
      "What is not provably the application's is refused, in a dry run too, nothing removed",
      arguments: refusals)
    func refused(
      _ name: String, _ variables: [String: String], _ scope: CleanScope, _ rule: CleanRefusal
    ) throws {
      let (box, _) = try Self.setUp()
      let app = try AppDirectories(
        app: "ExampleApp", organization: nil, layout: .native, environmentPrefix: "EX",
        environment: box.environment(Self.expand(variables, box)), syscalls: .live)
      let before = TreeSnapshot.lines(of: box.path)
      for dryRun in [true, false] {
        do throws(DirectoryError) {
          _ = try onlyDirectoryError { try app.clean(scope, dryRun: dryRun) }
          Issue.record("\(name): not refused (dry run \(dryRun))")
        } catch {
          guard case .cleanRefused(_, let reason) = error else {
            Issue.record("\(name): \(error)")
            continue
          }
          #expect(reason == rule, "\(name): \(error)")
        }
      }
      #expect(TreeSnapshot.lines(of: box.path) == before, "\(name)")
    }

    @Test("A spelling through a link is the directory it reaches; a link itself is never followed")
    func linkedSpellingsAreRefused() throws {
      let (root, _) = try Self.setUp()
      try root.symlink("home/again", to: root.home)
      try root.symlink("home/cache-link", to: root.home + "/.cache")
      let before = TreeSnapshot.lines(of: root.path)
      for (value, rule) in [
        (root.home + "/again/.cache", CleanRefusal.baseDirectory(.cache)),
        (root.home + "/again", .symbolicLink),
        (root.home + "/cache-link", .symbolicLink),
      ] {
        let dirs = try AppDirectories(
          app: "ExampleApp", organization: nil, layout: .native, environmentPrefix: "EX",
          environment: root.environment(["EX_CACHE_DIR": value]), syscalls: .live)
        #expect(throws: DirectoryError.cleanRefused(path: value, reason: rule)) {
          try dirs.clean(.cache)
        }
      }
      #expect(TreeSnapshot.lines(of: root.path) == before)
    }

    @Test("Another user's directory is refused, whoever runs it", .needsRoot)
    func anotherUsersDirectoryIsRefused() throws {
      let (root, dirs) = try Self.setUp()
      try root.write("theirs", to: "home/.cache/ExampleApp/file")
      chown(root.home + "/.cache/ExampleApp", 65534, 65534)
      #expect(
        throws: DirectoryError.cleanRefused(
          path: root.home + "/.cache/ExampleApp", reason: .ownedByAnotherUser(65534))
      ) {
        try dirs.clean(.cache)
      }
      #expect(TreeSnapshot.listing(root.home + "/.cache/ExampleApp") == ["file"])
    }

    /// System directories are only ever asked about in dry runs: were the proof wrong, nothing
    /// of the machine could go.
    static let systemDirectories:
      [(variable: String, value: String, app: String, rule: CleanRefusal)] = [
        ("EX_CACHE_DIR", "/usr", "ExampleApp", .protectedDirectory("/usr")),
        ("EX_CACHE_DIR", "/usr/share", "ExampleApp", .protectedDirectory("/usr")),
        ("EX_CACHE_DIR", "/etc", "ExampleApp", .protectedDirectory("/etc")),
        ("EX_CACHE_DIR", "/var", "ExampleApp", .protectedDirectory("/var")),
        ("EX_CACHE_DIR", "/var/lib", "ExampleApp", .protectedDirectory("/var/lib")),
        ("EX_CACHE_DIR", "/opt", "ExampleApp", .protectedDirectory("/opt")),
        ("EX_CACHE_DIR", "/", "ExampleApp", .protectedDirectory("/")),
        ("EX_CACHE_DIR", "/usr/../etc", "ExampleApp", .protectedDirectory("/etc")),
        ("XDG_CACHE_HOME", "/usr/share", "doc", .protectedDirectory("/usr")),
      ]

    @Test(
      "System directories are refused by what they are (dry runs only)",
      arguments: systemDirectories)
    func systemDirectoriesAreRefused(
      _ variable: String, _ value: String, _ app: String, _ rule: CleanRefusal
    ) throws {
      let root = try TemporaryRoot.withUserDirectories()
      let dirs = try AppDirectories(
        app: app, organization: nil, layout: .native, environmentPrefix: "EX",
        environment: root.environment([variable: value]), syscalls: .live)
      let path = try dirs.url(for: .cache).path
      guard FileManager.default.fileExists(atPath: path) else { return }
      for scope in [CleanScope.cache, .all] {
        #expect(throws: DirectoryError.cleanRefused(path: path, reason: rule)) {
          try dirs.clean(scope, dryRun: true)
        }
      }
    }

    @Test(
      "Legitimate cleans go ahead: an override's cache the library tagged, an old default cache")
    func legitimateCleansAreNotRefused() throws {
      // An override the library made, and so tagged.
      let (root, _) = try Self.setUp()
      let overridden = try AppDirectories(
        app: "ExampleApp", organization: nil, layout: .native, environmentPrefix: "EX",
        environment: root.environment(["EX_CACHE_DIR": root.at("elsewhere/cache")]),
        syscalls: .live)
      let cache = try overridden.directory(.cache).path
      try root.write("x", to: "elsewhere/cache/blob")
      #expect(try overridden.clean(.cache).failures == [])
      #expect(TreeSnapshot.listing(cache) == ["CACHEDIR.TAG"])
      // The platform's default, made without a tag by an older version.
      try root.write("old", to: "home/.cache/Legacy/blob")
      let legacy = try AppDirectories(
        app: "Legacy", organization: nil, layout: .native, environment: root.environment(),
        syscalls: .live)
      #expect(try legacy.clean(.cache).failures == [])
      #expect(TreeSnapshot.listing(root.home + "/.cache/Legacy") == [])
      // A tag another tool wrote for another application proves nothing for this one.
      try root.write(
        "Signature: 8a477f597d28d172789f06886806bc55\n# created by OtherTool.\n",
        to: "work/cache/CACHEDIR.TAG")
      try root.write("w", to: "work/cache/file")
      let foreign = try AppDirectories(
        app: "ExampleApp", organization: nil, layout: .native, environmentPrefix: "EX",
        environment: root.environment(["EX_CACHE_DIR": root.at("work/cache")]), syscalls: .live)
      #expect(
        throws: DirectoryError.cleanRefused(
          path: root.at("work/cache"), reason: .missingCacheTag(application: "ExampleApp"))
      ) {
        try foreign.clean(.cache)
      }
      #expect(TreeSnapshot.listing(root.at("work/cache")) == ["CACHEDIR.TAG", "file"])
    }

    @Test("A found override's cache is never tagged on sight, full or empty")
    func foundOverrideCachesAreNeverTagged() throws {
      let (root, _) = try Self.setUp()
      try root.write("w", to: "full/file")
      try root.makeDirectory("empty")
      for (folder, tagged) in [("full", false), ("empty", false)] {
        let dirs = try AppDirectories(
          app: "ExampleApp", organization: nil, layout: .native, environmentPrefix: "EX",
          environment: root.environment(["EX_CACHE_DIR": root.at(folder)]), syscalls: .live)
        _ = try dirs.directory(.cache)
        #expect(
          FileManager.default.fileExists(atPath: root.at(folder + "/CACHEDIR.TAG")) == tagged,
          "\(folder)")
      }
    }

    @Test("While an isolated environment is current, nothing outside its root is removed")
    func isolationContainsCleaning() throws {
      let outside = try TemporaryRoot.withUserDirectories()
      try outside.write("real", to: "home/.exampleapp/settings")
      let before = TreeSnapshot.lines(of: outside.path)
      try withIsolatedAppDirectories { root in
        let dirs = try AppDirectories(app: "ExampleApp")
        _ = try dirs.directory(.cache)
        let legacy = URL(fileURLWithPath: outside.home + "/.exampleapp")
        for dryRun in [true, false] {
          #expect(
            throws: DirectoryError.cleanRefused(
              path: legacy.path, reason: .outsideIsolationRoot(root.path))
          ) {
            try dirs.clean(.all, legacyPaths: [legacy.path], dryRun: dryRun)
          }
        }
        // Its own directories go as usual.
        #expect(try dirs.clean(.all).failures == [])
      }
      #expect(TreeSnapshot.lines(of: outside.path) == before)
    }

    @Test("removeOtherVersions keeps the same rules")
    func otherVersionsNeedTheProofToo() throws {
      let (root, _) = try Self.setUp()
      let dirs = try AppDirectories(
        app: "ExampleApp", organization: nil, layout: .native, environmentPrefix: "EX",
        environment: root.environment(["EX_CACHE_DIR": root.home + "/.cache/Other/.."]),
        syscalls: .live)
      let before = TreeSnapshot.lines(of: root.path)
      #expect(
        throws: DirectoryError.cleanRefused(
          path: root.home + "/.cache/Other/..", reason: .baseDirectory(.cache))
      ) {
        try dirs.removeOtherVersions(of: .cache, keeping: "1.0")
      }
      #expect(TreeSnapshot.lines(of: root.path) == before)
    }

    @Test("A tree deeper than any descriptor limit is removed and measured without a crash")
    func deepTreesAreWalkedIteratively() throws {
      let (root, dirs) = try Self.setUp()
      let cache = try dirs.directory(.cache).path
      // 600 levels: far more than the walk keeps open (32), more than a recursion should hold.
      let base = open(cache, O_RDONLY | O_DIRECTORY)
      var current = base
      for _ in 0..<600 {
        #expect(mkdirat(current, "d", 0o700) == 0)
        let next = openat(current, "d", O_RDONLY | O_DIRECTORY)
        if current != base { close(current) }
        current = next
      }
      close(current)
      close(base)
      let sizes = try dirs.locations(sizes: true)
      #expect(sizes.first { $0.kinds.contains(.cache) }?.size != nil)
      #expect(try dirs.clean(.cache).failures == [])
      #expect(TreeSnapshot.listing(cache) == ["CACHEDIR.TAG"])
      #expect(!FileManager.default.fileExists(atPath: root.home + "/.cache/ExampleApp/d"))
    }
  }
#endif
