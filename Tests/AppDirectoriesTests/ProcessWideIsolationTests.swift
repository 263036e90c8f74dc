// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

// These tests run the tool or other processes, which the tests do on macOS and Linux: iOS,
// tvOS, watchOS and visionOS have no Process, and Windows none of the POSIX tools they use.
#if os(macOS) || os(Linux)
  import AppDirectoriesTesting
  import Dispatch
  import Foundation
  import Testing

  @testable import AppDirectoriesCore
  @testable import AppDirectoriesFiles
  @testable import AppDirectoriesMaintenance
  @testable import TestSupport

  /// Isolation for a whole process (SPEC 11): detached tasks, threads and Dispatch queues see the
  /// isolated root too, and the process's environment is put back afterwards. It changes
  /// process-wide state, so it runs only in a child process: this test bundle run again for
  /// `childIsolatesTheWholeProcess`.
  @Suite("Isolation for a whole process")
  struct ProcessWideIsolationTests {
    static let reportVariable = "APPDIRECTORIES_PROCESS_WIDE_REPORT"

    /// What the cache directory is from a detached task, a thread and a Dispatch queue.
    static func fromEverywhere() async throws -> [String] {
      let detached = try await Task.detached { try FileManager.default.cachesDirectory.path }.value
      let fromThread = Locked<String?>(nil)
      let thread = Thread {
        fromThread.withLock { $0 = try? FileManager.default.cachesDirectory.path }
      }
      let done = DispatchSemaphore(value: 0)
      let fromQueue = Locked<String?>(nil)
      DispatchQueue.global().async {
        fromQueue.withLock { $0 = try? FileManager.default.cachesDirectory.path }
        done.signal()
      }
      thread.start()
      done.wait()
      while fromThread.withLock({ $0 }) == nil { try await Task.sleep(for: .milliseconds(5)) }
      return [
        "detached \(detached)", "thread \(fromThread.withLock { $0 } ?? "none")",
        "queue \(fromQueue.withLock { $0 } ?? "none")",
        "HOME \(ProcessInfo.processInfo.environment["HOME"] ?? "unset")",
        "XDG_DESKTOP_DIR \(ProcessInfo.processInfo.environment["XDG_DESKTOP_DIR"] ?? "unset")",
      ]
    }

    @Test(
      .enabled(
        if: ProcessInfo.processInfo.environment[reportVariable] != nil,
        "runs only as the child process that the test above starts"))
    func childIsolatesTheWholeProcess() async throws {
      let report = try #require(ProcessInfo.processInfo.environment[Self.reportVariable])
      var lines: [String] = []
      try await withProcessWideIsolatedAppDirectories { root in
        lines.append("root \(root.path)")
        lines += try await Self.fromEverywhere()
      }
      lines += try await Self.fromEverywhere().map { "after " + $0 }
      try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: report))
    }

    @Test("Detached tasks, threads and queues see the root; afterwards the process is as it was")
    func wholeProcessIsolation() throws {
      let root = try TemporaryRoot.withUserDirectories()
      let bundle = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
      let report = root.at("report")
      var environment = [
        "HOME": root.home, "TMPDIR": root.tmp, Self.reportVariable: report,
        "XDG_DESKTOP_DIR": root.at("desk"),
      ]
      for name in ["ASAN_OPTIONS", "LSAN_OPTIONS", "TSAN_OPTIONS", "UBSAN_OPTIONS"] {
        environment[name] = ProcessInfo.processInfo.environment[name]
      }
      let result = try Tool.runProcess(
        [
          bundle, "--testing-library", "swift-testing", "--filter", "childIsolatesTheWholeProcess",
        ], environment: environment, in: root,
        standardError: .anything(because: "the child test run reports its progress there"))
      #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)")
      let lines = try Tool.readText(report).split(separator: "\n").map(String.init)
      let isolated = try #require(lines.first?.dropFirst("root ".count)).description
      #expect(isolated.hasPrefix(root.tmp + "/AppDirectoriesTesting."))
      #expect(
        Array(lines.dropFirst()) == [
          "detached \(isolated)/home/.cache", "thread \(isolated)/home/.cache",
          "queue \(isolated)/home/.cache", "HOME \(isolated)/home", "XDG_DESKTOP_DIR unset",
          "after detached \(root.home)/.cache", "after thread \(root.home)/.cache",
          "after queue \(root.home)/.cache", "after HOME \(root.home)",
          "after XDG_DESKTOP_DIR \(root.at("desk"))",
        ])
      #expect(!FileManager.default.fileExists(atPath: isolated))
    }
  }
#endif
