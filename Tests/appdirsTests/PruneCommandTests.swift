// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

// These tests run the tool or other processes, which the tests do on macOS and Linux: iOS,
// tvOS, watchOS and visionOS have no Process, and Windows none of the POSIX tools they use.
#if os(macOS) || os(Linux)
  import Foundation
  import Testing

  @testable import TestSupport

  /// `appdirs clean --app NAME --cache --older-than AGE --max-size SIZE`, end to end.
  @Suite struct PruneCommandTests {
    /// A root whose ExampleApp cache holds `old` (3000 bytes, unused for 100 days) and `new`
    /// (1000 bytes, used now), besides its tag.
    static func cache() throws -> (TemporaryRoot, String) {
      try directory("cache", new: ("new", 1000), old: ("old", 3000))
    }

    /// A root whose ExampleApp directory of this kind, made by the tool, holds a file used now
    /// and one unused for 100 days, of these names and sizes.
    static func directory(
      _ kind: String, new: (name: String, size: Int), old: (name: String, size: Int)
    ) throws -> (TemporaryRoot, String) {
      let root = try TemporaryRoot.withUserDirectories()
      let made = try Tool.run(
        ["path", kind, "--app", "ExampleApp", "--create"], environment: root.toolEnvironment,
        in: root)
      let directory = try #require(made.lines.first)
      try root.writeFile(directory + "/" + old.name, String(repeating: "o", count: old.size))
      try root.writeFile(directory + "/" + new.name, String(repeating: "n", count: new.size))
      let long = Int(Date().timeIntervalSince1970) - 100 * 86_400
      let times = [timespec(tv_sec: long, tv_nsec: 0), timespec(tv_sec: long, tv_nsec: 0)]
      #expect(utimensat(AT_FDCWD, directory + "/" + old.name, times, 0) == 0)
      return (root, directory)
    }

    static func tagSize(_ cache: String) throws -> Int {
      try Data(contentsOf: URL(fileURLWithPath: cache + "/CACHEDIR.TAG")).count
    }

    @Test func withoutYesItSaysWhatWouldGoAndRemovesNothing() throws {
      let (root, cache) = try Self.cache()
      let before = root.allPaths()
      let left = try ByteText.human(1000 + Self.tagSize(cache))
      let result = try Tool.run(
        ["clean", "--app", "ExampleApp", "--cache", "--older-than", "30d"],
        environment: root.toolEnvironment, in: root)
      #expect(result.status == 0)
      #expect(
        result.lines == [
          "would remove 1 file (2.9 KiB) from \(cache), leaving 2 files (\(left))",
          "run again with --yes to remove them",
        ])
      #expect(root.allPaths() == before)
    }

    static let limits: [(arguments: [String], left: [String])] = [
      (["--older-than", "30d"], ["CACHEDIR.TAG", "new"]),
      (["--older-than", "2000h"], ["CACHEDIR.TAG", "new"]),
      (["--older-than", "200d"], ["CACHEDIR.TAG", "new", "old"]),
      (["--max-size", "2K"], ["CACHEDIR.TAG", "new"]),
      (["--max-size", "1M"], ["CACHEDIR.TAG", "new", "old"]),
      (["--max-size", "0"], ["CACHEDIR.TAG"]),
      (["--older-than", "30d", "--max-size", "10G"], ["CACHEDIR.TAG", "new"]),
    ]

    @Test(arguments: limits)
    func withYesItPrunesToTheLimits(_ row: (arguments: [String], left: [String])) throws {
      let (root, cache) = try Self.cache()
      let outside = root.allPaths().filter { !$0.hasPrefix(cache + "/") }
      let result = try Tool.run(
        ["clean", "--app", "ExampleApp", "--cache", "--yes"] + row.arguments,
        environment: root.toolEnvironment, in: root)
      #expect(result.status == 0)
      #expect(result.lines.first?.hasPrefix("removed ") == true)
      let files = try FileManager.default.contentsOfDirectory(atPath: cache).sorted()
      #expect(files == row.left)
      #expect(root.allPaths().filter { !$0.hasPrefix(cache + "/") } == outside)
    }

    static let badValues: [(arguments: [String], message: String)] = [
      (["--older-than", "30"], "invalid age '30' for --older-than"),
      (["--older-than", "30w"], "invalid age '30w' for --older-than"),
      (["--older-than", "-1d"], "invalid age '-1d' for --older-than"),
      (["--older-than", "1.5d"], "invalid age '1.5d' for --older-than"),
      (["--older-than", "d"], "invalid age 'd' for --older-than"),
      (["--older-than", ""], "invalid age '' for --older-than"),
      (["--older-than", "99999999999999999999d"], "invalid age '99999999999999999999d'"),
      (["--older-than", "9999999999999999d"], "invalid age '9999999999999999d'"),
      (["--max-size", "500MB"], "invalid size '500MB' for --max-size"),
      (["--max-size", "500m"], "invalid size '500m' for --max-size"),
      (["--max-size", "1T"], "invalid size '1T' for --max-size"),
      (["--max-size", " 5M"], "invalid size ' 5M' for --max-size"),
      (["--max-size", "M"], "invalid size 'M' for --max-size"),
      (["--max-size", "99999999999G"], "invalid size '99999999999G' for --max-size"),
    ]

    @Test(arguments: badValues)
    func aBadAgeOrSizeIsAUsageErrorNamingIt(_ row: (arguments: [String], message: String)) throws {
      let (root, _) = try Self.cache()
      let before = root.allPaths()
      let result = try Tool.run(
        ["clean", "--app", "ExampleApp", "--cache", "--yes"] + row.arguments,
        environment: root.toolEnvironment, in: root,
        standardError: .usageError(row.message, command: "clean"))
      #expect(result.status == 64)
      #expect(root.allPaths() == before)
    }

    @Test func aBudgetWithAllIsAUsageError() throws {
      let (root, _) = try Self.cache()
      let before = root.allPaths()
      let result = try Tool.run(
        ["clean", "--app", "ExampleApp", "--all", "--yes", "--max-size", "1M"],
        environment: root.toolEnvironment, in: root,
        standardError: .usageError("use them with --cache or --logs, not --all", command: "clean"))
      #expect(result.status == 64)
      #expect(root.allPaths() == before)
    }
  }

  /// `appdirs clean --app NAME --logs --older-than AGE --max-size SIZE`, end to end.
  @Suite struct PruneLogsCommandTests {
    /// A root whose ExampleApp log directory holds `today.log` (5000 bytes, written now) and
    /// `old.log` (3000 bytes, written 100 days ago).
    static func logs() throws -> (TemporaryRoot, String) {
      try PruneCommandTests.directory("logs", new: ("today.log", 5000), old: ("old.log", 3000))
    }

    @Test func theOldLogGoesAndTheNewestStays() throws {
      let (root, logs) = try Self.logs()
      let dry = try Tool.run(
        ["clean", "--app", "ExampleApp", "--logs", "--older-than", "14d"],
        environment: root.toolEnvironment, in: root)
      #expect(dry.status == 0)
      #expect(
        dry.lines == [
          "would remove 1 file (2.9 KiB) from \(logs), leaving 1 file (4.9 KiB)",
          "run again with --yes to remove them",
          "kept \(logs)/today.log, the newest, which a running application may be writing",
        ])
      #expect(
        try FileManager.default.contentsOfDirectory(atPath: logs).sorted() == [
          "old.log", "today.log",
        ])
      let done = try Tool.run(
        ["clean", "--app", "ExampleApp", "--logs", "--older-than", "14d", "--yes"],
        environment: root.toolEnvironment, in: root)
      #expect(done.status == 0)
      #expect(done.lines.first == "removed 1 file (2.9 KiB) from \(logs), leaving 1 file (4.9 KiB)")
      #expect(try FileManager.default.contentsOfDirectory(atPath: logs) == ["today.log"])
    }

    @Test func aBudgetTheNewestAloneBreaksIsSaid() throws {
      let (root, logs) = try Self.logs()
      let result = try Tool.run(
        ["clean", "--app", "ExampleApp", "--logs", "--max-size", "1K", "--yes"],
        environment: root.toolEnvironment, in: root)
      #expect(result.status == 0)
      #expect(
        result.lines == [
          "removed 1 file (2.9 KiB) from \(logs), leaving 1 file (4.9 KiB)",
          "kept \(logs)/today.log, the newest, which a running application may be writing; the budget of 1.0 KiB cannot be met without it",
        ])
      #expect(try FileManager.default.contentsOfDirectory(atPath: logs) == ["today.log"])
    }

    static let usageErrors: [(arguments: [String], message: String)] = [
      (["--logs"], "--logs needs --older-than AGE, --max-size SIZE or both"),
      (["--logs", "--yes"], "logs are never emptied wholesale"),
      (["--logs", "--cache", "--older-than", "1d"], "--cache and --logs cannot be used together"),
      (["--logs", "--all", "--max-size", "1M"], "--all and --logs cannot be used together"),
    ]

    @Test(arguments: usageErrors)
    func logsWithoutALimitOrWithAnotherScopeAreUsageErrors(
      _ row: (arguments: [String], message: String)
    ) throws {
      let (root, _) = try Self.logs()
      let before = root.allPaths()
      let result = try Tool.run(
        ["clean", "--app", "ExampleApp"] + row.arguments, environment: root.toolEnvironment,
        in: root, standardError: .usageError(row.message, command: "clean"))
      #expect(result.status == 64)
      #expect(root.allPaths() == before)
    }
  }

  /// The tool's byte counts, as its output prints them.
  private enum ByteText {
    static func human(_ bytes: Int) -> String {
      guard bytes >= 1024 else { return "\(bytes) B" }
      let tenths = Int((Double(bytes) / 1024 * 10).rounded())
      return "\(tenths / 10).\(tenths % 10) KiB"
    }
  }
#endif
