// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

// These tests make files through POSIX calls.
#if !os(Windows)
  import Foundation
  import Testing

  @testable import AppDirectoriesCore
  @testable import AppDirectoriesFiles
  @testable import AppDirectoriesMaintenance
  @testable import TestSupport

  /// `fallback: .temporary` (SPEC section 15): a home that cannot be written gives a private
  /// `<temporary>/<app>-<uid>/<kind>`, with a warning; an existing directory is never swapped
  /// for one; without the option the error says why, and nothing is created.
  @Suite("The temporary fallback")
  struct TemporaryFallbackTests {
    /// System calls whose `mkdirat` of these names fails with `errno`, and the `faccessat` of
    /// their parents (`writable` asks it without creating), as on a read-only or unwritable
    /// home; everything else reaches the system.
    static func failing(
      _ names: Set<String>, in parents: Set<String> = ["home"], with errno: SystemErrno
    ) -> RecordingSystemCalls {
      let denied = RecordingSystemCalls.Fault(
        errno: errno.rawValue, remaining: .max,
        matches: { $0.call == .faccessat && parents.contains($0.name) })
      var recorder = RecordingSystemCalls(faults: [denied])
      recorder.onMakeDirectory = { live, parent, name, mode in
        names.contains(name) ? errno : live.makeDirectory(in: parent, name: name, mode: mode)
      }
      return recorder
    }

    static func directories(
      _ root: TemporaryRoot, fallback: DirectoryFallback, variables: [String: String]? = nil,
      syscalls: any SystemCalls = LiveSystemCalls()
    ) throws -> AppDirectories {
      let environment =
        variables.map {
          ProcessEnvironment(
            variables: $0, passwordDatabaseHome: nil, effectiveUserID: UInt32(geteuid()),
            platform: .linux)
        } ?? root.environment()
      return try AppDirectories(
        app: "ExampleApp", organization: nil, layout: .native, fallback: fallback,
        environment: environment, syscalls: syscalls)
    }

    static let causes: [(errno: SystemErrno, error: String)] = [
      (.readOnlyFileSystem, "read-only"), (.permissionDenied, "permission denied"),
    ]

    @Test(arguments: causes)
    func aHomeThatCannotBeWrittenFallsBack(errno: SystemErrno, error: String) throws {
      try TemporaryRoot.with { root in
        try root.makeDirectory(root.home, mode: 0o755)
        try root.makeDirectory(root.tmp, mode: 0o1777)
        let recorder = Self.failing([".cache", ".local", ".config"], with: errno)
        // Without the option: the error, and nothing anywhere.
        let strict = try Self.directories(root, fallback: .none, syscalls: recorder.syscalls)
        #expect(strict.fallback == .none)
        #expect(throws: DirectoryError.self) { try strict.directoryPath(.cache) }
        #expect(root.relativePaths().sorted() == ["home", "tmp"])
        // With it: a private folder of the temporary directory, one for each kind.
        let dirs = try Self.directories(root, fallback: .temporary, syscalls: recorder.syscalls)
        #expect(dirs.fallback == .temporary)
        let base = root.tmp + "/ExampleApp-\(geteuid())"
        let planned = try dirs.verifiedResolution(for: .cache)
        #expect(planned.path == base + "/cache")
        #expect(planned.source == .fallback)
        #expect(
          planned.warnings.map(\.message).contains {
            $0.hasPrefix("the cache directory cannot be made (") && $0.contains(error)
              && $0.hasSuffix("using \(base)/cache instead, whose files are not kept")
          }, "\(planned.warnings)")
        #expect(!root.exists(base))
        #expect(try dirs.directoryPath(.cache) == base + "/cache")
        #expect(try dirs.directory(.state).path == base + "/state")
        #expect(try dirs.directoryPath(.logs) == base + "/logs")
        #expect(root.mode(base) == 0o700)
        #expect(root.mode(base + "/cache") == 0o700)
        // The pure resolution stays the platform's; the home has nothing new.
        #expect(try dirs.resolution(for: .cache).path == root.home + "/.cache/ExampleApp")
        #expect(root.relativePaths().filter { $0.hasPrefix("home/") }.isEmpty)
      }
    }

    /// An existing directory that is merely read-only is used as it is.
    @Test func anExistingDirectoryIsNeverSwapped() throws {
      try TemporaryRoot.with { root in
        try root.makeDirectory(root.home + "/.cache/ExampleApp", mode: 0o500)
        let recorder = Self.failing(
          ["ExampleApp", ".cache", "cache"], in: ["home", ".cache", "ExampleApp"],
          with: .readOnlyFileSystem)
        let dirs = try Self.directories(root, fallback: .temporary, syscalls: recorder.syscalls)
        let found = try dirs.verifiedResolution(for: .cache)
        #expect(found.path == root.home + "/.cache/ExampleApp")
        #expect(found.source == .default)
        #expect(try dirs.directoryPath(.cache) == root.home + "/.cache/ExampleApp")
        #expect(!root.exists(root.tmp + "/ExampleApp-\(geteuid())"))
        chmod(root.home + "/.cache/ExampleApp", 0o700)
      }
    }

    /// No home at all, or a home that a variable names and no one can create: the error says
    /// so (the tool exits 78), and the option falls back.
    @Test func noHomeFallsBack() throws {
      try TemporaryRoot.with { root in
        try root.makeDirectory(root.tmp, mode: 0o700)
        let none = ["TMPDIR": root.tmp]
        #expect(throws: DirectoryError.homeUnavailable(reason: .noHome(userID: UInt32(geteuid()))))
        {
          try Self.directories(root, fallback: .none, variables: none).directoryPath(.config)
        }
        let dirs = try Self.directories(root, fallback: .temporary, variables: none)
        let planned = try dirs.verifiedResolution(for: .config)
        #expect(planned.path == root.tmp + "/ExampleApp-\(geteuid())/config")
        #expect(planned.source == .fallback)
        #expect(planned.warnings.contains { $0.message.contains("HOME is unset") })
        #expect(try dirs.directoryPath(.config) == planned.path)

        let missing = root.at("unmade/home")
        let recorder = Self.failing(
          ["unmade"], in: [URL(fileURLWithPath: root.path).lastPathComponent],
          with: .permissionDenied)
        let variables = ["HOME": missing, "TMPDIR": root.tmp]
        let strict = try Self.directories(
          root, fallback: .none, variables: variables, syscalls: recorder.syscalls)
        let problem = HomeProblem.homeMissing(
          path: missing, variable: "HOME", userID: UInt32(geteuid()))
        #expect(throws: DirectoryError.homeUnavailable(reason: problem)) {
          try strict.directoryPath(.data)
        }
        #expect(strict.obstacle(to: .data) == .homeUnavailable(reason: problem))
        #expect(problem.description.contains("does not exist, and user"))
        let lenient = try Self.directories(
          root, fallback: .temporary, variables: variables, syscalls: recorder.syscalls)
        #expect(try lenient.directoryPath(.data) == root.tmp + "/ExampleApp-\(geteuid())/data")
        #expect(!root.exists(root.at("unmade")))
      }
    }

    /// Other failures are not the home's: a file in the way stays an error, and the runtime
    /// directory keeps its own fallback.
    @Test func otherFailuresAndKindsDoNotFallBack() throws {
      try TemporaryRoot.with { root in
        try root.write("not a directory", to: "home/.cache")
        let dirs = try Self.directories(root, fallback: .temporary)
        #expect(throws: DirectoryError.notADirectory(path: root.home + "/.cache")) {
          try dirs.directoryPath(.cache)
        }
        #expect(!dirs.fallsBack(.runtime, after: .readOnlyFileSystem(path: "/")))
        #expect(!dirs.fallsBack(.shared(group: "G"), after: .readOnlyFileSystem(path: "/")))
        let runtime = try dirs.verifiedResolution(for: .runtime).path
        #expect(runtime.hasSuffix("/runtime-\(geteuid())/ExampleApp"), "\(runtime)")
      }
    }

    /// A folder planted at the fallback's place by someone else is refused, never used or
    /// changed, and nothing is created through it.
    @Test(.needsRoot)
    func aPlantedFallbackIsRefused() throws {
      try TemporaryRoot.with { root in
        try root.makeDirectory(root.home, mode: 0o755)
        try root.makeDirectory(root.tmp, mode: 0o1777)
        let base = root.tmp + "/ExampleApp-\(geteuid())"
        try root.makeDirectory(base, mode: 0o777)
        try root.changeOwner(base, to: otherUserID)
        let recorder = Self.failing([".cache"], with: .readOnlyFileSystem)
        let dirs = try Self.directories(root, fallback: .temporary, syscalls: recorder.syscalls)
        #expect(throws: DirectoryError.self) { try dirs.directoryPath(.cache) }
        #expect(root.mode(base) == 0o777)
        #expect(!root.exists(base + "/cache"))
      }
    }
  }
#endif
