// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

// These tests run the tool or other processes, which the tests do on macOS and Linux: iOS,
// tvOS, watchOS and visionOS have no Process, and Windows none of the POSIX tools they use.
#if os(macOS) || os(Linux)
  import Foundation
  import Testing

  @testable import TestSupport

  /// The permission scenarios that root never meets: the built `appdirs` runs as the
  /// unprivileged user through `setpriv`, against files that root prepared.
  @Suite("Real privilege: appdirs as an unprivileged user", .needsRoot)
  struct PrivilegeTests {
    static let user = Tool.unprivilegedUser

    /// A root with a world-writable, sticky temporary directory like `/tmp`, and the
    /// unprivileged user's own home.
    static func root() throws -> TemporaryRoot {
      let root = try TemporaryRoot.withUserDirectories()
      try root.makeDirectory("shared-tmp", mode: 0o1777)
      try root.makeDirectory("home", mode: 0o755)
      lchown(root.home, user, user)
      return root
    }

    static func status(_ path: String) -> stat? {
      var info = stat()
      return lstat(path, &info) == 0 ? info : nil
    }

    @Test(
      "Set-user-ID: run by another user, the tool distrusts HOME and XDG_* (AT_SECURE)",
      .needsSetUserID)
    func setUserIDDistrustsTheEnvironment() throws {
      let root = try Self.root()
      let plain = root.at("appdirs-plain")
      let setUserID = root.at("appdirs-setuid")
      for copy in [plain, setUserID] {
        try FileManager.default.copyItem(atPath: Tool.path, toPath: copy)
        chown(copy, 0, 0)
      }
      chmod(plain, 0o755)
      chmod(setUserID, 0o4755)
      let environment = ["HOME": root.home, "XDG_CACHE_HOME": root.at("cache")]
      func run(_ tool: String) throws -> ToolResult {
        try Tool.runProcess(
          [
            "/usr/bin/setpriv", "--reuid=\(Self.user)", "--regid=\(Self.user)", "--clear-groups",
            tool, "path", "cache", "--app", "X",
          ], environment: environment, in: root)
      }
      // The same copy without the bit follows the variable.
      let followed = try run(plain)
      #expect(followed.status == 0)
      #expect(followed.standardOutput == root.at("cache") + "/X\n")
      // With it, the effective user is root: HOME and XDG_CACHE_HOME are ignored, and the home
      // is root's entry in the password database.
      let distrusted = try run(setUserID)
      #expect(distrusted.status == 0, "\(distrusted.standardError)")
      let home = try #require(getpwuid(0)?.pointee.pw_dir.map { String(cString: $0) })
      #expect(distrusted.standardOutput == home + "/.cache/X\n")
    }

    @Test("An unwritable parent is a permission error naming the path, and nothing is created")
    func unwritableParent() throws {
      let root = try Self.root()
      try root.makeDirectory("locked", mode: 0o555)
      let environment = [
        "HOME": root.home, "TMPDIR": root.at("shared-tmp"),
        "XDG_CACHE_HOME": root.at("locked/cache"),
      ]
      let result = try Tool.run(
        ["path", "cache", "--app", "ExampleApp", "--create"], environment: environment,
        asUser: Self.user, in: root,
        standardError: .lines([
          "appdirs: error: permission denied at \(root.at("locked")): EACCES (Permission denied)",
          "appdirs: note: Give your user write and search permission on \(root.at("locked")), and search permission on every directory above it (ls -ld shows their owners and modes).",
          "appdirs: note: \(root.at("locked/cache/ExampleApp")) comes from XDG_CACHE_HOME; point XDG_CACHE_HOME at another directory to use that instead.",
        ]))
      #expect(result.status == 73)
      #expect(result.standardOutput.isEmpty)
      #expect(Self.status(root.at("locked/cache")) == nil)
    }

    @Test(
      "An unsearchable middle directory is a permission error, whether or not the rest exists",
      arguments: [false, true])
    func unsearchableMiddleDirectory(restExists: Bool) throws {
      let root = try Self.root()
      try root.makeDirectory("outer/middle", mode: 0o700)
      if restExists { try root.makeDirectory("outer/middle/inner/data", mode: 0o777) }
      chmod(root.at("outer/middle"), 0o700)
      let environment = [
        "HOME": root.home, "TMPDIR": root.at("shared-tmp"),
        "XDG_DATA_HOME": root.at("outer/middle/inner/data"),
      ]
      let result = try Tool.run(
        ["path", "data", "--app", "ExampleApp", "--create"], environment: environment,
        asUser: Self.user, in: root,
        standardError: .failure(
          "permission denied at \(root.at("outer/middle")): EACCES (Permission denied)", notes: 2))
      #expect(result.status == 73)
      #expect(Self.status(root.at("outer/middle/inner/data/ExampleApp")) == nil)
    }

    @Test(
      "An ancestor the user may search but not read (0111) does not stop creation",
      arguments: ["data", "cache", "config", "state", "logs"])
    func searchOnlyAncestor(kind: String) throws {
      // As in an app's sandbox: root's `sealed` may be searched, not listed; below it is the
      // user's own folder, in which every directory of the app is made.
      let root = try Self.root()
      try root.makeDirectory("sealed/user", mode: 0o700)
      lchown(root.at("sealed/user"), Self.user, Self.user)
      chmod(root.at("sealed"), 0o111)
      let base = root.at("sealed/user")
      let environment = [
        "HOME": root.home, "TMPDIR": root.at("shared-tmp"),
        "XDG_DATA_HOME": base + "/data", "XDG_CONFIG_HOME": base + "/config",
        "XDG_CACHE_HOME": base + "/cache", "XDG_STATE_HOME": base + "/state",
      ]
      let result = try Tool.run(
        ["path", kind, "--app", "ExampleApp", "--create"], environment: environment,
        asUser: Self.user, in: root)
      let expected = kind == "logs" ? base + "/state/ExampleApp/log" : base + "/\(kind)/ExampleApp"
      #expect(result.status == 0, "\(result.standardError)")
      #expect(result.standardOutput == expected + "\n")
      let made = try #require(Self.status(expected))
      #expect(made.mode & S_IFMT == S_IFDIR)
      #expect(made.mode & 0o7777 == 0o700)
      #expect(made.st_uid == Self.user)
      // The sealed ancestor itself is untouched.
      #expect((Self.status(root.at("sealed"))?.mode ?? 0) & 0o7777 == 0o111)
    }

    @Test("A search-only ancestor does not stop the runtime directory's fallback either")
    func searchOnlyAncestorOfRuntimeFallback() throws {
      let root = try Self.root()
      try root.makeDirectory("sealed/tmp", mode: 0o1777)
      chmod(root.at("sealed"), 0o111)
      let environment = ["HOME": root.home, "TMPDIR": root.at("sealed/tmp")]
      let fallback = root.at("sealed/tmp/runtime-\(Self.user)")
      let result = try Tool.run(
        ["path", "runtime", "--app", "ExampleApp", "--create"], environment: environment,
        asUser: Self.user, in: root,
        standardError: .line(
          "appdirs: warning: XDG_RUNTIME_DIR is not set; using \(fallback) instead"))
      #expect(result.status == 0, "\(result.standardError)")
      #expect(result.standardOutput == fallback + "/ExampleApp\n")
      #expect((Self.status(fallback)?.mode ?? 0) & 0o7777 == 0o700)
      #expect(Self.status(fallback + "/ExampleApp")?.st_uid == Self.user)
    }

    @Test("Another user's XDG_RUNTIME_DIR is not used: the fallback is made, private and owned")
    func otherUsersRuntimeDirectory() throws {
      let root = try Self.root()
      try root.makeDirectory("run-root", mode: 0o700)
      let environment = [
        "HOME": root.home, "TMPDIR": root.at("shared-tmp"), "XDG_RUNTIME_DIR": root.at("run-root"),
      ]
      let fallback = root.at("shared-tmp/runtime-\(Self.user)")
      let result = try Tool.run(
        ["path", "runtime", "--app", "ExampleApp", "--create"], environment: environment,
        asUser: Self.user, in: root,
        standardError: .line(
          "appdirs: warning: XDG_RUNTIME_DIR is unsafe: \(root.at("run-root")) is owned by user 0, not by user \(Self.user); using \(fallback) instead"
        ))
      #expect(result.status == 0)
      #expect(result.standardOutput == fallback + "/ExampleApp\n")
      for path in [fallback, fallback + "/ExampleApp"] {
        let status = Self.status(path)
        #expect(status.map { $0.mode & 0o7777 } == 0o700)
        #expect(status?.st_uid == Self.user)
      }
      #expect(try FileManager.default.contentsOfDirectory(atPath: root.at("run-root")).isEmpty)
    }

    /// How someone else prepares the fallback runtime directory before the user's first run.
    enum PlantedFallback: String, CaseIterable, Sendable, CustomTestStringConvertible {
      case otherUsersPrivateDirectory, otherUsersOpenDirectory, ownOpenDirectory,
        symlinkToOwnDirectory

      var testDescription: String { rawValue }

      /// Plants it at `path`; `target` is a private directory of the user for the symlink.
      func plant(at path: String, target: String) {
        switch self {
        case .otherUsersPrivateDirectory:
          mkdir(path, 0o700)
        case .otherUsersOpenDirectory:
          mkdir(path, 0o777)
          chmod(path, 0o777)
        case .ownOpenDirectory:
          mkdir(path, 0o777)
          chmod(path, 0o777)
          lchown(path, PrivilegeTests.user, PrivilegeTests.user)
        case .symlinkToOwnDirectory:
          symlink(target, path)
        }
      }

      /// The reason the tool must give.
      var reason: String {
        switch self {
        case .otherUsersPrivateDirectory, .otherUsersOpenDirectory:
          "is owned by user 0, not by user \(PrivilegeTests.user)"
        case .ownOpenDirectory: "has mode 0777, not 0700"
        case .symlinkToOwnDirectory: "is a symbolic link"
        }
      }
    }

    @Test(
      "A fallback runtime directory prepared by someone else is refused with exit 78",
      arguments: PlantedFallback.allCases)
    func plantedFallbackRuntimeDirectory(planted: PlantedFallback) throws {
      let root = try Self.root()
      let fallback = root.at("shared-tmp/runtime-\(Self.user)")
      try root.makeDirectory("home/private", mode: 0o700)
      lchown(root.at("home/private"), Self.user, Self.user)
      planted.plant(at: fallback, target: root.at("home/private"))
      let before = Self.status(fallback)
      let environment = ["HOME": root.home, "TMPDIR": root.at("shared-tmp")]

      let result = try Tool.run(
        ["path", "runtime", "--app", "ExampleApp", "--create"], environment: environment,
        asUser: Self.user, in: root,
        standardError: .failure("refusing the runtime directory \(fallback): it \(planted.reason)"))

      #expect(result.status == 78)
      #expect(result.standardOutput.isEmpty)
      // Untouched: same mode and owner, nothing created in it or through the link.
      let after = Self.status(fallback)
      #expect(after?.st_mode == before?.st_mode)
      #expect(after?.st_uid == before?.st_uid)
      #expect(try FileManager.default.contentsOfDirectory(atPath: root.at("home/private")).isEmpty)
      if planted != .symlinkToOwnDirectory {
        #expect(try FileManager.default.contentsOfDirectory(atPath: fallback).isEmpty)
      }
    }
  }
#endif
