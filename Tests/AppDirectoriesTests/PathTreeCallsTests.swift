// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

// These tests make files, users and processes through POSIX calls.
#if !os(Windows)
  #if os(Linux) && canImport(FoundationEssentials) && FoundationAPI
    import Foundation
    import Testing

    @testable import AppDirectoriesCore
    @testable import AppDirectoriesFiles
    @testable import AppDirectoriesMaintenance
    @testable import TestSupport

    /// Windows' tree calls (`PathTreeCalls`: the listing, links, renames and removals made of
    /// Foundation's `FileManager` on paths), run here under the library's migration, cleaning,
    /// pruning, cache tag and sizes, with the answers of the POSIX calls they stand for.
    @Suite("The tree calls made of FileManager, as on Windows")
    struct PathTreeCallsTests {
      @Test(
        "A migration moves the tree in one rename, or copies it between volumes, every file kept",
        arguments: [false, true])
      func migrationKeepsEveryFile(betweenVolumes: Bool) throws {
        let root = try TemporaryRoot.withUserDirectories()
        let legacy = root.home + "/.exampleapp"
        try FileManager.default.createDirectory(atPath: legacy, withIntermediateDirectories: true)
        // A name that is not UTF-8 cannot be made through `String`: the sample without it.
        try TreeSnapshot.makeSample(at: legacy, largeSize: 70_000)
        let odd = TreeSnapshot.names(in: legacy).first {
          String(validating: $0, as: UTF8.self) == nil
        }
        if let odd {
          let path = (Array(legacy.utf8) + [47] + odd + [0]).map { CChar(bitPattern: $0) }
          #expect(unlink(path) == 0)
        }
        let before = try #require(TreeSnapshot.lines(of: legacy))
        let provider = PathTreeSystemCalls(everyDirectoryAVolume: betweenVolumes)
        let dirs = try AppDirectories(
          app: "exampleapp", organization: nil, layout: .native, environment: root.environment(),
          syscalls: provider.syscalls)
        let outcome = try dirs.migrate(from: URL(fileURLWithPath: legacy), to: .config)
        #expect(outcome.action == (betweenVolumes ? .copied : .moved))
        #expect(TreeSnapshot.lines(of: root.home + "/.config/exampleapp") == before)
        #expect(!root.exists(legacy))
        #expect(TreeSnapshot.listing(root.home) == [".config"])
        #expect(TreeSnapshot.listing(root.home + "/.config") == ["exampleapp"])
      }

      @Test("The cache is tagged through a hard link, then cleaned and pruned")
      func cacheIsTaggedCleanedAndPruned() throws {
        try TemporaryRoot.with { root in
          let provider = PathTreeSystemCalls()
          let cache = try PruneTests.Cache(root, syscalls: provider.syscalls)
          #expect(TreeSnapshot.listing(cache.path) == ["CACHEDIR.TAG"])
          try PruneTests.fill(cache)
          let pruned = try cache.dirs.prune(.cache, olderThan: .seconds(30 * PruneTests.day))
          #expect(pruned.removedFiles == 1)
          #expect(cache.files == ["CACHEDIR.TAG", "a", "a/b", "a/b/new", "a/b/recent", "a/mid"])
          let sizes = try cache.dirs.locations(sizes: true)
          let cacheSize = try #require(sizes.first { $0.kinds.contains(.cache) }?.size)
          #expect(cacheSize >= 9_000)
          let report = try cache.dirs.clean(.cache)
          #expect(report.failures.isEmpty)
          #expect(cache.files == ["CACHEDIR.TAG"])
        }
      }

      /// One rename or removal straight through the provider, and what it must answer.
      struct Row: Sendable, CustomTestStringConvertible {
        let name: String
        /// Makes what is in `root` before the call.
        let before: @Sendable (TemporaryRoot) throws -> Void
        /// The call, on the provider and the root's open directory.
        let call: @Sendable (PathTreeSystemCalls, Int32) -> SystemErrno?
        let answer: SystemErrno?
        /// The root's entries after the call.
        let after: [String]
        var testDescription: String { name }
      }

      static let rows: [Row] = [
        Row(
          name: "rename onto nothing moves", before: { try $0.write("x", to: "a/file") },
          call: { $0.rename(in: $1, entry: FileName("a"), to: $1, entry: FileName("b")) },
          answer: nil, after: ["b", "b/file"]),
        Row(
          name: "rename of a folder replaces an empty folder",
          before: {
            try $0.write("x", to: "a/file")
            try $0.makeDirectory($0.path + "/b", mode: 0o700)
          },
          call: { $0.rename(in: $1, entry: FileName("a"), to: $1, entry: FileName("b")) },
          answer: nil, after: ["b", "b/file"]),
        Row(
          name: "rename onto a full folder is ENOTEMPTY, and changes nothing",
          before: {
            try $0.write("x", to: "a/file")
            try $0.write("y", to: "b/other")
          },
          call: { $0.rename(in: $1, entry: FileName("a"), to: $1, entry: FileName("b")) },
          answer: .directoryNotEmpty, after: ["a", "a/file", "b", "b/other"]),
        Row(
          name: "rename onto a file is EEXIST, and replaces nothing",
          before: {
            try $0.write("x", to: "a")
            try $0.write("y", to: "b")
          },
          call: { $0.rename(in: $1, entry: FileName("a"), to: $1, entry: FileName("b")) },
          answer: .fileExists, after: ["a", "b"]),
        Row(
          name: "rename of what is missing is ENOENT", before: { _ in },
          call: { $0.rename(in: $1, entry: FileName("a"), to: $1, entry: FileName("b")) },
          answer: .noSuchFileOrDirectory, after: []),
        Row(
          name: "removing a full folder is ENOTEMPTY, and removes nothing",
          before: { try $0.write("x", to: "a/file") },
          call: { $0.remove(in: $1, entry: FileName("a"), isDirectory: true) },
          answer: .directoryNotEmpty, after: ["a", "a/file"]),
        Row(
          name: "removing a folder as a file is EISDIR, and removes nothing",
          before: { try $0.write("x", to: "a/file") },
          call: { $0.remove(in: $1, entry: FileName("a"), isDirectory: false) },
          answer: .isDirectory, after: ["a", "a/file"]),
        Row(
          name: "removing an empty folder",
          before: { try $0.makeDirectory($0.path + "/a", mode: 0o700) },
          call: { $0.remove(in: $1, entry: FileName("a"), isDirectory: true) }, answer: nil,
          after: []),
        Row(
          name: "removing a link to a folder removes the link alone",
          before: {
            try $0.write("x", to: "a/file")
            #expect(symlink("a", $0.path + "/link") == 0)
          },
          call: { $0.remove(in: $1, entry: FileName("link"), isDirectory: false) }, answer: nil,
          after: ["a", "a/file"]),
        Row(
          name: "removing what is missing is ENOENT", before: { _ in },
          call: { $0.remove(in: $1, entry: FileName("a"), isDirectory: false) },
          answer: .noSuchFileOrDirectory, after: []),
        Row(
          name: "a hard link onto an existing name is EEXIST",
          before: {
            try $0.write("x", to: "a")
            try $0.write("y", to: "b")
          },
          call: { $0.link(in: $1, entry: FileName("a"), to: $1, entry: FileName("b")) },
          answer: .fileExists, after: ["a", "b"]),
        Row(
          name: "a descriptor the provider did not give out is EBADF", before: { _ in },
          call: { provider, _ in provider.remove(in: -1, entry: FileName("a"), isDirectory: false)
          },
          answer: .badFileDescriptor, after: []),
      ]

      @Test(arguments: rows)
      func answersAsThePOSIXCall(_ row: Row) throws {
        try TemporaryRoot.with { root in
          try row.before(root)
          let provider = PathTreeSystemCalls()
          let directory = open(root.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
          try #require(directory >= 0)
          defer { Glibc.close(directory) }
          #expect(row.call(provider, directory) == row.answer)
          let prefix = root.path + "/"
          #expect(
            root.allPaths().filter { $0.hasPrefix(prefix) }.map {
              String($0.dropFirst(prefix.count))
            }
            .sorted() == row.after)
        }
      }

      /// `FileManager`'s errors as the `errno` values of the calls they stand for.
      static let errors: [(CocoaError, SystemErrno)] = [
        (CocoaError(.fileNoSuchFile), .noSuchFileOrDirectory),
        (CocoaError(.fileReadNoSuchFile), .noSuchFileOrDirectory),
        (CocoaError(.fileWriteFileExists), .fileExists),
        (CocoaError(.fileReadNoPermission), .permissionDenied),
        (CocoaError(.fileWriteNoPermission), .permissionDenied),
        (CocoaError(.fileWriteOutOfSpace), .noSpace),
        (CocoaError(.fileWriteVolumeReadOnly), .readOnlyFileSystem),
        (CocoaError(.fileReadInvalidFileName), .invalidArgument),
        (CocoaError(.fileWriteInvalidFileName), .invalidArgument),
        (CocoaError(.fileReadUnknown), .ioError),
        // The system call's own errno wins over the code.
        (
          CocoaError(.fileWriteUnknown, userInfo: ["NSUnderlyingError": POSIXError(.EXDEV)]),
          .crossDevice
        ),
      ]

      @Test(arguments: errors)
      func fileManagerErrorsAreErrnoValues(_ error: CocoaError, _ expected: SystemErrno) {
        #expect(SystemErrno(fileManagerError: error) == expected)
      }

      @Test("An error that is not Foundation's is EIO")
      func otherErrorsAreIOErrors() {
        struct Other: Error {}
        #expect(SystemErrno(fileManagerError: Other()) == .ioError)
      }

      @Test("A listing and a link's target come back as written")
      func listingAndLinks() throws {
        try TemporaryRoot.with { root in
          try root.write("x", to: "folder/file")
          let provider = PathTreeSystemCalls()
          let directory = open(root.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
          try #require(directory >= 0)
          defer { Glibc.close(directory) }
          #expect(
            provider.makeSymbolicLink(
              in: directory, entry: FileName("link"), target: Array("folder/file".utf8)) == nil)
          #expect(
            try provider.readLink(in: directory, entry: FileName("link")).get()
              == Array("folder/file".utf8))
          let names = try provider.listDirectory(descriptor: directory).get().map(
            \.name.description)
          #expect(names.sorted() == ["folder", "link"])
          #expect(
            provider.readLink(in: directory, entry: FileName("folder"))
              .mapError { $0 } == .failure(.invalidArgument))
        }
      }
    }
  #endif
#endif
