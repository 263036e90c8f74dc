// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

// These tests run the tool or other processes, which the tests do on macOS and Linux: iOS,
// tvOS, watchOS and visionOS have no Process, and Windows none of the POSIX tools they use.
#if os(macOS) || os(Linux)
  import Foundation
  import Testing

  @testable import TestSupport

  /// `appdirs migrate`: its one line, its exit codes, and the move across two real file systems
  /// (tmpfs mounts in a private mount namespace), killed at random moments.
  @Suite struct MigrateCommandTests {
    static func environment(_ root: TemporaryRoot) -> [String: String] {
      ["HOME": root.home, "TMPDIR": root.at("tmp"), "XDG_RUNTIME_DIR": root.at("run")]
    }

    static func migrate(
      _ arguments: [String], _ root: TemporaryRoot,
      standardError: ExpectedStandardError = .empty,
      sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> ToolResult {
      try Tool.run(
        ["migrate"] + arguments, environment: environment(root), in: root,
        standardError: standardError, sourceLocation: sourceLocation)
    }

    @Test func movesAndSaysSoInOneLine() throws {
      let root = try TemporaryRoot.withUserDirectories()
      try TreeSnapshot.makeSample(at: root.home + "/.exampleapp")
      let before = try #require(TreeSnapshot.lines(of: root.home + "/.exampleapp"))
      let legacy = root.home + "/.exampleapp"
      let destination = root.home + "/.config/exampleapp"
      let dry = try Self.migrate(["config", legacy, "--app", "exampleapp", "--dry-run"], root)
      #expect(dry.status == 0)
      #expect(dry.standardOutput == "would move \(legacy) -> \(destination)\n")
      #expect(!root.exists(root.home + "/.config"))

      let moved = try Self.migrate(["config", legacy, "--app", "exampleapp"], root)
      #expect(moved.status == 0)
      #expect(moved.standardOutput == "moved \(legacy) -> \(destination)\n")
      #expect(moved.standardError == "")
      #expect(TreeSnapshot.lines(of: destination) == before)

      // Nothing at the legacy path shows that it was migrated: all that is known is said.
      let again = try Self.migrate(["config", legacy, "--app", "exampleapp"], root)
      #expect(again.status == 0)
      #expect(again.standardOutput == "nothing to migrate: \(legacy) does not exist\n")
    }

    /// A mistyped legacy path is not "already migrated" because the destination exists: it
    /// does not exist, which is said, with exit 0 and nothing changed. A link left by --link
    /// does show a migration.
    @Test func aLegacyPathThatDoesNotExistIsSaidToBeMissing() throws {
      let root = try TemporaryRoot.withUserDirectories()
      try root.write("{}", to: "home/.local/share/ExampleApp/settings.json")
      let before = TreeSnapshot.lines(of: root.path)
      for extra in [[], ["--dry-run"], ["--keep-source"]] {
        let result = try Self.migrate(["data", "~/.typo", "--app", "ExampleApp"] + extra, root)
        #expect(result.status == 0, "\(extra)")
        #expect(
          result.standardOutput == "nothing to migrate: \(root.home)/.typo does not exist\n",
          "\(extra)")
        #expect(TreeSnapshot.lines(of: root.path) == before, "\(extra)")
      }
      try root.write("x", to: "home/.exampleapp/file")
      let legacy = root.home + "/.exampleapp"
      let destination = root.home + "/.config/exampleapp"
      let linked = try Self.migrate(["config", legacy, "--app", "exampleapp", "--link"], root)
      #expect(linked.standardOutput == "moved \(legacy) -> \(destination)\n")
      let again = try Self.migrate(["config", legacy, "--app", "exampleapp"], root)
      #expect(again.status == 0)
      #expect(again.standardOutput == "already migrated \(legacy) -> \(destination)\n")
    }

    @Test func relativeLegacyPathIsTheCurrentDirectorysAndLinkIsLeft() throws {
      let root = try TemporaryRoot.withUserDirectories()
      try root.write("x", to: "old/file")
      let result = try Self.migrate(["data", "old", "--app", "ExampleApp", "--link"], root)
      let destination = root.home + "/.local/share/ExampleApp"
      #expect(result.status == 0)
      #expect(result.standardOutput == "moved \(root.at("old")) -> \(destination)\n")
      #expect(
        try FileManager.default.destinationOfSymbolicLink(atPath: root.at("old")) == destination)
    }

    @Test func conflictExits1AndChangesNothing() throws {
      let root = try TemporaryRoot.withUserDirectories()
      try root.write("old", to: "home/.exampleapp/settings.json")
      try root.write("new", to: "home/.config/exampleapp/settings.json")
      let before = TreeSnapshot.lines(of: root.path)
      let legacy = root.home + "/.exampleapp"
      let destination = root.home + "/.config/exampleapp"
      for extra in [[], ["--dry-run"], ["--keep-source"], ["--link"]] {
        let result = try Self.migrate(
          ["config", legacy, "--app", "exampleapp"] + extra, root,
          standardError: .lines([
            "appdirs: error: \(destination) is not empty; nothing was changed",
            "appdirs: note: Move what is in \(destination) away, or merge the two directories yourself, then run the migration again.",
          ]))
        #expect(result.status == 1, "\(extra)")
        #expect(result.standardOutput == "conflict \(legacy) -> \(destination)\n")
      }
      #expect(TreeSnapshot.lines(of: root.path) == before)
    }

    @Test func nothingToMigrateExits0AndCreatesNothing() throws {
      let root = try TemporaryRoot.withUserDirectories()
      let result = try Self.migrate(
        ["cache", root.home + "/.exampleapp", "--app", "exampleapp"], root)
      #expect(result.status == 0)
      #expect(
        result.standardOutput == "nothing to migrate: \(root.home)/.exampleapp does not exist\n")
      #expect(TreeSnapshot.listing(root.home) == [])
    }

    @Test func previousOnLinuxFindsNothingToAdoptAndCreatesNothing() throws {
      let root = try TemporaryRoot.withUserDirectories()
      // One layout on Linux: no previous location, so nothing is looked for or made.
      let result = try Self.migrate(["config", "--previous", "--app", "exampleapp"], root)
      #expect(result.status == 0)
      #expect(
        result.standardOutput
          == "nothing to migrate: exampleapp's config directory has no previous location here (one layout, no earlier default)\n"
      )
      #expect(TreeSnapshot.listing(root.home) == [])
    }

    @Test func previousWithALegacyPathIsAUsageError() throws {
      let root = try TemporaryRoot.withUserDirectories()
      let result = try Tool.run(
        ["migrate", "config", "/old", "--previous", "--app", "exampleapp"],
        environment: root.toolEnvironment, in: root,
        standardError: .usageError(
          "--previous finds the old directory itself; give only the KIND, not '/old'",
          command: "migrate"))
      #expect(result.status == 64)
    }

    @Test func aLinkElsewhereIsNotFollowedAndWarnedOfOnce() throws {
      let root = try TemporaryRoot.withUserDirectories()
      try root.write("x", to: "elsewhere/file")
      try root.symlink("home/.exampleapp", to: root.at("elsewhere"))
      let result = try Self.migrate(
        ["config", root.home + "/.exampleapp", "--app", "exampleapp"], root,
        standardError: .line(
          "appdirs: warning: \(root.home)/.exampleapp is a symbolic link to \(root.at("elsewhere")), not to \(root.home)/.config/exampleapp; it is not followed"
        ))
      #expect(result.status == 0)
      #expect(result.standardOutput.hasPrefix("nothing to migrate "))
      #expect(TreeSnapshot.listing(root.at("elsewhere")) == ["file"])
    }

    @Test func whatCannotBeMovedExits73NamingTheCulprit() throws {
      let root = try TemporaryRoot.withUserDirectories()
      try root.write("a file", to: "home/.fileapp")
      try root.makeDirectory("home/.pipeapp/sockets")
      try root.makeFIFO(root.home + "/.pipeapp/sockets/control")
      let before = TreeSnapshot.lines(of: root.path)

      let file = try Self.migrate(
        ["config", root.home + "/.fileapp", "--app", "fileapp"], root,
        standardError: .failure("\(root.home)/.fileapp exists but is not a directory"))
      #expect(file.status == 73)
      #expect(file.standardOutput == "")

      let fifo = try Self.migrate(
        ["config", root.home + "/.pipeapp", "--app", "pipeapp"], root,
        standardError: .lines([
          "appdirs: error: cannot move \(root.home)/.pipeapp: it holds a FIFO, socket or device, which cannot be copied: \(root.home)/.pipeapp/sockets/control",
          "appdirs: note: Remove the FIFOs, sockets and devices (the programs that use them make them again), then run the migration again.",
        ]))
      #expect(fifo.status == 73)
      #expect(fifo.standardOutput == "")
      #expect(TreeSnapshot.lines(of: root.path) == before)
    }

    /// A link planted where an interrupted migration leaves the source it renamed aside.
    @Test func aForeignLeftoverExits73NamingItAndChangesNothing() throws {
      let root = try TemporaryRoot.withUserDirectories()
      try TreeSnapshot.makeSample(at: root.home + "/.exampleapp")
      let aside = root.home + "/.exampleapp.appdirs-moved"
      try root.symlink(aside, to: root.at("elsewhere"))
      let before = TreeSnapshot.lines(of: root.path)
      let result = try Self.migrate(
        ["config", root.home + "/.exampleapp", "--app", "exampleapp"], root,
        standardError: .lines([
          "appdirs: error: cannot move \(root.home)/.exampleapp: \(aside), where an interrupted migration leaves its files, is not the application's: it is a symbolic link, which is not followed",
          "appdirs: note: Look at what is at \(aside): remove it yourself if it is yours to remove (or ask its owner to), then run the migration again.",
        ]))
      #expect(result.status == 73)
      #expect(result.standardOutput == "")
      #expect(TreeSnapshot.lines(of: root.path) == before)
    }

    @Test(.needsRoot) func aSourceTheUserCannotMoveExits73AndIsLeftAsItWas() throws {
      let root = try TemporaryRoot.withUserDirectories()
      try root.write("x", to: "shared/.exampleapp/settings.json")
      root.chownAll(to: Tool.unprivilegedUser)
      // The legacy folder's parent belongs to root: nobody may rename anything out of it.
      chown(root.at("shared"), 0, 0)
      chmod(root.at("shared"), 0o755)
      let before = TreeSnapshot.lines(of: root.path)
      let result = try Tool.run(
        ["migrate", "config", root.at("shared/.exampleapp"), "--app", "exampleapp"],
        environment: Self.environment(root), asUser: Tool.unprivilegedUser, in: root,
        standardError: .failure(
          "permission denied at \(root.at("shared/.exampleapp")): EACCES (Permission denied)"))
      #expect(result.status == 73)
      var after = TreeSnapshot.lines(of: root.path) ?? []
      // The destination's parents were made; nothing else changed.
      after.removeAll { $0.hasPrefix("home/.config") }
      #expect(after == before)
    }

    static let usageErrors: [(arguments: [String], message: String)] = [
      (
        ["config"],
        "appdirs: error: migrate needs a KIND and a LEGACY_PATH, such as 'appdirs migrate config ~/.exampleapp --app exampleapp'"
      ),
      (
        ["config", "/old"],
        "appdirs: error: migrate needs --app NAME: the directory is the application's"
      ),
      (
        ["documents", "/old", "--app", "A"],
        "appdirs: error: migrate moves into one of the application's directories (data, config, cache, state, logs, runtime), not 'documents'"
      ),
      (
        ["config", "/old", "--app", "A", "--link", "--keep-source"],
        "appdirs: error: --link and --keep-source cannot be used together"
      ),
      (
        ["confg", "/old", "--app", "A"],
        "appdirs: error: unknown kind 'confg' (did you mean 'config'?); kinds are "
          + "home, data, config, cache, state, runtime, executables, fonts, applications, documents, downloads, desktop, music, pictures, videos, templates, public, projects, temporary, library, logs, shared"
      ),
      (
        ["config", "/old", "--app", "A/B"],
        "appdirs: error: invalid name \"A/B\": it contains /, which separates folders"
      ),
    ]

    @Test(arguments: usageErrors)
    func usageErrorsExit64(arguments: [String], message: String) throws {
      let root = try TemporaryRoot.withUserDirectories()
      // A name the library refuses comes with its fix; the rest point to the command's help.
      let result = try Self.migrate(
        arguments, root,
        standardError: message.contains("invalid name")
          ? .failure(message) : .usageError(message, command: "migrate"))
      #expect(result.status == 64)
      #expect(result.standardOutput == "")
      #expect(result.standardError.split(separator: "\n").first.map(String.init) == message)
    }

    // MARK: Across two file systems

    /// A root with two tmpfs mounts, `a` (the legacy side) and `b` (the destination's), seen
    /// only in their own mount namespace.
    struct TwoFileSystems {
      let root: TemporaryRoot
      let mounts: PrivateMounts
      var legacySide: String { root.at("a") }
      var destinationSide: String { root.at("b") }

      init() throws {
        root = try TemporaryRoot.withUserDirectories()
        try root.makeDirectory("a", mode: 0o755)
        try root.makeDirectory("b", mode: 0o755)
        mounts = try PrivateMounts([root.at("a"), root.at("b")])
      }

      var environment: [String: String] {
        MigrateCommandTests.environment(root).merging([
          "XDG_CONFIG_HOME": destinationSide + "/config"
        ]
        ) { $1 }
      }

      func migrate(_ arguments: [String]) throws -> ToolResult {
        try Tool.runProcess(
          mounts.inside([Tool.path, "migrate"] + arguments), environment: environment, in: root)
      }

      /// Copies `template` to `path` inside the namespace, keeping everything (`cp -a`).
      func place(_ template: String, at path: String) throws {
        let copy = try Tool.runProcess(
          mounts.inside(["/bin/cp", "-a", template, path]), environment: [:], in: root)
        guard copy.status == 0 else { throw SetupFailure("cp -a \(copy.standardError)", path) }
      }
    }

    @Test(.needsPrivateMounts) func acrossFileSystemsTheTreeIsCopiedExactly() throws {
      let fs = try TwoFileSystems()
      let template = fs.root.at("template")
      try TreeSnapshot.makeSample(at: template)
      let before = try #require(TreeSnapshot.lines(of: template))
      try fs.place(template, at: fs.legacySide + "/.exampleapp")
      let legacy = fs.legacySide + "/.exampleapp"
      let destination = fs.destinationSide + "/config/exampleapp"

      let dry = try fs.migrate(["config", legacy, "--app", "exampleapp", "--dry-run"])
      #expect(dry.standardOutput == "would copy \(legacy) -> \(destination)\n")
      #expect(!fs.root.exists(fs.mounts.view(fs.destinationSide + "/config")))

      let copied = try fs.migrate(["config", legacy, "--app", "exampleapp", "--link"])
      #expect(copied.status == 0, "\(copied.standardError)")
      #expect(copied.standardOutput == "copied \(legacy) -> \(destination)\n")
      #expect(TreeSnapshot.lines(of: fs.mounts.view(destination)) == before)
      // The mounts are the namespace's own: the root's folders stay empty.
      #expect(TreeSnapshot.listing(fs.root.at("b")) == [])
      // The source is a link now, and nothing is left beside either side.
      #expect(TreeSnapshot.listing(fs.mounts.view(fs.legacySide)) == [".exampleapp"])
      #expect(
        TreeSnapshot.listing(fs.mounts.view(fs.destinationSide + "/config")) == ["exampleapp"])
      let link = try FileManager.default.destinationOfSymbolicLink(atPath: fs.mounts.view(legacy))
      #expect(link == destination)

      try fs.place(template, at: fs.legacySide + "/.keptapp")
      let kept = try fs.migrate([
        "config", fs.legacySide + "/.keptapp", "--app", "keptapp", "--keep-source",
      ])
      #expect(kept.standardOutput.hasPrefix("copied "))
      #expect(TreeSnapshot.lines(of: fs.mounts.view(fs.legacySide + "/.keptapp")) == before)
      #expect(
        TreeSnapshot.lines(of: fs.mounts.view(fs.destinationSide + "/config/keptapp")) == before)
    }

    /// A migration across file systems killed with SIGKILL at random moments, then run again:
    /// every file of the source exists afterwards exactly once, at the destination, byte for
    /// byte, with its mode and time; nothing is left beside either side; the source is gone.
    @Test(.needsPrivateMounts) func killedMigrationsAreCompletedByTheNextRun() throws {
      let fs = try TwoFileSystems()
      let template = fs.root.at("template")
      try TreeSnapshot.makeSample(at: template, largeSize: 1_000_000)
      for folder in 0..<10 {
        for file in 0..<30 {
          try fs.root.write(
            String(repeating: "\(folder)-\(file) ", count: file * 7),
            to: "template/bulk/\(folder)/f\(file).txt")
        }
      }
      let expected = try #require(TreeSnapshot.lines(of: template))

      func run(_ index: Int) -> [String] {
        ["config", fs.legacySide + "/.app\(index)", "--app", "app\(index)"]
      }
      // An uninterrupted run measures the whole migration; kills land across it and a little
      // past it.
      try fs.place(template, at: fs.legacySide + "/.app0")
      let started = Date()
      let first = try fs.migrate(run(0))
      let duration = Date().timeIntervalSince(started)
      #expect(first.status == 0, "\(first.standardError)")
      #expect(
        TreeSnapshot.lines(of: fs.mounts.view(fs.destinationSide + "/config/app0")) == expected)

      // Kills are drawn from a window that closes in on the migration: a kill that found the
      // work not begun moves its start up, one that found it done moves its end down. The loop
      // ends once enough kills landed in the middle, so a slow or loaded machine only takes more
      // runs.
      let wanted = 30
      let attempts = 400
      let whole = duration * 1.2
      var window = (start: 0.0, end: whole)
      var interrupted = 0
      var runs = 0
      var generator = SystemRandomNumberGenerator()
      while interrupted < wanted && runs < attempts {
        runs += 1
        let index = runs
        let legacy = fs.legacySide + "/.app\(index)"
        let destination = fs.destinationSide + "/config/app\(index)"
        try fs.place(template, at: legacy)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/nsenter")
        process.arguments = Array(
          fs.mounts.inside([Tool.path, "migrate"] + run(index)).dropFirst())
        process.environment = fs.environment.merging(Tool.coverageVariables) { mine, _ in mine }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        let delay = Double.random(in: window.start...window.end, using: &generator)
        try process.run()
        usleep(UInt32(delay * 1_000_000))
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit(within: Process.timeLimit)

        // What the kill left: the source whole, the destination whole, or a state in between.
        let sourceLeft = fs.root.exists(fs.mounts.view(legacy))
        let destinationLeft = fs.root.exists(fs.mounts.view(destination))
        let leftovers =
          TreeSnapshot.listing(fs.mounts.view(fs.legacySide)).contains {
            $0.hasSuffix(".appdirs-moved")
          }
          || TreeSnapshot.listing(fs.mounts.view(fs.destinationSide + "/config")).contains {
            $0.hasSuffix(".appdirs-staging")
          }
        if leftovers || (sourceLeft && destinationLeft) {
          interrupted += 1
        } else if sourceLeft {
          window.start = (window.start + delay) / 2
        } else {
          window.end = (window.end + delay) / 2
        }
        if window.end - window.start < 0.002 { window = (0, whole) }

        let next = try fs.migrate(run(index))
        #expect(next.status == 0, "run \(index): \(next.standardError)")
        #expect(
          TreeSnapshot.lines(of: fs.mounts.view(destination)) == expected, "run \(index)")
        #expect(!fs.root.exists(fs.mounts.view(legacy)), "run \(index): the source is left")
        #expect(
          TreeSnapshot.listing(fs.mounts.view(fs.legacySide)).filter {
            $0.hasPrefix(".app\(index)")
          }
            == [],
          "run \(index)")
        #expect(
          TreeSnapshot.listing(fs.mounts.view(fs.destinationSide + "/config")).filter {
            $0.hasPrefix(".app")
          } == [], "run \(index)")
      }
      print(
        "MigrateCommandTests: \(runs) kills, \(interrupted) in the middle of a migration of "
          + "\(expected.count) entries (a whole run \(Int(duration * 1000)) ms)")
      // Kills that all landed before or after the work would prove nothing.
      #expect(interrupted >= wanted, "only \(interrupted) of \(runs) kills landed mid-migration")
    }
  }
#endif
