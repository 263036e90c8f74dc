// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

// These tests make files, users and processes through POSIX calls.
#if !os(Windows)
  import Foundation
  import Testing

  @testable import AppDirectoriesCore
  @testable import AppDirectoriesFiles
  @testable import AppDirectoriesMaintenance
  @testable import TestSupport

  /// Whole operations with a failure injected at each of their system calls in turn, one run
  /// per call: whichever call fails, no file is lost, the error is typed, and the same call
  /// again without the failure finishes the work. With `EINTR` at any call the result is the
  /// same as without it (each call is retried).
  @Suite("A failure at every step")
  struct EveryStepFaultTests {
    /// Fails the `index`-th recorded call (counting from 1) with `errno`, once.
    static func failing(call index: Int, with errno: Int32) -> RecordingSystemCalls.Fault {
      let seen = Locked(0)
      return RecordingSystemCalls.Fault(errno: errno, remaining: 1) { _ in
        seen.withLock { count in
          count += 1
          return count == index
        }
      }
    }

    /// The migrations: on one file system (one rename), across two (the rename refused with
    /// `EXDEV`, so a staged copy), keeping the source, leaving a link.
    enum Variant: String, CaseIterable, CustomTestStringConvertible {
      case oneFileSystem, acrossFileSystems, keepSource, link
      var testDescription: String { rawValue }
      var options: MigrationOptions {
        switch self {
        case .oneFileSystem, .acrossFileSystems: []
        case .keepSource: .keepSource
        case .link: .link
        }
      }
      var faults: [RecordingSystemCalls.Fault] {
        // Keeping the source always copies.
        self == .oneFileSystem || self == .keepSource ? [] : [MigrationTests.acrossFileSystems]
      }
    }

    /// What a finished migration leaves: the tree at the destination, and at the legacy path
    /// nothing, the same tree, or a link to the destination.
    static func expectFinished(
      _ setup: MigrationTests.Setup, _ variant: Variant, like before: [String],
      _ comment: Comment
    ) {
      #expect(TreeSnapshot.lines(of: setup.destination) == before, comment)
      #expect(TreeSnapshot.listing(setup.root.home + "/.config") == ["exampleapp"], comment)
      switch variant {
      case .oneFileSystem, .acrossFileSystems:
        #expect(TreeSnapshot.listing(setup.root.home) == [".config"], comment)
      case .keepSource:
        #expect(TreeSnapshot.lines(of: setup.legacy) == before, comment)
        #expect(TreeSnapshot.listing(setup.root.home) == [".config", ".exampleapp"], comment)
      case .link:
        #expect(
          (try? FileManager.default.destinationOfSymbolicLink(atPath: setup.legacy))
            == setup.destination, comment)
        #expect(TreeSnapshot.listing(setup.root.home) == [".config", ".exampleapp"], comment)
      }
    }

    @Test(
      "A migration failing at any call loses nothing, and the next run finishes it",
      arguments: Variant.allCases)
    func migrationFailingAtEachCall(variant: Variant) throws {
      let reference = try MigrationTests.Setup(
        largeSize: 5000, faults: variant.faults)
      _ = try reference.dirs.migrate(
        from: reference.legacyURL, to: .config, options: variant.options)
      let count = reference.provider.records.count
      #expect(count > 20, "only \(count) calls")
      for index in 1...count {
        let setup = try MigrationTests.Setup(
          largeSize: 5000, faults: [Self.failing(call: index, with: EIO)] + variant.faults)
        let comment: Comment = "EIO at call \(index) of \(count)"
        let before = try #require(TreeSnapshot.lines(of: setup.legacy))
        do throws(DirectoryError) {
          _ = try onlyDirectoryError {
            try setup.dirs.migrate(from: setup.legacyURL, to: .config, options: variant.options)
          }
        } catch {
          // The error names the legacy path, or the folder on the way to the destination
          // that could not be made.
          if case .migrationFailed(let source, _) = error {
            #expect(source == setup.legacy, comment)
          } else {
            let path = try #require(error.path, "\(comment): \(error)")
            #expect(setup.destination.hasPrefix(path), "\(comment): \(error)")
          }
        }
        // Every file is somewhere, whole: at the legacy path, at the destination, or aside.
        let aside = setup.root.home + "/.exampleapp.appdirs-moved"
        #expect(
          TreeSnapshot.lines(of: setup.legacy) == before
            || TreeSnapshot.lines(of: setup.destination) == before
            || TreeSnapshot.lines(of: aside) == before, comment)
        setup.provider.clearFaults()
        do throws(DirectoryError) {
          _ = try onlyDirectoryError {
            try setup.dirs.migrate(from: setup.legacyURL, to: .config, options: variant.options)
          }
        } catch {
          Issue.record("\(comment): the run after it failed: \(error)")
        }
        Self.expectFinished(setup, variant, like: before, comment)
      }
    }

    @Test(
      "EINTR at any call of a migration is retried: the same result",
      arguments: [Variant.oneFileSystem, .acrossFileSystems, .link])
    func migrationInterruptedAtEachCall(variant: Variant) throws {
      let reference = try MigrationTests.Setup(
        largeSize: 5000, faults: variant.faults)
      let expected = try reference.dirs.migrate(
        from: reference.legacyURL, to: .config, options: variant.options)
      let count = reference.provider.records.count
      for index in 1...count {
        let setup = try MigrationTests.Setup(
          largeSize: 5000, faults: [Self.failing(call: index, with: EINTR)] + variant.faults)
        let comment: Comment = "EINTR at call \(index) of \(count)"
        let before = try #require(TreeSnapshot.lines(of: setup.legacy))
        let outcome = try setup.dirs.migrate(
          from: setup.legacyURL, to: .config, options: variant.options)
        #expect(outcome.action == expected.action, comment)
        #expect(outcome.warnings == expected.warnings, comment)
        #expect(setup.provider.injectedCount == 1 + reference.provider.injectedCount, comment)
        #expect(setup.provider.unretriedInterruptions.isEmpty, comment)
        Self.expectFinished(setup, variant, like: before, comment)
      }
    }

    /// An application with a file in each of its directories, a sample tree in its cache, a
    /// link from its data directory to a folder outside, a group container and a legacy
    /// folder; beside it another application's cache and a folder of someone else's.
    struct CleanSetup {
      let root: TemporaryRoot
      let provider: RecordingSystemCalls
      let dirs: AppDirectories
      static let group = "group.com.example"
      var legacy: [URL] { [URL(fileURLWithPath: root.home + "/.exampleapp")] }

      init(
        faults: [RecordingSystemCalls.Fault] = [],
        provider configured: RecordingSystemCalls? = nil
      ) throws {
        root = try TemporaryRoot.withUserDirectories()
        let creator = try CacheHygieneTests.directories(root)
        for kind in AppDirectory.ownKinds {
          let path = try creator.directory(kind).path
          try root.write("x", to: String(path.dropFirst(root.path.count + 1)) + "/file")
        }
        try TreeSnapshot.makeSample(at: root.home + "/.cache/ExampleApp/tree", largeSize: 5000)
        try root.write("x", to: "home/.local/share/group-containers/\(Self.group)/file")
        try root.write("x", to: "home/.exampleapp/file")
        try root.write("mine", to: "home/.cache/Other/file")
        try root.write("outside", to: "elsewhere/keep")
        try root.symlink("home/.local/share/ExampleApp/out", to: root.at("elsewhere"))
        provider = configured ?? RecordingSystemCalls(faults: faults)
        dirs = try CacheHygieneTests.directories(root, provider: provider)
      }

      func clean(_ scope: CleanScope) throws(DirectoryError) -> CleanReport {
        try onlyDirectoryError {
          try dirs.clean(scope, groups: [Self.group], legacyPaths: legacy.map(\.path))
        }
      }

      /// What is never the application's, whatever happened.
      func expectOthersKept(_ comment: Comment) {
        #expect(TreeSnapshot.listing(root.home + "/.cache/Other") == ["file"], comment)
        #expect(TreeSnapshot.listing(root.at("elsewhere")) == ["keep"], comment)
        #expect(root.exists(root.home + "/.local/share/group-containers"), comment)
      }

      /// Nothing of the application is left (with `.all`), or its cache is empty but for its
      /// tag (with `.cache`).
      func expectCleaned(_ scope: CleanScope, _ comment: Comment) throws {
        switch scope {
        case .all:
          for location in try dirs.locations(groups: [Self.group], legacyPaths: legacy.map(\.path))
          {
            #expect(!location.exists && !location.isObstructed, "\(comment): \(location.path)")
          }
        case .cache:
          #expect(
            TreeSnapshot.listing(root.home + "/.cache/ExampleApp") == ["CACHEDIR.TAG"], comment)
          #expect(TreeSnapshot.listing(root.home + "/.config/ExampleApp") == ["file"], comment)
        }
      }
    }

    @Test(
      "A cleaning failing at any call removes nothing else, reports it, and the next run finishes",
      arguments: [CleanScope.all, .cache])
    func cleaningFailingAtEachCall(scope: CleanScope) throws {
      let reference = try CleanSetup()
      #expect(try reference.clean(scope).failures == [])
      let count = reference.provider.records.count
      #expect(count > 20, "only \(count) calls")
      for index in 1...count {
        let setup = try CleanSetup(faults: [Self.failing(call: index, with: EIO)])
        let comment: Comment = "EIO at call \(index) of \(count)"
        do throws(DirectoryError) {
          let report = try setup.clean(scope)
          // Each failure is the injected one, on a path of the application's (or a folder
          // that holds one).
          for failure in report.failures {
            #expect(failure.errno == .ioError, comment)
            #expect(
              failure.path.hasPrefix(setup.root.path + "/") && !failure.path.contains("/Other")
                && !failure.path.contains("/elsewhere"),
              "\(comment): \(failure.path)")
          }
          #expect(report.failures.count <= 1, comment)
        } catch {
          // A path of the application's, or a directory on the way to one (the proof reaches
          // each target from `/`).
          let path = try #require(error.path, "\(comment): \(error)")
          #expect(
            path.hasPrefix(setup.root.path) || POSIXPath.isInside(setup.root.path, path),
            "\(comment): \(error)")
        }
        setup.expectOthersKept(comment)
        setup.provider.clearFaults()
        #expect(try setup.clean(scope).failures == [], comment)
        try setup.expectCleaned(scope, comment)
        setup.expectOthersKept(comment)
      }
    }

    @Test("Sizes measured while any call fails are exact or unknown, never an undercount")
    func sizesFailingAtEachCall() throws {
      let reference = try CleanSetup()
      let expected = try reference.dirs.locations(
        groups: [CleanSetup.group], legacyPaths: reference.legacy.map(\.path), sizes: true)
      #expect(expected.filter { $0.size != nil }.count >= 6)
      let count = reference.provider.records.count
      for index in 1...count {
        let setup = try CleanSetup(faults: [Self.failing(call: index, with: EIO)])
        let comment: Comment = "EIO at call \(index) of \(count)"
        let measured = try setup.dirs.locations(
          groups: [CleanSetup.group], legacyPaths: setup.legacy.map(\.path), sizes: true)
        #expect(measured.count == expected.count, comment)
        for (found, wanted) in zip(measured, expected) {
          #expect(
            found.path.dropFirst(setup.root.path.count)
              == wanted.path.dropFirst(reference.root.path.count), comment)
          // The sample's random bytes differ from root to root, not their sizes.
          #expect(found.size == nil || found.size == wanted.size, "\(comment): \(found.path)")
        }
      }
    }

    @Test("Removing other versions while any call fails reports it, and the next run finishes")
    func otherVersionsFailingAtEachCall() throws {
      func setUp(_ faults: [RecordingSystemCalls.Fault]) throws -> (CleanSetup, String) {
        let setup = try CleanSetup(faults: faults)
        let cache = setup.root.home + "/.cache/ExampleApp"
        for version in ["1.0", "2.0"] {
          try TreeSnapshot.makeSample(at: cache + "/" + version, largeSize: 100)
        }
        try setup.root.write("keep", to: "home/.cache/ExampleApp/3.0/file")
        return (setup, cache)
      }
      let (reference, _) = try setUp([])
      #expect(try reference.dirs.removeOtherVersions(of: .cache, keeping: "3.0").failures == [])
      let count = reference.provider.records.count
      #expect(count > 20, "only \(count) calls")
      for index in 1...count {
        let (setup, cache) = try setUp([Self.failing(call: index, with: EIO)])
        let comment: Comment = "EIO at call \(index) of \(count)"
        do throws(DirectoryError) {
          let report = try onlyDirectoryError {
            try setup.dirs.removeOtherVersions(of: .cache, keeping: "3.0")
          }
          #expect(
            report.failures.allSatisfy { $0.errno == .ioError && $0.path.hasPrefix(cache) }, comment
          )
          #expect(report.failures.count <= 1, comment)
        } catch {
          let path = try #require(error.path, "\(comment): \(error)")
          #expect(cache.hasPrefix(path), "\(comment): \(error)")
        }
        #expect(TreeSnapshot.listing(cache + "/3.0") == ["file"], comment)
        setup.expectOthersKept(comment)
        setup.provider.clearFaults()
        #expect(
          try setup.dirs.removeOtherVersions(of: .cache, keeping: "3.0").failures == [], comment)
        #expect(TreeSnapshot.listing(cache) == ["3.0", "CACHEDIR.TAG", "file"], comment)
      }
    }

    @Test("Where listings give no types, each entry is asked for its own: the same results")
    func untypedListings() throws {
      let setup = try MigrationTests.Setup(
        largeSize: 5000, faults: [MigrationTests.acrossFileSystems],
        configure: { $0.listsTypes = false })
      let before = try #require(TreeSnapshot.lines(of: setup.legacy))
      #expect(try setup.migrate() == MigrationTests.outcome(.copied, setup))
      Self.expectFinished(setup, .acrossFileSystems, like: before, "untyped")
      // Every entry of the copy was asked for with fstatat.
      #expect(setup.provider.records.filter { $0.call == .fstatat }.count >= before.count)

      // An entry that cannot be asked for its type stops the migration, typed, on its path.
      let unreadable = try MigrationTests.Setup(
        largeSize: 5000,
        faults: [
          MigrationTests.acrossFileSystems,
          RecordingSystemCalls.Fault(errno: EIO, remaining: 1) {
            $0.call == .fstatat && $0.name == "settings.json"
          },
        ], configure: { $0.listsTypes = false })
      let unreadableBefore = try #require(TreeSnapshot.lines(of: unreadable.legacy))
      #expect(
        throws: DirectoryError.migrationFailed(
          source: unreadable.legacy,
          problem: .failed(path: unreadable.legacy + "/settings.json", errno: .ioError))
      ) { try unreadable.migrate() }
      #expect(TreeSnapshot.lines(of: unreadable.legacy) == unreadableBefore)

      var configured = RecordingSystemCalls()
      configured.listsTypes = false
      let clean = try CleanSetup(provider: configured)
      let sizes = try clean.dirs.locations(
        groups: [CleanSetup.group], legacyPaths: clean.legacy.map(\.path), sizes: true)
      let typed = try CacheHygieneTests.directories(clean.root).locations(
        groups: [CleanSetup.group], legacyPaths: clean.legacy.map(\.path), sizes: true)
      #expect(sizes == typed)
      try clean.root.makeDirectory(clean.root.home + "/.cache/ExampleApp/0.9")
      let versions = try clean.dirs.removeOtherVersions(of: .cache, keeping: "1.0")
      #expect(
        versions.locations.map { String($0.path.split(separator: "/").last ?? "") }.sorted() == [
          "0.9", "tree",
        ])
      #expect(
        TreeSnapshot.listing(clean.root.home + "/.cache/ExampleApp") == ["CACHEDIR.TAG", "file"])
      #expect(try clean.clean(.all).failures == [])
      try clean.expectCleaned(.all, "untyped")
      clean.expectOthersKept("untyped")
    }

    /// Ways to make an application's directory: plainly; under a umask that leaves a new
    /// directory unreadable to its owner (the walk repairs it through an `O_PATH` descriptor);
    /// through the user's own link (`~/.cache` in their dotfiles); the runtime directory's
    /// fallback in `TMPDIR`.
    enum Creation: String, CaseIterable, CustomTestStringConvertible {
      case plain, strictUmask, linkedParent, runtimeFallback
      var testDescription: String { rawValue }

      var kind: AppDirectory { self == .runtimeFallback ? .runtime : .cache }

      func prepare(_ root: TemporaryRoot) throws {
        if self == .linkedParent {
          try root.makeDirectory(root.at("dotfiles/cache"))
          try root.symlink("home/.cache", to: root.at("dotfiles/cache"))
        }
      }

      func provider(_ faults: [RecordingSystemCalls.Fault]) -> RecordingSystemCalls {
        var provider = RecordingSystemCalls(faults: faults)
        if self == .strictUmask {
          provider.onMakeDirectory = { live, parent, name, mode in
            live.makeDirectory(in: parent, name: name, mode: 0o300)
          }
          provider.onOpenDirectory = { live, parent, name, options in
            // As root can read anything, the refusal an owner without read permission gets.
            if !options.pathOnly,
              case .success(let status) = live.status(
                in: parent, name: name, followSymlinks: false), status.permissions & 0o400 == 0
            {
              return .failure(SystemErrno(rawValue: EACCES))
            }
            return live.openDirectory(in: parent, name: name, options: options)
          }
        }
        return provider
      }
    }

    @Test(
      "Making a directory with a failure at any call: a typed error or the directory, and the next call makes it",
      arguments: Creation.allCases)
    func creationFailingAtEachCall(creation: Creation) throws {
      func run(_ faults: [RecordingSystemCalls.Fault]) throws -> (
        TemporaryRoot, RecordingSystemCalls, AppDirectories
      ) {
        let root = try TemporaryRoot.withUserDirectories()
        try creation.prepare(root)
        let provider = creation.provider(faults)
        let dirs = try CacheHygieneTests.directories(root, provider: provider)
        return (root, provider, dirs)
      }
      let (referenceRoot, reference, referenceDirectories) = try run([])
      // The root must outlive the call, or the call would make its folders again after the
      // root has been removed.
      try withExtendedLifetime(referenceRoot) {
        _ = try referenceDirectories.directory(creation.kind)
      }
      let count = reference.records.count
      #expect(count >= 5, "only \(count) calls")
      for index in 1...count {
        let (root, provider, dirs) = try run([Self.failing(call: index, with: EIO)])
        let comment: Comment = "EIO at call \(index) of \(count)"
        let target = try dirs.resolution(for: creation.kind).path
        do throws(DirectoryError) {
          let path = try onlyDirectoryError { try dirs.directory(creation.kind).path }
          #expect(path == target, comment)
          #expect(root.mode(path) == 0o700, comment)
        } catch {
          // The error names the directory or a folder on the way to it; nothing unsafe is used.
          let path = try #require(error.path, "\(comment): \(error)")
          #expect(target.hasPrefix(path) || path.hasPrefix(root.tmp), "\(comment): \(error)")
        }
        provider.clearFaults()
        #expect(try dirs.directory(creation.kind).path == target, comment)
        #expect(root.mode(target) == 0o700, comment)
      }
    }

    /// What an interrupted migration leaves, made by hand.
    enum Leftover: String, CaseIterable, CustomTestStringConvertible {
      /// A staging directory of a killed copy, beside the destination.
      case staging
      /// The copy published and the source renamed aside.
      case asideWithDestination
      /// The source renamed aside, its copy gone since.
      case asideWithoutDestination
      /// The copy published, the source not yet touched.
      case publishedWithSource
      var testDescription: String { rawValue }

      var faults: [RecordingSystemCalls.Fault] {
        self == .staging ? [MigrationTests.acrossFileSystems] : []
      }

      func make(_ setup: MigrationTests.Setup) throws {
        let aside = setup.root.home + "/.exampleapp.appdirs-moved"
        switch self {
        case .staging:
          try setup.root.write("half", to: "home/.config/.exampleapp.appdirs-staging/settings.json")
        case .asideWithDestination:
          try setup.root.makeDirectory("home/.config", mode: 0o700)
          try FileManager.default.copyItem(atPath: setup.legacy, toPath: setup.destination)
          #expect(rename(setup.legacy, aside) == 0)
        case .asideWithoutDestination:
          #expect(rename(setup.legacy, aside) == 0)
        case .publishedWithSource:
          try setup.root.makeDirectory("home/.config", mode: 0o700)
          try FileManager.default.copyItem(atPath: setup.legacy, toPath: setup.destination)
        }
      }
    }

    @Test(
      "Finishing an interrupted migration with a failure at any call loses nothing, and the next run finishes it",
      arguments: Leftover.allCases)
    func leftoversFailingAtEachCall(leftover: Leftover) throws {
      let reference = try MigrationTests.Setup(largeSize: 5000, faults: leftover.faults)
      try leftover.make(reference)
      _ = try reference.migrate()
      let count = reference.provider.records.count
      #expect(count > 10, "only \(count) calls")
      for index in 1...count {
        let setup = try MigrationTests.Setup(
          largeSize: 5000, faults: [Self.failing(call: index, with: EIO)] + leftover.faults)
        let comment: Comment = "EIO at call \(index) of \(count)"
        let aside = setup.root.home + "/.exampleapp.appdirs-moved"
        let before = try #require(TreeSnapshot.lines(of: setup.legacy, times: false))
        try leftover.make(setup)
        do throws(DirectoryError) {
          _ = try setup.migrate()
        } catch {
          // A path of the migration's, or a directory on the way to the legacy path.
          let path = try #require(error.path, "\(comment): \(error)")
          #expect(
            path.hasPrefix(setup.root.path) || POSIXPath.isInside(setup.root.path, path),
            "\(comment): \(error)")
        }
        #expect(
          TreeSnapshot.lines(of: setup.legacy, times: false) == before
            || TreeSnapshot.lines(of: setup.destination, times: false) == before
            || TreeSnapshot.lines(of: aside, times: false) == before, comment)
        setup.provider.clearFaults()
        do throws(DirectoryError) {
          _ = try setup.migrate()
        } catch {
          Issue.record("\(comment): the run after it failed: \(error)")
        }
        #expect(TreeSnapshot.lines(of: setup.destination, times: false) == before, comment)
        #expect(TreeSnapshot.listing(setup.root.home) == [".config"], comment)
        #expect(TreeSnapshot.listing(setup.root.home + "/.config") == ["exampleapp"], comment)
      }
    }
  }
#endif
