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

  /// `CACHEDIR.TAG`, every location of an application, versioned caches and cleaning
  /// (SPEC section 10), in process.
  @Suite("Cache hygiene")
  struct CacheHygieneTests {
    static func directories(
      _ root: TemporaryRoot, _ variables: [String: String] = [:],
      platform: OperatingSystem = .linux,
      layout: DirectoryLayout = .native, prefix: String? = nil,
      provider: RecordingSystemCalls = RecordingSystemCalls()
    ) throws -> AppDirectories {
      var environment = root.environment(variables)
      environment.platform = platform
      if platform.isApple { environment.passwordDatabaseHome = root.home }
      return try AppDirectories(
        app: "ExampleApp", organization: nil, layout: layout, environmentPrefix: prefix,
        environment: environment, syscalls: provider.syscalls)
    }

    static func tag(_ path: String) -> String? {
      FileManager.default.contents(atPath: path + "/CACHEDIR.TAG").map {
        String(decoding: $0, as: UTF8.self)
      }
    }

    // MARK: CACHEDIR.TAG

    @Test("Creating the cache directory writes CACHEDIR.TAG; the steady state stays one call")
    func creatingTheCacheWritesTheTag() throws {
      let root = try TemporaryRoot.withUserDirectories()
      let provider = RecordingSystemCalls()
      let dirs = try Self.directories(root, provider: provider)
      let cache = try dirs.directory(.cache).path
      #expect(cache == root.home + "/.cache/ExampleApp")
      #expect(
        Self.tag(cache)
          == """
          Signature: 8a477f597d28d172789f06886806bc55
          # This file is a cache directory tag created by ExampleApp.
          # For information about cache directory tags, see:
          #\thttps://bford.info/cachedir/

          """)
      // Nothing else: the temporary name is gone.
      #expect(TreeSnapshot.listing(cache) == ["CACHEDIR.TAG"])
      #expect(provider.records.filter { $0.call == .linkat }.map(\.name) == ["CACHEDIR.TAG"])
      provider.reset()
      _ = try dirs.directory(.cache)
      #expect(provider.calls == [.status(path: cache, followSymlinks: true)])
    }

    @Test("Only the cache is tagged, a found one too, and never twice")
    func onlyTheCacheIsTagged() throws {
      let root = try TemporaryRoot.withUserDirectories()
      let dirs = try Self.directories(root)
      #expect(Self.tag(try dirs.directory(.data).path) == nil)
      #expect(Self.tag(try dirs.directory(.state).path) == nil)
      // A cache directory at its default place made without a tag (by an older version, or the
      // generic findOrCreateDirectory) gets one when it is found, its files kept.
      try root.write("old", to: "home/.cache/Other/file")
      let other = try AppDirectories(
        app: "Other", organization: nil, layout: .native, environment: root.environment(),
        syscalls: .live)
      #expect(Self.tag(try other.directory(.cache).path)?.contains("created by Other.") == true)
      #expect(TreeSnapshot.listing(root.home + "/.cache/Other") == ["CACHEDIR.TAG", "file"])
      // A tag that is there is never replaced.
      try root.write(
        "Signature: 8a477f597d28d172789f06886806bc55\n# mine\n", to: "home/x/CACHEDIR.TAG")
      #expect(
        DirectoryMarker.cacheTag.write(
          in: root.home + "/x", application: "ExampleApp", syscalls: .live,
          effectiveUserID: currentUserID))
      #expect(Self.tag(root.home + "/x") == "Signature: 8a477f597d28d172789f06886806bc55\n# mine\n")
      #expect(TreeSnapshot.listing(root.home + "/x") == ["CACHEDIR.TAG"])
    }

    @Test("A tag that appears while the library writes its own is kept")
    func aTagWrittenMeanwhileIsKept() throws {
      let root = try TemporaryRoot.withUserDirectories()
      let cache = root.home + "/.cache/ExampleApp"
      let theirs = "Signature: 8a477f597d28d172789f06886806bc55\n# written by another process\n"
      // Just before the tag is linked into place, another process has written one.
      let provider = RecordingSystemCalls(beforeCall: { record in
        guard record.call == .linkat else { return }
        _ = FileManager.default.createFile(
          atPath: cache + "/CACHEDIR.TAG", contents: Data(theirs.utf8))
      })
      let dirs = try Self.directories(root, provider: provider)
      #expect(try dirs.directory(.cache).path == cache)
      #expect(Self.tag(cache) == theirs)
      #expect(TreeSnapshot.listing(cache) == ["CACHEDIR.TAG"])
    }

    @Test("The option turns tagging off")
    func taggingCanBeTurnedOff() throws {
      let root = try TemporaryRoot.withUserDirectories()
      var dirs = try Self.directories(root)
      dirs.tagsCacheDirectory = false
      #expect(TreeSnapshot.listing(try dirs.directory(.cache).path) == [])
    }

    @Test(
      "Apple's native layout gets no tag; the XDG layout on macOS gets one",
      arguments: [DirectoryLayout.native, .xdg])
    func appleNativeCachesAreNotTagged(_ layout: DirectoryLayout) throws {
      let root = try TemporaryRoot.withUserDirectories()
      let dirs = try Self.directories(root, platform: .macOS, layout: layout)
      let cache = try dirs.directory(.cache).path
      #expect(
        cache == root.home
          + (layout == .native ? "/Library/Caches/ExampleApp" : "/.cache/ExampleApp")
      )
      #expect((Self.tag(cache) != nil) == (layout == .xdg))
    }

    @Test("A tag that cannot be written leaves the directory usable and nothing behind")
    func failedTagLeavesNothing() throws {
      let root = try TemporaryRoot.withUserDirectories()
      let provider = RecordingSystemCalls(faults: [
        RecordingSystemCalls.Fault(errno: ENOSPC, remaining: 1) { $0.call == .write }
      ])
      let dirs = try Self.directories(root, provider: provider)
      let cache = try dirs.directory(.cache).path
      #expect(TreeSnapshot.listing(cache) == [])
    }

    /// Cleaning unlinks through descriptors and makes nothing durable, as `rm -rf` does: a
    /// removal that a power cut undoes leaves files that the next clean removes, and nothing is
    /// ever half moved.
    @Test("Cleaning renames nothing and syncs nothing; each removal is one unlinkat")
    func cleaningIsUnlinksOnly() throws {
      let root = try TemporaryRoot.withUserDirectories()
      let provider = RecordingSystemCalls()
      let dirs = try Self.directories(root, provider: provider)
      let cache = try dirs.directory(.cache).path
      try root.writeFile(cache + "/a", "a")
      try root.writeFile(cache + "/deep/b", "b")
      try root.writeFile(root.home + "/.config/ExampleApp/settings", "s")
      let before = provider.records.count
      _ = try dirs.clean(.cache)
      let emptied = provider.records.dropFirst(before)
      #expect(!emptied.contains { [.fsync, .renameat, .linkat, .symlinkat].contains($0.call) })
      #expect(emptied.filter { $0.call == .unlinkat }.map(\.name).sorted() == ["a", "b", "deep"])
      #expect(TreeSnapshot.listing(cache) == ["CACHEDIR.TAG"])

      let middle = provider.records.count
      _ = try dirs.clean(.all)
      let removed = provider.records.dropFirst(middle)
      #expect(!removed.contains { [.fsync, .renameat, .linkat, .symlinkat].contains($0.call) })
      #expect(
        removed.filter { $0.call == .unlinkat }.map(\.name).sorted() == [
          "CACHEDIR.TAG", "ExampleApp", "ExampleApp", "settings",
        ])
    }

    @Test("Without hard links the tag is renamed into place")
    func tagWithoutHardLinks() throws {
      let root = try TemporaryRoot.withUserDirectories()
      let provider = RecordingSystemCalls(faults: [
        RecordingSystemCalls.Fault(errno: EPERM, remaining: 1) { $0.call == .linkat }
      ])
      let dirs = try Self.directories(root, provider: provider)
      let cache = try dirs.directory(.cache).path
      #expect(TreeSnapshot.listing(cache) == ["CACHEDIR.TAG"])
      #expect(Self.tag(cache)?.hasPrefix(DirectoryMarker.signature + "\n") == true)
    }

    @Test("Without hard links, a tag written meanwhile by another process is kept")
    func tagWithoutHardLinksWrittenMeanwhile() throws {
      let root = try TemporaryRoot.withUserDirectories()
      let cache = root.home + "/.cache/ExampleApp"
      // linkat is refused (no hard links here) and, meanwhile, another process has put its own
      // tag in place: it stays, and the temporary file goes.
      let provider = RecordingSystemCalls(
        faults: [RecordingSystemCalls.Fault(errno: EPERM, remaining: 1) { $0.call == .linkat }],
        beforeCall: { record in
          guard record.call == .linkat else { return }
          _ = FileManager.default.createFile(
            atPath: cache + "/CACHEDIR.TAG", contents: Data("theirs".utf8))
        })
      let dirs = try Self.directories(root, provider: provider)
      #expect(try dirs.directory(.cache).path == cache)
      #expect(TreeSnapshot.listing(cache) == ["CACHEDIR.TAG"])
      #expect(Self.tag(cache) == "theirs")
      #expect(provider.records.filter { $0.call == .renameat }.isEmpty)
    }

    // MARK: Versions

    @Test("A version folder inside the cache, and the other versions removed")
    func versionedCaches() throws {
      let root = try TemporaryRoot.withUserDirectories()
      let provider = RecordingSystemCalls()
      let dirs = try Self.directories(root, provider: provider)
      let current = try dirs.directoryPath(.cache, version: "2.4.1")
      #expect(current == root.home + "/.cache/ExampleApp/2.4.1")
      #expect(Self.tag(root.home + "/.cache/ExampleApp") != nil)
      provider.reset()
      _ = try dirs.directoryPath(.cache, version: "2.4.1")
      #expect(provider.calls == [.status(path: current, followSymlinks: true)])

      try root.write("old", to: "home/.cache/ExampleApp/2.3.0/index")
      try root.write("older", to: "home/.cache/ExampleApp/1.0/deep/index")
      try root.write("loose", to: "home/.cache/ExampleApp/notes.txt")
      try root.write("keep", to: "home/.cache/ExampleApp/2.4.1/index")
      try root.write("outside", to: "elsewhere/file")
      try root.symlink("home/.cache/ExampleApp/linked", to: root.at("elsewhere"))
      let report = try dirs.removeOtherVersions(of: .cache, keeping: "2.4.1")
      #expect(report.failures == [])
      #expect(
        report.locations.map(\.path).sorted() == [
          root.home + "/.cache/ExampleApp/1.0", root.home + "/.cache/ExampleApp/2.3.0",
        ])
      #expect(
        TreeSnapshot.listing(root.home + "/.cache/ExampleApp") == [
          "2.4.1", "CACHEDIR.TAG", "linked", "notes.txt",
        ])
      #expect(TreeSnapshot.listing(root.at("elsewhere")) == ["file"])
      #expect(TreeSnapshot.listing(current) == ["index"])
    }

    @Test("A version must be one folder name", arguments: ["", "..", "a/b", "x\u{0}y"])
    func badVersionsAreRefused(_ version: String) throws {
      let root = try TemporaryRoot.withUserDirectories()
      let dirs = try Self.directories(root)
      #expect(throws: DirectoryError.self) { try dirs.directoryPath(.cache, version: version) }
      #expect(throws: DirectoryError.self) {
        try dirs.removeOtherVersions(of: .cache, keeping: version)
      }
      #expect(!root.exists(root.home + "/.cache"))
    }

    // MARK: Locations

    @Test("Every location, each path once, with what is there")
    func everyLocation() throws {
      let root = try TemporaryRoot.withUserDirectories()
      let dirs = try Self.directories(root)
      _ = try dirs.directory(.config)
      try root.write("x", to: "home/.local/state/ExampleApp")
      let legacy = URL(fileURLWithPath: root.home + "/.exampleapp")
      let locations = try dirs.locations(groups: ["group.com.example"], legacyPaths: [legacy.path])
      #expect(
        locations.map(\.path)
          == [
            root.home + "/.local/share/ExampleApp", root.home + "/.config/ExampleApp",
            root.home + "/.cache/ExampleApp", root.home + "/.local/state/ExampleApp",
            root.home + "/.local/state/ExampleApp/log", root.at("run") + "/ExampleApp",
            root.home + "/.local/share/group-containers/group.com.example",
            root.home + "/.exampleapp",
          ].map {
            $0.replacingOccurrences(
              of: root.at("run"), with: root.tmp + "/runtime-\(currentUserID)")
          })
      #expect(locations.map(\.exists) == [false, true, false, false, false, false, false, false])
      #expect(locations[3].isObstructed)
      #expect(locations.map(\.kinds.count) == [1, 1, 1, 1, 1, 1, 1, 0])
      #expect(locations.last?.isLegacy == true)
      #expect(locations.allSatisfy { $0.size == nil })
    }

    @Test("Kinds that share a folder are one location")
    func sharedFoldersAreOneLocation() throws {
      let root = try TemporaryRoot.withUserDirectories()
      let dirs = try Self.directories(root, platform: .macOS)
      let locations = try dirs.locations()
      let support = try #require(locations.first)
      #expect(support.path == root.home + "/Library/Application Support/ExampleApp")
      #expect(support.kinds == [.data, .config, .state])
      #expect(Set(locations.map(\.path)).count == locations.count)
    }

    @Test("Sizes are what du -sb says: apparent sizes, hard links once, links not followed")
    func sizesMatchDu() throws {
      let root = try TemporaryRoot.withUserDirectories()
      let dirs = try Self.directories(root)
      let cache = try dirs.directory(.cache).path
      try TreeSnapshot.makeSample(at: cache + "/sample")
      try root.write(String(repeating: "x", count: 10_000), to: "home/.cache/ExampleApp/big")
      #expect(link(cache + "/big", cache + "/sample/hardlink") == 0)
      try root.write(String(repeating: "y", count: 50_000), to: "elsewhere/outside")
      try root.symlink("home/.cache/ExampleApp/out", to: root.at("elsewhere"))
      let measured = try #require(try dirs.locations(sizes: true).first { $0.kinds == [.cache] })
      let expected = try Tool.apparentSize(of: cache, in: root)
      #expect(measured.size != nil)
      #expect(measured.size == expected, "du counted \(expected.map(String.init) ?? "nothing")")
    }

    // MARK: Cleaning

    @Test("A dry run lists with sizes and removes nothing")
    func dryRunRemovesNothing() throws {
      let root = try TemporaryRoot.withUserDirectories()
      let dirs = try Self.directories(root)
      try root.write("12345", to: "home/.cache/ExampleApp/a")
      try root.write("x", to: "home/.config/ExampleApp/settings")
      let before = TreeSnapshot.lines(of: root.path)
      let report = try dirs.clean(.all, dryRun: true)
      #expect(report.isDryRun)
      #expect(
        report.locations.map(\.path) == [
          root.home + "/.config/ExampleApp", root.home + "/.cache/ExampleApp",
        ])
      #expect(report.locations.allSatisfy { ($0.size ?? 0) > 0 })
      #expect(TreeSnapshot.lines(of: root.path) == before)
    }

    @Test("Cleaning the cache empties it, keeps it and its tag, and never follows a link")
    func cleaningTheCache() throws {
      let root = try TemporaryRoot.withUserDirectories()
      let dirs = try Self.directories(root)
      let cache = try dirs.directory(.cache).path
      try TreeSnapshot.makeSample(at: cache + "/sample")
      try root.write("outside", to: "elsewhere/keep")
      try root.symlink("home/.cache/ExampleApp/out", to: root.at("elsewhere"))
      try root.symlink("home/.cache/ExampleApp/sample/deep-out", to: root.at("elsewhere/keep"))
      try root.write("x", to: "home/.config/ExampleApp/settings")
      let report = try dirs.clean(.cache)
      #expect(report.failures == [])
      #expect(report.locations.map(\.path) == [cache])
      #expect(TreeSnapshot.listing(cache) == ["CACHEDIR.TAG"])
      #expect(TreeSnapshot.listing(root.at("elsewhere")) == ["keep"])
      #expect(TreeSnapshot.listing(root.home + "/.config/ExampleApp") == ["settings"])
    }

    @Test("Cleaning everything removes each directory, nested ones, groups and legacy paths")
    func cleaningEverything() throws {
      let root = try TemporaryRoot.withUserDirectories()
      let dirs = try Self.directories(root)
      for kind in [AppDirectory.data, .config, .cache, .state, .logs, .runtime] {
        try root.write(
          "x", to: String(try dirs.directory(kind).path.dropFirst(root.path.count + 1)) + "/file")
      }
      try root.write("x", to: "home/.local/share/group-containers/group.com.example/file")
      try root.write("x", to: "home/.exampleapp/file")
      try root.write("mine", to: "home/.cache/Other/file")
      try root.write("outside", to: "elsewhere/keep")
      try root.symlink("home/.local/share/ExampleApp/out", to: root.at("elsewhere"))
      let report = try dirs.clean(
        .all, groups: ["group.com.example"],
        legacyPaths: [root.home + "/.exampleapp"])
      #expect(report.failures == [])
      for location in try dirs.locations(groups: ["group.com.example"]) {
        #expect(!location.exists && !location.isObstructed, "\(location.path)")
      }
      #expect(!root.exists(root.home + "/.exampleapp"))
      #expect(TreeSnapshot.listing(root.home + "/.cache") == ["Other"])
      #expect(TreeSnapshot.listing(root.at("elsewhere")) == ["keep"])
      #expect(root.exists(root.home + "/.local/share/group-containers"))
    }

    /// An override, and the base directory that cleaning then meets (`~` is the home).
    static let baseOverrides:
      [(variable: String, value: String, refused: String, base: StandardDirectory)] = [
        ("EX_CACHE_DIR", "~/.cache", "~/.cache", .cache),
        ("EX_DATA_DIR", "~", "~", .home),
        ("EX_HOME", "~/.local", "~/.local/state", .state),
        ("EX_CONFIG_DIR", "~/Documents", "~/Documents", .documents),
      ]

    @Test(
      "A base directory reached through an override is refused, nothing removed",
      arguments: baseOverrides)
    func baseDirectoriesAreRefused(
      variable: String, value: String, refused: String, base: StandardDirectory
    ) throws {
      let root = try TemporaryRoot.withUserDirectories()
      func expand(_ path: String) -> String { path.replacingOccurrences(of: "~", with: root.home) }
      let dirs = try Self.directories(root, [variable: expand(value)], prefix: "EX")
      try root.write("other app", to: "home/.cache/Other/file")
      try root.write("doc", to: "home/Documents/file")
      try root.write("state", to: "home/.local/state/Another/file")
      let before = TreeSnapshot.lines(of: root.path)
      let expected = DirectoryError.cleanRefused(
        path: expand(refused), reason: .baseDirectory(base))
      #expect(throws: expected) { try dirs.clean(.all) }
      #expect(throws: expected) { try dirs.clean(.all, dryRun: true) }
      if variable == "EX_CACHE_DIR" {
        #expect(throws: expected) { try dirs.clean(.cache) }
      }
      #expect(TreeSnapshot.lines(of: root.path) == before)
    }

    @Test(.needsRoot) func anotherUsersDirectoryIsRefused() throws {
      let root = try TemporaryRoot.withUserDirectories()
      let dirs = try Self.directories(root)
      try root.write("theirs", to: "home/.cache/ExampleApp/file")
      chown(root.home + "/.cache/ExampleApp", otherUserID, otherUserID)
      let before = TreeSnapshot.lines(of: root.path)
      #expect(
        throws: DirectoryError.cleanRefused(
          path: root.home + "/.cache/ExampleApp", reason: .ownedByAnotherUser(otherUserID))
      ) { try dirs.clean(.cache) }
      #expect(throws: DirectoryError.self) { try dirs.clean(.all) }
      #expect(TreeSnapshot.lines(of: root.path) == before)
    }

    @Test(.needsRoot) func anotherUsersDirectorySwappedInAfterTheChecksIsRefused() throws {
      let root = try TemporaryRoot.withUserDirectories()
      let cache = root.home + "/.cache/ExampleApp"
      try root.write("mine", to: "home/.cache/ExampleApp/file")
      let swapped = Locked(false)
      // After the checks by path, just before the directory is opened to be emptied, another
      // user's directory takes its place.
      let provider = RecordingSystemCalls(beforeCall: { record in
        guard record.call == .openat, record.name == "ExampleApp",
          swapped.withLock({ done in
            defer { done = true }; return !done
          })
        else { return }
        _ = rename(cache, cache + ".mine")
        _ = mkdir(cache, 0o755)
        _ = FileManager.default.createFile(atPath: cache + "/theirs", contents: Data("x".utf8))
        _ = chown(cache, otherUserID, otherUserID)
      })
      let dirs = try Self.directories(root, provider: provider)
      #expect(
        throws: DirectoryError.cleanRefused(path: cache, reason: .ownedByAnotherUser(otherUserID))
      ) { try dirs.clean(.cache) }
      #expect(TreeSnapshot.listing(cache) == ["theirs"])
      #expect(TreeSnapshot.listing(cache + ".mine") == ["file"])
    }

    @Test("A cache directory that is a link is not followed")
    func linkedCacheIsNotFollowed() throws {
      let root = try TemporaryRoot.withUserDirectories()
      let dirs = try Self.directories(root)
      try root.write("big", to: "disk/cache/file")
      try root.symlink("home/.cache/ExampleApp", to: root.at("disk/cache"))
      #expect(
        throws: DirectoryError.cleanRefused(
          path: root.home + "/.cache/ExampleApp", reason: .symbolicLink)
      ) { try dirs.clean(.cache) }
      let report = try dirs.clean(.all)
      #expect(report.failures == [])
      #expect(!root.exists(root.home + "/.cache/ExampleApp"))
      #expect(TreeSnapshot.listing(root.at("disk/cache")) == ["file"])
    }

    @Test("Without a cache directory there are no other versions, and nothing is created")
    func otherVersionsWithoutACache() throws {
      let root = try TemporaryRoot.withUserDirectories()
      let report = try Self.directories(root).removeOtherVersions(of: .cache, keeping: "2.0")
      #expect(report == CleanReport(locations: [], failures: [], isDryRun: false))
      #expect(TreeSnapshot.listing(root.home) == [])
    }

    @Test("Cleaning the cache leaves the group containers given, which only --all takes")
    func cleaningTheCacheKeepsGroups() throws {
      let root = try TemporaryRoot.withUserDirectories()
      let dirs = try Self.directories(root)
      try root.write("x", to: "home/.cache/ExampleApp/file")
      try root.write("x", to: "home/.local/share/group-containers/group.com.example/file")
      let report = try dirs.clean(.cache, groups: ["group.com.example"])
      #expect(report.locations.map(\.path) == [root.home + "/.cache/ExampleApp"])
      #expect(
        TreeSnapshot.listing(root.home + "/.local/share/group-containers/group.com.example")
          == ["file"])
    }

    @Test("A legacy path that is relative is refused by locations and clean")
    func relativeLegacyPathsAreRefused() throws {
      let root = try TemporaryRoot.withUserDirectories()
      let dirs = try Self.directories(root)
      let relative = try #require(URL(string: "old/exampleapp"))
      let expected = DirectoryError.invalidName(
        name: "old/exampleapp", reason: .legacyPathNotAbsolute)
      #expect(throws: expected) { try dirs.locations(legacyPaths: [relative.path]) }
      #expect(throws: expected) { try dirs.clean(.all, legacyPaths: [relative.path]) }
    }

    @Test("Kinds and groups a platform does not have are left out of the locations")
    func unsupportedKindsAreLeftOut() throws {
      // Android has no app groups.
      let android = try AppDirectories(app: "ExampleApp", environment: PlatformSamples.android())
      let locations = try android.locations(groups: ["group.com.example"])
      #expect(locations.allSatisfy { !$0.kinds.contains(.shared(group: "group.com.example")) })
      #expect(Set(locations.flatMap(\.kinds)) == Set(AppDirectory.ownKinds))
    }

    @Test("A cache that is a link whose removal fails is reported, the link kept")
    func failedRemovalOfALinkIsReported() throws {
      let root = try TemporaryRoot.withUserDirectories()
      try root.write("keep", to: "disk/cache/file")
      try root.makeDirectory(root.home + "/.cache", mode: 0o755)
      try root.symlink("home/.cache/ExampleApp", to: root.at("disk/cache"))
      let dirs = try Self.directories(
        root,
        provider: RecordingSystemCalls(faults: [
          RecordingSystemCalls.Fault(errno: EACCES, remaining: 1) {
            $0.call == .unlinkat && $0.name == "ExampleApp"
          }
        ]))
      let report = try dirs.clean(.all)
      #expect(
        report.failures == [
          RemovalFailure(path: root.home + "/.cache/ExampleApp", errno: .permissionDenied)
        ])
      #expect(root.exists(root.home + "/.cache/ExampleApp"))
      #expect(TreeSnapshot.listing(root.at("disk/cache")) == ["file"])
    }

    @Test(
      "A refused clean closes what it opened: a cache that is not a directory, after the proof",
      arguments: ["file", "link"])
    func refusedCleanClosesItsDescriptors(_ object: String) throws {
      try TemporaryRoot.with { root in
        let cache = root.home + "/.cache/ExampleApp"
        if object == "file" {
          try root.writeFile(cache, "not a directory")
        } else {
          try root.makeSymlink(cache, to: root.home + "/elsewhere")
        }
        let recorder = RecordingSystemCalls()
        let dirs = try Self.directories(root, provider: recorder)
        #expect(throws: DirectoryError.self) { try dirs.clean(.cache) }
        #expect(recorder.calls.contains { if case .openDirectory = $0 { true } else { false } })
        #expect(recorder.openDescriptors == [])
      }
    }

    @Test("A file that cannot be removed is reported, and the rest goes")
    func failuresAreReportedAndTheRestGoes() throws {
      let root = try TemporaryRoot.withUserDirectories()
      let dirs = try Self.directories(
        root,
        provider: RecordingSystemCalls(faults: [
          RecordingSystemCalls.Fault(errno: EACCES, remaining: 1) {
            $0.call == .unlinkat && $0.name == "stuck"
          }
        ]))
      try root.write("x", to: "home/.cache/ExampleApp/stuck")
      try root.write("x", to: "home/.cache/ExampleApp/goes")
      try root.write("x", to: "home/.cache/ExampleApp/dir/goes-too")
      let report = try dirs.clean(.cache)
      #expect(
        report.failures == [
          RemovalFailure(path: root.home + "/.cache/ExampleApp/stuck", errno: .permissionDenied)
        ])
      #expect(TreeSnapshot.listing(root.home + "/.cache/ExampleApp") == ["stuck"])
    }
  }
#endif
