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

  /// Sockets that fit `sun_path` and single-instance locks (SPEC section 12), on real files
  /// inside a temporary root.
  @Suite("Runtime files: sockets and locks")
  struct RuntimeFilesTests {
    static let application = "ExampleApp"

    /// A runtime directory inside the root whose natural socket path `<run>/ExampleApp/<name>`
    /// is exactly `length` bytes long (without its NUL).
    static func runtimeDirectory(
      in root: TemporaryRoot, naturalLength length: Int, socket name: String
    ) throws -> String {
      let suffix = "/\(application)/\(name)"
      let prefix = root.at("r")
      let padding = length - prefix.utf8.count - suffix.utf8.count
      try #require(padding >= 0, "the temporary root is too long for this row")
      let run = prefix + String(repeating: "r", count: padding)
      try root.makeDirectory(run, mode: 0o700)
      return run
    }

    static func directories(_ root: TemporaryRoot, runtime: String) throws -> AppDirectories {
      try root.makeDirectory(root.tmp, mode: 0o700)
      return try AppDirectories(
        app: application, organization: nil, layout: .native,
        environment: root.environment(["XDG_RUNTIME_DIR": runtime]), syscalls: .live)
    }

    /// The natural path's length in bytes, without the NUL, and whether it fits Linux's 108.
    static let boundaryLengths: [(length: Int, fits: Bool)] = [
      (105, true), (106, true), (107, true), (108, false), (109, false), (160, false),
    ]

    @Test(arguments: boundaryLengths)
    func aSocketPathFitsSunPathAndBinds(_ row: (length: Int, fits: Bool)) throws {
      try TemporaryRoot.with { root in
        let name = "control.sock"
        let run = try Self.runtimeDirectory(in: root, naturalLength: row.length, socket: name)
        let dirs = try Self.directories(root, runtime: run)
        let natural = "\(run)/\(Self.application)/\(name)"
        #expect(natural.utf8.count == row.length)

        let resolution = try dirs.socketResolution(named: name)
        #expect(try dirs.socketURL(named: name).path == resolution.path)
        #expect(resolution.path.utf8.count + 1 <= 108)
        if row.fits {
          #expect(resolution.path == natural)
          #expect(resolution.source == .variable("XDG_RUNTIME_DIR"))
          #expect(root.mode("\(run)/\(Self.application)") == 0o700)
        } else {
          let hash = String(format: "%08x", SocketAddress.stableHash(natural))
          let directory = "\(root.tmp)/ExampleA-\(currentUserID)-\(hash)"
          #expect(resolution.path == "\(directory)/\(name)")
          #expect(resolution.source == .fallback)
          #expect(
            resolution.ignored == [
              IgnoredValue(
                .socketPath(natural), .tooLongForSocketAddress(bytes: row.length + 1, limit: 108))
            ])
          #expect(resolution.warnings.isEmpty)
          #expect(root.mode(directory) == 0o700)
          #expect(TemporaryRoot.fileStatus(directory)?.owner == currentUserID)
        }
        // bind(2) on the path itself: it fits.
        try root.makeSocket(resolution.path)
        #expect(TemporaryRoot.fileStatus(resolution.path)?.type == .other)
      }
    }

    @Test func aSocketsSteadyStateCostsWhatTheRuntimeDirectoryCosts() throws {
      try TemporaryRoot.with { root in
        try root.makeDirectory(root.at("run"), mode: 0o700)
        let recorder = RecordingSystemCalls()
        try root.makeDirectory(root.tmp, mode: 0o700)
        let dirs = try AppDirectories(
          app: Self.application, organization: nil, layout: .native,
          environment: root.environment(["XDG_RUNTIME_DIR": root.at("run")]),
          syscalls: recorder.syscalls)
        let socket = try dirs.socketURL(named: "control.sock")
        recorder.reset()
        _ = try dirs.directory(.runtime)
        let directoryCalls = recorder.calls
        recorder.reset()
        #expect(try dirs.socketURL(named: "control.sock") == socket)
        #expect(recorder.calls == directoryCalls)
        #expect(
          directoryCalls.count == 6,
          "lstat, stat of its parent, open, fstat, fstatat, close: \(directoryCalls)")
      }
    }

    @Test func theShortDirectoryIsStableAndItsOwnForEachNaturalPath() throws {
      try TemporaryRoot.with { root in
        let run = try Self.runtimeDirectory(in: root, naturalLength: 130, socket: "a.sock")
        let dirs = try Self.directories(root, runtime: run)
        let first = try dirs.socketURL(named: "a.sock")
        #expect(try dirs.socketURL(named: "a.sock") == first)
        // Another natural path (another socket name's is in the same directory; another runtime
        // directory's is not).
        let other = try Self.runtimeDirectory(in: root, naturalLength: 131, socket: "a.sock")
        let otherDirs = try Self.directories(root, runtime: other)
        let second = try otherDirs.socketURL(named: "a.sock")
        #expect(first.deletingLastPathComponent() != second.deletingLastPathComponent())
        #expect(
          SocketAddress.shortDirectoryName(
            application: "Ünïcødé-App", userID: 7, naturalPath: "/x"
          ).hasPrefix("Ünïcø-7-"))
      }
    }

    /// What a test plants where the short directory goes, and whether only root can plant it.
    struct Planted: Sendable, CustomTestStringConvertible {
      let name: String
      let needsRoot: Bool
      let plant: @Sendable (TemporaryRoot, String) throws -> Void
      var testDescription: String { name }
    }

    static let plantedShortDirectories: [Planted] = [
      Planted(name: "a symbolic link to a private directory", needsRoot: false) { root, path in
        try root.makeDirectory(root.at("elsewhere"), mode: 0o700)
        try root.makeSymlink(path, to: root.at("elsewhere"))
      },
      Planted(name: "a file", needsRoot: false) { root, path in try root.writeFile(path, "") },
      Planted(name: "a directory of the user with mode 0755", needsRoot: false) { root, path in
        try root.makeDirectory(path, mode: 0o755)
      },
      Planted(name: "another user's 0777 directory", needsRoot: true) { root, path in
        try root.makeDirectory(path, mode: 0o777)
        try root.changeOwner(path, to: otherUserID)
      },
    ]

    @Test(arguments: plantedShortDirectories.filter { !$0.needsRoot })
    func aPlantedShortDirectoryIsRefused(_ planted: Planted) throws {
      try Self.refusesPlantedShortDirectory(planted)
    }

    @Test(.needsRoot, arguments: plantedShortDirectories.filter(\.needsRoot))
    func anotherUsersShortDirectoryIsRefused(_ planted: Planted) throws {
      try Self.refusesPlantedShortDirectory(planted)
    }

    static func refusesPlantedShortDirectory(_ planted: Planted) throws {
      try TemporaryRoot.with { root in
        let run = try Self.runtimeDirectory(in: root, naturalLength: 140, socket: "c.sock")
        let dirs = try Self.directories(root, runtime: run)
        let natural = "\(run)/\(Self.application)/c.sock"
        let short =
          root.tmp + "/"
          + SocketAddress.shortDirectoryName(
            application: Self.application, userID: currentUserID, naturalPath: natural)
        try planted.plant(root, short)
        let before = root.allPaths()
        #expect {
          _ = try dirs.socketURL(named: "c.sock")
        } throws: { error in
          guard case .insecureRuntimeDirectory(let path, _) = error as? DirectoryError else {
            return false
          }
          return path == short
        }
        #expect(root.allPaths() == before)
        #expect(!root.exists(root.at("elsewhere/c.sock")))
      }
    }

    @Test func aNameTooLongEvenForTheShortDirectoryIsTooLongForSunPath() throws {
      try TemporaryRoot.with { root in
        // An isolated environment: the short directory never goes to the real /tmp.
        let environment = ProcessEnvironment.isolated(in: URL(fileURLWithPath: root.path))
        let dirs = try AppDirectories(app: Self.application, environment: environment)
        let name = String(repeating: "s", count: 100)
        let before = root.allPaths()
        do throws(DirectoryError) {
          _ = try onlyDirectoryError { try dirs.socketURL(named: name) }
          Issue.record("a socket name of 100 bytes was given a path")
        } catch .nameTooLong(let path, let limit) {
          #expect(path.hasSuffix("/\(Self.application)/\(name)"))
          #expect(
            limit
              == .socketAddress(
                bytes: path.utf8.count + 1, capacity: SocketAddress.capacity(on: .host)))
        } catch {
          Issue.record("expected nameTooLong, got \(error)")
        }
        #expect(root.allPaths() == before)
      }
    }

    @Test(arguments: ["", ".", "..", "a/b", "tab\there", String(repeating: "x", count: 256)])
    func aBadSocketOrLockNameIsRefusedAndNothingIsMade(_ name: String) throws {
      try TemporaryRoot.with { root in
        let dirs = try Self.directories(root, runtime: root.at("run"))
        let before = root.allPaths()
        #expect(throws: DirectoryError.self) { _ = try dirs.socketURL(named: name) }
        #expect(throws: DirectoryError.self) { _ = try dirs.lock(named: name) }
        do throws(DirectoryError) {
          _ = try onlyDirectoryError { try dirs.lock(named: name) }
        } catch .invalidName(let rejected, _) {
          #expect(rejected == name)
        } catch {
          Issue.record("expected invalidName, got \(error)")
        }
        #expect(root.allPaths() == before)
      }
    }

    // MARK: Locks

    @Test func aLockHasOneHolderAtATimeAndWritesItsProcessID() throws {
      try TemporaryRoot.with { root in
        try root.makeDirectory(root.at("run"), mode: 0o700)
        let dirs = try Self.directories(root, runtime: root.at("run"))
        let lock = try #require(try dirs.lock(named: "instance"))
        let file = root.at("run/\(Self.application)/instance.lock")
        #expect(lock.path == file)
        #expect(lock.isHeld)
        #expect(root.mode(file) == 0o600)
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "\(getpid())\n")
        // A second holder in the same process, as from another thread, is refused.
        #expect(try dirs.lock(named: "instance") == nil)
        #expect(try dirs.lockHolder(named: "instance") == getpid())
        // Another name is another lock.
        let other = try #require(try dirs.lock(named: "index"))
        other.release()
        lock.release()
        #expect(!lock.isHeld)
        // Read as a status: FoundationEssentials' String(contentsOfFile:) leaks its buffer on an
        // empty file, which the AddressSanitizer run reports.
        #expect(TemporaryRoot.fileStatus(file)?.size == 0)
        #expect(try dirs.lockHolder(named: "instance") == nil)
        lock.release()
        let again = try #require(try dirs.lock(named: "instance"))
        again.release()
        #expect(root.exists(file), "the lock file stays, so that a waiter never locks a lost name")
      }
    }

    /// The application's runtime folder as the user's own link (to a folder on another disk,
    /// say): the lock is taken in the folder it leads to, reached through the one walk as every
    /// door reaches a directory, and the socket's path keeps the link's spelling.
    @Test func aLockAndASocketInARuntimeFolderThatIsTheUsersOwnLink() throws {
      try TemporaryRoot.with { root in
        try root.makeDirectory(root.at("run"), mode: 0o700)
        try root.makeDirectory(root.at("run/real/\(Self.application)"))
        try root.makeSymlink(
          root.at("run/\(Self.application)"), to: root.at("run/real/\(Self.application)"))
        let dirs = try Self.directories(root, runtime: root.at("run"))
        let lock = try #require(try dirs.lock(named: "instance"))
        #expect(root.exists(root.at("run/real/\(Self.application)/instance.lock")))
        lock.release()
        #expect(
          try dirs.socketResolution(named: "control.sock").path
            == root.at("run/\(Self.application)/control.sock"))
      }
    }

    @Test func twoThreadsRacingForALockGetItOnce() throws {
      let root = try TemporaryRoot.withUserDirectories()
      defer { root.remove() }
      try root.makeDirectory(root.at("run"), mode: 0o700)
      let dirs = try Self.directories(root, runtime: root.at("run"))
      for _ in 0..<20 {
        // Mutual exclusion is what this asserts: never two holders. A round where neither thread
        // got the lock is tried again: once, in a loaded run of the whole suite in parallel, a
        // round found the lock held by nobody of this test's (not seen when run alone).
        var tries = 0
        while true {
          tries += 1
          let outcomes = Locked<[Result<DirectoryLock?, DirectoryError>]>([])
          DispatchQueue.concurrentPerform(iterations: 2) { _ in
            let outcome = Result { () throws(DirectoryError) in
              try onlyDirectoryError { try dirs.lock(named: "race") }
            }
            outcomes.withLock { $0.append(outcome) }
          }
          let results = outcomes.withLock { $0 }
          let failures = results.filter { result in
            if case .failure = result { return true }
            return false
          }
          #expect(failures.isEmpty, "\(failures)")
          let holders = results.compactMap { try? $0.get() }
          #expect(holders.count <= 1, "two holders of one lock at once")
          for lock in holders { lock.release() }
          if holders.count == 1 { break }
          guard tries < 100 else {
            Issue.record("neither thread got the lock in 100 tries")
            break
          }
          usleep(10_000)
        }
      }
    }

    @Test func aLockIsReleasedWhenItsValueGoes() throws {
      try TemporaryRoot.with { root in
        try root.makeDirectory(root.at("run"), mode: 0o700)
        let dirs = try Self.directories(root, runtime: root.at("run"))
        do {
          let lock = try dirs.lock(named: "scoped")
          #expect(lock != nil)
        }
        let next = try #require(try dirs.lock(named: "scoped"))
        next.release()
      }
    }

    @Test func withLockWaitsOrThrowsLockHeld() async throws {
      let root = try TemporaryRoot.withUserDirectories()
      defer { root.remove() }
      try root.makeDirectory(root.at("run"), mode: 0o700)
      let dirs = try Self.directories(root, runtime: root.at("run"))
      let held = try #require(try dirs.lock(named: "job"))
      await #expect {
        try await dirs.withLock(named: "job", wait: false) { Issue.record("ran without the lock") }
      } throws: { error in
        (error as? DirectoryError)
          == .lockHeld(path: root.at("run/\(Self.application)/job.lock"), holder: getpid())
      }
      let releaser = Task {
        try await Task.sleep(nanoseconds: 50_000_000)
        held.release()
      }
      let value = try await dirs.withLock(named: "job") { () async throws -> Int in
        #expect(!held.isHeld)
        return 42
      }
      #expect(value == 42)
      try await releaser.value
      // Released afterwards, also when the operation throws.
      struct Failure: Error {}
      await #expect(throws: Failure.self) {
        try await dirs.withLock(named: "job") { throw Failure() }
      }
      let after = try #require(try dirs.lock(named: "job"))
      after.release()
    }

    /// What a test plants at the lock file's place, and what the error calls it.
    static let plantedLockFiles:
      [(
        name: String, plant: @Sendable (TemporaryRoot, String) throws -> Void, found: ForeignFile
      )] = [
        (
          "a symbolic link to a file",
          { root, path in
            try root.makeSymlink(path, to: root.at("target"))
          },
          .symbolicLink
        ),
        ("a directory", { root, path in try root.makeDirectory(path, mode: 0o700) }, .directory),
        ("a FIFO", { root, path in try root.makeFIFO(path) }, .fifo),
        ("a socket", { root, path in try root.makeSocket(path) }, .socket),
      ]

    @Test(arguments: plantedLockFiles.indices)
    func somethingElseAtTheLockFilesPlaceIsRefusedNotFollowed(_ index: Int) throws {
      let planted = Self.plantedLockFiles[index]
      try TemporaryRoot.with { root in
        try root.makeDirectory(root.at("run/\(Self.application)"), mode: 0o700)
        try root.makeDirectory(root.at("run"), mode: 0o700)
        let dirs = try Self.directories(root, runtime: root.at("run"))
        let path = root.at("run/\(Self.application)/instance.lock")
        try planted.plant(root, path)
        let before = root.allPaths()
        do throws(DirectoryError) {
          _ = try onlyDirectoryError { try dirs.lock(named: "instance") }
          Issue.record("\(planted.name) was used as a lock file")
        } catch {
          #expect(error == .foreignFile(path: path, found: planted.found), "\(planted.name)")
        }
        #expect(root.allPaths() == before, "\(planted.name)")
        #expect(!root.exists(root.at("target")))
      }
    }

    @Test func aHardLinkAtTheLockFilesPlaceIsRefusedAndItsOtherFileKept() throws {
      try TemporaryRoot.with { root in
        try root.makeDirectory(root.at("run/\(Self.application)"), mode: 0o700)
        try root.makeDirectory(root.at("run"), mode: 0o700)
        let dirs = try Self.directories(root, runtime: root.at("run"))
        let path = root.at("run/\(Self.application)/instance.lock")
        // Another file of the user's, given a second name where the lock file goes.
        try root.writeFile(root.at("precious"), "the user's own\n")
        #expect(link(root.at("precious"), path) == 0)
        #expect(throws: DirectoryError.foreignFile(path: path, found: .hardLink(linkCount: 2))) {
          _ = try dirs.lock(named: "instance")
        }
        #expect(
          try String(contentsOfFile: root.at("precious"), encoding: .utf8) == "the user's own\n")
      }
    }

    @Test(.needsRoot) func anotherUsersLockFileIsRefused() throws {
      try TemporaryRoot.with { root in
        try root.makeDirectory(root.at("run/\(Self.application)"), mode: 0o700)
        try root.makeDirectory(root.at("run"), mode: 0o700)
        let dirs = try Self.directories(root, runtime: root.at("run"))
        let path = root.at("run/\(Self.application)/instance.lock")
        try root.writeFile(path, "1\n")
        try root.changeOwner(path, to: otherUserID)
        #expect(
          throws: DirectoryError.foreignFile(
            path: path, found: .fileOfAnotherUser(owner: otherUserID))
        ) {
          _ = try dirs.lock(named: "instance")
        }
      }
    }

    @Test func aFailureOfTheLockCallIsATypedErrorAndNothingIsHeld() throws {
      try TemporaryRoot.with { root in
        try root.makeDirectory(root.at("run"), mode: 0o700)
        let recorder = RecordingSystemCalls(faults: [
          RecordingSystemCalls.Fault(errno: EIO, remaining: 1) { $0.call == .flock }
        ])
        let dirs = try AppDirectories(
          app: Self.application, organization: nil, layout: .native,
          environment: root.environment(["XDG_RUNTIME_DIR": root.at("run")]),
          syscalls: recorder.syscalls)
        #expect(
          throws: DirectoryError.creationFailed(
            path: root.at("run/\(Self.application)/instance.lock"), errno: .ioError)
        ) { _ = try dirs.lock(named: "instance") }
        let live = try Self.directories(root, runtime: root.at("run"))
        let lock = try #require(try live.lock(named: "instance"))
        lock.release()
      }
    }
  }
#endif
