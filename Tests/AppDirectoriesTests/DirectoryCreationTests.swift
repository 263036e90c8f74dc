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

  /// The find-or-create rules of SPEC section 5, through every entry point that creates.
  @Suite("Find or create")
  struct DirectoryCreationTests {
    /// A public or internal way to find-or-create the cache directory.
    enum EntryPoint: String, CaseIterable, Sendable, CustomTestStringConvertible {
      case creator = "DirectoryCreator"
      case appDirectories = "AppDirectories.directory"
      case standardDirectories = "StandardDirectories.directory"
      case fileManager = "FileManager.findOrCreateDirectory"

      var testDescription: String { rawValue }

      /// The directory the entry point makes when the cache base is `cacheBase`.
      func leaf(cacheBase: String) -> String {
        self == .standardDirectories ? cacheBase : cacheBase + "/ExampleApp"
      }

      /// Finds or creates the directory, with `XDG_CACHE_HOME` set to `cacheBase`, and returns
      /// the path it reports.
      @discardableResult
      func run(
        _ root: TemporaryRoot, cacheBase: String, syscalls: any SystemCalls = .live
      ) throws(DirectoryError) -> String {
        let environment = root.environment(["XDG_CACHE_HOME": cacheBase])
        switch self {
        case .creator:
          try DirectoryCreator(syscalls: syscalls, trustedRoot: root.path).findOrCreate(
            leaf(cacheBase: cacheBase))
          return leaf(cacheBase: cacheBase)
        case .appDirectories:
          let dirs = try AppDirectories(
            app: "ExampleApp", organization: nil, layout: .native, environment: environment,
            syscalls: syscalls)
          return try onlyDirectoryError { try dirs.directory(.cache).path }
        case .standardDirectories:
          return try onlyDirectoryError {
            try StandardDirectories(layout: .native, environment: environment, syscalls: syscalls)
              .directoryPath(.cache)
          }
        case .fileManager:
          return try FileManager.default.findOrCreateDirectory(
            .cachesDirectory, in: .userDomainMask, appendingPathComponent: "ExampleApp",
            environment: environment, syscalls: syscalls
          ).path
        }
      }
    }

    // MARK: Creating

    @Test(arguments: EntryPoint.allCases, ["home/.cache", "a/b/c/d/e/f/g/h/cache"])
    func missingDirectoriesAreCreatedWithMode0700(_ entry: EntryPoint, base: String) throws {
      try TemporaryRoot.with { root in
        let cacheBase = root.at(base)
        let path = try entry.run(root, cacheBase: cacheBase)
        #expect(path == entry.leaf(cacheBase: cacheBase))
        #expect(root.isDirectory(path))
        // Every directory made, and the cache's CACHEDIR.TAG, which is a file.
        let created = root.allPaths().filter { !$0.hasSuffix("/CACHEDIR.TAG") }
        #expect(created.contains(path))
        for directory in created {
          #expect(root.isDirectory(directory))
          #expect(root.mode(directory) == 0o700, "\(directory)")
        }
      }
    }

    @Test(arguments: EntryPoint.allCases, [0o755, 0o750, 0o711, 0o777, 0o1777, 0o2755, 0o500])
    func existingDirectoriesKeepTheirMode(_ entry: EntryPoint, mode: mode_t) throws {
      try TemporaryRoot.with { root in
        let cacheBase = root.at("shared/cache")
        let leaf = entry.leaf(cacheBase: cacheBase)
        let parent = (leaf as NSString).deletingLastPathComponent
        try root.makeDirectory(parent, mode: 0o700)
        for directory in [root.at("shared"), parent] {
          #expect(chmod(directory, mode) == 0)
        }
        if mode & 0o200 == 0 && geteuid() != 0 {
          // A user cannot create in a parent without the write bit, where root can: a typed
          // error naming the parent, and nothing made.
          #expect(throws: DirectoryError.permissionDenied(path: parent, errno: .permissionDenied)) {
            try entry.run(root, cacheBase: cacheBase)
          }
          #expect(!root.exists(leaf))
          #expect(root.mode(parent) == mode)
          return
        }
        try entry.run(root, cacheBase: cacheBase)
        #expect(root.mode(root.at("shared")) == mode)
        #expect(root.mode(parent) == mode)
        #expect(root.mode(leaf) == 0o700)

        // The leaf itself, once it exists, keeps whatever mode it is given.
        #expect(chmod(leaf, mode) == 0)
        try entry.run(root, cacheBase: cacheBase)
        #expect(root.mode(leaf) == mode)
      }
    }

    @Test(arguments: EntryPoint.allCases)
    func existingDirectoryIsReturnedUnchanged(_ entry: EntryPoint) throws {
      try TemporaryRoot.with { root in
        let cacheBase = root.home + "/.cache"
        let leaf = entry.leaf(cacheBase: cacheBase)
        try root.makeDirectory(leaf, mode: 0o755)
        try root.writeFile(leaf + "/keep", "contents")
        #expect(try entry.run(root, cacheBase: cacheBase) == leaf)
        #expect(root.mode(leaf) == 0o755)
        #expect(try String(contentsOfFile: leaf + "/keep", encoding: .utf8) == "contents")
      }
    }

    // MARK: Things in the way

    /// What stands where a directory must be, and the error it must give.
    enum Obstacle: String, CaseIterable, Sendable, CustomTestStringConvertible {
      case fileAtLeaf = "a file at the leaf"
      case fileInMiddle = "a file in the middle"
      case danglingSymlinkAtLeaf = "a dangling symlink at the leaf"
      case danglingSymlinkInMiddle = "a dangling symlink in the middle"
      case relativeDanglingSymlinkInMiddle = "a relative dangling symlink in the middle"
      case symlinkToFileAtLeaf = "a symlink to a file at the leaf"
      case symlinkToFileInMiddle = "a symlink to a file in the middle"
      case fifoAtLeaf = "a FIFO at the leaf"
      case fifoInMiddle = "a FIFO in the middle"
      case symlinkLoopAtLeaf = "a symlink loop at the leaf"

      var testDescription: String { rawValue }

      var inMiddle: Bool { rawValue.hasSuffix("middle") }

      /// The error for the obstacle at `path`: a loop of links is told from a link whose
      /// target is missing.
      func expectedError(at path: String) -> DirectoryError {
        switch self {
        case .fileAtLeaf, .fileInMiddle, .symlinkToFileAtLeaf, .symlinkToFileInMiddle, .fifoAtLeaf,
          .fifoInMiddle:
          .notADirectory(path: path)
        case .danglingSymlinkAtLeaf, .danglingSymlinkInMiddle, .relativeDanglingSymlinkInMiddle:
          .danglingSymlink(path: path)
        case .symlinkLoopAtLeaf:
          .symbolicLinkLoop(path: path)
        }
      }

      /// Puts the obstacle at `path`; a link's target is `target`, which must stay absent.
      func place(at path: String, target: String, in root: TemporaryRoot) throws {
        switch self {
        case .fileAtLeaf, .fileInMiddle: try root.writeFile(path, "not a directory")
        case .danglingSymlinkAtLeaf, .danglingSymlinkInMiddle:
          try root.makeSymlink(path, to: target)
        case .relativeDanglingSymlinkInMiddle:
          try root.makeSymlink(path, to: "../nowhere")
        case .symlinkToFileAtLeaf, .symlinkToFileInMiddle:
          try root.writeFile(root.at("a-file"), "not a directory")
          try root.makeSymlink(path, to: root.at("a-file"))
        case .fifoAtLeaf, .fifoInMiddle: try root.makeFIFO(path)
        case .symlinkLoopAtLeaf: try root.makeSymlink(path, to: path)
        }
      }
    }

    @Test(arguments: Obstacle.allCases, EntryPoint.allCases)
    func obstacleIsATypedErrorNamingThePath(_ obstacle: Obstacle, entry: EntryPoint) throws {
      try TemporaryRoot.with { root in
        let cacheBase = root.at("data/cache")
        let leaf = entry.leaf(cacheBase: cacheBase)
        let blocked = obstacle.inMiddle ? (leaf as NSString).deletingLastPathComponent : leaf
        let target = root.at("nowhere")
        try obstacle.place(at: blocked, target: target, in: root)
        let before = root.allPaths()

        let error = #expect(throws: DirectoryError.self) {
          try entry.run(root, cacheBase: cacheBase)
        }
        #expect(error == obstacle.expectedError(at: blocked))
        #expect(error?.path == blocked)
        #expect(error?.description.contains(blocked) == true)
        #expect(error?.recoverySuggestion.isEmpty == false)
        // Nothing was created, through the obstacle or anywhere else.
        #expect(root.allPaths() == before)
        #expect(!root.exists(target))
      }
    }

    @Test(arguments: EntryPoint.allCases, [false, true])
    func symlinkToADirectoryIsFollowed(_ entry: EntryPoint, relative: Bool) throws {
      for inMiddle in [false, true] {
        try TemporaryRoot.with { root in
          let cacheBase = root.at("data/cache")
          let leaf = entry.leaf(cacheBase: cacheBase)
          let link = inMiddle ? (leaf as NSString).deletingLastPathComponent : leaf
          let elsewhere = root.at("other-disk/target")
          try root.makeDirectory(elsewhere, mode: 0o755)
          // A relative link climbs from the link's folder back to the root.
          let depth = link.split(separator: "/").count - root.path.split(separator: "/").count - 1
          let relativeTarget =
            String(repeating: "../", count: depth) + "other-disk/target"
          try root.makeSymlink(link, to: relative ? relativeTarget : elsewhere)

          #expect(try entry.run(root, cacheBase: cacheBase) == leaf)
          #expect(root.status(link).map { $0.mode & S_IFMT == S_IFLNK } == true)
          #expect(root.mode(elsewhere) == 0o755)
          if inMiddle {
            #expect(root.isDirectory(elsewhere + "/" + (leaf as NSString).lastPathComponent))
            #expect(root.mode(elsewhere + "/" + (leaf as NSString).lastPathComponent) == 0o700)
          }
          // Steady state through the link.
          #expect(try entry.run(root, cacheBase: cacheBase) == leaf)
        }
      }
    }

    // MARK: Concurrency

    @Test(arguments: EntryPoint.allCases)
    func concurrentCreatorsOfTheSameDeepPathAllSucceed(_ entry: EntryPoint) throws {
      for round in 0..<3 {
        try TemporaryRoot.with { root in
          let cacheBase = root.at("r\(round)/a/b/c/d/e/f/g/h/i/j/cache")
          let failures = Locked<[String]>([])
          let paths = Locked<Set<String>>([])
          runOnThreads(32) { _ in
            do {
              let path = try entry.run(root, cacheBase: cacheBase)
              paths.withLock { _ = $0.insert(path) }
            } catch {
              failures.withLock { $0.append("\(error)") }
            }
          }
          #expect(failures.withLock { $0 } == [])
          #expect(paths.withLock { $0 } == [entry.leaf(cacheBase: cacheBase)])
          for directory in root.allPaths() where !directory.hasSuffix("/CACHEDIR.TAG") {
            #expect(root.mode(directory) == 0o700, "\(directory)")
          }
        }
      }
    }

    /// Runs `body` on `count` threads that all start at once, and waits for them.
    private func runOnThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
      let ready = DispatchSemaphore(value: 0)
      let start = DispatchSemaphore(value: 0)
      let done = DispatchGroup()
      for index in 0..<count {
        done.enter()
        let thread = Thread {
          ready.signal()
          start.wait()
          body(index)
          done.leave()
        }
        thread.start()
      }
      for _ in 0..<count { ready.wait() }
      for _ in 0..<count { start.signal() }
      done.wait()
    }

    // MARK: Cost of the steady state

    @Test(arguments: EntryPoint.allCases)
    func existingDirectoryCostsOneSystemCall(_ entry: EntryPoint) throws {
      try TemporaryRoot.with { root in
        let cacheBase = root.home + "/.cache"
        let recorder = RecordingSystemCalls()
        try entry.run(root, cacheBase: cacheBase, syscalls: recorder.syscalls)
        for _ in 0..<3 {
          recorder.reset()
          try entry.run(root, cacheBase: cacheBase, syscalls: recorder.syscalls)
          #expect(
            recorder.calls == [
              .status(path: entry.leaf(cacheBase: cacheBase), followSymlinks: true)
            ])
        }
      }
    }

    @Test(arguments: [
      AppDirectory.data, .config, .cache, .state, .logs, .shared(group: "group.a.b"),
    ])
    func existingAppDirectoryCostsOneSystemCall(_ kind: AppDirectory) throws {
      try TemporaryRoot.with { root in
        let recorder = RecordingSystemCalls()
        let dirs = try AppDirectories(
          app: "ExampleApp", organization: nil, layout: .native, environment: root.environment(),
          syscalls: recorder.syscalls)
        let path = try dirs.directory(kind).path
        recorder.reset()
        #expect(try dirs.directory(kind).path == path)
        #expect(recorder.calls == [.status(path: path, followSymlinks: true)])
      }
    }

    @Test(arguments: StandardDirectory.allCases.filter { $0 != .runtime })
    func existingStandardDirectoryCostsOneSystemCall(_ kind: StandardDirectory) throws {
      try TemporaryRoot.with { root in
        let recorder = RecordingSystemCalls()
        let environment = root.environment(
          userDirectories: .contents("XDG_MUSIC_DIR=\"$HOME/Tunes\"\n"))
        let path = try StandardDirectories(
          layout: .native, environment: environment, syscalls: recorder.syscalls
        ).directoryPath(kind)
        #expect(path.hasPrefix(root.path))
        recorder.reset()
        _ = try StandardDirectories(
          layout: .native, environment: environment, syscalls: recorder.syscalls
        ).directoryPath(kind)
        #expect(recorder.calls == [.status(path: path, followSymlinks: true)])
      }
    }

    // MARK: Faults injected through the system-call seam

    @Test(arguments: EntryPoint.allCases)
    func newDirectoryIsFchmoddedTo0700WhateverTheUmask(_ entry: EntryPoint) throws {
      try TemporaryRoot.with { root in
        let cacheBase = root.home + "/.cache"
        try root.makeDirectory(root.home, mode: 0o751)
        // mkdirat as a umask of 0277 would make it: r-x for the owner only.
        var recorder = RecordingSystemCalls()
        recorder.onMakeDirectory = { live, parent, name, mode in
          live.makeDirectory(in: parent, name: name, mode: mode & ~0o277)
        }
        let leaf = try entry.run(root, cacheBase: cacheBase, syscalls: recorder.syscalls)

        let created = root.allPaths().filter { $0 != root.home && !$0.hasSuffix("/CACHEDIR.TAG") }
        #expect(created.contains(leaf))
        for directory in created { #expect(root.mode(directory) == 0o700, "\(directory)") }
        #expect(root.mode(root.home) == 0o751)
        let chmods = recorder.calls.filter {
          if case .setPermissions = $0 {
            true
          } else if case .setPermissionsOfPathDescriptor = $0 {
            true
          } else {
            false
          }
        }
        #expect(chmods == Array(repeating: .setPermissions(mode: 0o700), count: created.count))
        #expect(
          recorder.calls.allSatisfy {
            if case .makeDirectory(_, let mode) = $0 { mode == 0o700 } else { true }
          })
      }
    }

    @Test func withoutTheFchmodTheSimulatedUmaskWouldShow() throws {
      // Checks the fault injection above: the umask it imitates is real.
      try TemporaryRoot.with { root in
        var recorder = RecordingSystemCalls()
        recorder.onMakeDirectory = { live, parent, name, mode in
          live.makeDirectory(in: parent, name: name, mode: mode & ~0o277)
        }
        recorder.onSetPermissions = { _, _, _ in nil }
        let creator = DirectoryCreator(syscalls: recorder.syscalls, trustedRoot: root.path)
        if geteuid() == 0 {
          try creator.findOrCreate(root.at("a/b"))
          #expect(root.mode(root.at("a/b")) == 0o500)
        } else {
          // A user cannot create in the 0500 parent that the umask left; root could.
          #expect(
            throws: DirectoryError.permissionDenied(path: root.at("a"), errno: .permissionDenied)
          ) { try creator.findOrCreate(root.at("a/b")) }
          #expect(!root.exists(root.at("a/b")))
        }
        #expect(root.mode(root.at("a")) == 0o500)
      }
    }

    @Test func newDirectoryWithoutOwnerReadPermissionIsFixedOnItsDescriptor() throws {
      // Under a umask such as 0477 the new directory cannot be opened for reading; the tests run
      // as root, who can, so the refusal is injected.
      try TemporaryRoot.with { root in
        let leaf = root.at("parent/leaf")
        var recorder = RecordingSystemCalls()
        recorder.onMakeDirectory = { live, parent, name, mode in
          live.makeDirectory(in: parent, name: name, mode: name == "leaf" ? 0o300 : mode)
        }
        recorder.onOpenDirectory = { live, parent, name, options in
          if name == "leaf" && !options.pathOnly { return .failure(SystemErrno(rawValue: EACCES)) }
          return live.openDirectory(in: parent, name: name, options: options)
        }
        try DirectoryCreator(syscalls: recorder.syscalls, trustedRoot: root.path).findOrCreate(
          leaf + "/inner")
        #expect(root.mode(leaf) == 0o700)
        #expect(root.mode(leaf + "/inner") == 0o700)
        // Checked on an O_PATH descriptor, then made 0700 through that same descriptor: never
        // by name, which someone could have swapped in the meantime.
        // (The provider has no call that sets a mode by name.)
        #expect(
          recorder.calls.filter { $0 == .setPermissionsOfPathDescriptor(mode: 0o700) }.count == 1)
      }
    }

    @Test(arguments: [
      (EACCES, "permissionDenied"), (EPERM, "permissionDenied"), (EROFS, "readOnlyFileSystem"),
      (ENAMETOOLONG, "nameTooLong"), (ENOSPC, "creationFailed"), (EDQUOT, "creationFailed"),
      (EMLINK, "creationFailed"), (EIO, "creationFailed"), (ENOENT, "creationFailed"),
    ])
    func failedMkdirIsATypedErrorWithItsErrno(_ row: (errno: Int32, kind: String)) throws {
      try TemporaryRoot.with { root in
        var recorder = RecordingSystemCalls()
        let errno = row.errno
        recorder.onMakeDirectory = { live, parent, name, mode in
          name == "leaf"
            ? SystemErrno(rawValue: errno) : live.makeDirectory(in: parent, name: name, mode: mode)
        }
        let leaf = root.at("parent/leaf")
        let error = #expect(throws: DirectoryError.self) {
          try DirectoryCreator(syscalls: recorder.syscalls, trustedRoot: root.path).findOrCreate(
            leaf)
        }
        let thrownErrno = SystemErrno(rawValue: row.errno)
        let expected: DirectoryError =
          switch row.kind {
          // A refused mkdirat names the parent that refused it.
          case "permissionDenied": .permissionDenied(path: root.at("parent"), errno: thrownErrno)
          case "readOnlyFileSystem": .readOnlyFileSystem(path: leaf)
          case "nameTooLong": .nameTooLong(path: leaf)
          default: .creationFailed(path: leaf, errno: thrownErrno)
          }
        #expect(error == expected)
        #expect(error?.path == expected.path)
        #expect(error?.errno == SystemErrno(rawValue: row.errno))
        #expect(error?.description.contains(expected.path!) == true)
        #expect(!root.exists(leaf))
      }
    }

    @Test(arguments: [EPERM, EACCES, EROFS])
    func failedFchmodOfANewDirectoryIsATypedError(_ errno: Int32) throws {
      try TemporaryRoot.with { root in
        var recorder = RecordingSystemCalls()
        recorder.onSetPermissions = { _, _, _ in SystemErrno(rawValue: errno) }
        let error = #expect(throws: DirectoryError.self) {
          try DirectoryCreator(syscalls: recorder.syscalls, trustedRoot: root.path).findOrCreate(
            root.at("a/b"))
        }
        #expect(error?.path == root.at("a"))
        #expect(error?.errno == SystemErrno(rawValue: errno))
        // The directory that could not be made 0700 is taken back: nothing half done is left
        // for the next walk to find.
        #expect(!root.exists(root.at("a")))
        #expect(recorder.calls.contains(.remove(name: "a", isDirectory: true)))
      }
    }

    @Test("A component removed after each mkdirat, twelve times: the walk gives up, typed")
    func componentRemovedAgainAndAgain() throws {
      try TemporaryRoot.with { root in
        let removals = Locked(0)
        let recorder = RecordingSystemCalls(afterMakeDirectory: { parent, name in
          if name == "b", unlinkat(parent, name, AT_REMOVEDIR) == 0 {
            removals.withLock { $0 += 1 }
          }
        })
        #expect(
          throws: DirectoryError.creationFailed(path: root.at("a/b"), errno: .noSuchFileOrDirectory)
        ) {
          try DirectoryCreator(syscalls: recorder.syscalls, trustedRoot: root.path).findOrCreate(
            root.at("a/b/c"))
        }
        #expect(removals.withLock { $0 } == 12)
        #expect(!root.exists(root.at("a/b")))
      }
    }

    @Test("A signal that interrupts any call of the walk is not seen: the call is made again")
    func interruptedCallsAreRetried() throws {
      try TemporaryRoot.with { root in
        // Every call of the walk is interrupted once, in the live provider.
        let recorder = RecordingSystemCalls(faults: [
          .init(errno: EINTR, remaining: .max) { _ in true }
        ])
        let leaf = root.at("a/b/c")
        try DirectoryCreator(syscalls: recorder.syscalls, trustedRoot: root.path).findOrCreate(leaf)
        #expect(root.isDirectory(leaf))
        #expect(root.mode(leaf) == 0o700)
        #expect(recorder.injectedCount == recorder.records.count)
        #expect(recorder.records.filter { $0.call == .mkdirat }.map(\.name) == ["a", "b", "c"])
        #expect(recorder.unretriedInterruptions.isEmpty, "\(recorder.unretriedInterruptions)")
      }
    }

    @Test func directoryMadeByAnotherProcessMeanwhileIsSuccess() throws {
      try TemporaryRoot.with { root in
        let leaf = root.at("parent/leaf")
        var recorder = RecordingSystemCalls()
        recorder.onMakeDirectory = { live, parent, name, mode in
          // Someone else creates it, with their own mode, just before us.
          if name == "leaf" {
            _ = live.makeDirectory(in: parent, name: name, mode: 0o755)
            chmod(leaf, 0o755)
          }
          return live.makeDirectory(in: parent, name: name, mode: mode)
        }
        try DirectoryCreator(syscalls: recorder.syscalls, trustedRoot: root.path).findOrCreate(leaf)
        #expect(root.isDirectory(leaf))
        // Not ours, so not chmodded: only "parent" was.
        #expect(root.mode(leaf) == 0o755)
        #expect(
          recorder.calls.filter { if case .setPermissions = $0 { true } else { false } }.count == 1)
      }
    }

    @Test func symlinkSwappedInAfterMkdirIsRefusedAndNotFollowed() throws {
      try TemporaryRoot.with { root in
        let leaf = root.at("parent/leaf")
        let victim = root.at("victim")
        try root.makeDirectory(victim, mode: 0o755)
        var recorder = RecordingSystemCalls()
        recorder.onMakeDirectory = { live, parent, name, mode in
          let result = live.makeDirectory(in: parent, name: name, mode: mode)
          if name == "leaf" {
            rmdir(leaf)
            symlink(victim, leaf)
          }
          return result
        }
        let error = #expect(throws: DirectoryError.self) {
          try DirectoryCreator(syscalls: recorder.syscalls, trustedRoot: root.path).findOrCreate(
            leaf + "/inner")
        }
        #expect(error?.path == leaf)
        #expect(root.mode(victim) == 0o755)
        #expect(root.allPaths().filter { $0.hasPrefix(victim + "/") }.isEmpty)
      }
    }

    @Test func fileSwappedInAfterMkdirIsRefused() throws {
      try TemporaryRoot.with { root in
        let leaf = root.at("parent/leaf")
        var recorder = RecordingSystemCalls()
        recorder.onMakeDirectory = { live, parent, name, mode in
          let result = live.makeDirectory(in: parent, name: name, mode: mode)
          if name == "leaf" {
            rmdir(leaf)
            _ = FileManager.default.createFile(atPath: leaf, contents: Data())
          }
          return result
        }
        let error = #expect(throws: DirectoryError.self) {
          try DirectoryCreator(syscalls: recorder.syscalls, trustedRoot: root.path).findOrCreate(
            leaf)
        }
        #expect(error == .notADirectory(path: leaf))
      }
    }
  }
#endif
