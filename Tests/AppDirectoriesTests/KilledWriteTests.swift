// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

// These tests run a child process, which the tests do on macOS and Linux.
#if os(macOS) || os(Linux)
  import Foundation
  import Testing

  @testable import AppDirectoriesCore
  @testable import AppDirectoriesFiles
  @testable import AppDirectoriesMaintenance
  @testable import TestSupport

  /// The crash promise of a durable write (SPEC section 16), tested the way migration's is: a
  /// child process writing a file is killed with SIGKILL at each of its steps in turn.
  @Suite("A write killed at every step")
  struct KilledWriteTests {
    static let killVariable = "APPDIRECTORIES_WRITE_KILLED_AT"
    static var isChild: Bool { ProcessInfo.processInfo.environment[killVariable] != nil }

    /// The state every killed write starts from: the old bytes at the name, and a temporary
    /// file that an earlier killed write left.
    static func prepareKilledWrite(home: String) throws {
      let config = home + "/.config/ExampleApp"
      try FileManager.default.createDirectory(atPath: config, withIntermediateDirectories: true)
      try Data("old contents".utf8).write(to: URL(fileURLWithPath: config + "/settings.json"))
      try Data("partial".utf8).write(to: URL(fileURLWithPath: config + "/.appdirs-write-dead"))
    }

    static func killedWriteDirectories(home: String, syscalls: any SystemCalls) throws
      -> AppDirectories
    {
      try AppDirectories(
        app: "ExampleApp", organization: nil, layout: .native,
        environment: ProcessEnvironment(
          variables: ["HOME": home], passwordDatabaseHome: nil,
          effectiveUserID: UInt32(geteuid()), platform: .linux, userDirectoriesFile: .contents(nil)),
        syscalls: syscalls)
    }

    static let newContents = Array(String(repeating: "new contents ", count: 400).utf8)

    /// The write of the test below, in a child process that kills itself with SIGKILL just
    /// before its system call number `APPDIRECTORIES_WRITE_KILLED_AT` (from 1) reaches the
    /// kernel: the state the kill leaves is the one every step before it made.
    @Test(.enabled(if: isChild, "runs only as the child process that the test below starts"))
    func childWritesUntilItIsKilled() throws {
      let environment = ProcessInfo.processInfo.environment
      let step = try #require(environment[Self.killVariable].flatMap { Int($0) })
      let home = try #require(environment["HOME"])
      let made = Locked(0)
      let recorder = RecordingSystemCalls(beforeCall: { _ in
        if made.withLock({ count in
          count += 1
          return count
        }) == step {
          kill(getpid(), SIGKILL)
        }
      })
      let dirs = try Self.killedWriteDirectories(home: home, syscalls: recorder.syscalls)
      try dirs.write(Self.newContents, toFile: "settings.json", in: .config)
    }

    /// A write killed with SIGKILL before each of its system calls in turn, and once after the
    /// last: the file holds the old bytes or the new ones, never a mix or nothing, and the next
    /// write leaves no temporary file.
    @Test(
      .enabled(
        if: FileManager.default.fileExists(atPath: "/proc/self/exe"),
        "the child is this test bundle run again, found through /proc/self/exe"))
    func aWriteKilledAtEveryStepLeavesTheOldBytesOrTheNew() throws {
      let steps = try TemporaryRoot.with { root in
        try Self.prepareKilledWrite(home: root.home)
        let recorder = RecordingSystemCalls()
        let dirs = try Self.killedWriteDirectories(home: root.home, syscalls: recorder.syscalls)
        try dirs.write(Self.newContents, toFile: "settings.json", in: .config)
        return recorder.records.count
      }
      let bundle = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
      var outcomes: [String] = []
      for step in 1...(steps + 1) {
        try TemporaryRoot.with { root in
          try Self.prepareKilledWrite(home: root.home)
          var environment = [Self.killVariable: "\(step)", "HOME": root.home]
          for name in ["ASAN_OPTIONS", "LSAN_OPTIONS", "TSAN_OPTIONS", "UBSAN_OPTIONS"] {
            environment[name] = ProcessInfo.processInfo.environment[name]
          }
          let child = try Tool.runProcess(
            [
              bundle, "--testing-library", "swift-testing", "--filter",
              "childWritesUntilItIsKilled",
            ],
            environment: environment, in: root,
            standardError: .anything(because: "the child test run reports its progress there"))
          let killed = step <= steps
          #expect(child.status == (killed ? SIGKILL : 0), "step \(step) of \(steps)")
          let config = root.home + "/.config/ExampleApp"
          let contents = FileManager.default.contents(atPath: config + "/settings.json")
          let old = Data("old contents".utf8)
          let new = Data(Self.newContents)
          #expect(contents == old || contents == new, "step \(step) of \(steps)")
          outcomes.append(contents == new ? "new" : "old")
          let dirs = try FileWriteTests.directories(root)
          try dirs.write(Array("again".utf8), toFile: "settings.json", in: .config)
          #expect(
            FileWriteTests.names(config) == ["settings.json"], "after step \(step) of \(steps)")
        }
      }
      // Kills before the rename keep the old bytes, kills after it the new ones.
      #expect(outcomes.first == "old" && outcomes.last == "new", "\(outcomes)")
      #expect(outcomes == outcomes.sorted { $0 > $1 }, "once new, always new: \(outcomes)")
    }
  }
#endif
