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

  /// A real second user (`nobody`, through `setpriv`) attacks from shared directories while the
  /// library runs as root, the user with the most to lose. Where a race is needed the library is
  /// stopped at the exact step through the system-call seam, the attacker acts, and the library
  /// resumes, so every run takes the dangerous path.
  ///
  /// `shared` is world-writable and sticky, like `/tmp`; `open` is world-writable without the
  /// sticky bit, like a careless group folder, where the attacker may rename anything.
  @Suite("A live attacker in a shared directory", .needsRoot, .serialized)
  struct LiveAttackerTests {
    /// A root searchable by the attacker, with `shared` (1777), `open` (0777) and `target`, a
    /// directory of root's that the attacker would like root to write into.
    static func prepare(_ root: TemporaryRoot) throws {
      chmod(root.path, 0o755)
      try root.makeDirectory("shared", mode: 0o1777)
      try root.makeDirectory("open", mode: 0o777)
      try root.makeDirectory("target", mode: 0o755)
    }

    @Test("A symbolic link planted by another user is not followed, and nothing is made through it")
    func plantedSymlinkIsNotFollowed() throws {
      try TemporaryRoot.with { root in
        try Self.prepare(root)
        #expect(Attacker.run("ln -s '\(root.at("target"))' '\(root.at("shared/deep"))'") == 0)
        let environment = root.environment(["XDG_DATA_HOME": root.at("shared/deep/a")])
        let dirs = try AppDirectories(app: "X", environment: environment)
        #expect(
          throws: DirectoryError.ownedByAnotherUser(
            path: root.at("shared/deep"), owner: Attacker.user, isSymbolicLink: true)
        ) { try dirs.directory(.data) }
        #expect(root.relativePaths().filter { $0.hasPrefix("target/") }.isEmpty)
      }
    }

    @Test("Another user's link is named even where mkdirat is refused first")
    func foreignSymlinkBehindARefusedMkdirIsNamed() throws {
      try TemporaryRoot.with { root in
        try Self.prepare(root)
        #expect(Attacker.run("ln -s '\(root.at("target"))' '\(root.at("shared/deep"))'") == 0)
        var provider = RecordingSystemCalls()
        // As if the parent refused new entries (a read-only group folder): EACCES before EEXIST.
        provider.onMakeDirectory = { live, parent, name, mode in
          name == "deep"
            ? SystemErrno(rawValue: EACCES) : live.makeDirectory(in: parent, name: name, mode: mode)
        }
        let environment = root.environment(["XDG_DATA_HOME": root.at("shared/deep/a")])
        let dirs = try AppDirectories(
          app: "X", organization: nil, layout: .native, environment: environment,
          syscalls: provider.syscalls)
        #expect(
          throws: DirectoryError.ownedByAnotherUser(
            path: root.at("shared/deep"), owner: Attacker.user, isSymbolicLink: true)
        ) { try dirs.directory(.data) }
        #expect(root.relativePaths().filter { $0.hasPrefix("target/") }.isEmpty)
      }
    }

    @Test("A symbolic link of the user's own, or of root, is followed")
    func ownSymlinkIsFollowed() throws {
      try TemporaryRoot.with { root in
        try Self.prepare(root)
        try root.makeSymlink(root.at("shared/mine"), to: root.at("target"))
        let environment = root.environment(["XDG_DATA_HOME": root.at("shared/mine/a")])
        let made = try AppDirectories(app: "X", environment: environment).directory(.data)
        #expect(made.path == root.at("shared/mine/a/X"))
        #expect(root.isDirectory(root.at("target/a/X")))
      }
    }

    @Test("A directory swapped in just after mkdirat is refused and never chmodded")
    func swappedDirectoryIsNotChmodded() throws {
      try TemporaryRoot.with { root in
        try Self.prepare(root)
        let open = root.at("open")
        let provider = RecordingSystemCalls(afterMakeDirectory: { _, name in
          guard name == "a" else { return }
          Attacker.run(
            "mv '\(open)/a' '\(open)/gone' && mkdir '\(open)/a' && chmod 777 '\(open)/a'")
        })
        let environment = root.environment(["XDG_DATA_HOME": open + "/a"])
        let dirs = try AppDirectories(
          app: "X", organization: nil, layout: .native, environment: environment,
          syscalls: provider.syscalls)
        #expect(
          throws: DirectoryError.ownedByAnotherUser(
            path: open + "/a", owner: Attacker.user, isSymbolicLink: false)
        ) { try dirs.directory(.data) }
        #expect(root.isDirectory(open + "/gone"), "the attacker did not act")
        #expect(root.mode(open + "/a") == 0o777, "the attacker's directory was chmodded")
        #expect(TemporaryRoot.fileStatus(open + "/a")?.owner == Attacker.user)
        #expect(!root.exists(open + "/a/X"))
      }
    }

    @Test(
      "A fallback runtime directory in an attacker-writable TMPDIR without the sticky bit is refused before anything is made"
    )
    func aFallbackInAnOpenTemporaryDirectoryIsRefused() throws {
      try TemporaryRoot.with { root in
        try Self.prepare(root)
        let open = root.at("open")
        let fallback = open + "/runtime-\(geteuid())"
        let provider = RecordingSystemCalls(afterMakeDirectory: { _, name in
          guard name == "runtime-\(geteuid())" else { return }
          Attacker.run(
            "mv '\(fallback)' '\(open)/gone' && mkdir '\(fallback)' && chmod 777 '\(fallback)'")
        })
        let environment = root.environment(["TMPDIR": open])
        let dirs = try AppDirectories(
          app: "X", organization: nil, layout: .native, environment: environment,
          syscalls: provider.syscalls)
        // platformdirs refuses such a folder too: whoever may write to it could swap the
        // fallback for their own between its creation and its use.
        #expect(
          throws: DirectoryError.insecureRuntimeDirectory(
            path: fallback, problem: .parentWritableByOthers(path: open, mode: 0o777))
        ) { try dirs.directory(.runtime) }
        #expect(!root.exists(open + "/gone"), "something was made for the attacker to swap")
        #expect(!root.exists(fallback))
      }
    }

    @Test("A runtime directory exchanged between its check and its use gives way to the fallback")
    func exchangedRuntimeDirectoryIsNotUsed() throws {
      try TemporaryRoot.with { root in
        try Self.prepare(root)
        let open = root.at("open")
        try root.makeDirectory(open + "/run", mode: 0o700)
        #expect(Attacker.run("mkdir '\(open)/evil' && chmod 777 '\(open)/evil'") == 0)
        var provider = RecordingSystemCalls()
        let exchanged = Locked<Int32?>(nil)
        provider.onStatus = { live, path, followSymlinks in
          let result = live.status(path: path, followSymlinks: followSymlinks)
          // Just after the lstat that finds the runtime directory private.
          if path == open + "/run" && !followSymlinks && exchanged.withLock({ $0 }) == nil {
            let status = Attacker.exchange(open + "/run", open + "/evil")
            exchanged.withLock { $0 = status }
          }
          return result
        }
        let environment = root.environment(["XDG_RUNTIME_DIR": open + "/run"])
        let dirs = try AppDirectories(
          app: "X", organization: nil, layout: .native, environment: environment,
          syscalls: provider.syscalls)
        // SPEC 3: a wrong owner means the fallback, found on the descriptor as at the check.
        #expect(try dirs.directory(.runtime).path == root.tmp + "/runtime-\(geteuid())/X")
        #expect(exchanged.withLock { $0 } == 0, "the attacker's exchange did not happen")
        #expect(TemporaryRoot.fileStatus(open + "/evil")?.owner == geteuid())
        // Nothing was made in the attacker's directory, wherever it is now.
        #expect(!root.exists(open + "/run/X"))
        #expect(!root.exists(open + "/evil/X"))
      }
    }

    @Test("A symbolic link planted while the fallback is created is refused as unsafe (78)")
    func symlinkPlantedDuringCreationIsUnsafe() throws {
      try TemporaryRoot.with { root in
        try Self.prepare(root)
        let open = root.at("open")
        // Sticky, as /tmp is: anyone may still make a name in it, such as a link.
        #expect(chmod(open, 0o1777) == 0)
        try root.makeDirectory(root.at("private"), mode: 0o700)
        let fallback = open + "/runtime-\(geteuid())"
        let provider = RecordingSystemCalls(beforeMakeDirectory: { _, name in
          guard name == "runtime-\(geteuid())" else { return }
          Attacker.run("ln -s '\(root.at("private"))' '\(fallback)'")
        })
        let environment = root.environment(["TMPDIR": open])
        let dirs = try AppDirectories(
          app: "X", organization: nil, layout: .native, environment: environment,
          syscalls: provider.syscalls)
        #expect(
          throws: DirectoryError.insecureRuntimeDirectory(path: fallback, problem: .symbolicLink)
        ) { try dirs.directory(.runtime) }
        #expect(
          TemporaryRoot.fileStatus(fallback)?.type == .symbolicLink, "the attacker did not act")
        #expect(!root.exists(root.at("private/X")))
      }
    }

    @Test("A second creator of the fallback waits for the first under a strict umask")
    func concurrentFallbackCreatorsBothSucceed() throws {
      try TemporaryRoot.with { root in
        try Self.prepare(root)
        let fallback = root.at("shared/runtime-\(geteuid())")
        // The first creator has made it under umask 0277 and not yet made it 0700.
        try root.makeDirectory(fallback, mode: 0o500)
        let first = Thread {
          usleep(300_000)
          chmod(fallback, 0o700)
        }
        first.start()
        let environment = root.environment(["TMPDIR": root.at("shared")])
        let made = try AppDirectories(app: "X", environment: environment).directory(.runtime)
        #expect(made.path == fallback + "/X")
        #expect(root.mode(fallback) == 0o700)
        #expect(root.mode(fallback + "/X") == 0o700)
      }
    }
  }
#endif
