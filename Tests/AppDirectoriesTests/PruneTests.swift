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

  /// A cache that stays within its budget (SPEC section 13): `prune` by age, by size and both, on
  /// real files inside a temporary root.
  @Suite("Pruning the cache")
  struct PruneTests {
    static let day = 86_400

    /// Sets a file's access and modification times (not following a link), in seconds before
    /// now.
    static func age(_ path: String, accessedDaysAgo accessed: Int, modifiedDaysAgo modified: Int) {
      let now = Int(Date().timeIntervalSince1970)
      let times = [
        timespec(tv_sec: now - accessed * day, tv_nsec: 0),
        timespec(tv_sec: now - modified * day, tv_nsec: 0),
      ]
      #expect(utimensat(AT_FDCWD, path, times, AT_SYMLINK_NOFOLLOW) == 0, "\(path)")
    }

    /// A cache with files of known sizes and last uses, and the directories to resolve it.
    struct Cache {
      let root: TemporaryRoot
      let dirs: AppDirectories
      let path: String

      init(_ root: TemporaryRoot, syscalls: any SystemCalls = .live) throws {
        self.root = root
        try root.makeDirectory(root.home, mode: 0o700)
        dirs = try AppDirectories(
          app: "ExampleApp", organization: nil, layout: .native, environment: root.environment(),
          syscalls: syscalls)
        path = try dirs.directory(.cache).path
      }

      /// A file of `size` bytes, last used `days` ago (its access `days` ago, its modification
      /// `modified` days ago, older by default).
      func file(_ relative: String, size: Int, days: Int, modified: Int? = nil) throws {
        let full = path + "/" + relative
        try FileManager.default.createDirectory(
          atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(repeating: 0x61, count: size).write(to: URL(fileURLWithPath: full))
        PruneTests.age(full, accessedDaysAgo: days, modifiedDaysAgo: modified ?? days + 1)
      }

      /// The files left below the cache, relative to it.
      var files: [String] {
        root.allPaths().filter { $0.hasPrefix(path + "/") }.map {
          String($0.dropFirst(path.count + 1))
        }
        .sorted()
      }
    }

    /// A row: the limits, and what is left.
    struct Row: Sendable, CustomTestStringConvertible {
      let name: String
      let olderThan: Duration?
      let keepingUnder: Int64?
      let left: [String]
      let removedFiles: Int
      var testDescription: String { name }
    }

    /// The cache of every row: `old` last used 100 days ago, `a/mid` 2 (read 20 days ago, but
    /// modified 2 days ago), `a/b/new` 1, `a/b/recent` 10; sizes 1000, 2000, 3000, 4000; and the
    /// tag (its own size, about 190 bytes).
    static let rows: [Row] = [
      Row(
        name: "by age: unused for 30 days", olderThan: .seconds(30 * day), keepingUnder: nil,
        left: ["CACHEDIR.TAG", "a", "a/b", "a/b/new", "a/b/recent", "a/mid"], removedFiles: 1),
      Row(
        name: "by age: the later of access and modification counts", olderThan: .seconds(5 * day),
        keepingUnder: nil, left: ["CACHEDIR.TAG", "a", "a/b", "a/b/new", "a/mid"], removedFiles: 2),
      Row(
        name: "by size: the least recently used first", olderThan: nil, keepingUnder: 8_000,
        left: ["CACHEDIR.TAG", "a", "a/b", "a/b/new", "a/mid"], removedFiles: 2),
      Row(
        name: "by size: the tag counts", olderThan: nil, keepingUnder: 5_000,
        left: ["CACHEDIR.TAG", "a", "a/b", "a/b/new"], removedFiles: 3),
      Row(
        name: "by size: nothing when within the budget", olderThan: nil, keepingUnder: 1 << 30,
        left: ["CACHEDIR.TAG", "a", "a/b", "a/b/new", "a/b/recent", "a/mid", "old"],
        removedFiles: 0),
      Row(
        name: "both: age first, then size", olderThan: .seconds(50 * day), keepingUnder: 6_000,
        left: ["CACHEDIR.TAG", "a", "a/b", "a/b/new", "a/mid"], removedFiles: 2),
      Row(
        name: "everything but the tag, and the folders left empty", olderThan: nil, keepingUnder: 0,
        left: ["CACHEDIR.TAG"], removedFiles: 4),
    ]

    static func fill(_ cache: Cache) throws {
      try cache.file("old", size: 1000, days: 100)
      try cache.file("a/mid", size: 2000, days: 20, modified: 2)
      try cache.file("a/b/new", size: 3000, days: 1)
      try cache.file("a/b/recent", size: 4000, days: 10)
    }

    @Test(arguments: rows)
    func pruneKeepsTheCacheWithinItsLimits(_ row: Row) throws {
      try TemporaryRoot.with { root in
        let cache = try Cache(root)
        try Self.fill(cache)
        let tagSize = Int64(
          try Data(contentsOf: URL(fileURLWithPath: cache.path + "/CACHEDIR.TAG")).count)
        let outside = root.allPaths().filter { !$0.hasPrefix(cache.path + "/") }

        let planned = try cache.dirs.prune(
          .cache, olderThan: row.olderThan, keepingUnder: row.keepingUnder, dryRun: true)
        #expect(cache.files.count == 7, "a dry run removes nothing")
        let report = try cache.dirs.prune(
          .cache, olderThan: row.olderThan, keepingUnder: row.keepingUnder)

        #expect(cache.files == row.left)
        #expect(report.removedFiles == row.removedFiles)
        #expect(planned.removedFiles == report.removedFiles)
        #expect(planned.removedBytes == report.removedBytes)
        #expect(planned.remainingBytes == report.remainingBytes)
        #expect(planned.isDryRun && !report.isDryRun)
        let sizes = ["old": 1000, "a/mid": 2000, "a/b/new": 3000, "a/b/recent": 4000]
        let left = row.left.compactMap { sizes[$0] }.reduce(0, +)
        #expect(report.remainingBytes == Int64(left) + tagSize)
        #expect(report.removedBytes == Int64(10_000 - left))
        #expect(report.remainingFiles == row.left.filter { sizes[$0] != nil }.count + 1)
        if let budget = row.keepingUnder, budget >= tagSize {
          #expect(report.remainingBytes <= budget)
        }
        #expect(report.failures.isEmpty)
        #expect(root.allPaths().filter { !$0.hasPrefix(cache.path + "/") } == outside)
      }
    }

    /// A recorder that runs `change` once, on the `n`th `fstatat` of the entry `name`.
    static func changing(_ name: String, onLook n: Int, _ change: @escaping @Sendable () -> Void)
      -> RecordingSystemCalls
    {
      let looks = Locked(0)
      return RecordingSystemCalls(beforeCall: { record in
        guard record.call == .fstatat, record.name == name else { return }
        if looks.withLock({ count in
          count += 1
          return count
        }) == n {
          change()
        }
      })
    }

    /// Time stamps at and past the ends of what nanoseconds since the epoch can hold.
    static let extremeTimes: [(seconds: Int, nanoseconds: Int, expected: Int64)] = [
      (0, 5, 5),
      (9_223_372_036, 854_775_807, .max),
      (9_223_372_037, 0, .max),
      (Int.max, 999_999_999, .max),
      (-9_223_372_037, 0, .min),
      (Int.min, 0, .min),
    ]

    @Test(arguments: extremeTimes)
    func aTimeStampThatDoesNotFitSaturates(
      _ row: (seconds: Int, nanoseconds: Int, expected: Int64)
    ) {
      #expect(FileStatus.nanoseconds(row.seconds, row.nanoseconds) == row.expected)
      var status = FileStatus(type: .regular, permissions: 0o600, owner: 0)
      status.modificationSeconds = row.seconds
      status.modificationNanoseconds = row.nanoseconds
      #expect(status.lastUse == max(row.expected, 0))
    }

    @Test func aFileFromTheFarFutureCountsAsUsedNowAndIsKept() throws {
      try TemporaryRoot.with { root in
        let cache = try Cache(root)
        try cache.file("future", size: 100, days: 0)
        try cache.file("old", size: 100, days: 90)
        // Year 2300 for both times, where the file system holds it (tmpfs and ext4 do).
        let times = [
          timespec(tv_sec: 10_413_792_000, tv_nsec: 0),
          timespec(tv_sec: 10_413_792_000, tv_nsec: 0),
        ]
        #expect(utimensat(AT_FDCWD, cache.path + "/future", times, AT_SYMLINK_NOFOLLOW) == 0)
        for dryRun in [true, false] {
          let report = try cache.dirs.prune(
            .cache, olderThan: .seconds(30 * Self.day), dryRun: dryRun)
          #expect(report.removedFiles == 1)
        }
        #expect(cache.files == ["CACHEDIR.TAG", "future"])
      }
    }

    @Test func aFileUsedAfterThePruneBeganIsKept() throws {
      try TemporaryRoot.with { root in
        let victim = root.home + "/.cache/ExampleApp/victim"
        // The first look of the run is at the tag; the victim is read then, before its own look.
        let armed = Locked(false)
        let recorder = RecordingSystemCalls(beforeCall: { record in
          guard record.call == .fstatat, record.name == "CACHEDIR.TAG",
            armed.withLock({ isArmed in
              defer { isArmed = false }
              return isArmed
            })
          else { return }
          PruneTests.age(victim, accessedDaysAgo: 0, modifiedDaysAgo: 90)
        })
        let cache = try Cache(root, syscalls: recorder.syscalls)
        try cache.file("victim", size: 100, days: 90)
        try cache.file("other", size: 100, days: 90)
        armed.withLock { $0 = true }
        let report = try cache.dirs.prune(.cache, olderThan: .seconds(30 * Self.day))
        #expect(cache.files == ["CACHEDIR.TAG", "victim"])
        #expect(report.removedFiles == 1)
      }
    }

    @Test func aFileUsedBetweenTheLookAndTheRemovalIsKept() throws {
      try TemporaryRoot.with { root in
        let victim = root.home + "/.cache/ExampleApp/victim"
        // With a budget the cache is looked at whole first; the victim is read just before the
        // second look at it, the one before its unlinkat.
        let recorder = Self.changing("victim", onLook: 2) {
          PruneTests.age(victim, accessedDaysAgo: 0, modifiedDaysAgo: 90)
        }
        let cache = try Cache(root, syscalls: recorder.syscalls)
        try cache.file("victim", size: 100, days: 90)
        try cache.file("other", size: 100, days: 90)
        let report = try cache.dirs.prune(.cache, keepingUnder: 0)
        #expect(cache.files == ["CACHEDIR.TAG", "victim"])
        #expect(report.removedFiles == 1)
        #expect(report.keptBecauseChanged == 1)
      }
    }

    @Test func aFileReplacedBetweenTheLookAndTheRemovalIsKept() throws {
      try TemporaryRoot.with { root in
        let victim = root.home + "/.cache/ExampleApp/victim"
        // Another process writes a fresh copy, as old, and renames it into place.
        let recorder = Self.changing("victim", onLook: 2) {
          _ = FileManager.default.createFile(atPath: victim + ".new", contents: Data("fresh".utf8))
          PruneTests.age(victim + ".new", accessedDaysAgo: 90, modifiedDaysAgo: 90)
          rename(victim + ".new", victim)
        }
        let cache = try Cache(root, syscalls: recorder.syscalls)
        try cache.file("victim", size: 100, days: 90)
        let report = try cache.dirs.prune(
          .cache, olderThan: .seconds(30 * Self.day), keepingUnder: 0)
        #expect(cache.files == ["CACHEDIR.TAG", "victim"])
        #expect(try String(contentsOfFile: victim, encoding: .utf8) == "fresh")
        #expect(report.keptBecauseChanged == 1)
      }
    }

    @Test func symbolicLinksAreRemovedAsLinksAndHardLinksCountOnce() throws {
      try TemporaryRoot.with { root in
        let cache = try Cache(root)
        try root.writeFile(root.at("outside"), String(repeating: "x", count: 5000))
        Self.age(root.at("outside"), accessedDaysAgo: 200, modifiedDaysAgo: 200)
        try root.makeSymlink(cache.path + "/link", to: root.at("outside"))
        Self.age(cache.path + "/link", accessedDaysAgo: 100, modifiedDaysAgo: 100)
        try root.makeSymlink(cache.path + "/fresh-link", to: root.at("outside"))
        try cache.file("big", size: 4000, days: 50)
        #expect(link(cache.path + "/big", cache.path + "/big-again") == 0)
        try cache.file("small", size: 100, days: 1)

        // The budget counts the hard-linked file once: 4000 + 100 + the tag.
        let planned = try cache.dirs.prune(.cache, keepingUnder: 1 << 20, dryRun: true)
        #expect(planned.removedFiles == 0)
        #expect(planned.remainingFiles == 6)

        let report = try cache.dirs.prune(.cache, olderThan: .seconds(30 * Self.day))
        // Both names of the old file, and the old link itself; the link's target stays.
        #expect(cache.files == ["CACHEDIR.TAG", "fresh-link", "small"])
        #expect(report.removedFiles == 3)
        #expect(report.removedBytes == 4000)
        #expect(report.keptBecauseChanged == 0)
        #expect(try String(contentsOfFile: root.at("outside"), encoding: .utf8).count == 5000)
      }
    }

    /// Names are bytes: "café" in NFC (é, U+00E9) and in NFD (e and U+0301) are two files, in
    /// two folders too, which a comparison of Swift strings would take for one.
    @Test func namesThatAreOneTextInTwoNormalizationsAreTwoFiles() throws {
      try TemporaryRoot.with { root in
        let cache = try Cache(root)
        let composed = "caf\u{E9}"
        let decomposed = "cafe\u{301}"
        #expect(composed == decomposed && Array(composed.utf8) != Array(decomposed.utf8))
        try cache.file(composed, size: 1000, days: 40)
        try cache.file(decomposed, size: 1000, days: 20)
        try cache.file(composed + "-folder/old", size: 1000, days: 30)
        try cache.file(decomposed + "-folder/new", size: 1000, days: 10)
        let names = { (folder: String) in
          (try? FileManager.default.contentsOfDirectory(atPath: folder))?.map { Array($0.utf8) }
            .sorted { $0.lexicographicallyPrecedes($1) } ?? []
        }
        #expect(names(cache.path).count == 5)

        // Four files of 1000 bytes and the tag, counted one by one.
        let planned = try cache.dirs.prune(.cache, keepingUnder: 1 << 20, dryRun: true)
        #expect(planned.remainingFiles == 5)
        #expect(
          planned.remainingBytes == 4000
            + Int64(DirectoryMarker.cacheTag.contents(application: "ExampleApp").count))

        // A budget of 2,500 bytes: the two least recently used go, each by its own bytes; the
        // dry run says so, and the removal finds no file changed under its name.
        let dry = try cache.dirs.prune(.cache, keepingUnder: 2500, dryRun: true)
        #expect(dry.removedFiles == 2)
        #expect(dry.removedBytes == 2000)
        #expect(dry.remainingFiles == 3)
        let report = try cache.dirs.prune(.cache, keepingUnder: 2500)
        #expect(report.removedFiles == 2)
        #expect(report.removedBytes == 2000)
        #expect(report.keptBecauseChanged == 0)
        #expect(
          names(cache.path)
            == [
              Array("CACHEDIR.TAG".utf8), Array(decomposed.utf8),
              Array((decomposed + "-folder").utf8),
            ]
            .sorted { $0.lexicographicallyPrecedes($1) })
        #expect(names(cache.path + "/" + decomposed + "-folder") == [Array("new".utf8)])
      }
    }

    @Test func aDirectoryLinkInsideIsNotFollowed() throws {
      try TemporaryRoot.with { root in
        let cache = try Cache(root)
        try root.makeDirectory(root.at("elsewhere"), mode: 0o700)
        try root.writeFile(root.at("elsewhere/precious"), "keep")
        Self.age(root.at("elsewhere/precious"), accessedDaysAgo: 300, modifiedDaysAgo: 300)
        try root.makeSymlink(cache.path + "/folder-link", to: root.at("elsewhere"))
        Self.age(cache.path + "/folder-link", accessedDaysAgo: 300, modifiedDaysAgo: 300)
        _ = try cache.dirs.prune(.cache, olderThan: .seconds(0), keepingUnder: 0)
        #expect(root.exists(root.at("elsewhere/precious")))
        #expect(cache.files == ["CACHEDIR.TAG"])
      }
    }

    @Test func aCacheWithoutItsTagFromAnOverrideIsRefused() throws {
      try TemporaryRoot.with { root in
        try root.makeDirectory(root.home, mode: 0o700)
        let chosen = root.at("shared-cache/ExampleApp")
        try root.makeDirectory(chosen, mode: 0o700)
        try root.writeFile(chosen + "/someone-elses", "data")
        Self.age(chosen + "/someone-elses", accessedDaysAgo: 300, modifiedDaysAgo: 300)
        let dirs = try AppDirectories(
          app: "ExampleApp", organization: nil, layout: .native,
          environment: root.environment(["XDG_CACHE_HOME": root.at("shared-cache")]),
          syscalls: .live)
        let before = root.allPaths()
        #expect(
          throws: DirectoryError.cleanRefused(
            path: chosen, reason: .missingCacheTag(application: "ExampleApp"))
        ) {
          _ = try dirs.prune(.cache, olderThan: .seconds(0), dryRun: true)
        }
        #expect(
          throws: DirectoryError.cleanRefused(
            path: chosen, reason: .missingCacheTag(application: "ExampleApp"))
        ) {
          _ = try dirs.prune(.cache, olderThan: .seconds(0))
        }
        #expect(root.allPaths() == before)
      }
    }

    @Test func aCacheThatIsALinkIsRefused() throws {
      try TemporaryRoot.with { root in
        let cache = try Cache(root)
        try root.makeDirectory(root.at("elsewhere"), mode: 0o700)
        try root.writeFile(root.at("elsewhere/old"), "data")
        Self.age(root.at("elsewhere/old"), accessedDaysAgo: 300, modifiedDaysAgo: 300)
        try FileManager.default.removeItem(atPath: cache.path)
        try root.makeSymlink(cache.path, to: root.at("elsewhere"))
        #expect(throws: DirectoryError.cleanRefused(path: cache.path, reason: .symbolicLink)) {
          _ = try cache.dirs.prune(.cache, olderThan: .seconds(0))
        }
        #expect(root.exists(root.at("elsewhere/old")))
      }
    }

    /// A log directory of files with known sizes and modification times (each also read then),
    /// and the directories to resolve it; `EX_LOG_DIR` and the other variables as given.
    struct Logs {
      let root: TemporaryRoot
      let dirs: AppDirectories
      let path: String

      init(_ root: TemporaryRoot, _ variables: [String: String] = [:]) throws {
        self.root = root
        try root.makeDirectory(root.home, mode: 0o700)
        dirs = try AppDirectories(
          app: "ExampleApp", organization: nil, layout: .native, environmentPrefix: "EX",
          environment: root.environment(variables), syscalls: .live)
        path = try dirs.directory(.logs).path
      }

      func file(_ relative: String, size: Int, days: Int) throws {
        let full = path + "/" + relative
        try FileManager.default.createDirectory(
          atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(repeating: 0x6C, count: size).write(to: URL(fileURLWithPath: full))
        PruneTests.age(full, accessedDaysAgo: days, modifiedDaysAgo: days)
      }

      var files: [String] {
        root.allPaths().filter { $0.hasPrefix(path + "/") }.map {
          String($0.dropFirst(path.count + 1))
        }
        .sorted()
      }
    }

    /// The logs of every row: `app.log` written a day ago (the newest), `app.1.log` 20 days ago,
    /// `app.2.log` 40, `old/app.3.log` 60; 5000, 1000, 1000 and 1000 bytes; and a link to a
    /// file outside, 90 days old.
    static let logRows: [Row] = [
      Row(
        name: "older than 14 days", olderThan: .seconds(14 * day), keepingUnder: nil,
        left: ["app.log"], removedFiles: 4),
      Row(
        name: "older than 30 days", olderThan: .seconds(30 * day), keepingUnder: nil,
        left: ["app.1.log", "app.log"], removedFiles: 3),
      // A budget counts regular files: a link goes by age only, as in a cache.
      Row(
        name: "7,000 bytes: the oldest goes first", olderThan: nil, keepingUnder: 7000,
        left: ["app.1.log", "app.2.log", "app.log", "link"], removedFiles: 1),
      Row(
        name: "100 bytes: the newest alone is over, and kept", olderThan: nil, keepingUnder: 100,
        left: ["app.log", "link"], removedFiles: 3),
      Row(
        name: "everything is old: the newest of them is kept", olderThan: .seconds(0),
        keepingUnder: 0, left: ["app.log"], removedFiles: 4),
    ]

    @Test(arguments: logRows)
    func logsKeepABudgetAndTheNewestFile(_ row: Row) throws {
      try TemporaryRoot.with { root in
        let logs = try Logs(root)
        try logs.file("app.log", size: 5000, days: 1)
        try logs.file("app.1.log", size: 1000, days: 20)
        try logs.file("app.2.log", size: 1000, days: 40)
        try logs.file("old/app.3.log", size: 1000, days: 60)
        try root.writeFile(root.at("outside"), "outside")
        try root.makeSymlink(logs.path + "/link", to: root.at("outside"))
        Self.age(logs.path + "/link", accessedDaysAgo: 90, modifiedDaysAgo: 90)
        let before = logs.files
        let planned = try logs.dirs.prune(
          .logs, olderThan: row.olderThan, keepingUnder: row.keepingUnder, dryRun: true)
        #expect(logs.files == before)
        #expect(planned.removedFiles == row.removedFiles)
        let report = try logs.dirs.prune(
          .logs, olderThan: row.olderThan, keepingUnder: row.keepingUnder)
        #expect(logs.files == row.left)
        #expect(report.removedFiles == row.removedFiles)
        #expect(report.keptNewest == logs.path + "/app.log")
        #expect(report.remainingFiles == row.left.count)
        // The directory stays; the link's target is untouched; no tag was written or asked for.
        #expect(root.exists(logs.path))
        #expect(try String(contentsOfFile: root.at("outside"), encoding: .utf8) == "outside")
        if let budget = row.keepingUnder, report.remainingBytes > budget {
          #expect(
            row.left.filter { $0 != "link" } == ["app.log"],
            "only the newest file can be over the budget")
        }
      }
    }

    /// The newest file in a folder of its own is named by a whole path of its; another name of
    /// it (a hard link) is kept with it; a FIFO is neither counted nor removed.
    @Test func theNewestInAFolderKeepsItsOtherNamesAndAFIFOIsLeftAlone() throws {
      try TemporaryRoot.with { root in
        let logs = try Logs(root)
        try logs.file("2026/12/today.log", size: 3000, days: 0)
        #expect(link(logs.path + "/2026/12/today.log", logs.path + "/today-again.log") == 0)
        try logs.file("2026/11/old.log", size: 1000, days: 30)
        #expect(mkfifo(logs.path + "/pipe", 0o600) == 0)
        let report = try logs.dirs.prune(.logs, keepingUnder: 0)
        // Either name of the file, whichever the walk met first (the listing's order).
        #expect(
          [logs.path + "/2026/12/today.log", logs.path + "/today-again.log"].contains(
            report.keptNewest))
        #expect(report.removedFiles == 1)
        #expect(report.remainingBytes == 3000)
        #expect(logs.files == ["2026", "2026/12", "2026/12/today.log", "pipe", "today-again.log"])
      }
    }

    /// The newest log is the newest regular file of the past: an old file touched to the year
    /// 2300 is not it (it is kept, as used now, but the live file is kept too), and a link that
    /// is newer than every file is never it.
    @Test func theNewestLogIsNotInTheFutureAndNeverALink() throws {
      try TemporaryRoot.with { root in
        let logs = try Logs(root)
        try logs.file("a.log", size: 100, days: 40)
        try logs.file("a.log.1", size: 100, days: 50)
        try logs.file("a.log.3", size: 100, days: 60)
        // Touched to 2300, as a careless restore or a clock gone wrong leaves it.
        let future = timespec(tv_sec: 10_413_792_000, tv_nsec: 0)
        #expect(utimensat(AT_FDCWD, logs.path + "/a.log.3", [future, future], 0) == 0)
        try root.makeSymlink(logs.path + "/latest.log", to: logs.path + "/a.log.1")
        Self.age(logs.path + "/latest.log", accessedDaysAgo: 0, modifiedDaysAgo: 0)
        let report = try logs.dirs.prune(.logs, olderThan: .seconds(30 * Self.day))
        #expect(report.keptNewest == logs.path + "/a.log")
        #expect(logs.files == ["a.log", "a.log.3", "latest.log"])
      }
    }

    /// Every name of the newest log is kept by the age phase as by the budget: the one the
    /// application writes may be either.
    @Test(arguments: [true, false])
    func everyNameOfTheNewestLogIsKept(byAge: Bool) throws {
      try TemporaryRoot.with { root in
        let logs = try Logs(root)
        try logs.file("live.log", size: 100, days: 40)
        #expect(link(logs.path + "/live.log", logs.path + "/written.log") == 0)
        try logs.file("older.log", size: 100, days: 50)
        let report =
          byAge
          ? try logs.dirs.prune(.logs, olderThan: .seconds(30 * Self.day))
          : try logs.dirs.prune(.logs, keepingUnder: 0)
        #expect(
          [logs.path + "/live.log", logs.path + "/written.log"].contains(report.keptNewest))
        #expect(logs.files == ["live.log", "written.log"])
      }
    }

    @Test func anOverridesLogDirectoryThatTheLibraryMadeKeepsItsMarkerAndTheRestOfTheProof() throws
    {
      try TemporaryRoot.with { root in
        let logs = try Logs(root, ["EX_LOG_DIR": root.at("elsewhere/logs")])
        #expect(logs.path == root.at("elsewhere/logs"))
        try logs.file("new.log", size: 10, days: 0)
        try logs.file("old.log", size: 10, days: 30)
        let report = try logs.dirs.prune(.logs, olderThan: .seconds(7 * Self.day))
        #expect(report.removedFiles == 1)
        // The marker the walk wrote when it made the directory is what proves it, and stays.
        #expect(logs.files == [".appdirectories", "new.log"])
        // The home named as the log directory is refused, and nothing is removed.
        try root.write("mine", to: "home/notes.txt")
        let home = try AppDirectories(
          app: "ExampleApp", organization: nil, layout: .native, environmentPrefix: "EX",
          environment: root.environment(["EX_LOG_DIR": root.home]), syscalls: .live)
        #expect(
          throws: DirectoryError.cleanRefused(path: root.home, reason: .baseDirectory(.home))
        ) {
          _ = try home.prune(.logs, olderThan: .seconds(0))
        }
        #expect(root.exists(root.home + "/notes.txt"))
      }
    }

    @Test(arguments: [AppDirectory.data, .config, .state, .runtime])
    func onlyTheCacheAndTheLogsArePruned(_ kind: AppDirectory) throws {
      try TemporaryRoot.with { root in
        let cache = try Cache(root)
        #expect(throws: DirectoryError.unsupported(reason: .pruning(kind))) {
          _ = try cache.dirs.prune(kind, olderThan: .seconds(0))
        }
      }
    }

    @Test func aMissingCacheIsNothingToPrune() throws {
      try TemporaryRoot.with { root in
        let dirs = try AppDirectories(
          app: "ExampleApp", organization: nil, layout: .native, environment: root.environment(),
          syscalls: .live)
        let report = try dirs.prune(.cache, olderThan: .seconds(0), keepingUnder: 0)
        #expect(report.removedFiles == 0 && report.remainingFiles == 0)
        #expect(root.allPaths().isEmpty)
      }
    }

    @Test func aFileThatCannotBeRemovedIsReportedAndTheRestGoes() throws {
      try TemporaryRoot.with { root in
        let recorder = RecordingSystemCalls(faults: [
          RecordingSystemCalls.Fault(errno: EACCES, remaining: 1) {
            $0.call == .unlinkat && $0.name == "stuck"
          }
        ])
        let cache = try Cache(root, syscalls: recorder.syscalls)
        try cache.file("stuck", size: 10, days: 90)
        try cache.file("gone", size: 10, days: 90)
        let report = try cache.dirs.prune(.cache, olderThan: .seconds(30 * Self.day))
        #expect(cache.files == ["CACHEDIR.TAG", "stuck"])
        #expect(
          report.failures == [RemovalFailure(path: cache.path + "/stuck", errno: .permissionDenied)]
        )
      }
    }
  }
#endif
