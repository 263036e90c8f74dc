// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

// These tests run the tool or other processes, which the tests do on macOS and Linux: iOS,
// tvOS, watchOS and visionOS have no Process, and Windows none of the POSIX tools they use.
#if os(macOS) || os(Linux)
  import Foundation
  import Testing

  @testable import AppDirectoriesCore
  @testable import AppDirectoriesFiles
  @testable import AppDirectoriesMaintenance
  @testable import TestSupport

  /// The `errno` → ``DirectoryError`` mapping of the walk, and what each error exposes, value by
  /// value: a changed case, path or number is a failure here.
  @Suite("Errors, value by value")
  struct ErrorMappingTests {
    static let path = "/srv/app/leaf"

    /// What a failed call on `path` becomes.
    static let walkErrors: [(SystemErrno, DirectoryError)] = [
      (.permissionDenied, .permissionDenied(path: path, errno: .permissionDenied)),
      (.notPermitted, .permissionDenied(path: path, errno: .notPermitted)),
      (.readOnlyFileSystem, .readOnlyFileSystem(path: path)),
      (.nameTooLong, .nameTooLong(path: path)),
      (.notDirectory, .notADirectory(path: path)),
      (.noSuchFileOrDirectory, .creationFailed(path: path, errno: .noSuchFileOrDirectory)),
      (.ioError, .creationFailed(path: path, errno: .ioError)),
      (.noSpace, .creationFailed(path: path, errno: .noSpace)),
      (.tooManySymbolicLinks, .creationFailed(path: path, errno: .tooManySymbolicLinks)),
      (.tooManyOpenFiles, .creationFailed(path: path, errno: .tooManyOpenFiles)),
    ]

    @Test("The walk's mapping, errno by errno", arguments: walkErrors)
    func walkMapping(_ errno: SystemErrno, _ expected: DirectoryError) {
      #expect(DirectoryCreator.error(errno, at: Self.path) == expected)
    }

    @Test("A refused mkdirat is the parent's refusal; anything else is the new directory's")
    func makeMapping() {
      let creator = DirectoryCreator(syscalls: .live)
      #expect(
        creator.makeError(.permissionDenied, at: Self.path)
          == .permissionDenied(path: "/srv/app", errno: .permissionDenied))
      #expect(
        creator.makeError(.notPermitted, at: Self.path)
          == .permissionDenied(path: "/srv/app", errno: .notPermitted))
      #expect(
        creator.makeError(.noSpace, at: Self.path)
          == .creationFailed(path: Self.path, errno: .noSpace))
      #expect(
        creator.makeError(.readOnlyFileSystem, at: Self.path)
          == .readOnlyFileSystem(path: Self.path))
      #expect(creator.makeError(.notDirectory, at: Self.path) == .notADirectory(path: Self.path))
    }

    /// Every case with the path and `errno` it reports.
    static let exposed: [(DirectoryError, path: String?, errno: SystemErrno?)] = [
      (.invalidName(name: "a/b", reason: .separator("/")), nil, nil),
      (.homeUnavailable(reason: .noHome(userID: 1)), nil, nil),
      (.unsupported(reason: .appGroups(on: .android)), nil, nil),
      (.notADirectory(path: path), path, .notDirectory),
      (.danglingSymlink(path: path), path, nil),
      (.ownedByAnotherUser(path: path, owner: 7, isSymbolicLink: true), path, nil),
      (.permissionDenied(path: path, errno: .notPermitted), path, .notPermitted),
      (.readOnlyFileSystem(path: path), path, .readOnlyFileSystem),
      (.nameTooLong(path: path), path, .nameTooLong),
      (.insecureRuntimeDirectory(path: path, problem: .mode(0o755)), path, nil),
      (.insecureRuntimeDirectory(path: path, problem: .unexaminable(.ioError)), path, .ioError),
      (.creationFailed(path: path, errno: .noSpace), path, .noSpace),
      (
        .migrationFailed(source: "/old", problem: .failed(path: path, errno: .ioError)), path,
        .ioError
      ),
      (
        .migrationFailed(source: "/old", problem: .specialFiles(["/old/fifo", "/old/b"])),
        "/old/fifo", nil
      ),
      (.migrationFailed(source: "/old", problem: .linkWithKeptSource), "/old", nil),
      (
        .migrationFailed(source: "/old", problem: .foreignLeftover(path: path, .symbolicLink)),
        path,
        nil
      ),
      (
        .migrationFailed(source: "/old", problem: .overlapping(destination: "/old/new")), "/old",
        nil
      ),
      (.cleanRefused(path: path, reason: .symbolicLink), path, nil),
    ]

    @Test("Each case's path and errno", arguments: exposed)
    func pathAndErrno(_ error: DirectoryError, path: String?, errno: SystemErrno?) {
      #expect(error.path == path)
      #expect(error.errno == errno)
      #expect(!error.description.isEmpty)
      #expect(error.recoverySuggestion.hasSuffix("."), "\(error.recoverySuggestion)")
      if let path { #expect(error.description.contains(path) || path == "/old/fifo") }
    }

    #if FoundationAPI
      @Test("Foundation sees each case's description, reason and fix", arguments: exposed)
      func localizedError(_ error: DirectoryError, path: String?, errno: SystemErrno?) {
        let bridged = error as any Error as NSError
        #expect((error as any Error).localizedDescription == error.description)
        #expect(bridged.localizedRecoverySuggestion == error.recoverySuggestion)
        #expect(bridged.localizedFailureReason == error.failureReason)
        // The error's own fix stays a String: `error.recoverySuggestion` needs no unwrapping.
        let fix: String = error.recoverySuggestion
        #expect((error as any LocalizedError).recoverySuggestion == fix)
        if let errno, case .creationFailed = error {
          #expect(error.failureReason == errno.description)
        }
        if case .invalidName(_, let reason) = error {
          #expect(error.failureReason == reason.description)
        }
      }
    #endif

    /// Recovery suggestions that depend on the error's values, word for word.
    static let suggestions: [(DirectoryError, String)] = [
      (
        .creationFailed(path: path, errno: .ioError),
        "Check the path and its parent directories, then try again."
      ),
      (
        .creationFailed(path: path, errno: .noSpace),
        "Free some disk space or raise the quota, then try again."
      ),
      (
        .creationFailed(path: path, errno: .quotaExceeded),
        "Free some disk space or raise the quota, then try again."
      ),
      (
        .migrationFailed(source: "/old", problem: .failed(path: path, errno: .quotaExceeded)),
        "Free some disk space or raise the quota, then run the migration again: it goes on where it stopped, and the source is untouched until the copy is complete."
      ),
      (
        .creationFailed(path: path, errno: .tooManyOpenFiles),
        "Close some files or raise the open-file limit (ulimit -n)."
      ),
      (
        .cleanRefused(path: path, reason: .ownedByAnotherUser(0)),
        "Run as the user who owns \(path), or remove it yourself if it is yours to remove."
      ),
      (
        .cleanRefused(path: path, reason: .symbolicLink),
        "Empty the directory the link at \(path) leads to yourself, or replace the link with a directory of the application's own."
      ),
      (
        .directoryOfAnotherUser(path: path, owner: 7, creating: false),
        "Point the setting that chose \(path) at a directory of your own, or have user 7 hand it over (chown)."
      ),
      (
        .migrationFailed(source: "/old", problem: .notTheApplications(.baseDirectory(.cache))),
        "Give the application's own old folder (such as ~/.exampleapp), not a folder that other programs or users share."
      ),
      (
        .cleanRefused(path: path, reason: .notADirectory),
        "Move or remove what is at \(path) yourself; the application makes its cache there again when it needs it."
      ),
      (
        .cleanRefused(path: path, reason: .outsideIsolationRoot("/box")),
        "Give paths inside the isolated root /box (build them from StandardDirectories.url(for: .home)), never fixed or real paths."
      ),
      (
        .cleanRefused(path: path, reason: .unexaminable),
        "Check \(path) (ls -ld shows its owner and mode), then run the command again."
      ),
      (
        .invalidName(name: "old", reason: .legacyPathNotAbsolute),
        "Give the legacy directory as an absolute path, such as one built from StandardDirectories.url(for: .home)."
      ),
      (
        .unsupported(reason: .appGroupNotEntitled(group: "group.com.example")),
        "Add group.com.example to the app's com.apple.security.application-groups entitlement."
      ),
    ]

    @Test("Suggestions that depend on the values, word for word", arguments: suggestions)
    func suggestion(_ error: DirectoryError, _ expected: String) {
      #expect(error.recoverySuggestion == expected)
    }

    /// What stands in the way, with a parent the user cannot write: the obstacle is reported,
    /// not the permission.
    static let obstacles:
      [(
        name: String, prepare: @Sendable (TemporaryRoot) throws -> Void,
        error: @Sendable (TemporaryRoot) -> DirectoryError
      )] = [
        (
          "a file", { root in try root.write("x", to: "cache/ExampleApp") },
          { root in .notADirectory(path: root.at("cache/ExampleApp")) }
        ),
        (
          "a dangling symlink",
          { root in try root.symlink("cache/ExampleApp", to: root.at("nowhere")) },
          { root in .danglingSymlink(path: root.at("cache/ExampleApp")) }
        ),
        (
          "a file above", { root in try root.write("x", to: "cache-file") },
          { root in .notADirectory(path: root.at("cache-file")) }
        ),
      ]

    @Test(
      "An obstacle under a parent the user cannot write is named as the obstacle",
      .asTheUnprivilegedUser,
      arguments: obstacles)
    func obstacleUnderAnUnwritableParent(
      _ row: (
        name: String, prepare: @Sendable (TemporaryRoot) throws -> Void,
        error: @Sendable (TemporaryRoot) -> DirectoryError
      )
    ) throws {
      let root = try TemporaryRoot.withUserDirectories()
      try root.makeDirectory("cache", mode: 0o755)
      try row.prepare(root)
      root.chownAll(to: Tool.unprivilegedUser)
      chmod(root.at("cache"), 0o555)
      defer { chmod(root.at("cache"), 0o755) }
      let base = row.name == "a file above" ? root.at("cache-file/deeper") : root.at("cache")
      let result = try Tool.run(
        ["path", "cache", "--app", "ExampleApp", "--create"],
        environment: [
          "HOME": root.home, "XDG_CACHE_HOME": base, "XDG_RUNTIME_DIR": root.at("run"),
        ],
        asUser: Tool.unprivilegedUser, in: root,
        standardError: .failure(row.error(root).description, notes: 2))
      #expect(result.status == 73)
      #expect(
        result.standardError.hasPrefix("appdirs: error: \(row.error(root).description)\n"),
        "\(result.standardError)")
    }

    @Test("A read-only parent under an obstacle: still the obstacle")
    func obstacleOnAReadOnlyFileSystem() throws {
      try TemporaryRoot.with { root in
        try root.write("x", to: "cache/ExampleApp")
        let provider = RecordingSystemCalls(faults: [
          RecordingSystemCalls.Fault(errno: EROFS, remaining: .max) { $0.call == .mkdirat }
        ])
        let dirs = try AppDirectories(
          app: "ExampleApp", organization: nil, layout: .native,
          environment: root.environment(["XDG_CACHE_HOME": root.at("cache")]),
          syscalls: provider.syscalls)
        #expect(throws: DirectoryError.notADirectory(path: root.at("cache/ExampleApp"))) {
          try dirs.directory(.cache)
        }
      }
    }

    @Test("Without a home, making a directory throws the resolution's error, every time")
    func noHomeIsTheErrorOfEveryCall() throws {
      let dirs = try AppDirectories(app: "ExampleApp", environment: pureEnvironment([:]))
      let expected = DirectoryError.homeUnavailable(reason: .noHome(userID: 1000))
      for kind in [AppDirectory.data, .cache, .logs] {
        #expect(throws: expected) { try dirs.directory(kind) }
        #expect(throws: expected) { try dirs.directory(kind) }
      }
    }

    @Test("A base directory's search list: the first file found, then every one")
    func locateInABaseDirectory() throws {
      try TemporaryRoot.with { root in
        let environment = root.environment([
          "XDG_CONFIG_HOME": root.at("own"), "XDG_CONFIG_DIRS": "\(root.at("b")):\(root.at("c"))",
        ])
        try root.write("b", to: "b/tool/settings.ini")
        try root.write("c", to: "c/tool/settings.ini")
        #expect(
          try StandardDirectories(environment: environment).locatePath(
            "tool/settings.ini", in: .config) == root.at("b/tool/settings.ini"))
        #expect(
          try StandardDirectories(environment: environment).locateAllPaths(
            "tool/settings.ini", in: .config)
            == [root.at("b/tool/settings.ini"), root.at("c/tool/settings.ini")])
        try root.write("own", to: "own/tool/settings.ini")
        #expect(
          try StandardDirectories(environment: environment).locatePath(
            "tool/settings.ini", in: .config) == root.at("own/tool/settings.ini"))
        #expect(
          try StandardDirectories(environment: environment).locatePath(
            "tool/missing.ini", in: .config)
            == nil)
      }
    }

    @Test("Search lists of the kinds other than data and config are the kind's own directory")
    func searchListsOfOtherKinds() throws {
      let environment = pureEnvironment([
        "HOME": "/home/ada", "XDG_DATA_DIRS": "/a:/b", "XDG_CONFIG_DIRS": "/c",
        "XDG_RUNTIME_DIR": "/run/user/1000",
      ])
      let dirs = try AppDirectories(app: "ExampleApp", environment: environment)
      for kind in [AppDirectory.cache, .state, .logs] {
        #expect(
          try dirs.searchResolutions(for: kind).map(\.path) == [try dirs.resolution(for: kind).path]
        )
      }
      #expect(
        try dirs.searchResolutions(for: .data).map(\.path) == [
          "/home/ada/.local/share/ExampleApp", "/a/ExampleApp", "/b/ExampleApp",
        ])
      #expect(
        try dirs.searchResolutions(for: .config).map(\.path) == [
          "/home/ada/.config/ExampleApp", "/c/ExampleApp",
        ])
    }

    static let badFiles: [(String, NameProblem)] = [
      ("", .emptyFile), ("a\u{0}b", .fileContainsNUL), ("../x", .fileLeavesTheSearchDirectories),
      ("themes/../../x", .fileLeavesTheSearchDirectories), ("/etc/passwd", .fileNotRelative),
    ]

    @Test("locate refuses what cannot be a relative file name", arguments: badFiles)
    func locateInputChecks(_ file: String, _ reason: NameProblem) throws {
      let dirs = try AppDirectories(app: "ExampleApp", environment: pureEnvironment())
      do throws(DirectoryError) {
        _ = try onlyDirectoryError { try dirs.locate(file, in: .config) }
        Issue.record("\(file) was accepted")
      } catch {
        guard case .invalidName(let name, let found) = error else {
          Issue.record("unexpected \(error)")
          return
        }
        #expect(name == file)
        #expect(found == reason)
        #expect(error.recoverySuggestion.hasPrefix("Give the file as a relative path"))
      }
    }

    @Test(
      "The user-dirs.dirs loader's stat errors other than ENOENT are warnings, and the defaults stand",
      arguments: [EACCES, EIO, ELOOP])
    func userDirectoriesStatErrors(_ errno: Int32) throws {
      try TemporaryRoot.with { root in
        let file = root.home + "/.config/user-dirs.dirs"
        try root.writeFile(file, "XDG_MUSIC_DIR=\"$HOME/Tunes\"\n")
        let provider = RecordingSystemCalls(faults: [
          RecordingSystemCalls.Fault(errno: errno, remaining: .max) {
            $0.call == .stat && $0.name == file
          }
        ])
        let resolution = try StandardDirectories(
          layout: .native, environment: root.environment(userDirectories: .readFromDisk),
          syscalls: provider.syscalls
        ).resolution(for: .music)
        let error = SystemErrno(rawValue: errno)
        #expect(resolution.path == root.home + "/Music")
        #expect(
          resolution.ignored == [
            IgnoredValue(.userDirectoriesFile(path: file, key: "MUSIC"), .fileUnreadable(error))
          ])
        #expect(
          resolution.warnings.map(\.message) == [
            "\(file) cannot be read (\(error)); the default folders are used"
          ])
      }
    }

    @Test("ENOTDIR on the way to user-dirs.dirs is a missing file, silently")
    func userDirectoriesBehindAFile() throws {
      try TemporaryRoot.with { root in
        try root.writeFile(root.home + "/.config", "not a folder")
        let resolution = try StandardDirectories(
          layout: .native, environment: root.environment(userDirectories: .readFromDisk)
        ).resolution(for: .music)
        #expect(resolution.path == root.home + "/Music")
        #expect(resolution.warnings == [])
      }
    }
  }
#endif
