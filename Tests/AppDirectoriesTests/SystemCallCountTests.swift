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

  #if canImport(Darwin)
    import Darwin
  #elseif canImport(Android)
    import Android
  #elseif canImport(Glibc)
    import Glibc
  #elseif canImport(Musl)
    import Musl
  #endif

  /// The steady state of find-or-create costs exactly one system call: counted through the
  /// library's system-call seam, on a real file system inside a private temporary directory.
  @Suite struct SystemCallCountTests {
    @Test(arguments: [AppDirectory.data, .config, .cache, .state, .logs])
    func existingAppDirectoryCostsOneSystemCall(kind: AppDirectory) throws {
      try TemporaryRoot.with { root in
        let recorder = RecordingSystemCalls()
        let dirs = try AppDirectories(
          app: "ExampleApp", organization: nil, layout: .native, environment: root.environment(),
          syscalls: recorder.syscalls)
        let created = try dirs.directory(kind)
        #expect(recorder.calls.count > 1, "the first call creates the directory")

        recorder.reset()
        let found = try dirs.directory(kind)

        #expect(found == created)
        #expect(recorder.tally == ["status": 1])
      }
    }

    /// A directory that something else made: the first call walks to it and remembers what it
    /// reached; later calls are one `stat`; another directory at the path is walked to again.
    @Test func aDirectoryFoundIsWalkedOnceThenOneStat() throws {
      try TemporaryRoot.with { root in
        let path = root.home + "/.local/share/ExampleApp"
        try root.makeDirectory(path)
        let recorder = RecordingSystemCalls()
        let dirs = try AppDirectories(
          app: "ExampleApp", organization: nil, layout: .native, environment: root.environment(),
          syscalls: recorder.syscalls)
        #expect(try dirs.directory(.data).path == path)
        #expect(recorder.tally["status"] == 1)
        #expect(recorder.tally["openDirectory", default: 0] >= 3, "the first call walks")
        #expect(recorder.tally["makeDirectory"] == nil, "and makes nothing")

        recorder.reset()
        #expect(try dirs.directory(.data).path == path)
        #expect(recorder.tally == ["status": 1])

        // Another directory at the same path: walked to again, then one `stat` again.
        #expect(rename(path, path + ".old") == 0)
        try root.makeDirectory(path)
        recorder.reset()
        #expect(try dirs.directory(.data).path == path)
        #expect(recorder.tally["openDirectory", default: 0] >= 3)
        recorder.reset()
        #expect(try dirs.directory(.data).path == path)
        #expect(recorder.tally == ["status": 1])
      }
    }

    @Test(arguments: [StandardDirectory.data, .cache, .fonts, .executables])
    func existingBaseDirectoryCostsOneSystemCall(kind: StandardDirectory) throws {
      try TemporaryRoot.with { root in
        let recorder = RecordingSystemCalls()
        let created = try StandardDirectories(
          layout: .native, environment: root.environment(), syscalls: recorder.syscalls
        ).directoryPath(kind)

        recorder.reset()
        let found = try StandardDirectories(
          layout: .native, environment: root.environment(), syscalls: recorder.syscalls
        ).directoryPath(kind)

        #expect(found == created)
        #expect(recorder.tally == ["status": 1])
      }
    }

    @Test func existingSearchPathDirectoryCostsOneSystemCall() throws {
      try TemporaryRoot.with { root in
        let recorder = RecordingSystemCalls()
        let created = try FileManager.default.findOrCreateDirectory(
          .cachesDirectory, in: .userDomainMask, appendingPathComponent: "ExampleApp",
          environment: root.environment(), syscalls: recorder.syscalls)

        recorder.reset()
        let found = try FileManager.default.findOrCreateDirectory(
          .cachesDirectory, in: .userDomainMask, appendingPathComponent: "ExampleApp",
          environment: root.environment(), syscalls: recorder.syscalls)

        #expect(found == created)
        #expect(recorder.tally == ["status": 1])
      }
    }

    @Test func existingFallbackRuntimeDirectoryIsCheckedOnADescriptorThenUsed() throws {
      try TemporaryRoot.with { root in
        let recorder = RecordingSystemCalls()
        let dirs = try AppDirectories(
          app: "ExampleApp", organization: nil, layout: .native, environment: root.environment(),
          syscalls: recorder.syscalls)
        let created = try dirs.directory(.runtime)
        let fallback = root.tmp + "/runtime-\(geteuid())"
        #expect(created.path == fallback + "/ExampleApp")

        recorder.reset()
        let found = try dirs.directory(.runtime)

        #expect(found == created)
        // The lstat that chose it and the stat of the folder it lies in (the user's or root's,
        // sticky where others may write), then the check on the descriptor that the app's
        // folder is looked up relative to: five calls and a close.
        #expect(
          recorder.calls == [
            .status(path: fallback, followSymlinks: false),
            .status(path: root.tmp, followSymlinks: true),
            .openDirectory(
              name: fallback, options: DirectoryOpenOptions(followSymlinks: false, pathOnly: true)),
            .statusOfDescriptor,
            .statusAt(name: "ExampleApp", followSymlinks: true),
            .close,
          ])
      }
    }

    @Test func resolvingMakesNoSystemCall() throws {
      try TemporaryRoot.with { root in
        let recorder = RecordingSystemCalls()
        let dirs = try AppDirectories(
          app: "ExampleApp", organization: nil, layout: .native, environment: root.environment(),
          syscalls: recorder.syscalls)

        for kind in [AppDirectory.data, .config, .cache, .state, .logs] {
          _ = try dirs.url(for: kind)
          _ = try dirs.searchURLs(for: kind)
        }

        #expect(recorder.calls.isEmpty)
      }
    }

    @Test(arguments: [1, 10, 100])
    func locateProbesEachSearchDirectoryOnce(systemDirectories: Int) throws {
      try TemporaryRoot.with { root in
        let recorder = RecordingSystemCalls()
        let dataDirectories = (0..<systemDirectories).map { "/nonexistent/share/\($0)" }
        let environment = root.environment(
          ["XDG_DATA_DIRS": dataDirectories.joined(separator: ":")])
        let dirs = try AppDirectories(
          app: "ExampleApp", organization: nil, layout: .native, environment: environment,
          syscalls: recorder.syscalls)

        let found = try dirs.locate("settings.json", in: .data)

        #expect(found == nil)
        #expect(recorder.tally == ["status": systemDirectories + 1])
      }
    }
  }
#endif
