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

  /// A failure at each step of taking a lock and of pruning: a typed error or a reported failure,
  /// nothing held, nothing outside the cache touched, and the same call without the fault works.
  @Suite("Runtime files and pruning, a failure at every step")
  struct RuntimeFilesFaultTests {
    /// The steps of taking a lock, as faults see them, and whether the lock is still taken when
    /// that step fails (writing the holder's process ID is for messages only).
    static let lockSteps: [(call: RecordingSystemCalls.Call, name: String, stillTaken: Bool)] = [
      (.openat, "instance.lock", false),
      (.fstat, "instance.lock", false),
      (.flock, "instance.lock", false),
      (.ftruncate, "instance.lock", true),
    ]

    @Test(arguments: lockSteps.indices)
    func aFailingStepOfALockIsATypedErrorAndHoldsNothing(_ index: Int) throws {
      let step = Self.lockSteps[index]
      try TemporaryRoot.with { root in
        try root.makeDirectory(root.at("run"), mode: 0o700)
        let environment = root.environment(["XDG_RUNTIME_DIR": root.at("run")])
        // The runtime folder first, so that the fault meets the lock's own calls.
        let live = try AppDirectories(
          app: "ExampleApp", organization: nil, layout: .native, environment: environment,
          syscalls: .live)
        _ = try live.directory(.runtime)
        let recorder = RecordingSystemCalls(faults: [
          RecordingSystemCalls.Fault(errno: EIO, remaining: 1) {
            $0.call == step.call && $0.name == step.name
          }
        ])
        let faulty = try AppDirectories(
          app: "ExampleApp", organization: nil, layout: .native, environment: environment,
          syscalls: recorder.syscalls)
        let path = root.at("run/ExampleApp/instance.lock")
        do throws(DirectoryError) {
          let lock = try onlyDirectoryError { try faulty.lock(named: "instance") }
          #expect(step.stillTaken, "\(step.call) failed, and the lock was taken")
          #expect(lock != nil)
          lock?.release()
        } catch {
          #expect(!step.stillTaken)
          #expect(error == .creationFailed(path: path, errno: .ioError), "\(step.call)")
        }
        #expect(recorder.injectedCount == 1, "the fault met \(step.call)")
        let again = try #require(
          try live.lock(named: "instance"), "nothing is held after \(step.call)")
        again.release()
      }
    }

    @Test func aLockWhoseRuntimeFolderCannotBeOpenedIsATypedError() throws {
      try TemporaryRoot.with { root in
        try root.makeDirectory(root.at("run"), mode: 0o700)
        let environment = root.environment(["XDG_RUNTIME_DIR": root.at("run")])
        _ = try AppDirectories(
          app: "ExampleApp", organization: nil, layout: .native, environment: environment,
          syscalls: .live
        ).directory(.runtime)
        let folder = root.at("run/ExampleApp")
        // The open of the application's folder that reaches the lock file, the last step of
        // the walk to it (the check of the folder found it with one stat).
        let recorder = RecordingSystemCalls(faults: [
          RecordingSystemCalls.Fault(errno: EACCES, remaining: 1) {
            $0.call == .openat && $0.name == "ExampleApp"
          }
        ])
        let faulty = try AppDirectories(
          app: "ExampleApp", organization: nil, layout: .native, environment: environment,
          syscalls: recorder.syscalls)
        #expect(throws: DirectoryError.permissionDenied(path: folder, errno: .permissionDenied)) {
          _ = try faulty.lock(named: "instance")
        }
      }
    }

    @Test func aSocketWhoseRuntimeDirectoryFallsBackUsesTheFallbackWhenItFits() throws {
      try TemporaryRoot.with { root in
        // A long XDG_RUNTIME_DIR that is not private: the socket would not fit there, and the
        // check settles on <TMPDIR>/runtime-<uid>, where it does.
        let long = root.at(String(repeating: "u", count: 100))
        try root.makeDirectory(long, mode: 0o755)
        try root.makeDirectory(root.tmp, mode: 0o700)
        let dirs = try AppDirectories(
          app: "ExampleApp", organization: nil, layout: .native,
          environment: root.environment(["XDG_RUNTIME_DIR": long]), syscalls: .live)
        let resolution = try dirs.socketResolution(named: "s.sock")
        #expect(resolution.path == root.tmp + "/runtime-\(currentUserID)/ExampleApp/s.sock")
        #expect(resolution.source == .fallback)
        #expect(!root.exists(long + "/ExampleApp"))
      }
    }

    /// The steps of pruning by age and by budget that can fail, each as faults see it.
    static let pruneFaults:
      [(name: String, budget: Int64?, matches: @Sendable (RecordingSystemCalls.Record) -> Bool)] = [
        ("a look at a file, by age", nil, { $0.call == .fstatat && $0.name == "old" }),
        ("the listing of a folder, by age", nil, { $0.call == .readdir && $0.name == "folder" }),
        (
          "the removal of a folder left empty, by age", nil,
          {
            $0.call == .unlinkat && $0.name == "emptied"
          }
        ),
        (
          "the first look at a file, with a budget", 0,
          {
            $0.call == .fstatat && $0.name == "old"
          }
        ),
        ("the removal of a file, with a budget", 0, { $0.call == .unlinkat && $0.name == "old" }),
        (
          "the removal of a folder left empty, with a budget", 0,
          {
            $0.call == .unlinkat && $0.name == "emptied"
          }
        ),
      ]

    @Test(arguments: pruneFaults.indices)
    func aFailingStepOfAPruneIsReportedAndTheRestGoes(_ index: Int) throws {
      let fault = Self.pruneFaults[index]
      try TemporaryRoot.with { root in
        try root.makeDirectory(root.home, mode: 0o700)
        let recorder = RecordingSystemCalls(faults: [
          RecordingSystemCalls.Fault(errno: EIO, remaining: 1, matches: fault.matches)
        ])
        let dirs = try AppDirectories(
          app: "ExampleApp", organization: nil, layout: .native, environment: root.environment(),
          syscalls: recorder.syscalls)
        let cache = try dirs.directory(.cache).path
        let old = Int(Date().timeIntervalSince1970) - 200 * 86_400
        let times = [timespec(tv_sec: old, tv_nsec: 0), timespec(tv_sec: old, tv_nsec: 0)]
        for file in ["old", "folder/old", "folder/other", "emptied/gone"] {
          try root.writeFile(cache + "/" + file, "data")
          #expect(utimensat(AT_FDCWD, cache + "/" + file, times, 0) == 0)
        }
        recorder.reset()
        let report = try dirs.prune(
          .cache, olderThan: .seconds(100 * 86_400), keepingUnder: fault.budget)
        #expect(recorder.injectedCount == 1, "\(fault.name)")
        #expect(report.failures.count == 1, "\(fault.name): \(report.failures)")
        #expect(report.failures.first?.errno == .ioError)
        #expect(report.removedFiles >= 2, "\(fault.name): the rest goes")
        // The same prune without the fault finishes the work.
        let live = try AppDirectories(
          app: "ExampleApp", organization: nil, layout: .native, environment: root.environment(),
          syscalls: .live)
        let again = try live.prune(
          .cache, olderThan: .seconds(100 * 86_400), keepingUnder: fault.budget)
        #expect(again.failures.isEmpty)
        // A folder whose removal failed is empty now, and a prune removes only the folders it
        // empties itself: it stays.
        let folderStays = fault.name.hasPrefix("the removal of a folder")
        #expect(
          try FileManager.default.contentsOfDirectory(atPath: cache).sorted()
            == (folderStays ? ["CACHEDIR.TAG", "emptied"] : ["CACHEDIR.TAG"]))
      }
    }
  }
#endif
