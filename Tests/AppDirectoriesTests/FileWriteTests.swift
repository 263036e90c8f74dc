// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

// These tests make files, links and FIFOs through POSIX calls.
#if !os(Windows)
  import Foundation
  import Testing

  @testable import AppDirectoriesCore
  @testable import AppDirectoriesFiles
  @testable import AppDirectoriesMaintenance
  @testable import TestSupport

  /// A file in one of the application's directories (SPEC section 16): its path, the durable
  /// and atomic write, and the read that follows no link, on real files inside a temporary root.
  @Suite("Files in the directories")
  struct FileWriteTests {
    static func directories(
      _ root: TemporaryRoot, syscalls: any SystemCalls = LiveSystemCalls()
    ) throws -> AppDirectories {
      try AppDirectories(
        app: "ExampleApp", organization: nil, layout: .native, environment: root.environment(),
        syscalls: syscalls)
    }

    static func config(_ root: TemporaryRoot) -> String { root.home + "/.config/ExampleApp" }

    /// The names in a directory, sorted; `[]` when it does not exist.
    static func names(_ directory: String) -> [String] {
      ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).sorted()
    }

    static func text(_ path: String) -> String? {
      FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
    }

    @Test func writesReadsAndReplaces() throws {
      try TemporaryRoot.with { root in
        let dirs = try Self.directories(root)
        #expect(try dirs.contents(ofFile: "settings.json", in: .config) == nil)
        #expect(!root.exists(Self.config(root)), "reading creates nothing")

        try dirs.write(Array("first".utf8), toFile: "settings.json", in: .config)
        let path = Self.config(root) + "/settings.json"
        #expect(Self.text(path) == "first")
        #expect(root.mode(path) == 0o600)
        let firstInode = root.status(path)?.st_ino
        #expect(try dirs.contents(ofFile: "settings.json", in: .config) == Array("first".utf8))

        try dirs.write("second, longer".utf8, toFile: "settings.json", in: .config)
        #expect(Self.text(path) == "second, longer")
        #expect(root.status(path)?.st_ino != firstInode, "a new file took the name")
        #expect(Self.names(Self.config(root)) == ["settings.json"])

        try dirs.write(Data(), toFile: "settings.json", in: .config)
        #expect(try dirs.contents(ofFile: "settings.json", in: .config) == [])
        #expect(try dirs.filePath(named: "settings.json", in: .config) == path)
        #expect(try dirs.fileURL(named: "settings.json", in: .config).path == path)
      }
    }

    /// The mode is exactly the one asked for: the umask (022 or 077 in the test run) takes
    /// nothing away from a file made by the write itself.
    @Test(arguments: [0o600, 0o644, 0o666, 0o400, 0o000] as [UInt32])
    func theModeIsTheOneAskedFor(_ mode: UInt32) throws {
      try TemporaryRoot.with { root in
        let dirs = try Self.directories(root)
        try dirs.write([1, 2, 3], toFile: "data.bin", in: .data, permissions: mode)
        #expect(root.mode(root.home + "/.local/share/ExampleApp/data.bin") == mode_t(mode))
      }
    }

    /// A large file, longer than one `write` may take, arrives whole.
    @Test func aLargeFileArrivesWhole() throws {
      try TemporaryRoot.with { root in
        let dirs = try Self.directories(root)
        let bytes = (0..<3_000_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        try dirs.write(bytes.lazy.map { $0 }, toFile: "big", in: .cache)
        #expect(try dirs.contents(ofFile: "big", in: .cache) == bytes)
      }
    }

    static let badNames: [(name: String, problem: NameProblem)] = [
      ("", .empty(.fileName)),
      (".", .dotName(".")),
      ("..", .dotName("..")),
      ("a/b", .separator("/")),
      ("a\\b", .separator("\\")),
      ("a\u{0}b", .controlCharacter("\u{0}")),
      (String(repeating: "x", count: 256), .tooLong(.fileName, bytes: 256)),
      (".appdirs-write-0123", .reservedForTemporaryFiles(prefix: ".appdirs-write-")),
    ]

    @Test(arguments: badNames)
    func aBadNameIsRefusedAndNothingIsMade(_ row: (name: String, problem: NameProblem)) throws {
      try TemporaryRoot.with { root in
        let dirs = try Self.directories(root)
        let expected = DirectoryError.invalidName(name: row.name, reason: row.problem)
        #expect(throws: expected) { try dirs.write([1], toFile: row.name, in: .config) }
        #expect(throws: expected) { try dirs.filePath(named: row.name, in: .config) }
        #expect(throws: expected) { try dirs.fileURL(named: row.name, in: .config) }
        #expect(throws: expected) { try dirs.contents(ofFile: row.name, in: .config) }
        #expect(!root.exists(root.home), "nothing was created")
      }
    }

    @Test(arguments: [0o1000, 0o4755, 0o2600, 0o10000] as [UInt32])
    func permissionsThatAreNotAFilesAreRefused(_ mode: UInt32) throws {
      try TemporaryRoot.with { root in
        let dirs = try Self.directories(root)
        #expect(throws: DirectoryError.invalidPermissions(mode)) {
          try dirs.write([1], toFile: "settings.json", in: .config, permissions: mode)
        }
        #expect(!root.exists(root.home))
        #expect(DirectoryError.invalidPermissions(mode).path == nil)
        #expect(
          DirectoryError.invalidPermissions(mode).description
            == "the permissions 0o\(String(mode, radix: 8)) are not a file's: only 0o000 to 0o777 can be given"
        )
        #expect(DirectoryError.invalidPermissions(mode).recoverySuggestion.contains("0o600"))
      }
    }

    /// A link at the name is replaced itself; what it pointed at is left as it was.
    @Test func aLinkAtTheNameIsReplacedNotFollowed() throws {
      try TemporaryRoot.with { root in
        let dirs = try Self.directories(root)
        try root.writeFile(root.at("elsewhere"), "precious")
        try root.makeDirectory(Self.config(root))
        let path = Self.config(root) + "/settings.json"
        try root.makeSymlink(path, to: root.at("elsewhere"))
        #expect(throws: DirectoryError.foreignFile(path: path, found: .symbolicLink)) {
          try dirs.contents(ofFile: "settings.json", in: .config)
        }
        try dirs.write(Array("mine".utf8), toFile: "settings.json", in: .config)
        #expect(Self.text(root.at("elsewhere")) == "precious")
        #expect(TemporaryRoot.fileStatus(path)?.type == .regular)
        #expect(Self.text(path) == "mine")
      }
    }

    /// What is neither a file nor a link is refused, by the write and the read, and left.
    @Test(arguments: ["directory", "fifo", "socket"])
    func whatIsNotAFileIsRefused(_ what: String) throws {
      try TemporaryRoot.with { root in
        let dirs = try Self.directories(root)
        try root.makeDirectory(Self.config(root))
        let path = Self.config(root) + "/settings.json"
        let found: ForeignFile
        switch what {
        case "directory":
          try root.makeDirectory(path)
          try root.writeFile(path + "/inside", "kept")
          found = .directory
        case "fifo":
          try root.makeFIFO(path)
          found = .fifo
        default:
          try root.makeSocket(path)
          found = .socket
        }
        #expect(throws: DirectoryError.foreignFile(path: path, found: found)) {
          try dirs.write([1], toFile: "settings.json", in: .config)
        }
        #expect(throws: DirectoryError.foreignFile(path: path, found: found)) {
          try dirs.contents(ofFile: "settings.json", in: .config)
        }
        #expect(Self.names(Self.config(root)) == ["settings.json"], "no temporary file is left")
        if what == "directory" { #expect(Self.text(path + "/inside") == "kept") }
      }
    }

    /// The temporary files of killed writes are removed by the next write; one that a live
    /// writer holds locked, a link, a directory and a file with a second name are left alone.
    @Test func leftoversAreRemovedButNotWhatAWriterHolds() throws {
      try TemporaryRoot.with { root in
        let dirs = try Self.directories(root)
        let config = Self.config(root)
        try root.makeDirectory(config)
        for name in ["dead1", "dead2", "held", "twice"] {
          try root.writeFile(config + "/.appdirs-write-" + name, "partial")
        }
        try root.makeSymlink(config + "/.appdirs-write-link", to: root.at("target"))
        try root.makeDirectory(config + "/.appdirs-write-folder")
        #expect(link(config + "/.appdirs-write-twice", root.at("second-name")) == 0)
        let held = open(config + "/.appdirs-write-held", O_RDONLY)
        #expect(held >= 0)
        defer { close(held) }
        #expect(flock(held, LOCK_EX) == 0)

        try dirs.write(Array("new".utf8), toFile: "settings.json", in: .config)
        #expect(
          Self.names(config) == [
            ".appdirs-write-folder", ".appdirs-write-held", ".appdirs-write-link",
            ".appdirs-write-twice", "settings.json",
          ])
        #expect(Self.text(root.at("second-name")) == "partial")
      }
    }

    /// A failure at each system call of a write, one run per call: the write throws a typed
    /// error or succeeds, the file holds the old bytes or the new ones, and the next write,
    /// without a failure, leaves the new bytes and no temporary file.
    @Test func aFailureAtEveryStepLeavesTheOldBytesOrTheNew() throws {
      let steps = try TemporaryRoot.with { root in
        let recorder = RecordingSystemCalls()
        let dirs = try Self.directories(root, syscalls: recorder.syscalls)
        try dirs.write(Array("old".utf8), toFile: "settings.json", in: .config)
        try root.writeFile(Self.config(root) + "/.appdirs-write-dead", "partial")
        recorder.reset()
        try dirs.write(Array("new".utf8), toFile: "settings.json", in: .config)
        return recorder.records.count
      }
      #expect(steps >= 10, "the write has its steps: \(steps)")
      for step in 1...steps {
        for errno in [EIO, ENOSPC, EACCES] {
          try TemporaryRoot.with { root in
            let plain = try Self.directories(root)
            try plain.write(Array("old".utf8), toFile: "settings.json", in: .config)
            try root.writeFile(Self.config(root) + "/.appdirs-write-dead", "partial")
            let recorder = RecordingSystemCalls(faults: [
              EveryStepFaultTests.failing(call: step, with: errno)
            ])
            let dirs = try Self.directories(root, syscalls: recorder.syscalls)
            let comment: Comment = "errno \(errno) at step \(step) of \(recorder.records)"
            do throws(DirectoryError) {
              try onlyDirectoryError {
                try dirs.write(Array("new".utf8), toFile: "settings.json", in: .config)
              }
            } catch {
              #expect(error.path != nil, comment)
            }
            #expect(
              ["old", "new"].contains(Self.text(Self.config(root) + "/settings.json")), comment)
            #expect(recorder.openDescriptors.isEmpty, comment)
            try plain.write(Array("again".utf8), toFile: "settings.json", in: .config)
            #expect(Self.names(Self.config(root)) == ["settings.json"], comment)
            #expect(Self.text(Self.config(root) + "/settings.json") == "again", comment)
          }
        }
      }
    }

    /// The steps of a write in their order, none skipped: the new file is written and
    /// `fsync`ed before it takes the name, and the directory is `fsync`ed after.
    @Test func theDurabilityStepsAreEachMadeInTheirOrder() throws {
      try TemporaryRoot.with { root in
        let recorder = RecordingSystemCalls()
        let dirs = try Self.directories(root, syscalls: recorder.syscalls)
        try dirs.write(Array("old".utf8), toFile: "settings.json", in: .config)
        recorder.reset()
        try dirs.write(Array("new".utf8), toFile: "settings.json", in: .config)
        let steps = recorder.records.map { record in
          record.name.hasPrefix(".appdirs-write-")
            ? record.description.replacingOccurrences(of: record.name, with: "NEW")
            : record.description
        }
        let expected = [
          "stat(\(Self.config(root)))", "fstatat(settings.json)", "readdir(ExampleApp)",
          "openat(NEW, O_NOFOLLOW)", "flock(NEW)", "fstat(NEW)", "fchmod(NEW)", "write(NEW)",
          "fsync(NEW)",
          "renameat(settings.json)", "fsync(ExampleApp)",
        ]
        // The steps named above, in this order, and nothing else done to the new file.
        let named = steps.filter { step in
          expected.contains(step) || step.contains("NEW")
        }
        #expect(named == expected, "\(steps)")
      }
    }

    /// The answers of the steps that are not plain failures.
    @Test func eachStepsAnswerIsTyped() throws {
      try TemporaryRoot.with { root in
        let path = Self.config(root) + "/settings.json"
        func attempt(_ fault: RecordingSystemCalls.Fault) throws -> DirectoryError? {
          let dirs = try Self.directories(root, syscalls: RecordingSystemCalls(faults: [fault]))
          do {
            try dirs.write(Array("new".utf8), toFile: "settings.json", in: .config)
            return nil
          } catch let error as DirectoryError {
            return error
          }
        }
        func on(_ call: RecordingSystemCalls.Call, _ errno: Int32, times: Int = 1)
          -> RecordingSystemCalls.Fault
        {
          RecordingSystemCalls.Fault(errno: errno, remaining: times) { $0.call == call }
        }
        // A full disk while writing: the suggestion says to free space.
        let full = try #require(try attempt(on(.write, ENOSPC)))
        #expect(full == .writeFailed(path: path, errno: .noSpace))
        #expect(full.recoverySuggestion.contains("Free some disk space"))
        #expect(full.errno == .noSpace)
        #expect(full.description == "cannot write \(path): \(SystemErrno.noSpace)")
        // A refusal to make the temporary file, and a read-only file system.
        let openat = { (errno: Int32) in
          RecordingSystemCalls.Fault(errno: errno, remaining: 1) {
            $0.call == .openat && $0.name.hasPrefix(".appdirs-write-")
          }
        }
        #expect(
          try attempt(openat(EACCES)) == .permissionDenied(path: path, errno: .permissionDenied))
        #expect(try attempt(openat(EROFS)) == .readOnlyFileSystem(path: path))
        // The temporary file taken by a sweep, or vanished before the rename: a new one.
        #expect(try attempt(on(.flock, EAGAIN)) == nil)
        #expect(try attempt(openat(EEXIST)) == nil)
        let everyNameTaken = RecordingSystemCalls.Fault(errno: EEXIST, remaining: 100) {
          $0.call == .openat && $0.name.hasPrefix(".appdirs-write-")
        }
        #expect(try attempt(everyNameTaken) == .writeFailed(path: path, errno: .fileExists))
        #expect(try attempt(on(.renameat, ENOENT)) == nil)
        #expect(
          try attempt(on(.renameat, ENOENT, times: 10))
            == .writeFailed(path: path, errno: .noSuchFileOrDirectory))
        // A directory made at the name after it was looked at.
        #expect(try attempt(on(.renameat, EISDIR)) == .foreignFile(path: path, found: .directory))
        // The directory's fsync: a file system that cannot (EINVAL) is done; a failure is said.
        let directorySync = { (errno: Int32) in
          RecordingSystemCalls.Fault(errno: errno, remaining: 1) {
            $0.call == .fsync && $0.name == "ExampleApp"
          }
        }
        #expect(try attempt(directorySync(EINVAL)) == nil)
        let failedSync = try #require(try attempt(directorySync(EIO)))
        #expect(failedSync == .writeFailed(path: path, errno: .ioError))
        #expect(failedSync.recoverySuggestion.contains("Check \(path)"))
        #expect(Self.text(path) == "new")
        // The directory removed between its finding and its opening.
        let removed = RecordingSystemCalls.Fault(errno: ENOENT, remaining: 1) {
          $0.call == .openat && $0.name == "ExampleApp"
        }
        #expect(
          try attempt(removed)
            == .creationFailed(path: Self.config(root), errno: .noSuchFileOrDirectory))
      }
    }

    /// Reading: what cannot be read is a typed error; a missing directory is no file.
    @Test func readFailuresAreTyped() throws {
      try TemporaryRoot.with { root in
        let plain = try Self.directories(root)
        try plain.write(Array("old".utf8), toFile: "settings.json", in: .config)
        let path = Self.config(root) + "/settings.json"
        func read(_ fault: RecordingSystemCalls.Fault) throws -> DirectoryError? {
          let dirs = try Self.directories(root, syscalls: RecordingSystemCalls(faults: [fault]))
          do {
            _ = try dirs.contents(ofFile: "settings.json", in: .config)
            return nil
          } catch let error as DirectoryError {
            return error
          }
        }
        func on(_ call: RecordingSystemCalls.Call, _ errno: Int32, name: String? = nil)
          -> RecordingSystemCalls.Fault
        {
          RecordingSystemCalls.Fault(errno: errno, remaining: 1) {
            $0.call == call && (name == nil || $0.name == name)
          }
        }
        #expect(try read(on(.read, EIO)) == .readFailed(path: path, errno: .ioError))
        #expect(try read(on(.fstat, EIO)) == .readFailed(path: path, errno: .ioError))
        #expect(
          try read(on(.openat, EACCES, name: "settings.json"))
            == .permissionDenied(path: path, errno: .permissionDenied))
        #expect(
          try read(on(.openat, EACCES, name: "ExampleApp"))
            == .permissionDenied(path: Self.config(root), errno: .permissionDenied))
        #expect(DirectoryError.readFailed(path: path, errno: .ioError).path == path)
        #expect(
          DirectoryError.readFailed(path: path, errno: .ioError).description
            == "cannot read \(path): EIO (Input/output error)")
      }
    }
  }
#endif
