// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

// These tests make files, users and processes through POSIX calls.
#if !os(Windows)
  import Dispatch
  import Foundation
  import Testing

  @testable import AppDirectoriesCore
  @testable import AppDirectoriesFiles
  @testable import AppDirectoriesMaintenance
  @testable import TestSupport

  /// Moving an application's files from a legacy location (SPEC section 9), in process, on one
  /// file system; the copy across file systems is forced with `EXDEV` from the rename, and run
  /// for real across two tmpfs mounts in `MigrateCommandTests`.
  @Suite("Migration")
  struct MigrationTests {
    /// A root with a sample legacy tree at `~/.exampleapp`, and the app whose config directory is
    /// `~/.config/exampleapp`.
    struct Setup {
      let root: TemporaryRoot
      let provider: RecordingSystemCalls
      let dirs: AppDirectories
      var legacy: String { root.home + "/.exampleapp" }
      var legacyURL: URL { URL(fileURLWithPath: legacy) }
      var destination: String { root.home + "/.config/exampleapp" }

      init(
        sample: Bool = true, largeSize: Int = 100_000, faults: [RecordingSystemCalls.Fault] = [],
        afterMakeDirectory: (@Sendable (Int32, String) -> Void)? = nil,
        configure: (inout RecordingSystemCalls) -> Void = { _ in }
      ) throws {
        root = try TemporaryRoot.withUserDirectories()
        if sample {
          try TreeSnapshot.makeSample(at: root.home + "/.exampleapp", largeSize: largeSize)
        }
        var provider = RecordingSystemCalls(faults: faults, afterMakeDirectory: afterMakeDirectory)
        configure(&provider)
        self.provider = provider
        dirs = try AppDirectories(
          app: "exampleapp", organization: nil, layout: .native, environment: root.environment(),
          syscalls: provider.syscalls)
      }

      func migrate(_ options: MigrationOptions = []) throws(DirectoryError) -> MigrationOutcome {
        try onlyDirectoryError { try dirs.migrate(from: legacyURL, to: .config, options: options) }
      }

      /// Everything in the root, for checks that nothing changed.
      var everything: [String] { TreeSnapshot.lines(of: root.path) ?? [] }
    }

    /// The rename of the source itself fails with `EXDEV`, as across file systems.
    static let acrossFileSystems = RecordingSystemCalls.Fault(
      errno: EXDEV, remaining: 1, matches: { $0.call == .renameat && $0.name == ".exampleapp" })

    static func outcome(
      _ action: MigrationOutcome.Action, _ setup: Setup, dryRun: Bool = false, linked: Bool = false,
      sourceMissing: Bool = false
    )
      -> MigrationOutcome
    {
      MigrationOutcome(
        action: action, sourcePath: setup.legacy, destinationPath: setup.destination,
        isDryRun: dryRun,
        isLinked: linked, isSourceMissing: sourceMissing)
    }

    @Test("One file system: one rename, every file kept exactly")
    func oneFileSystemIsOneRename() throws {
      let setup = try Setup()
      let before = try #require(TreeSnapshot.lines(of: setup.legacy))
      #expect(try setup.migrate() == Self.outcome(.moved, setup))
      #expect(TreeSnapshot.lines(of: setup.destination) == before)
      #expect(!setup.root.exists(setup.legacy))
      #expect(setup.provider.records.filter { $0.call == .renameat }.map(\.name) == [".exampleapp"])
      #expect(setup.provider.records.filter { $0.call == .sendfile || $0.call == .write }.isEmpty)
      #expect(TreeSnapshot.listing(setup.root.home) == [".config"])
      #expect(TreeSnapshot.listing(setup.root.home + "/.config") == ["exampleapp"])
      // The rename is made durable: both parents are fsynced after it.
      let afterRename = setup.provider.records.drop { $0.call != .renameat }.dropFirst()
      // The parents are reached one component at a time, so their descriptors carry their
      // last components.
      #expect(Set(afterRename.filter { $0.call == .fsync }.map(\.name)) == ["home", ".config"])
    }

    @Test("The staging and aside names come from the destination's and the source's names")
    func stagingIsNamedAfterTheDestination() throws {
      let setup = try Setup(
        sample: false,
        faults: [
          RecordingSystemCalls.Fault(errno: EXDEV, remaining: 1) {
            $0.call == .renameat && $0.name == "olddir"
          }
        ])
      let legacy = setup.root.home + "/olddir"
      try TreeSnapshot.makeSample(at: legacy, largeSize: 100)
      let before = try #require(TreeSnapshot.lines(of: legacy))
      let outcome = try setup.dirs.migrate(from: URL(fileURLWithPath: legacy), to: .config)
      #expect(outcome.action == .copied)
      #expect(TreeSnapshot.lines(of: setup.destination) == before)
      let renames = setup.provider.calls.compactMap { call -> String? in
        if case .rename(let from, let to) = call { return "\(from) -> \(to)" }
        return nil
      }
      #expect(
        renames == [
          "olddir -> exampleapp", ".exampleapp.appdirs-staging -> exampleapp",
          "olddir -> .olddir.appdirs-moved",
        ])
    }

    @Test("Across file systems: a staged copy, fsynced, published, then the source removed")
    func acrossFileSystemsIsAStagedCopy() throws {
      let setup = try Setup(faults: [Self.acrossFileSystems])
      let before = try #require(TreeSnapshot.lines(of: setup.legacy))
      let files = before.filter { $0.contains(" file ") }.count
      let directories = before.filter { $0.contains(" dir ") }.count
      #expect(try setup.migrate() == Self.outcome(.copied, setup))
      #expect(TreeSnapshot.lines(of: setup.destination) == before)
      #expect(!setup.root.exists(setup.legacy))
      // Nothing left beside the source or the destination.
      #expect(TreeSnapshot.listing(setup.root.home) == [".config"])
      #expect(TreeSnapshot.listing(setup.root.home + "/.config") == ["exampleapp"])
      let renames = setup.provider.calls.compactMap { call -> String? in
        if case .rename(let from, let to) = call { return "\(from) -> \(to)" }
        return nil
      }
      #expect(
        renames == [
          ".exampleapp -> exampleapp", ".exampleapp.appdirs-staging -> exampleapp",
          ".exampleapp -> .exampleapp.appdirs-moved",
        ])
      // Every file and every directory of the copy, the staging directory itself and the two
      // parents after each rename.
      let syncs = setup.provider.records.filter { $0.call == .fsync }.count
      #expect(syncs >= files + directories + 1 + 3, "\(syncs) fsyncs for \(files) files")
      // The staging directory was published before the source was touched.
      let publish = try #require(
        renames.firstIndex(of: ".exampleapp.appdirs-staging -> exampleapp"))
      #expect(publish < renames.firstIndex(of: ".exampleapp -> .exampleapp.appdirs-moved")!)
    }

    /// A chain of `depth` folders named `name` below the open directory `top`, made relative to
    /// descriptors (the whole path is longer than PATH_MAX), with `leaf` written at the bottom.
    static func makeDeepChain(below top: String, depth: Int, name: String, leaf: String) throws {
      var directory = open(top, O_RDONLY | O_DIRECTORY)
      try #require(directory >= 0)
      for _ in 0..<depth {
        try #require(mkdirat(directory, name, 0o700) == 0)
        let next = openat(directory, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW)
        close(directory)
        try #require(next >= 0)
        directory = next
      }
      let file = openat(directory, "leaf", O_WRONLY | O_CREAT | O_EXCL, 0o600)
      close(directory)
      try #require(file >= 0)
      #expect(write(file, leaf, leaf.utf8.count) == leaf.utf8.count)
      close(file)
    }

    /// How deep the chain of folders named `name` below `top` goes, and the text of the leaf at
    /// its bottom, read relative to descriptors.
    static func readDeepChain(below top: String, name: String) -> (depth: Int, leaf: String?) {
      var directory = open(top, O_RDONLY | O_DIRECTORY)
      guard directory >= 0 else { return (0, nil) }
      var depth = 0
      while true {
        let next = openat(directory, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW)
        guard next >= 0 else { break }
        close(directory)
        directory = next
        depth += 1
      }
      defer { close(directory) }
      let file = openat(directory, "leaf", O_RDONLY)
      guard file >= 0 else { return (depth, nil) }
      defer { close(file) }
      var buffer = [UInt8](repeating: 0, count: 64)
      let count = read(file, &buffer, buffer.count)
      return (depth, count >= 0 ? String(decoding: buffer[0..<count], as: UTF8.self) : nil)
    }

    @Test(
      "A tree deeper than PATH_MAX is copied across file systems, relative to descriptors",
      arguments: [300, 1_200])
    func aDeepTreeIsCopiedWhole(depth: Int) throws {
      let setup = try Setup(sample: false, faults: [Self.acrossFileSystems])
      try setup.root.makeDirectory(setup.legacy, mode: 0o700)
      try Self.makeDeepChain(
        below: setup.legacy, depth: depth, name: "level-of-a-deep-tree", leaf: "bottom")
      #expect(try setup.migrate().action == .copied)
      let copied = Self.readDeepChain(below: setup.destination, name: "level-of-a-deep-tree")
      #expect(copied.depth == depth)
      #expect(copied.leaf == "bottom")
      #expect(!setup.root.exists(setup.legacy))
      // Every folder the copy opened is closed again.
      #expect(setup.provider.openDescriptors.isEmpty, "\(setup.provider.openDescriptors)")
    }

    @Test(
      "A destination that is not empty is a conflict, and nothing changes anywhere",
      arguments: [false, true])
    func fullDestinationIsAConflict(acrossFileSystems: Bool) throws {
      let setup = try Setup(faults: acrossFileSystems ? [Self.acrossFileSystems] : [])
      try setup.root.write("mine", to: "home/.config/exampleapp/notes.txt")
      let before = setup.everything
      #expect(try setup.migrate() == Self.outcome(.conflict, setup))
      #expect(try setup.migrate(.dryRun) == Self.outcome(.conflict, setup, dryRun: true))
      #expect(setup.everything == before)
      #expect(setup.provider.records.filter { $0.call == .renameat || $0.call == .mkdirat }.isEmpty)
    }

    @Test("An empty destination is replaced", arguments: [false, true])
    func emptyDestinationIsReplaced(acrossFileSystems: Bool) throws {
      let setup = try Setup(faults: acrossFileSystems ? [Self.acrossFileSystems] : [])
      try setup.root.makeDirectory("home/.config/exampleapp", mode: 0o700)
      let before = try #require(TreeSnapshot.lines(of: setup.legacy))
      #expect(try setup.migrate().action == (acrossFileSystems ? .copied : .moved))
      #expect(TreeSnapshot.lines(of: setup.destination) == before)
    }

    @Test(
      "A parent that is the user's symbolic link (~/.config in dotfiles) is followed",
      arguments: [false, true])
    func symbolicLinkParentsAreFollowed(acrossFileSystems: Bool) throws {
      let setup = try Setup(faults: acrossFileSystems ? [Self.acrossFileSystems] : [])
      try setup.root.makeDirectory("dotfiles/config", mode: 0o700)
      try setup.root.symlink("home/.config", to: setup.root.at("dotfiles/config"))
      let before = try #require(TreeSnapshot.lines(of: setup.legacy))
      #expect(try setup.migrate().action == (acrossFileSystems ? .copied : .moved))
      #expect(TreeSnapshot.lines(of: setup.root.at("dotfiles/config/exampleapp")) == before)
      #expect(TreeSnapshot.listing(setup.root.at("dotfiles/config")) == ["exampleapp"])
    }

    @Test("Nothing at the legacy path: nothing to migrate, and nothing is created")
    func missingSourceCreatesNothing() throws {
      let setup = try Setup(sample: false)
      let before = setup.everything
      #expect(try setup.migrate() == Self.outcome(.nothingToMigrate, setup, sourceMissing: true))
      #expect(
        try setup.migrate(.link) == Self.outcome(.nothingToMigrate, setup, sourceMissing: true))
      #expect(
        try setup.migrate(.dryRun)
          == Self.outcome(.nothingToMigrate, setup, dryRun: true, sourceMissing: true))
      #expect(setup.everything == before)
      #expect(!setup.root.exists(setup.root.home + "/.config"))
    }

    /// Nothing shows that the legacy path was ever migrated, so the outcome says only what is
    /// known: it does not exist (a typo looks the same).
    @Test("A link asked for from a legacy path whose folder does not exist: nothing is made there")
    func aLinkFromAMissingFolderMakesNothing() throws {
      let setup = try Setup(sample: false)
      try setup.root.write("{}", to: "home/.config/exampleapp/settings.json")
      let legacy = URL(fileURLWithPath: setup.root.home + "/nowhere/.exampleapp")
      let outcome = try setup.dirs.migrate(from: legacy, to: .config, options: .link)
      #expect(outcome.action == .alreadyMigrated)
      #expect(!outcome.isLinked)
      #expect(!setup.root.exists(setup.root.home + "/nowhere"))
      #expect(TreeSnapshot.listing(setup.destination) == ["settings.json"])
    }

    @Test("Nothing at the legacy path and a destination: already migrated, and said to be missing")
    func missingSourceWithDestinationIsAlreadyMigratedAndSaidToBeMissing() throws {
      let setup = try Setup(sample: false)
      try setup.root.write("{}", to: "home/.config/exampleapp/settings.json")
      let outcome = try setup.migrate()
      #expect(outcome == Self.outcome(.alreadyMigrated, setup, sourceMissing: true))
      #expect(outcome.words == "nothing to migrate")
      #expect(outcome.description == "nothing to migrate: \(setup.legacy) does not exist")
      #expect(!setup.root.exists(setup.legacy))
    }

    @Test("A file at the legacy path is refused, nothing changed")
    func fileAtTheSourceIsRefused() throws {
      let setup = try Setup(sample: false)
      try setup.root.write("old", to: "home/.exampleapp")
      let before = setup.everything
      for options in [MigrationOptions(), .dryRun, .keepSource] {
        #expect(throws: DirectoryError.notADirectory(path: setup.legacy)) {
          try setup.migrate(options)
        }
      }
      #expect(setup.everything == before)
    }

    @Test("A file at the destination is refused, nothing changed")
    func fileAtTheDestinationIsRefused() throws {
      let setup = try Setup()
      try setup.root.write("old", to: "home/.config/exampleapp")
      let before = setup.everything
      #expect(throws: DirectoryError.notADirectory(path: setup.destination)) { try setup.migrate() }
      #expect(throws: DirectoryError.notADirectory(path: setup.destination)) {
        try setup.migrate(.dryRun)
      }
      #expect(setup.everything == before)
    }

    @Test("A symbolic link at the legacy path is never followed")
    func symbolicLinkAtTheSource() throws {
      let setup = try Setup(sample: false)
      try setup.root.write("{}", to: "home/.config/exampleapp/settings.json")
      try setup.root.symlink("home/.exampleapp", to: setup.destination)
      #expect(try setup.migrate() == Self.outcome(.alreadyMigrated, setup, linked: true))
      // Relative, through another spelling of the same directory.
      _ = unlink(setup.legacy)
      try setup.root.symlink("home/.exampleapp", to: ".config/../.config/exampleapp")
      #expect(try setup.migrate().action == .alreadyMigrated)

      _ = unlink(setup.legacy)
      try setup.root.write("x", to: "elsewhere/file")
      try setup.root.symlink("home/.exampleapp", to: setup.root.at("elsewhere"))
      let before = setup.everything
      let outcome = try setup.migrate()
      #expect(outcome.action == .nothingToMigrate)
      #expect(
        outcome.warnings == [
          DirectoryWarning(
            "\(setup.legacy) is a symbolic link to \(setup.root.at("elsewhere")), not to \(setup.destination); it is not followed",
            suggestion:
              "Migrate from \(setup.root.at("elsewhere")) itself, or remove the link at \(setup.legacy)."
          )
        ])
      #expect(setup.everything == before)
    }

    @Test(
      "FIFOs, sockets and devices are refused before anything changes", arguments: [false, true])
    func specialFilesAreRefused(acrossFileSystems: Bool) throws {
      let setup = try Setup(faults: acrossFileSystems ? [Self.acrossFileSystems] : [])
      try setup.root.makeFIFO(setup.legacy + "/themes/dark/pipe")
      try setup.root.makeFIFO(setup.legacy + "/control")
      let before = setup.everything
      let expected = DirectoryError.migrationFailed(
        source: setup.legacy,
        problem: .specialFiles([setup.legacy + "/control", setup.legacy + "/themes/dark/pipe"]))
      for options in [MigrationOptions(), .dryRun, .keepSource] {
        do throws(DirectoryError) {
          _ = try setup.migrate(options)
          Issue.record("a FIFO was not refused")
        } catch {
          guard case .migrationFailed(let source, .specialFiles(let paths)) = error else {
            Issue.record("unexpected \(error)")
            continue
          }
          #expect(source == setup.legacy)
          #expect(
            DirectoryError.migrationFailed(source: source, problem: .specialFiles(paths.sorted()))
              == expected)
          #expect(error.path == paths.first)
        }
      }
      #expect(setup.everything == before)
    }

    @Test(
      "A FIFO that appears after the first look is refused under the lock",
      arguments: [false, true])
    func lateSpecialFileIsRefusedUnderTheLock(acrossFileSystems: Bool) throws {
      let home = Locked<String?>(nil)
      // The destination's parent is made after the first look and before the lock: the FIFO
      // appears in between.
      let setup = try Setup(
        faults: acrossFileSystems ? [Self.acrossFileSystems] : [],
        afterMakeDirectory: { _, name in
          guard name == ".config", let home = home.withLock({ $0 }) else { return }
          _ = mkfifo(home + "/.exampleapp/late", 0o600)
        })
      home.withLock { $0 = setup.root.home }
      let before = try #require(TreeSnapshot.lines(of: setup.legacy))
      #expect(
        throws: DirectoryError.migrationFailed(
          source: setup.legacy, problem: .specialFiles([setup.legacy + "/late"]))
      ) { try setup.migrate() }
      #expect(TreeSnapshot.lines(of: setup.legacy) == (before + ["late special 600"]).sorted())
      #expect(TreeSnapshot.listing(setup.root.home + "/.config") == [])
    }

    @Test("A dry run says what would happen and changes nothing")
    func dryRunChangesNothing() throws {
      let setup = try Setup()
      let before = setup.everything
      #expect(try setup.migrate(.dryRun) == Self.outcome(.moved, setup, dryRun: true))
      #expect(
        try setup.migrate(.dryRun).description
          == "would move \(setup.legacy) -> \(setup.destination)"
      )
      #expect(
        try setup.migrate([.dryRun, .keepSource]).description
          == "would copy \(setup.legacy) -> \(setup.destination)")
      #expect(
        try setup.migrate([.dryRun, .link])
          == Self.outcome(.moved, setup, dryRun: true, linked: true)
      )
      #expect(setup.everything == before)
      #expect(!setup.root.exists(setup.root.home + "/.config"))
      #expect(setup.provider.records.filter { $0.call == .flock || $0.call == .mkdirat }.isEmpty)
    }

    @Test("Keeping the source copies and leaves the source as it was", arguments: [false, true])
    func keepSourceCopies(acrossFileSystems: Bool) throws {
      let setup = try Setup(faults: acrossFileSystems ? [Self.acrossFileSystems] : [])
      let before = try #require(TreeSnapshot.lines(of: setup.legacy))
      #expect(try setup.migrate(.keepSource) == Self.outcome(.copied, setup))
      #expect(TreeSnapshot.lines(of: setup.legacy) == before)
      #expect(TreeSnapshot.lines(of: setup.destination) == before)
      #expect(try setup.migrate(.keepSource) == Self.outcome(.alreadyMigrated, setup))
      #expect(TreeSnapshot.listing(setup.root.home) == [".config", ".exampleapp"])
    }

    @Test(
      "A link takes the source's place, and the next call finds it done", arguments: [false, true])
    func linkTakesThePlaceOfTheSource(acrossFileSystems: Bool) throws {
      let setup = try Setup(faults: acrossFileSystems ? [Self.acrossFileSystems] : [])
      let before = try #require(TreeSnapshot.lines(of: setup.legacy))
      let first = try setup.migrate(.link)
      #expect(first == Self.outcome(acrossFileSystems ? .copied : .moved, setup, linked: true))
      // The link is made durable: its folder is fsynced after it.
      let afterLink = setup.provider.records.drop { $0.call != .symlinkat }.dropFirst()
      #expect(afterLink.contains { $0.call == .fsync && $0.name == "home" })
      #expect(
        try FileManager.default.destinationOfSymbolicLink(atPath: setup.legacy) == setup.destination
      )
      #expect(TreeSnapshot.lines(of: setup.destination) == before)
      #expect(try setup.migrate(.link) == Self.outcome(.alreadyMigrated, setup, linked: true))
      #expect(try setup.migrate() == Self.outcome(.alreadyMigrated, setup, linked: true))
    }

    @Test("A link where an interrupted move left no source")
    func linkIsMadeWhenTheMoveIsAlreadyDone() throws {
      let setup = try Setup(sample: false)
      try setup.root.write("{}", to: "home/.config/exampleapp/settings.json")
      #expect(try setup.migrate(.link) == Self.outcome(.alreadyMigrated, setup, linked: true))
      #expect(
        try FileManager.default.destinationOfSymbolicLink(atPath: setup.legacy) == setup.destination
      )
    }

    @Test("Idempotent: the same call again is already migrated", arguments: [false, true])
    func secondCallIsAlreadyMigrated(acrossFileSystems: Bool) throws {
      let setup = try Setup(faults: acrossFileSystems ? [Self.acrossFileSystems] : [])
      _ = try setup.migrate()
      let after = setup.everything
      #expect(try setup.migrate() == Self.outcome(.alreadyMigrated, setup, sourceMissing: true))
      #expect(
        try setup.migrate(.dryRun)
          == Self.outcome(.alreadyMigrated, setup, dryRun: true, sourceMissing: true))
      #expect(setup.everything == after)
    }

    @Test("Options and paths that cannot work are refused before anything changes")
    func impossibleRequestsAreRefused() throws {
      let setup = try Setup()
      let before = setup.everything
      #expect(
        throws: DirectoryError.migrationFailed(source: setup.legacy, problem: .linkWithKeptSource)
      ) {
        try setup.migrate([.link, .keepSource])
      }
      let inside = URL(fileURLWithPath: setup.destination + "/old")
      #expect(
        throws: DirectoryError.migrationFailed(
          source: setup.destination + "/old", problem: .overlapping(destination: setup.destination))
      ) { try setup.dirs.migrate(from: inside, to: .config) }
      let above = URL(fileURLWithPath: setup.root.home)
      #expect(
        throws: DirectoryError.migrationFailed(
          source: setup.root.home, problem: .notTheApplications(.baseDirectory(.home)))
      ) { try setup.dirs.migrate(from: above, to: .config) }
      let same = URL(fileURLWithPath: setup.destination + "/")
      #expect(try setup.dirs.migrate(from: same, to: .config).action == .alreadyMigrated)
      // A URL whose path is relative (the tool makes it absolute from the working directory).
      let relative = try #require(URL(string: "old/exampleapp"))
      #expect(
        throws: DirectoryError.invalidName(
          name: "old/exampleapp", reason: .legacyPathNotAbsolute)
      ) { try setup.dirs.migrate(from: relative, to: .config) }
      #expect(setup.everything == before)
    }

    // MARK: What an interrupted run leaves

    @Test("A staging directory left by a killed copy is removed, and the move done")
    func leftoverStagingIsRemoved() throws {
      let setup = try Setup(faults: [Self.acrossFileSystems])
      let before = try #require(TreeSnapshot.lines(of: setup.legacy))
      try setup.root.write("half", to: "home/.config/.exampleapp.appdirs-staging/settings.json")
      #expect(try setup.migrate().action == .copied)
      #expect(TreeSnapshot.lines(of: setup.destination) == before)
      #expect(TreeSnapshot.listing(setup.root.home + "/.config") == ["exampleapp"])
    }

    @Test("A source renamed aside after the copy was published is deleted")
    func leftoverAsideIsDeleted() throws {
      let setup = try Setup()
      let before = try #require(TreeSnapshot.lines(of: setup.legacy, times: false))
      try setup.root.makeDirectory("home/.config", mode: 0o700)
      // What a run killed after publishing and renaming the source aside leaves.
      _ = try FileManager.default.copyItem(atPath: setup.legacy, toPath: setup.destination)
      #expect(rename(setup.legacy, setup.root.home + "/.exampleapp.appdirs-moved") == 0)
      #expect(try setup.migrate() == Self.outcome(.alreadyMigrated, setup))
      #expect(TreeSnapshot.lines(of: setup.destination, times: false) == before)
      #expect(TreeSnapshot.listing(setup.root.home) == [".config"])
    }

    @Test("A source renamed aside whose copy has gone is put back, then moved")
    func leftoverAsideWithoutDestinationIsRestored() throws {
      let setup = try Setup()
      let before = try #require(TreeSnapshot.lines(of: setup.legacy))
      #expect(rename(setup.legacy, setup.root.home + "/.exampleapp.appdirs-moved") == 0)
      #expect(try setup.migrate() == Self.outcome(.moved, setup))
      #expect(TreeSnapshot.lines(of: setup.destination) == before)
      #expect(TreeSnapshot.listing(setup.root.home) == [".config"])
    }

    /// Where an interrupted migration leaves its files, something it never leaves.
    enum ForeignLeftover: String, CaseIterable, CustomTestStringConvertible {
      case linkAside, fileAside, linkStaging, fileStaging
      var testDescription: String { rawValue }

      /// The leftover's path in `setup`.
      func path(_ setup: Setup) -> String {
        switch self {
        case .linkAside, .fileAside: setup.root.home + "/.exampleapp.appdirs-moved"
        case .linkStaging, .fileStaging: setup.root.home + "/.config/.exampleapp.appdirs-staging"
        }
      }

      /// Plants it, and returns the rule the migration refuses it by.
      func plant(_ setup: Setup) throws -> CleanRefusal {
        switch self {
        case .linkAside, .linkStaging:
          try setup.root.symlink(path(setup), to: setup.root.at("elsewhere"))
          try setup.root.write("someone's", to: "elsewhere/file")
          return .symbolicLink
        case .fileAside, .fileStaging:
          try setup.root.write("someone's", to: path(setup))
          return .notADirectory
        }
      }
    }

    @Test(
      "A link or a file where an interrupted migration leaves its files is refused, nothing changed",
      arguments: ForeignLeftover.allCases)
    func aForeignLeftoverIsRefused(leftover: ForeignLeftover) throws {
      let setup = try Setup()
      let rule = try leftover.plant(setup)
      let before = setup.everything
      #expect(
        throws: DirectoryError.migrationFailed(
          source: setup.legacy, problem: .foreignLeftover(path: leftover.path(setup), rule))
      ) { try setup.migrate() }
      #expect(setup.everything == before)
    }

    @Test(
      "Another user's folder where an interrupted migration leaves its files is refused, nothing changed",
      .needsRoot, arguments: [true, false])
    func anotherUsersLeftoverIsRefused(aside: Bool) throws {
      let setup = try Setup()
      let leftover =
        aside
        ? setup.root.home + "/.exampleapp.appdirs-moved"
        : setup.root.home + "/.config/.exampleapp.appdirs-staging"
      try setup.root.write("someone's", to: leftover + "/file")
      try setup.root.changeOwner(leftover, to: otherUserID)
      let before = setup.everything
      let error = #expect(throws: DirectoryError.self) { try setup.migrate() }
      #expect(
        error
          == .migrationFailed(
            source: setup.legacy,
            problem: .foreignLeftover(
              path: leftover, .ownedByAnotherUser(UInt32(otherUserID)))))
      #expect(error?.path == leftover)
      #expect(setup.everything == before)
    }

    @Test("A copy published before the source was removed is recognized and completed")
    func publishedCopyWithItsSourceIsCompleted() throws {
      let setup = try Setup()
      let before = try #require(TreeSnapshot.lines(of: setup.legacy, times: false))
      try setup.root.makeDirectory("home/.config", mode: 0o700)
      _ = try FileManager.default.copyItem(atPath: setup.legacy, toPath: setup.destination)
      #expect(try setup.migrate(.dryRun) == Self.outcome(.alreadyMigrated, setup, dryRun: true))
      #expect(try setup.migrate() == Self.outcome(.alreadyMigrated, setup))
      #expect(!setup.root.exists(setup.legacy))
      #expect(TreeSnapshot.lines(of: setup.destination, times: false) == before)
      #expect(TreeSnapshot.listing(setup.root.home) == [".config"])
    }

    @Test("A destination filled between the look and the rename is a conflict, nothing moved")
    func destinationFilledBeforeTheRename() throws {
      let setup = try Setup(faults: [
        RecordingSystemCalls.Fault(errno: ENOTEMPTY, remaining: 1) {
          $0.call == .renameat && $0.name == ".exampleapp"
        }
      ])
      let before = try #require(TreeSnapshot.lines(of: setup.legacy))
      #expect(try setup.migrate() == Self.outcome(.conflict, setup))
      #expect(TreeSnapshot.lines(of: setup.legacy) == before)
    }

    @Test("A legacy folder whose name begins with the new one's is not inside it")
    func legacyFolderBesideTheDestination() throws {
      // ~/.config/exampleapp-old shares its first letters with ~/.config/exampleapp, not a
      // folder: the move goes ahead.
      let setup = try Setup(sample: false)
      try TreeSnapshot.makeSample(at: setup.root.home + "/.config/exampleapp-old", largeSize: 100)
      let before = try #require(TreeSnapshot.lines(of: setup.root.home + "/.config/exampleapp-old"))
      let legacy = URL(fileURLWithPath: setup.root.home + "/.config/exampleapp-old")
      #expect(try setup.dirs.migrate(from: legacy, to: .config).action == .moved)
      #expect(TreeSnapshot.lines(of: setup.destination) == before)
    }

    @Test("A dry run without a source changes nothing: no leftover removed, no link made")
    func dryRunWithoutASourceOnlyAnswers() throws {
      let setup = try Setup()
      try setup.root.makeDirectory("home/.config", mode: 0o700)
      try FileManager.default.copyItem(atPath: setup.legacy, toPath: setup.destination)
      try FileManager.default.removeItem(atPath: setup.legacy)
      try setup.root.write("half", to: "home/.config/.exampleapp.appdirs-staging/settings.json")
      let before = setup.everything
      #expect(
        try setup.migrate([.dryRun, .link])
          == Self.outcome(.alreadyMigrated, setup, dryRun: true, linked: true))
      #expect(try setup.migrate(.dryRun).action == .alreadyMigrated)
      #expect(setup.everything == before)
    }

    @Test("A legacy path whose folder does not exist: nothing to migrate")
    func missingLegacyParent() throws {
      let setup = try Setup(sample: false)
      let legacy = URL(fileURLWithPath: setup.root.home + "/gone/.exampleapp")
      #expect(try setup.dirs.migrate(from: legacy, to: .config).action == .nothingToMigrate)
      #expect(!setup.root.exists(setup.destination))
    }

    @Test("A dry run with a link at the destination says conflict")
    func dryRunWithALinkAtTheDestination() throws {
      let setup = try Setup()
      try setup.root.makeDirectory("home/.config", mode: 0o700)
      try setup.root.symlink("home/.config/exampleapp", to: setup.root.at("elsewhere"))
      let before = setup.everything
      #expect(try setup.migrate(.dryRun) == Self.outcome(.conflict, setup, dryRun: true))
      #expect(setup.everything == before)
    }

    @Test("A destination that differs by one byte is a conflict")
    func nearlyTheSameDestinationIsAConflict() throws {
      let setup = try Setup()
      try setup.root.makeDirectory("home/.config", mode: 0o700)
      _ = try FileManager.default.copyItem(atPath: setup.legacy, toPath: setup.destination)
      try setup.root.write(#"{"theme": "dork"}"#, to: "home/.config/exampleapp/settings.json")
      chmod(setup.destination + "/settings.json", 0o600)
      let before = setup.everything
      #expect(try setup.migrate() == Self.outcome(.conflict, setup))
      #expect(setup.everything == before)
    }

    // MARK: Failures

    static let copyFaults: [(name: String, call: RecordingSystemCalls.Call, errno: Int32)] = [
      ("an I/O error reading a file", .sendfile, EIO),
      ("a full disk writing a file", .sendfile, ENOSPC),
      ("a failed fsync", .fsync, EIO),
      ("a failed mkdirat", .mkdirat, EIO),
    ]

    @Test(
      "A copy that fails leaves the source as it was and nothing at the destination",
      arguments: copyFaults)
    func failedCopyChangesNothing(
      _ fault: (name: String, call: RecordingSystemCalls.Call, errno: Int32)
    ) throws {
      let setup = try Setup(faults: [
        Self.acrossFileSystems,
        RecordingSystemCalls.Fault(errno: fault.errno, remaining: 1) { record in
          record.call == fault.call && (fault.call != .mkdirat || record.name == "dark")
        },
      ])
      let before = try #require(TreeSnapshot.lines(of: setup.legacy))
      do throws(DirectoryError) {
        _ = try setup.migrate()
        Issue.record("\(fault.name) did not stop the migration")
      } catch {
        guard case .migrationFailed(let source, .failed(let path, let errno)) = error else {
          Issue.record("unexpected \(error)")
          return
        }
        #expect(source == setup.legacy)
        #expect(errno == SystemErrno(rawValue: fault.errno))
        #expect(
          path.hasPrefix(setup.legacy)
            || path.hasPrefix(setup.root.home + "/.config/.exampleapp.appdirs-staging"), "\(path)")
        #expect(
          error.recoverySuggestion.contains(
            fault.errno == ENOSPC ? "disk space" : "run the migration again"))
      }
      #expect(TreeSnapshot.lines(of: setup.legacy) == before)
      #expect(TreeSnapshot.listing(setup.root.home + "/.config") == [])
      // The next run, without the fault, completes it.
      #expect(try setup.migrate().action == .moved)
      #expect(TreeSnapshot.lines(of: setup.destination) == before)
    }

    @Test(
      "Where sendfile cannot copy, files are read and written, each short write completed",
      arguments: [ENOSYS, EINVAL, EXDEV])
    func copyWithoutSendfile(errno: Int32) throws {
      // A large file of more than one buffer (256 KiB), written at most 1000 bytes at a time.
      let setup = try Setup(
        largeSize: 600_000,
        faults: [
          Self.acrossFileSystems,
          RecordingSystemCalls.Fault(errno: errno, remaining: .max) { $0.call == .sendfile },
        ],
        configure: { provider in
          provider.onWrite = { live, descriptor, buffer in
            live.write(
              descriptor: descriptor, from: UnsafeRawBufferPointer(rebasing: buffer.prefix(1000)))
          }
        })
      let before = try #require(TreeSnapshot.lines(of: setup.legacy))
      #expect(try setup.migrate() == Self.outcome(.copied, setup))
      #expect(TreeSnapshot.lines(of: setup.destination) == before)
      #expect(!setup.root.exists(setup.legacy))
      let writes = setup.provider.records.filter { $0.call == .write }
      // Reads of 262,144, 262,144 and 75,712 bytes, each written in pieces of at most 1000.
      #expect(writes.filter { $0.name == "large.bin" }.count == 263 + 263 + 76)
      // sendfile is tried once per file with bytes, then each file is read and written.
      #expect(
        Set(writes.map(\.name)) == ["settings.json", "colors.txt", "readme", "large.bin", "run.sh"])
    }

    @Test("A full disk while writing where sendfile cannot copy leaves the source as it was")
    func failedWriteWithoutSendfile() throws {
      let setup = try Setup(faults: [
        Self.acrossFileSystems,
        RecordingSystemCalls.Fault(errno: ENOSYS, remaining: .max) { $0.call == .sendfile },
        RecordingSystemCalls.Fault(errno: ENOSPC, remaining: 1) {
          $0.call == .write && $0.name == "large.bin"
        },
      ])
      let before = try #require(TreeSnapshot.lines(of: setup.legacy))
      #expect(
        throws: DirectoryError.migrationFailed(
          source: setup.legacy,
          problem: .failed(
            path: setup.root.home + "/.config/.exampleapp.appdirs-staging/large.bin",
            errno: .noSpace))
      ) { try setup.migrate() }
      #expect(TreeSnapshot.lines(of: setup.legacy) == before)
      #expect(TreeSnapshot.listing(setup.root.home + "/.config") == [])
    }

    @Test("A read that fails where sendfile cannot copy leaves the source as it was")
    func failedReadWithoutSendfile() throws {
      let setup = try Setup(faults: [
        Self.acrossFileSystems,
        RecordingSystemCalls.Fault(errno: EINVAL, remaining: .max) { $0.call == .sendfile },
        RecordingSystemCalls.Fault(errno: EIO, remaining: 1) {
          $0.call == .read && $0.name == "run.sh"
        },
      ])
      let before = try #require(TreeSnapshot.lines(of: setup.legacy))
      do throws(DirectoryError) {
        _ = try setup.migrate()
        Issue.record("a failed read did not stop the migration")
      } catch {
        guard case .migrationFailed(setup.legacy, .failed(let path, .ioError)) = error else {
          Issue.record("unexpected \(error)")
          return
        }
        #expect(path.hasSuffix("/run.sh"), "\(path)")
      }
      #expect(TreeSnapshot.lines(of: setup.legacy) == before)
      #expect(TreeSnapshot.listing(setup.root.home + "/.config") == [])
    }

    @Test("A destination filled while the copy was made is a conflict; the copy is removed")
    func destinationFilledDuringTheCopy() throws {
      let setup = try Setup(faults: [
        Self.acrossFileSystems,
        RecordingSystemCalls.Fault(errno: ENOTEMPTY, remaining: 1) {
          $0.call == .renameat && $0.name == ".exampleapp.appdirs-staging"
        },
      ])
      let before = try #require(TreeSnapshot.lines(of: setup.legacy))
      #expect(try setup.migrate() == Self.outcome(.conflict, setup))
      #expect(TreeSnapshot.lines(of: setup.legacy) == before)
      #expect(TreeSnapshot.listing(setup.root.home + "/.config") == [])
    }

    @Test("A FIFO planted in the source during the copy stops it, named; nothing is published")
    func fifoPlantedDuringTheCopy() throws {
      let planted = Locked(false)
      let root = Locked<String?>(nil)
      let setup = try Setup(faults: [Self.acrossFileSystems]) { _, _ in }
      root.withLock { $0 = setup.legacy }
      // A writer that ignores the lock: once the copy has begun (it makes the staged `themes`),
      // a FIFO appears in a folder the copy has not listed yet.
      let provider = RecordingSystemCalls(
        faults: [Self.acrossFileSystems],
        beforeCall: { record in
          guard record.call == .mkdirat, record.name == "themes",
            let legacy = root.withLock({ $0 }), planted.withLock({ !$0 })
          else { return }
          planted.withLock { $0 = true }
          mkfifo(legacy + "/themes/dark/late", 0o600)
        })
      let dirs = try AppDirectories(
        app: "exampleapp", organization: nil, layout: .native,
        environment: setup.root.environment(), syscalls: provider.syscalls)
      #expect(
        throws: DirectoryError.migrationFailed(
          source: setup.legacy, problem: .specialFiles([setup.legacy + "/themes/dark/late"]))
      ) { try dirs.migrate(from: setup.legacyURL, to: .config) }
      #expect(planted.withLock { $0 })
      #expect(TreeSnapshot.listing(setup.root.home + "/.config") == [])
      #expect(setup.root.exists(setup.legacy + "/settings.json"))
    }

    @Test("A migration waits for the lock another migration of the app holds")
    func aMigrationWaitsForTheLock() throws {
      let setup = try Setup()
      try setup.root.makeDirectory("home/.config", mode: 0o700)
      let before = try #require(TreeSnapshot.lines(of: setup.legacy))
      // The lock of a migration in progress, held by the test.
      let holder = open(setup.root.home + "/.config", O_RDONLY | O_DIRECTORY)
      #expect(holder >= 0)
      #expect(flock(holder, LOCK_EX) == 0)
      let outcome = Locked<MigrationOutcome.Action?>(nil)
      let dirs = setup.dirs
      let legacy = setup.legacyURL
      let thread = Thread {
        let action = try? dirs.migrate(from: legacy, to: .config).action
        outcome.withLock { $0 = action }
      }
      thread.start()
      usleep(300_000)
      // Still waiting: nothing has moved.
      #expect(outcome.withLock { $0 } == nil)
      #expect(TreeSnapshot.lines(of: setup.legacy) == before)
      close(holder)
      var waited = 0
      while outcome.withLock({ $0 }) == nil && waited < 1000 {
        usleep(10_000)
        waited += 1
      }
      #expect(outcome.withLock { $0 } == .moved)
      #expect(TreeSnapshot.lines(of: setup.destination) == before)
    }

    @Test("Two migrations of one app never run their locked steps at the same time")
    func twoMigrationsNeverRunTogether() throws {
      let setup = try Setup()
      let environment = setup.root.environment()
      let clock = ContinuousClock()
      let start = clock.now
      let firstInside = DispatchSemaphore(value: 0)
      let firstLeft = Locked<Duration?>(nil)
      // The first migration stops in its move, under the lock, for long enough that the second
      // reaches its own lock and would go on without one.
      let first = RecordingSystemCalls(beforeCall: { record in
        guard record.call == .renameat, firstLeft.withLock({ $0 }) == nil else { return }
        firstInside.signal()
        usleep(400_000)
        firstLeft.withLock { $0 = clock.now - start }
      })
      let secondCalls = Locked<[(at: Duration, call: RecordingSystemCalls.Call)]>([])
      let second = RecordingSystemCalls(beforeCall: { record in
        secondCalls.withLock { $0.append((clock.now - start, record.call)) }
      })
      let outcomes = Locked<[MigrationOutcome.Action]>([])
      func migrate(_ provider: RecordingSystemCalls) -> Thread {
        Thread {
          let dirs = try? AppDirectories(
            app: "exampleapp", organization: nil, layout: .native, environment: environment,
            syscalls: provider.syscalls)
          if let action = try? dirs?.migrate(fromPath: setup.legacy, to: .config).action {
            outcomes.withLock { $0.append(action) }
          }
        }
      }
      let threads = [migrate(first)]
      threads[0].start()
      #expect(firstInside.wait(timeout: .now() + 10) == .success, "the first did not move")
      let other = migrate(second)
      other.start()
      var waited = 0
      while outcomes.withLock({ $0.count }) < 2 && waited < 1000 {
        usleep(10_000)
        waited += 1
      }
      #expect(outcomes.withLock { $0 }.sorted { "\($0)" < "\($1)" } == [.alreadyMigrated, .moved])
      let left = try #require(firstLeft.withLock { $0 })
      let calls = secondCalls.withLock { $0 }
      let lock = try #require(calls.firstIndex { $0.call == .flock }, "the second took no lock")
      // Whatever the second did after asking for the lock, it did once the first was done.
      let early = calls[(lock + 1)...].filter { $0.at < left }
      #expect(early.isEmpty, "the second ran \(early.map(\.call)) while the first held the lock")
    }

    @Test("Migrations of one app at once give the result of one", arguments: [false, true])
    func concurrentMigrationsGiveTheResultOfOne(acrossFileSystems: Bool) async throws {
      let setup = try Setup()
      let before = try #require(TreeSnapshot.lines(of: setup.legacy))
      let environment = setup.root.environment()
      let outcomes = try await withThrowingTaskGroup(of: MigrationOutcome.Action.self) { group in
        for index in 0..<8 {
          group.addTask {
            let provider = RecordingSystemCalls(
              faults: acrossFileSystems && index % 2 == 0 ? [Self.acrossFileSystems] : [])
            let dirs = try AppDirectories(
              app: "exampleapp", organization: nil, layout: .native, environment: environment,
              syscalls: provider.syscalls)
            return try dirs.migrate(from: URL(fileURLWithPath: setup.legacy), to: .config).action
          }
        }
        return try await group.reduce(into: []) { $0.append($1) }
      }
      #expect(outcomes.filter { $0 == .moved || $0 == .copied }.count == 1, "\(outcomes)")
      #expect(outcomes.filter { $0 == .alreadyMigrated }.count == 7, "\(outcomes)")
      #expect(TreeSnapshot.lines(of: setup.destination) == before)
      #expect(TreeSnapshot.listing(setup.root.home) == [".config"])
      #expect(TreeSnapshot.listing(setup.root.home + "/.config") == ["exampleapp"])
    }
  }

  /// Every branch of a migration that renames, puts back or removes, and the `fsync`s that make
  /// it survive a power loss, call by call.
  @Suite("Migration durability, branch by branch")
  struct MigrationDurabilityTests {
    struct Branch: Sendable, CustomTestStringConvertible {
      let name: String
      var options: MigrationOptions = []
      var acrossFileSystems = false
      /// What an interrupted run left, made before the migration.
      var prepare: @Sendable (MigrationTests.Setup) throws -> Void = { _ in }
      let action: MigrationOutcome.Action
      /// The renames, links, removals of a top-level name and `fsync`s of the two parents and
      /// of the staging directory, in order.
      let trace: [String]
      var testDescription: String { name }
    }

    static let aside = ".exampleapp.appdirs-moved"
    static let staging = ".exampleapp.appdirs-staging"

    static let branches: [Branch] = [
      Branch(
        name: "one rename", action: .moved,
        trace: ["renameat(.exampleapp)", "fsync(.config)", "fsync(home)"]),
      Branch(
        name: "one rename, then a link where the source was", options: .link, action: .moved,
        trace: [
          "renameat(.exampleapp)", "fsync(.config)", "fsync(home)", "symlinkat(.exampleapp)",
          "fsync(home)",
        ]),
      Branch(
        name: "a staged copy, published, then the source renamed aside and deleted",
        acrossFileSystems: true, action: .copied,
        trace: [
          "renameat(.exampleapp)", "fsync(\(staging))", "renameat(\(staging))", "fsync(.config)",
          "renameat(.exampleapp)", "fsync(home)", "unlinkat(\(aside))", "fsync(home)",
        ]),
      Branch(
        name: "a staged copy that keeps the source", options: .keepSource, acrossFileSystems: true,
        action: .copied,
        trace: ["fsync(\(staging))", "renameat(\(staging))", "fsync(.config)"]),
      Branch(
        name: "a staging directory left by a killed copy is removed, then the move",
        prepare: { setup in
          try setup.root.writeFile(setup.root.home + "/.config/\(staging)/partial", "half")
        }, action: .moved,
        trace: [
          "unlinkat(\(staging))", "fsync(.config)", "renameat(.exampleapp)", "fsync(.config)",
          "fsync(home)",
        ]),
      Branch(
        name: "a source renamed aside after its copy was published is deleted",
        prepare: { setup in
          try FileManager.default.copyItem(atPath: setup.legacy, toPath: setup.destination)
          try FileManager.default.moveItem(
            atPath: setup.legacy, toPath: setup.root.home + "/\(aside)")
        }, action: .alreadyMigrated,
        trace: ["unlinkat(\(aside))", "fsync(home)"]),
      Branch(
        name: "a source renamed aside whose copy has gone is put back, then moved",
        prepare: { setup in
          try FileManager.default.createDirectory(
            atPath: setup.root.home + "/.config", withIntermediateDirectories: true)
          try FileManager.default.moveItem(
            atPath: setup.legacy, toPath: setup.root.home + "/\(aside)")
        }, action: .moved,
        trace: [
          "renameat(\(aside))", "fsync(home)", "renameat(.exampleapp)", "fsync(.config)",
          "fsync(home)",
        ]),
    ]

    @Test(arguments: branches)
    func eachBranchIsDurable(_ branch: Branch) throws {
      let setup = try MigrationTests.Setup(
        faults: branch.acrossFileSystems ? [MigrationTests.acrossFileSystems] : [])
      try branch.prepare(setup)
      // The copy a killed run published, else the source, wherever that run left it.
      let tree = try #require(
        TreeSnapshot.lines(of: setup.destination) ?? TreeSnapshot.lines(of: setup.legacy)
          ?? TreeSnapshot.lines(of: setup.root.home + "/\(Self.aside)"))
      let outcome = try setup.migrate(branch.options)
      #expect(outcome.action == branch.action)
      let topLevel: Set<String> = [".exampleapp", Self.aside, Self.staging]
      let synchronized: Set<String> = ["home", ".config", Self.staging]
      let trace = setup.provider.records.filter { record in
        switch record.call {
        case .renameat: true
        case .symlinkat, .unlinkat: topLevel.contains(record.name)
        case .fsync: synchronized.contains(record.name)
        default: false
        }
      }.map(\.description)
      #expect(trace == branch.trace)
      // Whatever the branch, the application's files end where they belong, whole.
      #expect(TreeSnapshot.lines(of: setup.destination) == tree)
      #expect(!setup.root.exists(setup.root.home + "/\(Self.aside)"))
      #expect(!setup.root.exists(setup.root.home + "/.config/\(Self.staging)"))
    }
  }
#endif
