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

  /// SPEC 5's owner rules: the directory handed back is the user's or root's or lies under the
  /// home, checked in the steady state's one `stat`; root creates only inside root's directories.
  @Suite("Whose directory is handed back")
  struct CreationOwnerTests {
    @Test(
      "A link in a shared folder that leads to another user's directory is refused in one stat",
      .enabled(if: geteuid() == 0, "needs root to give files to another user"))
    func anotherUsersDirectoryIsNeverHandedBack() throws {
      let root = try TemporaryRoot.withUserDirectories()
      try root.makeDirectory("shared", mode: 0o1777)
      try root.makeDirectory("theirs/cache/ExampleApp", mode: 0o755)
      chown(root.at("theirs/cache/ExampleApp"), 65534, 65534)
      try root.symlink("shared/cache", to: root.at("theirs/cache"))
      let provider = RecordingSystemCalls()
      let dirs = try AppDirectories(
        app: "ExampleApp", organization: nil, layout: .native,
        environment: root.environment(["XDG_CACHE_HOME": root.at("shared/cache")]),
        syscalls: provider.syscalls)
      let path = root.at("shared/cache/ExampleApp")
      #expect(
        throws: DirectoryError.directoryOfAnotherUser(path: path, owner: 65534, creating: false)
      ) {
        try dirs.directory(.cache)
      }
      #expect(provider.calls == [.status(path: path, followSymlinks: true)])
      #expect(TreeSnapshot.listing(root.at("theirs/cache/ExampleApp")) == [])
    }

    @Test(
      "Under the home, another user's directory is used: the home's owner is trusted already",
      .enabled(if: geteuid() == 0, "needs root to give files to another user"))
    func anotherUsersDirectoryUnderTheHomeIsUsed() throws {
      let root = try TemporaryRoot.withUserDirectories()
      try root.makeDirectory("home/.cache/ExampleApp", mode: 0o775)
      chown(root.home + "/.cache/ExampleApp", 65534, 65534)
      let dirs = try AppDirectories(
        app: "ExampleApp", organization: nil, layout: .native, environment: root.environment(),
        syscalls: .live)
      #expect(try dirs.directory(.cache).path == root.home + "/.cache/ExampleApp")
    }

    @Test(
      "Root with another user's HOME creates nothing there (sudo without -H)",
      .enabled(if: geteuid() == 0, "runs as root with another user's HOME, which needs root"))
    func rootCreatesNothingInAnotherUsersHome() throws {
      let root = try TemporaryRoot.withUserDirectories()
      chown(root.home, 65534, 65534)
      try root.makeDirectory("home/.config", mode: 0o700)
      chown(root.home + "/.config", 65534, 65534)
      let before = TreeSnapshot.lines(of: root.path)
      let dirs = try AppDirectories(
        app: "ExampleApp", organization: nil, layout: .native, environment: root.environment(),
        syscalls: .live)
      for (kind, parent) in [(AppDirectory.cache, root.home), (.config, root.home + "/.config")] {
        #expect(
          throws: DirectoryError.directoryOfAnotherUser(path: parent, owner: 65534, creating: true)
        ) {
          try dirs.directory(kind)
        }
      }
      #expect(TreeSnapshot.lines(of: root.path) == before)
      let error = DirectoryError.directoryOfAnotherUser(
        path: root.home, owner: 65534, creating: true)
      #expect(error.recoverySuggestion.contains("sudo -H"))
    }
  }

  /// SPEC 3 under a live attacker: a runtime directory swapped for another user's between the
  /// check and the use gives way to the fallback, with a warning; a link that flickers at the
  /// fallback is an unsafe runtime directory (78), never a creation error.
  @Suite("The runtime directory swapped under the check")
  struct RuntimeSwapTests {
    @Test(
      "XDG_RUNTIME_DIR swapped for another user's directory after its check: the fallback",
      .enabled(if: geteuid() == 0, "needs root to give a directory to another user"))
    func aSwappedRuntimeDirectoryFallsBack() throws {
      let root = try TemporaryRoot.withUserDirectories()
      let run = root.at("run")
      let provider = RecordingSystemCalls(beforeCall: { record in
        guard record.call == .openat, record.name == run, !root.exists(run + ".old") else { return }
        rename(run, run + ".old")
        mkdir(run, 0o700)
        chown(run, 65534, 65534)
      })
      let dirs = try AppDirectories(
        app: "ExampleApp", organization: nil, layout: .native,
        environment: root.environment(["XDG_RUNTIME_DIR": run]), syscalls: provider.syscalls)
      let made = try dirs.directory(.runtime).path
      #expect(made == root.tmp + "/runtime-\(geteuid())/ExampleApp")
      #expect(TreeSnapshot.listing(run) == [])
    }

    @Test(
      "Another user's link flickering at the fallback is an unsafe runtime directory",
      .enabled(if: geteuid() == 0, "needs root to give a link to another user"))
    func aFlickeringLinkAtTheFallbackIsUnsafe() throws {
      let root = try TemporaryRoot.withUserDirectories()
      try root.makeDirectory("elsewhere")
      let fallback = root.tmp + "/runtime-\(geteuid())"
      let planted = Locked(false)
      let provider = RecordingSystemCalls(beforeCall: { record in
        if record.call == .mkdirat, record.name == "runtime-\(geteuid())",
          !planted.withLock({ $0 })
        {
          symlink(root.at("elsewhere"), fallback)
          lchown(fallback, 65534, 65534)
          planted.withLock { $0 = true }
        } else if record.call == .stat, record.name == fallback, planted.withLock({ $0 }) {
          unlink(fallback)
        }
      })
      let dirs = try AppDirectories(
        app: "ExampleApp", organization: nil, layout: .native, environment: root.environment(),
        syscalls: provider.syscalls)
      #expect(
        throws: DirectoryError.insecureRuntimeDirectory(path: fallback, problem: .symbolicLink)
      ) {
        try dirs.directory(.runtime)
      }
      #expect(TreeSnapshot.listing(root.at("elsewhere")) == [])
    }
  }
#endif
