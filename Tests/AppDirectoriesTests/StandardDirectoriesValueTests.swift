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

  /// `StandardDirectories` is a value: the static `url(for:)` asks one, an `AppDirectories` holds one with
  /// its own system calls, and everything a caller reaches through either goes through the
  /// instance's provider, so it can be faked and isolated like the rest.
  @Suite("The base directories as a value")
  struct StandardDirectoriesValueTests {
    /// The same answer, or the same error, from a value and from the one static,
    /// `StandardDirectories.url(for:)`.
    @Test(arguments: StandardDirectory.allCases)
    func theStaticAnswersAsAValueDoes(kind: StandardDirectory) throws {
      try TemporaryRoot.with { root in
        let environment = root.environment(
          ["XDG_RUNTIME_DIR": root.at("runtime")],
          userDirectories: .contents("XDG_MUSIC_DIR=\"$HOME/Tunes\"\n"))
        try root.makeDirectory("runtime", mode: 0o700)
        let standard = StandardDirectories(layout: .native, environment: environment)
        func same<Value: Equatable>(
          _ value: () throws(DirectoryError) -> Value,
          _ staticValue: () throws(DirectoryError) -> Value
        ) {
          let one = Result(catching: value)
          let other = Result(catching: staticValue)
          #expect(one == other, "\(kind)")
        }
        same({ () throws(DirectoryError) in
          try onlyDirectoryError { try standard.verifiedResolution(for: kind).url }
        }) {
          () throws(DirectoryError) in
          try onlyDirectoryError {
            try StandardDirectories.url(for: kind, environment: environment)
          }
        }
        #expect(standard.layout == .native)
        #expect(standard.environment == environment)
      }
    }

    /// An application's base directories are made, inspected and proved through the provider the
    /// application was given.
    @Test func anApplicationsBaseDirectoriesUseItsSystemCalls() throws {
      try TemporaryRoot.with { root in
        let recorder = RecordingSystemCalls()
        let dirs = try AppDirectories(
          app: "ExampleApp", organization: nil, layout: .native,
          environment: root.environment(userDirectories: .readFromDisk),
          syscalls: recorder.syscalls)
        let standard = dirs.standardDirectories
        #expect(standard.environment == dirs.environment)
        #expect(standard.layout == dirs.layout)

        let fonts = try standard.directoryPath(.fonts)
        #expect(fonts == root.home + "/.local/share/fonts")
        #expect(recorder.calls.contains(.makeDirectory(name: "fonts", mode: 0o700)))

        recorder.reset()
        #expect(standard.inspect(fonts)?.kind == .directory)
        #expect(recorder.calls == [.status(path: fonts, followSymlinks: false)])

        // The user folders are read through it too: the proof of a clean resolves every base
        // directory, `user-dirs.dirs` included.
        _ = try dirs.directory(.cache)
        recorder.reset()
        _ = try dirs.clean(.cache, dryRun: true)
        let userDirectories = root.home + "/.config/user-dirs.dirs"
        #expect(recorder.calls.contains(.status(path: userDirectories, followSymlinks: true)))

        recorder.reset()
        #expect(standard.destructionRefusal(root.home) != nil)
        #expect(!recorder.calls.isEmpty)
      }
    }
  }
#endif
