// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

// These tests run other processes, which the tests do on macOS and Linux: iOS, tvOS, watchOS
// and visionOS have no Process, and Windows none of the POSIX tools they use.
#if os(macOS) || os(Linux)
  import AppDirectoriesTesting
  import Foundation
  import Testing

  @testable import AppDirectoriesCore
  @testable import AppDirectoriesFiles
  @testable import AppDirectoriesMaintenance
  @testable import TestSupport

  /// Every door of the library that takes no environment answers in the current one (SPEC 11):
  /// each of them, under each way to isolate, creates inside the isolated root and leaves the
  /// home untouched. The process-wide forms change state the whole process shares, so the
  /// doors are opened in a child process: this test bundle run again for the `child…` tests.
  @Suite("Every door answers in the current environment", .serialized)
  struct CurrentEnvironmentTests {
    static let reportVariable = "APPDIRECTORIES_EVERY_DOOR_REPORT"

    /// The doors, by name, each answering the path it created.
    static let doors: [(name: String, open: @Sendable () throws -> String)] = [
      ("applicationSupportDirectory", { try FileManager.default.applicationSupportDirectory.path }),
      ("cachesDirectory", { try FileManager.default.cachesDirectory.path }),
      ("documentsDirectory", { try FileManager.default.documentsDirectory.path }),
      ("libraryDirectory", { try FileManager.default.libraryDirectory.path }),
      (
        "sharedContainerURL",
        {
          try FileManager.default.sharedContainerURL(
            forSecurityApplicationGroupIdentifier: "group.org.example.doors"
          ).path
        }
      ),
      (
        "findOrCreateDirectory",
        {
          try FileManager.default.findOrCreateDirectory(
            .applicationSupportDirectory, in: .userDomainMask, appendingPathComponent: "Doors"
          ).path
        }
      ),
      ("StandardDirectories", { try StandardDirectories().directoryPath(.config) }),
      ("AppDirectories(app:)", { try AppDirectories(app: "Doors").directory(.state).path }),
      (
        "fileURL(named:in:)",
        { try AppDirectories(app: "Doors").fileURL(named: "notes.txt", in: .data).path }
      ),
      (
        "write(_:toFile:in:)",
        {
          let dirs = try AppDirectories(app: "Doors")
          try dirs.write(Array("saved".utf8), toFile: "settings.json", in: .config)
          return try dirs.filePath(named: "settings.json", in: .config)
        }
      ),
    ]

    /// One line a door: `isolation<TAB>root<TAB>door<TAB>path`, or the error in place of the path.
    static func open(under isolation: String, root: String) -> [String] {
      doors.map { door in
        let answer: String
        do { answer = try door.open() } catch { answer = "error: \(error)" }
        return [isolation, root, door.name, answer].joined(separator: "\t")
      }
    }

    /// The doors opened on a thread of their own, which no task-local reaches.
    static func openOnAThread(under isolation: String, root: String) -> [String] {
      let lines = Locked<[String]?>(nil)
      let thread = Thread { lines.withLock { $0 = open(under: isolation, root: root) } }
      thread.start()
      while lines.withLock({ $0 }) == nil { usleep(2000) }
      return lines.withLock { $0 } ?? []
    }

    /// The doors opened from a detached task, which no task-local reaches either.
    static func openDetached(under isolation: String, root: String) async -> [String] {
      await Task.detached { open(under: isolation, root: root) }.value
    }

    /// Appends `lines` to the report the parent named.
    static func report(_ lines: [String]) throws {
      let path = try #require(ProcessInfo.processInfo.environment[reportVariable])
      let handle = try #require(FileHandle(forWritingAtPath: path))
      defer { try? handle.close() }
      try handle.seekToEnd()
      try handle.write(contentsOf: Data(lines.map { $0 + "\n" }.joined().utf8))
    }

    static var isChild: Bool { ProcessInfo.processInfo.environment[reportVariable] != nil }

    @Test(.enabled(if: isChild, "runs only as the child process that the test below starts"))
    func childOpensEveryDoorUnderEveryHelper() async throws {
      let base = try #require(ProcessInfo.processInfo.environment["TMPDIR"])
      var lines: [String] = []
      let current = URL(fileURLWithPath: base + "/with-current")
      lines += ProcessEnvironment.withCurrent(.isolated(in: current)) {
        Self.open(under: "withCurrent", root: current.path)
      }
      let wide = URL(fileURLWithPath: base + "/with-process-wide")
      lines += ProcessEnvironment.withProcessWide(.isolated(in: wide)) {
        Self.open(under: "withProcessWide", root: wide.path)
          + Self.openOnAThread(under: "withProcessWide, a thread", root: wide.path)
      }
      lines += await ProcessEnvironment.withProcessWide(.isolated(in: wide)) {
        await Self.openDetached(under: "withProcessWide, a detached task", root: wide.path)
      }
      lines += try withIsolatedAppDirectories { root in
        Self.open(under: "withIsolatedAppDirectories", root: root.path)
      }
      lines += try withProcessWideIsolatedAppDirectories { root in
        Self.open(under: "withProcessWideIsolatedAppDirectories", root: root.path)
          + Self.openOnAThread(
            under: "withProcessWideIsolatedAppDirectories, a thread", root: root.path)
      }
      lines += try await withProcessWideIsolatedAppDirectories { root in
        await Self.openDetached(
          under: "withProcessWideIsolatedAppDirectories, a detached task", root: root.path)
      }
      try Self.report(lines)
    }

    @Test(
      .enabled(if: isChild, "runs only as the child process that the test below starts"),
      .isolatedAppDirectories)
    func childOpensEveryDoorUnderTheTrait() throws {
      let root = try #require(ProcessEnvironment.current.isolationRootPath)
      try Self.report(Self.open(under: ".isolatedAppDirectories", root: root))
    }

    @Test(
      .enabled(if: isChild, "runs only as the child process that the test below starts"),
      .processWideIsolatedAppDirectories)
    func childOpensEveryDoorUnderTheProcessWideTrait() async throws {
      let root = try #require(ProcessEnvironment.current.isolationRootPath)
      try Self.report(
        Self.open(under: ".processWideIsolatedAppDirectories", root: root)
          + Self.openOnAThread(under: ".processWideIsolatedAppDirectories, a thread", root: root)
          + (await Self.openDetached(
            under: ".processWideIsolatedAppDirectories, a detached task", root: root)))
    }

    /// The isolations the child reports, each with every door.
    static let isolations = [
      "withCurrent", "withProcessWide", "withProcessWide, a thread",
      "withProcessWide, a detached task", "withIsolatedAppDirectories",
      "withProcessWideIsolatedAppDirectories", "withProcessWideIsolatedAppDirectories, a thread",
      "withProcessWideIsolatedAppDirectories, a detached task", ".isolatedAppDirectories",
      ".processWideIsolatedAppDirectories", ".processWideIsolatedAppDirectories, a thread",
      ".processWideIsolatedAppDirectories, a detached task",
    ]

    @Test("Every door, under every way to isolate, creates inside the root and nothing in the home")
    func everyDoorIsContained() throws {
      let root = try TemporaryRoot.withUserDirectories()
      let homeBefore = root.allPaths().filter { $0.hasPrefix(root.home) }
      let bundle = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
      let report = root.at("report")
      try root.writeFile(report, "")
      var environment = ["HOME": root.home, "TMPDIR": root.tmp, Self.reportVariable: report]
      for name in ["ASAN_OPTIONS", "LSAN_OPTIONS", "TSAN_OPTIONS", "UBSAN_OPTIONS"] {
        environment[name] = ProcessInfo.processInfo.environment[name]
      }
      let result = try Tool.runProcess(
        [bundle, "--testing-library", "swift-testing", "--filter", "childOpensEveryDoor"],
        environment: environment, in: root,
        standardError: .anything(because: "the child test run reports its progress there"))
      #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)")
      let rows = try Tool.readText(report).split(separator: "\n").map {
        $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
      }
      #expect(rows.allSatisfy { $0.count == 4 })
      let seen = Set(rows.map { "\($0[0])\t\($0[2])" })
      for isolation in Self.isolations {
        for door in Self.doors {
          #expect(seen.contains("\(isolation)\t\(door.name)"), "\(door.name) under \(isolation)")
        }
      }
      for row in rows where row.count == 4 {
        let (isolation, isolatedRoot, door, path) = (row[0], row[1], row[2], row[3])
        #expect(isolatedRoot.hasPrefix(root.tmp + "/"), "\(isolation): root \(isolatedRoot)")
        #expect(
          path.hasPrefix(isolatedRoot + "/"), "\(door) under \(isolation) answered \(path)")
      }
      #expect(root.allPaths().filter { $0.hasPrefix(root.home) } == homeBefore)
    }
  }
#endif
