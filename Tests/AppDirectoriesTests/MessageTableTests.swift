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

  /// Every message is right for its platform and its cause: one row per message, the words
  /// compared whole, and the platform's own commands and settings named, never another's.
  @Suite("Messages right for the platform and the cause")
  struct MessageTableTests {
    struct Row: Sendable, CustomTestStringConvertible {
      let name: String
      let error: DirectoryError
      let platform: OperatingSystem
      let description: String
      let suggestion: String
      var testDescription: String { name }
    }

    static let rows: [Row] = [
      Row(
        name: "no home on Linux", error: .homeUnavailable(reason: .noHome(userID: 1000)),
        platform: .linux,
        description:
          "no home directory: HOME is unset, empty or relative, and the password database has no entry for user 1000",
        suggestion:
          "Set HOME to an absolute path, or give user 1000 a home directory in the password database."
      ),
      Row(
        name: "a setuid program without a password database home",
        error: .homeUnavailable(reason: .untrustedHome(userID: 0)), platform: .linux,
        description:
          "no home directory: the process is setuid or setgid, so HOME is not trusted, and the password database has no entry for user 0",
        suggestion:
          "Give user 0 a home directory in the password database: a setuid or setgid program does not trust HOME."
      ),
      Row(
        name: "user 65534 without HOME",
        error: .homeUnavailable(
          reason: .passwordDatabaseHomeMissing(path: "/nonexistent", userID: 65534)),
        platform: .linux,
        description:
          "no home directory: HOME gives none, and /nonexistent, the home the password database gives user 65534, does not exist",
        suggestion:
          "Set HOME to a directory you own (for a throwaway one, export HOME=\"$(mktemp -d)\"), or create /nonexistent as user 65534's home."
      ),
      Row(
        name: "no home on Android", error: .homeUnavailable(reason: .androidAppStorageUnknown),
        platform: .android, description: "no home directory: the app's private storage is unknown",
        suggestion:
          "Set ProcessEnvironment.androidAppStorage to Context.getFilesDir().getParent() before asking for a directory."
      ),
      Row(
        name: "no home on Windows", error: .homeUnavailable(reason: .noWindowsProfile),
        platform: .windows,
        description:
          "no home directory: the Profile known folder is unavailable and USERPROFILE is unset or relative",
        suggestion:
          "Set USERPROFILE to the user's profile folder, such as C:\\Users\\NAME, or sign in with a profile that Windows can load."
      ),
      Row(
        name: "a read-only file system under the XDG rules",
        error: .readOnlyFileSystem(path: "/ro/.cache/A"), platform: .linux,
        description: "cannot create /ro/.cache/A: the file system is read-only",
        suggestion:
          "Point the matching XDG_* variable at a writable file system, or remount it read-write."
      ),
      Row(
        name: "a read-only file system on macOS",
        error: .readOnlyFileSystem(path: "/Volumes/ro/A"), platform: .macOS,
        description: "cannot create /Volumes/ro/A: the file system is read-only",
        suggestion:
          "Remount the volume read-write, or point the application's override at a writable file system."
      ),
      Row(
        name: "a read-only file system on Windows",
        error: .readOnlyFileSystem(path: "D:\\A"), platform: .windows,
        description: "cannot create D:\\A: the file system is read-only",
        suggestion:
          "Remount the volume read-write, or point the application's override at a writable file system."
      ),
      Row(
        name: "another user's link on Windows: the parent by Windows' rules",
        error: .ownedByAnotherUser(
          path: "C:\\Users\\a\\AppData\\Local\\A", owner: 7, isSymbolicLink: true),
        platform: .windows,
        description:
          "C:\\Users\\a\\AppData\\Local\\A is a symbolic link owned by user 7; only links that you or root own are followed",
        suggestion:
          "Remove C:\\Users\\a\\AppData\\Local\\A if you did not put it there, and check who else may write to C:\\Users\\a\\AppData\\Local (icacls shows who owns it and may write to it)."
      ),
      Row(
        name: "another user's link on Linux",
        error: .ownedByAnotherUser(path: "/tmp/x/A", owner: 7, isSymbolicLink: true),
        platform: .linux,
        description:
          "/tmp/x/A is a symbolic link owned by user 7; only links that you or root own are followed",
        suggestion:
          "Remove /tmp/x/A if you did not put it there, and check who else may write to /tmp/x (ls -ld shows its owner and mode)."
      ),
      Row(
        name: "another user's directory outside the home, true for root too",
        error: .directoryOfAnotherUser(path: "/srv/cache/A", owner: 7, creating: false),
        platform: .linux,
        description:
          "/srv/cache/A belongs to user 7; outside the home, only a directory that you or root own is used",
        suggestion:
          "Point the setting that chose /srv/cache/A at a directory of your own, or have user 7 hand it over (chown)."
      ),
      Row(
        name: "permission denied on Windows",
        error: .permissionDenied(path: "D:\\Shared", errno: .permissionDenied), platform: .windows,
        description: "permission denied at D:\\Shared: \(SystemErrno.permissionDenied)",
        suggestion:
          "Give your user permission to create folders in D:\\Shared (icacls shows who may)."
      ),
      Row(
        name: "too many open files on Windows",
        error: .creationFailed(path: "D:\\A", errno: .tooManyOpenFiles), platform: .windows,
        description: "cannot create D:\\A: \(SystemErrno.tooManyOpenFiles)",
        suggestion: "Close some files or programs, then try again."
      ),
      Row(
        name: "too many open files on Linux",
        error: .creationFailed(path: "/a", errno: .tooManyOpenFiles), platform: .linux,
        description: "cannot create /a: \(SystemErrno.tooManyOpenFiles)",
        suggestion: "Close some files or raise the open-file limit (ulimit -n)."
      ),
      Row(
        name: "a protected cache on macOS",
        error: .cleanRefused(path: "/Users/a/Library", reason: .protectedDirectory("~/Library")),
        platform: .macOS,
        description:
          "refusing to remove /Users/a/Library: \(CleanRefusal.protectedDirectory("~/Library"))",
        suggestion:
          "Point the override that chose it at a folder of the application's own, such as ~/Library/Caches/<app>."
      ),
      Row(
        name: "a protected cache on Linux",
        error: .cleanRefused(path: "/home/a/.cache", reason: .protectedDirectory("~/.cache")),
        platform: .linux,
        description:
          "refusing to remove /home/a/.cache: \(CleanRefusal.protectedDirectory("~/.cache"))",
        suggestion:
          "Point the override or XDG variable that chose it at a folder of the application's own, such as ~/.cache/<app>."
      ),
      Row(
        name: "a cache that is a link: no setting chose it",
        error: .cleanRefused(path: "/home/a/.cache/A", reason: .symbolicLink), platform: .linux,
        description:
          "refusing to remove /home/a/.cache/A: it is a symbolic link, which is not followed",
        suggestion:
          "Empty the directory the link at /home/a/.cache/A leads to yourself, or replace the link with a directory of the application's own."
      ),
      Row(
        name: "a runtime directory off the XDG rules",
        error: .insecureRuntimeDirectory(path: "/private/tmp/r", problem: .mode(0o777)),
        platform: .macOS,
        description:
          "refusing the runtime directory /private/tmp/r: it \(PrivateDirectoryProblem.mode(0o777))",
        suggestion:
          "Make /private/tmp/r a directory you own with mode 0700, or remove it so that it can be created safely; or point the variable that chose it (the application's runtime override) at such a directory."
      ),
      Row(
        name: "a group identifier with a space: the fix is about group identifiers",
        error: .invalidName(name: "bad group", reason: .groupIdentifierCharacters),
        platform: .linux,
        description:
          "invalid name \"bad group\": group identifiers are reverse-DNS names made of letters, digits, '.', '-' and '_'",
        suggestion:
          "Use a reverse-DNS identifier such as group.com.example.app (on Apple platforms, the one in the app's App Groups entitlement): letters, digits, '.', '-' and '_' only."
      ),
      Row(
        name: "a group identifier without its prefix on iOS",
        error: .invalidName(name: "com.example", reason: .groupIdentifierPrefix(.iOS)),
        platform: .iOS,
        description:
          "invalid name \"com.example\": on iOS a group identifier starts with \"group.\" (group.com.example.app)",
        suggestion:
          "Use the identifier of the app's App Groups entitlement, which starts with \"group.\", such as group.com.example.app."
      ),
      Row(
        name: "a device name on Windows: the fix is about Windows' names",
        error: .invalidName(name: "CON", reason: .reservedOnWindows("CON")), platform: .windows,
        description: "invalid name \"CON\": CON is a reserved device name on Windows",
        suggestion:
          "Use a name that Windows accepts as a folder name: without < > : \" | ? *, not ending with a dot or a space, not a device name such as CON or NUL."
      ),
      Row(
        name: "a grant of the home",
        error: .grantRefused(path: "/home/ada", reason: .baseDirectory(.home)),
        platform: .linux,
        description:
          "refusing to grant /home/ada to a sandbox: it is, or holds, the home directory",
        suggestion:
          "Point the override or XDG variable that chose it at a folder of the application's own, such as ~/.cache/<app>: a sandbox is never handed a folder that other programs or users share."
      ),
      Row(
        name: "a grant of another user's folder",
        error: .grantRefused(path: "/srv/x", reason: .ownedByAnotherUser(1001)), platform: .linux,
        description: "refusing to grant /srv/x to a sandbox: it belongs to user 1001",
        suggestion:
          "Run as the user who owns /srv/x, or point the setting that chose it at a folder of your own."
      ),
      Row(
        name: "a grant outside the isolated root",
        error: .grantRefused(path: "/srv/x", reason: .outsideIsolationRoot("/box")),
        platform: .linux,
        description:
          "refusing to grant /srv/x to a sandbox: it lies outside the isolated root /box, and nothing outside it is removed while it is current",
        suggestion: "Keep every directory inside the isolated root /box while it is current."
      ),
      Row(
        name: "a grant that cannot be examined",
        error: .grantRefused(path: "/srv/x", reason: .unexaminable), platform: .linux,
        description: "refusing to grant /srv/x to a sandbox: what it is could not be read",
        suggestion: "Check /srv/x (ls -ld shows its owner and mode), then ask again."
      ),
      Row(
        name: "a relative path to allow in a confinement",
        error: .invalidName(name: "fonts", reason: .allowedPathNotAbsolute), platform: .linux,
        description: "invalid name \"fonts\": a path to allow in a confinement must be absolute",
        suggestion: "Give each directory to allow as an absolute path, such as /usr/share/fonts."
      ),
      Row(
        name: "confinement on macOS",
        error: .unsupported(reason: .confinement(.platform(.macOS))), platform: .macOS,
        description:
          "cannot confine the process: macOS has no confinement a process applies to itself (the library uses Linux's Landlock)",
        suggestion:
          "Launch the program in a sandbox built from its grants (appdirs grants --format seatbelt), or ask for best effort."
      ),
      Row(
        name: "confinement without Landlock",
        error: .unsupported(reason: .confinement(.landlockUnavailable(.notImplemented))),
        platform: .linux,
        description:
          "cannot confine the process: the kernel's Landlock cannot be used: \(SystemErrno.notImplemented)",
        suggestion:
          "Run on Linux 5.13 or later with Landlock enabled (landlock in the kernel's lsm= parameter), or ask for best effort."
      ),
      Row(
        name: "confinement with an old Landlock",
        error: .unsupported(reason: .confinement(.landlockVersion(found: 1, needed: 3))),
        platform: .linux,
        description:
          "cannot confine the process: the kernel's Landlock is version 1, and confinement needs version 3 (Linux 6.2) to control every way of writing",
        suggestion:
          "Run on Linux 6.2 or later, or ask for best effort, which enforces what this kernel can."
      ),
      Row(
        name: "confinement with threads running",
        error: .unsupported(reason: .confinement(.otherThreads(count: 1, landlockVersion: 7))),
        platform: .linux,
        description:
          "cannot confine the process: the process runs 1 other thread, and the kernel's Landlock (version 7) restricts only the thread that asks",
        suggestion:
          "Confine first thing in main, before Dispatch, Swift concurrency or another thread starts; or run on Linux 7.0 or later (Landlock 8); or ask for best effort."
      ),
    ]

    @Test(arguments: rows)
    func eachMessageIsItsPlatformsAndItsCauses(_ row: Row) {
      #expect(row.error.description == row.description)
      #expect(row.error.recoverySuggestion(for: row.platform) == row.suggestion)
    }

    /// Errors whose fixes name commands or settings, each on every platform.
    static let platformSensitive: [DirectoryError] = [
      .readOnlyFileSystem(path: "/a"),
      .ownedByAnotherUser(path: "/a/b", owner: 7, isSymbolicLink: true),
      .permissionDenied(path: "/a", errno: .permissionDenied),
      .creationFailed(path: "/a", errno: .tooManyOpenFiles),
      .insecureRuntimeDirectory(path: "/a", problem: .mode(0o777)),
      .migrationFailed(source: "/a", problem: .failed(path: "/a/b", errno: .ioError)),
      .cleanRefused(path: "/a", reason: .protectedDirectory("~")),
      .cleanRefused(path: "/a", reason: .unexaminable),
    ]

    @Test(arguments: OperatingSystem.allCases)
    func noFixNamesAnotherPlatformsCommandsOrSettings(_ platform: OperatingSystem) {
      for error in Self.platformSensitive {
        let fix = error.recoverySuggestion(for: platform)
        if !platform.usesXDG {
          #expect(!fix.contains("XDG"), "\(platform): \(fix)")
        }
        if platform == .windows {
          for posix in ["ls -ld", "ulimit", "chmod", "chown"] {
            #expect(!fix.contains(posix), "\(platform): \(fix)")
          }
        }
      }
      // The host's own is the one without an argument.
      for error in Self.platformSensitive {
        #expect(error.recoverySuggestion == error.recoverySuggestion(for: .host))
      }
    }

    // MARK: The cause, found where it arises

    @Test func eachPlatformsLayoutSaysWhyThereIsNoHome() {
      let cases: [(ProcessEnvironment, HomeProblem)] = [
        (ProcessEnvironment(variables: [:], platform: .linux), .noHome(userID: 1000)),
        (
          ProcessEnvironment(variables: ["HOME": "/h"], platform: .linux, isSecureExecution: true),
          .untrustedHome(userID: 1000)
        ),
        (ProcessEnvironment(variables: [:], platform: .android), .androidAppStorageUnknown),
        (ProcessEnvironment(variables: [:], platform: .windows), .noWindowsProfile),
        (
          ProcessEnvironment(variables: ["HOME": "rel"], platform: .macOS),
          .noAppleHome(userID: 1000, home: IgnoredValue(.variable("HOME"), .notAbsolute("rel")))
        ),
      ]
      for (environment, problem) in cases {
        #expect(throws: DirectoryError.homeUnavailable(reason: problem)) {
          try StandardDirectories.url(for: .cache, layout: .native, environment: environment)
        }
      }
    }

    @Test func aMissingPasswordDatabaseHomeIsNoHomeAndNothingIsCreated() throws {
      try TemporaryRoot.with { root in
        let home = root.at("nonexistent")
        let environment = ProcessEnvironment(
          variables: ["TMPDIR": root.at("tmp")], passwordDatabaseHome: home,
          effectiveUserID: UInt32(geteuid()), platform: .linux)
        let dirs = try AppDirectories(app: "ExampleApp", environment: environment)
        let expected = DirectoryError.homeUnavailable(
          reason: .passwordDatabaseHomeMissing(path: home, userID: UInt32(geteuid())))
        #expect(throws: expected) { try dirs.directory(.cache) }
        #expect(throws: expected) {
          try StandardDirectories(layout: .native, environment: environment).directoryPath(.config)
        }
        #expect(!root.exists(home))
        // A home that exists is used as it is, HOME or not.
        try root.makeDirectory("nonexistent", mode: 0o700)
        #expect(try dirs.directory(.cache).path == home + "/.cache/ExampleApp")
      }
    }

    @Test func aRelativeRuntimeVariableIsOneWarning() throws {
      let environment = ProcessEnvironment(
        variables: ["HOME": "/h", "XDG_RUNTIME_DIR": "rel"], effectiveUserID: 1000,
        platform: .linux)
      let resolution = try StandardDirectories(layout: .native, environment: environment)
        .resolution(for: .runtime)
      #expect(resolution.path == "/tmp/runtime-1000")
      #expect(
        resolution.warnings.map(\.message) == [
          "XDG_RUNTIME_DIR is not an absolute path (\"rel\") and is ignored"
        ])
    }

    @Test func aUserFolderWarnsOnlyAboutItsOwnLines() throws {
      let text = """
        XDG_FOO_DIR="$HOME/foo"
        garbage
        XDG_MUSIC_DIR="relative"
        XDG_DESKTOP_DIR="$HOME/Desk"
        """
      let environment = ProcessEnvironment(
        variables: ["HOME": "/h"], platform: .linux, userDirectoriesFile: .contents(text))
      let standard = StandardDirectories(layout: .native, environment: environment)
      let desktop = try standard.resolution(for: .desktop)
      #expect(desktop.path == "/h/Desk")
      #expect(desktop.warnings.isEmpty)
      let music = try standard.resolution(for: .music)
      #expect(music.warnings.count == 1)
      #expect(music.warnings.first?.message.contains("line 3") == true)
      // The lines that name no folder are the file's, for the doctor.
      let file = try standard.userDirectoriesFileWarnings().map(\.message)
      #expect(
        file == [
          "/h/.config/user-dirs.dirs line 1 is ignored: XDG_FOO_DIR is not a known key",
          "/h/.config/user-dirs.dirs line 2 is ignored: it is not of the form XDG_<NAME>_DIR=\"<path>\"",
        ])
      let macOS = StandardDirectories(
        layout: .native,
        environment: ProcessEnvironment(
          variables: ["HOME": "/h"], passwordDatabaseHome: "/h", platform: .macOS,
          userDirectoriesFile: .contents(text)))
      #expect(try macOS.userDirectoriesFileWarnings().isEmpty)
    }

    @Test func aLocationThatCannotBeLookedAtIsNotTakenForMissing() throws {
      try TemporaryRoot.with { root in
        let environment = root.environment()
        try root.makeDirectory(root.home + "/.cache/ExampleApp/deep", mode: 0o700)
        try root.write("x", to: root.home + "/.cache/ExampleApp/deep/file")
        let cache = root.home + "/.cache/ExampleApp"
        let recorder = RecordingSystemCalls(faults: [
          RecordingSystemCalls.Fault(errno: EIO, remaining: 1) {
            $0.call == .stat && $0.name == cache
          }
        ])
        let dirs = try AppDirectories(
          app: "ExampleApp", organization: nil, layout: .native, environment: environment,
          syscalls: recorder.syscalls)
        let unseen = try #require(try dirs.locations().first { $0.kinds == [.cache] })
        #expect(!unseen.exists)
        #expect(unseen.problem == .ioError)
        #expect(recorder.injectedCount == 1)
        // Measured whole, it has no problem; a part that cannot be read is named.
        let whole = try #require(try dirs.locations(sizes: true).first { $0.kinds == [.cache] })
        #expect(whole.exists && whole.problem == nil && whole.size != nil)
        let partial = RecordingSystemCalls(faults: [
          RecordingSystemCalls.Fault(errno: EACCES, remaining: 1) {
            $0.call == .openat && $0.name == "deep"
          }
        ])
        let measuring = try AppDirectories(
          app: "ExampleApp", organization: nil, layout: .native, environment: environment,
          syscalls: partial.syscalls)
        let part = try #require(
          try measuring.locations(sizes: true).first { $0.kinds == [.cache] })
        #expect(part.exists && part.size == nil)
        #expect(part.problem == .permissionDenied)
        #expect(partial.injectedCount == 1)
      }
    }
  }
#endif
