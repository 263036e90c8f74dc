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

  /// Resolving is pure once the snapshot holds what it needs: `user-dirs.dirs` is read into the
  /// environment by the reader (through the provider), and from then on no kind of any platform
  /// makes a system call to resolve. Checked with a provider that fails every call and records it.
  @Suite("Resolution without the file system")
  struct PureResolutionTests {
    static let platforms: [OperatingSystem] = [.linux, .freeBSD, .macOS, .iOS, .windows, .android]

    @Test(arguments: platforms)
    func nothingIsCalledOnceTheSnapshotHoldsTheFile(platform: OperatingSystem) throws {
      try TemporaryRoot.with { root in
        try root.write("XDG_MUSIC_DIR=\"$HOME/Tunes\"\n", to: "home/.config/user-dirs.dirs")
        var environment = root.environment(
          [
            "USERPROFILE": #"C:\Users\ada"#, "LOCALAPPDATA": #"C:\Users\ada\AppData\Local"#,
            "APPDATA": #"C:\Users\ada\AppData\Roaming"#,
          ], userDirectories: .readFromDisk)
        environment.platform = platform
        environment.androidAppStorage = "/data/user/0/com.example.app"
        environment.groupContainers = .directory(root.at("groups"))
        let snapshot = try environment.readingUserDirectories(syscalls: .live)

        let failing = RecordingSystemCalls(faults: [
          RecordingSystemCalls.Fault(errno: EIO, remaining: .max) { _ in true }
        ])
        let pure = StandardDirectories(
          layout: .native, environment: snapshot, syscalls: failing.syscalls)
        let live = StandardDirectories(layout: .native, environment: snapshot, syscalls: .live)
        for kind in StandardDirectory.allCases {
          let expected = Result { () throws(DirectoryError) in
            try onlyDirectoryError { try live.resolution(for: kind) }
          }
          let got = Result { () throws(DirectoryError) in
            try onlyDirectoryError { try pure.resolution(for: kind) }
          }
          #expect(got == expected, "\(platform) \(kind)")
        }
        if platform.usesXDG {
          #expect(try pure.resolution(for: .music).path == root.home + "/Tunes")
        }

        let dirs = try AppDirectories(
          app: "ExampleApp", organization: "Example", layout: .native, environment: snapshot,
          syscalls: failing.syscalls)
        for kind in AppDirectory.ownKinds + [.shared(group: "group.com.example.app")] {
          _ = Result { () throws(DirectoryError) in
            try onlyDirectoryError { try dirs.resolution(for: kind) }
          }
        }
        #expect(failing.calls == [], "\(platform)")
      }
    }

    /// The reader is the only stage that reads: an environment that reads the file from disk
    /// reads it through the provider it is given, one `stat` and one read.
    @Test func theReaderReadsThroughItsProvider() throws {
      try TemporaryRoot.with { root in
        let file = root.home + "/.config/user-dirs.dirs"
        try root.write("XDG_MUSIC_DIR=\"$HOME/Tunes\"\n", to: "home/.config/user-dirs.dirs")
        let recorder = RecordingSystemCalls()
        let snapshot = try root.environment(userDirectories: .readFromDisk)
          .readingUserDirectories(syscalls: recorder.syscalls)
        #expect(recorder.calls.first == .status(path: file, followSymlinks: true))
        #expect(snapshot.userDirectoriesRead?.path == file)
        #expect(snapshot.userDirectoriesRead?.parsed?.entries[.music]?.path == root.home + "/Tunes")
        // Given contents are the snapshot already: nothing is read.
        recorder.reset()
        let given = root.environment(userDirectories: .contents(nil))
        #expect(try given.readingUserDirectories(syscalls: recorder.syscalls) == given)
        #expect(recorder.calls == [])
      }
    }
  }
#endif
