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

  /// The runtime-directory rules of SPEC section 3: `XDG_RUNTIME_DIR` only when it is a private
  /// directory of the user, else `<TMPDIR>/runtime-<uid>`, created safely and refused when unsafe.
  @Suite("Runtime directory")
  struct RuntimeDirectoryTests {
    /// A value of `XDG_RUNTIME_DIR`, the files behind it, and why it must be refused.
    struct Candidate: Sendable, CustomTestStringConvertible {
      let name: String
      /// Prepares the files and returns the value of `XDG_RUNTIME_DIR`, or `nil` to leave it unset.
      let prepare: @Sendable (TemporaryRoot) throws -> String?
      /// Words the fallback warning must contain.
      let reason: String

      var testDescription: String { name }
    }

    static let unusableCandidates: [Candidate] = [
      Candidate(name: "unset", prepare: { _ in nil }, reason: "not set"),
      Candidate(name: "empty", prepare: { _ in "" }, reason: "is empty"),
      Candidate(name: "relative", prepare: { _ in "run/user/1000" }, reason: "XDG_RUNTIME_DIR"),
      Candidate(name: "missing", prepare: { root in root.at("run") }, reason: "does not exist"),
      Candidate(
        name: "symlink to a private directory",
        prepare: { root in
          try root.makeDirectory(root.at("real"), mode: 0o700)
          try root.makeSymlink(root.at("run"), to: root.at("real"))
          return root.at("run")
        }, reason: "symbolic link"),
      Candidate(
        name: "regular file",
        prepare: { root in
          try root.writeFile(root.at("run"), "")
          return root.at("run")
        }, reason: "not a directory"),
      Candidate(
        name: "owned by another user",
        prepare: { root in
          try root.makeDirectory(root.at("run"), mode: 0o700)
          try root.changeOwner(root.at("run"), to: otherUserID)
          return root.at("run")
        }, reason: "owned by user \(otherUserID)"),
      Candidate(
        name: "mode 0755",
        prepare: { root in
          try root.makeDirectory(root.at("run"), mode: 0o755)
          return root.at("run")
        }, reason: "0755"),
      Candidate(
        name: "mode 0750",
        prepare: { root in
          try root.makeDirectory(root.at("run"), mode: 0o750)
          return root.at("run")
        }, reason: "0750"),
      Candidate(
        name: "mode 0777",
        prepare: { root in
          try root.makeDirectory(root.at("run"), mode: 0o777)
          return root.at("run")
        }, reason: "0777"),
      Candidate(
        name: "mode 0500",
        prepare: { root in
          try root.makeDirectory(root.at("run"), mode: 0o500)
          return root.at("run")
        }, reason: "0500"),
    ]

    @Test(.needsRoot, arguments: unusableCandidates)
    func unsafeRuntimeDirectoryFallsBackWithAWarning(_ candidate: Candidate) throws {
      try TemporaryRoot.with { root in
        var variables: [String: String] = [:]
        let value = try candidate.prepare(root)
        variables["XDG_RUNTIME_DIR"] = value
        let environment = root.environment(variables)
        let before = root.allPaths().map { ($0, root.mode($0)) }
        let fallback = root.tmp + "/runtime-\(currentUserID)"

        let resolution = try StandardDirectories(environment: environment).verifiedResolution(
          for: .runtime)
        #expect(resolution.path == fallback)
        #expect(resolution.source == .fallback)
        #expect(resolution.warningText.contains(candidate.reason))
        if candidate.name == "relative" {
          // A relative value has its own warning, and is not told again as the fallback's cause.
          #expect(resolution.warnings.count == 1)
        } else {
          #expect(resolution.warningText.contains(fallback))
        }
        // Resolving alone creates nothing.
        #expect(!root.exists(fallback))

        #expect(
          try StandardDirectories(environment: environment).directoryPath(.runtime) == fallback)
        #expect(root.isDirectory(fallback))
        #expect(root.mode(fallback) == 0o700)

        let dirs = try AppDirectories(app: "ExampleApp", environment: environment)
        #expect(try dirs.directory(.runtime).path == fallback + "/ExampleApp")
        #expect(root.mode(fallback + "/ExampleApp") == 0o700)
        #expect(try dirs.verifiedResolution(for: .runtime).source == .fallback)

        // The rejected candidate is never created, changed or written through.
        let after = Set(root.allPaths())
        for (path, mode) in before {
          #expect(after.contains(path))
          #expect(root.mode(path) == mode, "\(path) changed mode")
        }
        #expect(after.subtracting(before.map(\.0)).allSatisfy { $0.hasPrefix(root.tmp) })
      }
    }

    // MARK: The login session's directory

    /// With `XDG_RUNTIME_DIR` unset and no directory of the login session's, the runtime
    /// directory in use is the fallback: that is what `clean --all` lists and removes, with
    /// the lock file in it, not the session's path that nobody made.
    @Test func cleaningEverythingRemovesTheRuntimeDirectoryInUse() throws {
      try TemporaryRoot.with { root in
        var environment = root.environment()
        environment.loginSessionRuntimeDirectory = root.at("session")
        let dirs = try AppDirectories(app: "ExampleApp", environment: environment)
        let runtime = try dirs.directory(.runtime).path
        #expect(!runtime.hasPrefix(root.at("session")))
        let lock = try #require(try dirs.lock(named: "single"))
        lock.release()
        #expect(root.exists(runtime + "/single.lock"))

        let plan = try dirs.clean(.all, dryRun: true)
        let listed = try #require(plan.locations.first { $0.kinds.contains(.runtime) })
        #expect(listed.path == runtime)
        #expect(listed.exists)
        let done = try dirs.clean(.all)
        #expect(done.failures == [])
        #expect(!root.exists(runtime), "the runtime directory in use and its lock file are gone")
        #expect(!root.exists(root.at("session")))
      }
    }

    /// An environment whose login session left a runtime directory at `<root>/session`.
    static func withSession(_ root: TemporaryRoot, _ variables: [String: String] = [:])
      -> ProcessEnvironment
    {
      var environment = root.environment(variables)
      environment.loginSessionRuntimeDirectory = root.at("session")
      return environment
    }

    /// With `XDG_RUNTIME_DIR` unusable (and not another user's, which only root can make), a
    /// private directory that the login session left is used before the fallback, with a
    /// warning that names it and the reason; nothing is made in the temporary directory.
    @Test(arguments: unusableCandidates.filter { $0.name != "owned by another user" })
    func theLoginSessionsDirectoryComesBeforeTheFallback(_ candidate: Candidate) throws {
      try TemporaryRoot.with { root in
        try root.makeDirectory(root.at("session"), mode: 0o700)
        var variables: [String: String] = [:]
        variables["XDG_RUNTIME_DIR"] = try candidate.prepare(root)
        let environment = Self.withSession(root, variables)

        let resolution = try StandardDirectories(environment: environment).verifiedResolution(
          for: .runtime)
        #expect(resolution.path == root.at("session"))
        #expect(resolution.source == .loginSession)
        #expect(resolution.source.description == "login-session")
        #expect(resolution.warningText.contains(candidate.reason))
        if candidate.name == "relative" {
          #expect(resolution.warnings.count == 1)
        } else {
          #expect(resolution.warningText.contains("using \(root.at("session")) instead"))
        }
        let dirs = try AppDirectories(app: "ExampleApp", environment: environment)
        #expect(try dirs.directory(.runtime).path == root.at("session/ExampleApp"))
        #expect(root.mode(root.at("session")) == 0o700)
        #expect(!root.exists(root.tmp))
      }
    }

    /// A login session's directory that is missing is passed over in silence (the warning is the
    /// one without it); one that is not private is refused and named; it is never made or
    /// changed.
    @Test(
      arguments: [
        ("missing", nil), ("mode 0755", "0755"), ("a symbolic link", "symbolic link"),
        ("a file", "not a directory"),
      ] as [(String, String?)])
    func aLoginSessionsDirectoryThatIsNotPrivateGivesWayToTheFallback(
      state: String, reason: String?
    ) throws {
      try TemporaryRoot.with { root in
        let session = root.at("session")
        switch state {
        case "mode 0755": try root.makeDirectory(session, mode: 0o755)
        case "a symbolic link":
          try root.makeDirectory(root.at("real"), mode: 0o700)
          try root.makeSymlink(session, to: root.at("real"))
        case "a file": try root.writeFile(session, "")
        default: break
        }
        let before = root.allPaths().map { ($0, root.mode($0)) }
        let environment = Self.withSession(root)
        let fallback = root.tmp + "/runtime-\(currentUserID)"
        let resolution = try StandardDirectories(environment: environment).verifiedResolution(
          for: .runtime)
        #expect(resolution.path == fallback)
        #expect(resolution.source == .fallback)
        if let reason {
          #expect(resolution.warningText.contains(reason))
          #expect(resolution.warningText.contains("login-session is unsafe: \(session)"))
        } else {
          #expect(
            resolution.warnings.map(\.message) == [
              "XDG_RUNTIME_DIR is not set; using \(fallback) instead"
            ])
        }
        let dirs = try AppDirectories(app: "ExampleApp", environment: environment)
        #expect(try dirs.directory(.runtime).path == fallback + "/ExampleApp")
        for (path, mode) in before {
          #expect(root.mode(path) == mode, "\(path) changed mode")
        }
        #expect(state != "missing" || !root.exists(session))
      }
    }

    /// An unsafe `XDG_RUNTIME_DIR` and no login session's directory: the fallback, with the one
    /// warning of the variable, as before there was a session's directory to look for.
    @Test func anUnsafeVariableAndNoSessionDirectoryGiveTheFallback() throws {
      try TemporaryRoot.with { root in
        try root.makeDirectory(root.at("run"), mode: 0o755)
        let environment = Self.withSession(root, ["XDG_RUNTIME_DIR": root.at("run")])
        let fallback = root.tmp + "/runtime-\(currentUserID)"
        let resolution = try StandardDirectories(environment: environment).verifiedResolution(
          for: .runtime)
        #expect(resolution.path == fallback)
        #expect(resolution.warnings.count == 1)
        #expect(resolution.warningText.contains("XDG_RUNTIME_DIR is unsafe"))
        #expect(resolution.warningText.contains("using \(fallback) instead"))
      }
    }

    @Test(arguments: [
      (OperatingSystem.linux, 1000 as UInt32, "/run/user/1000" as String?),
      (.linux, 0, "/run/user/0"), (.freeBSD, 1001, "/var/run/user/1001"),
      (.openBSD, 1000, "/var/run/user/1000"), (.macOS, 501, nil), (.windows, 0, nil),
      (.android, 10123, nil), (.iOS, 501, nil), (.macCatalyst, 501, nil),
    ])
    func whereALoginSessionKeepsTheRuntimeDirectory(
      platform: OperatingSystem, user: UInt32, expected: String?
    ) {
      #expect(
        ProcessEnvironment.loginSessionRuntimeDirectory(platform: platform, effectiveUserID: user)
          == expected)
      #expect(
        ProcessEnvironment(variables: [:], platform: platform).loginSessionRuntimeDirectory == nil)
      #expect(ProcessEnvironment.isolated(inPath: "/tmp/x").loginSessionRuntimeDirectory == nil)
    }

    @Test(arguments: ["", "/", "//"])
    func privateRuntimeDirectoryIsUsed(_ suffix: String) throws {
      try TemporaryRoot.with { root in
        try root.makeDirectory(root.at("run"), mode: 0o700)
        let environment = root.environment(["XDG_RUNTIME_DIR": root.at("run") + suffix])

        let resolution = try StandardDirectories(environment: environment).verifiedResolution(
          for: .runtime)
        #expect(resolution.path == root.at("run"))
        #expect(resolution.source == .variable("XDG_RUNTIME_DIR"))
        #expect(resolution.warnings.isEmpty)

        let dirs = try AppDirectories(app: "ExampleApp", environment: environment)
        #expect(try dirs.directory(.runtime).path == root.at("run/ExampleApp"))
        #expect(root.mode(root.at("run/ExampleApp")) == 0o700)
        #expect(!root.exists(root.tmp))
      }
    }

    @Test func relativeRuntimeValueIsNamedInTheWarning() throws {
      try TemporaryRoot.with { root in
        let environment = root.environment(["XDG_RUNTIME_DIR": "run/user"])
        let resolution = try StandardDirectories(environment: environment).verifiedResolution(
          for: .runtime)
        #expect(
          resolution.warnings.contains {
            $0.message.contains("XDG_RUNTIME_DIR") && $0.message.contains("run/user")
          })
      }
    }

    // MARK: The fallback's own checks

    /// Something already at `<TMPDIR>/runtime-<uid>` that must not be used.
    struct UnsafeFallback: Sendable, CustomTestStringConvertible {
      let name: String
      let prepare: @Sendable (_ root: TemporaryRoot, _ fallback: String) throws -> Void
      let reason: String

      var testDescription: String { name }
    }

    static let unsafeFallbacks: [UnsafeFallback] = [
      UnsafeFallback(
        name: "mode 0777",
        prepare: { root, fallback in try root.makeDirectory(fallback, mode: 0o777) }, reason: "0777"
      ),
      UnsafeFallback(
        name: "mode 0755",
        prepare: { root, fallback in try root.makeDirectory(fallback, mode: 0o755) }, reason: "0755"
      ),
      UnsafeFallback(
        name: "owned by another user",
        prepare: { root, fallback in
          try root.makeDirectory(fallback, mode: 0o700)
          try root.changeOwner(fallback, to: otherUserID)
        }, reason: "owned by user \(otherUserID)"),
      UnsafeFallback(
        name: "symlink to a private directory",
        prepare: { root, fallback in
          try root.makeDirectory(root.at("elsewhere"), mode: 0o700)
          try root.makeSymlink(fallback, to: root.at("elsewhere"))
        }, reason: "symbolic link"),
      UnsafeFallback(
        name: "dangling symlink",
        prepare: { root, fallback in try root.makeSymlink(fallback, to: root.at("elsewhere")) },
        reason: "symbolic link"),
      UnsafeFallback(
        name: "regular file",
        prepare: { root, fallback in try root.writeFile(fallback, "") }, reason: "not a directory"),
    ]

    @Test(.needsRoot, arguments: unsafeFallbacks)
    func unsafeFallbackIsRefused(_ row: UnsafeFallback) throws {
      try TemporaryRoot.with { root in
        let fallback = root.tmp + "/runtime-\(currentUserID)"
        try row.prepare(root, fallback)
        let before = root.allPaths().map { ($0, root.mode($0)) }
        let environment = root.environment()

        let error = #expect(throws: DirectoryError.self) {
          try StandardDirectories(environment: environment).directoryPath(.runtime)
        }
        guard case .insecureRuntimeDirectory(let path, let reason) = error else {
          Issue.record("expected insecureRuntimeDirectory, got \(String(describing: error))")
          return
        }
        #expect(path == fallback)
        #expect("\(reason)".contains(row.reason))

        let dirs = try AppDirectories(app: "ExampleApp", environment: environment)
        let appError = #expect(throws: DirectoryError.self) { try dirs.directory(.runtime) }
        #expect(appError == error)

        // Nothing was created in it or through it, and nothing was chmodded.
        #expect(root.allPaths() == before.map(\.0))
        for (path, mode) in before { #expect(root.mode(path) == mode, "\(path) changed mode") }
      }
    }

    @Test func unsafeFallbackIsRefusedAfterAnUnsafeRuntimeVariable() throws {
      try TemporaryRoot.with { root in
        let fallback = root.tmp + "/runtime-\(currentUserID)"
        try root.makeDirectory(fallback, mode: 0o777)
        try root.makeDirectory(root.at("run"), mode: 0o755)
        let environment = root.environment(["XDG_RUNTIME_DIR": root.at("run")])
        let error = #expect(throws: DirectoryError.self) {
          try AppDirectories(app: "ExampleApp", environment: environment).directory(.runtime)
        }
        #expect(
          error
            == .insecureRuntimeDirectory(
              path: fallback, problem: .mode(0o777)))
        #expect(!root.exists(fallback + "/ExampleApp"))
      }
    }

    @Test(arguments: [nil, 0o1777, 0o755] as [mode_t?])
    func missingFallbackIsCreatedPrivate(_ temporaryMode: mode_t?) throws {
      try TemporaryRoot.with { root in
        if let temporaryMode { try root.makeDirectory(root.tmp, mode: temporaryMode) }
        let fallback = root.tmp + "/runtime-\(currentUserID)"
        let environment = root.environment()
        #expect(
          try StandardDirectories(environment: environment).directoryPath(.runtime) == fallback)
        #expect(root.isDirectory(fallback))
        #expect(root.mode(fallback) == 0o700)
        #expect(root.status(fallback)?.st_uid == currentUserID)
        if let temporaryMode { #expect(root.mode(root.tmp) == temporaryMode) }
        // The second time it exists and is accepted as it is.
        #expect(
          try StandardDirectories(environment: environment).directoryPath(.runtime) == fallback)
      }
    }

    @Test func existingPrivateFallbackIsUsed() throws {
      try TemporaryRoot.with { root in
        let fallback = root.tmp + "/runtime-\(currentUserID)"
        try root.makeDirectory(fallback, mode: 0o700)
        try root.writeFile(fallback + "/socket-stand-in", "")
        let dirs = try AppDirectories(app: "ExampleApp", environment: root.environment())
        #expect(try dirs.directory(.runtime).path == fallback + "/ExampleApp")
        #expect(root.exists(fallback + "/socket-stand-in"))
      }
    }

    @Test(arguments: [
      (String?.none, "/tmp"), ("", "/tmp"), ("tmp", "/tmp"), ("/var/tmp/", "/var/tmp"),
    ])
    func fallbackIsBelowTMPDIRWhenAbsoluteElseSlashTmp(_ row: (tmpdir: String?, base: String))
      throws
    {
      // XDG_RUNTIME_DIR is unset, so resolving reads nothing from the file system.
      var variables = ["HOME": "/home/ada"]
      variables["TMPDIR"] = row.tmpdir
      let resolution = try StandardDirectories(environment: pureEnvironment(variables)).resolution(
        for: .runtime)
      #expect(resolution.path == row.base + "/runtime-1000")
      #expect(resolution.source == .fallback)
    }

    @Test func setuidProcessIgnoresXDGRuntimeDir() throws {
      let environment = pureEnvironment(
        ["HOME": "/home/ada", "XDG_RUNTIME_DIR": "/attacker/run", "TMPDIR": "/attacker/tmp"],
        passwordDatabaseHome: "/home/ada", isSecureExecution: true)
      let resolution = try StandardDirectories(environment: environment).resolution(for: .runtime)
      #expect(resolution.path == "/tmp/runtime-1000")
      #expect(resolution.source == .fallback)
      #expect(resolution.warningText.contains("setuid"))
    }

    // MARK: The check itself

    @Test(arguments: [
      (FileStatus.FileType.directory, UInt32(0o700), UInt32(1000), true),
      (.directory, 0o700, 0, false), (.directory, 0o701, 1000, false),
      (.directory, 0o710, 1000, false), (.directory, 0o600, 1000, false),
      (.directory, 0o000, 1000, false), (.symbolicLink, 0o777, 1000, false),
      (.regular, 0o700, 1000, false), (.other, 0o700, 1000, false),
    ])
    func onlyAPrivateDirectoryOfTheUserPasses(
      _ row: (type: FileStatus.FileType, mode: UInt32, owner: UInt32, passes: Bool)
    ) {
      let check = PrivateDirectoryCheck(syscalls: .live, effectiveUserID: 1000)
      let status = FileStatus(type: row.type, permissions: row.mode, owner: row.owner)
      #expect((check.problem(with: status) == nil) == row.passes)
    }

    @Test(
      "A directory of another user put in place of the fallback during its walk is refused",
      .needsRoot)
    func fallbackSwappedDuringItsWalkIsRefused() throws {
      try TemporaryRoot.with { root in
        try root.makeDirectory("tmp", mode: 0o755)
        let name = "runtime-\(currentUserID)"
        let fallback = root.tmp + "/" + name
        let provider = RecordingSystemCalls(afterMakeDirectory: { _, made in
          guard made == name else { return }
          // Between the mkdirat and the open that checks it: the new directory goes, another
          // user's takes its place.
          _ = rename(fallback, fallback + ".made")
          _ = mkdir(fallback, 0o777)
          _ = chmod(fallback, 0o777)
          _ = chown(fallback, otherUserID, otherUserID)
        })
        let dirs = try AppDirectories(
          app: "ExampleApp", organization: nil, layout: .native, environment: root.environment(),
          syscalls: provider.syscalls)
        #expect(
          throws: DirectoryError.insecureRuntimeDirectory(
            path: fallback, problem: .owner(otherUserID, expected: currentUserID))
        ) { try dirs.directory(.runtime) }
        // Nothing was made in it, and it was not changed.
        #expect(TreeSnapshot.listing(fallback) == [])
        #expect(root.mode(fallback) == 0o777)
      }
    }

    /// The folder a runtime directory lies in (platformdirs' `_get_user_runtime_dir` checks it
    /// too): its mode, whether it is another user's, and whether the directory there is used
    /// (`true`) or passed over for the fallback.
    static let parents: [(String, mode: mode_t, othersOwn: Bool, used: Bool)] = [
      ("platformdirs: a folder others may write to without the sticky bit", 0o777, false, false),
      ("platformdirs: a folder its group may write to without the sticky bit", 0o770, false, false),
      (
        "/tmp's rule: others may write to it, and the sticky bit keeps their hands off", 0o1777,
        false, true
      ),
      ("the user's own folder", 0o755, false, true),
      ("another user's folder", 0o755, true, false),
    ]

    // Another user's folder needs root to make.
    @Test(arguments: parents.filter { !$0.othersOwn || geteuid() == 0 })
    func aRuntimeDirectoryInASharedFolder(
      _ reference: String, mode: mode_t, othersOwn: Bool, used: Bool
    ) throws {
      try TemporaryRoot.with { root in
        try root.makeDirectory("open", mode: mode)
        try root.makeDirectory("open/run", mode: 0o700)
        try root.makeDirectory("tmp", mode: 0o700)
        if othersOwn { #expect(chown(root.at("open"), otherUserID, otherUserID) == 0) }
        let dirs = try AppDirectories(
          app: "X", organization: nil, layout: .native,
          environment: root.environment(["XDG_RUNTIME_DIR": root.at("open/run")]), syscalls: .live)
        let runtime = try dirs.directory(.runtime).path
        let expected = used ? root.at("open/run/X") : root.tmp + "/runtime-\(geteuid())/X"
        #expect(runtime == expected, "\(reference)")
        #expect(root.exists(root.at("open/run/X")) == used, "\(reference)")
      }
    }

    @Test("A temporary directory others may write to without the sticky bit holds no fallback")
    func noFallbackInAnOpenTemporaryDirectory() throws {
      try TemporaryRoot.with { root in
        try root.makeDirectory("open", mode: 0o777)
        let dirs = try AppDirectories(
          app: "X", organization: nil, layout: .native,
          environment: root.environment(["TMPDIR": root.at("open")]), syscalls: .live)
        #expect(
          throws: DirectoryError.insecureRuntimeDirectory(
            path: root.at("open/runtime-\(geteuid())"),
            problem: .parentWritableByOthers(path: root.at("open"), mode: 0o777))
        ) { try dirs.directory(.runtime) }
        #expect(TreeSnapshot.listing(root.at("open")) == [])
      }
    }
  }
#endif
