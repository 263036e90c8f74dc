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

  /// What an attacker puts in place of a directory the walk has just made.
  enum PlantedThing: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case symlinkToDirectory, danglingSymlink, regularFile, fifo

    var testDescription: String { rawValue }

    /// Replaces `name` in the open directory `parent` (an empty directory) with the planted thing.
    func plant(in parent: Int32, name: String, attackerDirectory: String, scratch: String) {
      precondition(unlinkat(parent, name, AT_REMOVEDIR) == 0, "rmdir \(name): \(errno)")
      switch self {
      case .symlinkToDirectory:
        precondition(symlinkat(attackerDirectory, parent, name) == 0)
      case .danglingSymlink:
        precondition(symlinkat(scratch + "/nowhere", parent, name) == 0)
      case .regularFile:
        let descriptor = openat(parent, name, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0o644)
        precondition(descriptor >= 0)
        _ = "planted".withCString { write(descriptor, $0, 7) }
        _ = close(descriptor)
      case .fifo:
        precondition(mkfifoat(parent, name, 0o644) == 0)
      }
    }

    /// The type `lstat` must still see where it was planted.
    var type: FileStatus.FileType {
      switch self {
      case .symlinkToDirectory, .danglingSymlink: .symbolicLink
      case .regularFile: .regular
      case .fifo: .other
      }
    }

    /// The refusal the walk must give: a link to nothing is a dangling symlink; anything else
    /// standing where the new directory was is not a directory.
    func expectedError(at path: String) -> DirectoryError {
      self == .danglingSymlink ? .danglingSymlink(path: path) : .notADirectory(path: path)
    }
  }

  @Suite("Races between mkdirat and openat")
  struct CreationRaceTests {
    @Test(
      "Something swapped in right after mkdirat is refused and nothing is created through it",
      arguments: PlantedThing.allCases, ["base", "middle", "leaf"])
    func swapAfterMakeDirectory(planted: PlantedThing, component: String) throws {
      try TemporaryRoot.with { scratch in
        try scratch.makeDirectory(scratch.at("attacker"), mode: 0o755)
        let attacker = scratch.at("attacker")
        let provider = RecordingSystemCalls(afterMakeDirectory: { parent, name in
          if name == component {
            planted.plant(
              in: parent, name: name, attackerDirectory: attacker, scratch: scratch.path)
          }
        })
        let paths = ["base": "base", "middle": "base/middle", "leaf": "base/middle/leaf"]
        let swapped = scratch.at(paths[component]!)

        #expect(throws: planted.expectedError(at: swapped)) {
          try DirectoryCreator(syscalls: provider, trustedRoot: scratch.path)
            .findOrCreate(
              scratch.at("base/middle/leaf"))
        }

        // The planted thing is untouched, and nothing was made in or through it.
        let status = TemporaryRoot.fileStatus(swapped)
        #expect(status?.type == planted.type)
        if planted == .regularFile {
          #expect(status?.permissions == 0o644)
          #expect(try String(contentsOfFile: swapped, encoding: .utf8) == "planted")
        }
        let attackerStatus = TemporaryRoot.fileStatus(attacker)
        #expect(attackerStatus?.permissions == 0o755)
        #expect(try FileManager.default.contentsOfDirectory(atPath: attacker).isEmpty)
        #expect(TemporaryRoot.fileStatus(scratch.at("nowhere")) == nil)
        let expectedEntries =
          ["attacker"]
          + ["base", "base/middle", "base/middle/leaf"].prefix {
            $0 != paths[component]!
          } + [paths[component]!]
        #expect(scratch.relativePaths() == expectedEntries.sorted())
      }
    }

    @Test(
      "A fallback runtime directory planted between the check and the creation is refused",
      arguments: ["symlink to a private directory", "directory with mode 0777"])
    func plantedFallbackRuntimeDirectory(planted: String) throws {
      try TemporaryRoot.with { scratch in
        try scratch.makeDirectory(scratch.at("tmp"), mode: 0o755)
        try FileManager.default.createDirectory(
          atPath: scratch.at("private"), withIntermediateDirectories: false,
          attributes: [.posixPermissions: 0o700])
        let uid = geteuid()
        let fallback = scratch.at("tmp/runtime-\(uid)")
        let target = scratch.at("private")
        let provider = RecordingSystemCalls(beforeMakeDirectory: { parent, name in
          guard name == "runtime-\(uid)" else { return }
          if planted.hasPrefix("symlink") {
            _ = symlinkat(target, parent, name)
          } else {
            _ = mkdirat(parent, name, 0o777)
            _ = fchmodat(parent, name, 0o777, 0)
          }
        })
        let environment = ProcessEnvironment(
          variables: ["HOME": scratch.at("home"), "TMPDIR": scratch.at("tmp")], effectiveUserID: uid
        ).trusting(root: scratch.path)
        let dirs = try AppDirectories(
          app: "ExampleApp", organization: nil, layout: .native, environment: environment,
          syscalls: provider)

        var thrown: DirectoryError?
        do throws(DirectoryError) {
          _ = try onlyDirectoryError { try dirs.directory(.runtime) }
        } catch { thrown = error }

        guard case .insecureRuntimeDirectory(let path, _) = thrown else {
          Issue.record("expected insecureRuntimeDirectory, got \(String(describing: thrown))")
          return
        }
        #expect(path == fallback)
        #expect(try FileManager.default.contentsOfDirectory(atPath: target).isEmpty)
        #expect(TemporaryRoot.fileStatus(scratch.at("private"))?.permissions == 0o700)
        #expect(TemporaryRoot.fileStatus(fallback + "/ExampleApp") == nil)
      }
    }

    @Test("A parent that another creator has just made under a strict umask is waited for")
    func parentStillBeingCreated() throws {
      try TemporaryRoot.with { scratch in
        // base is as another creator leaves it between mkdirat and fchmod under umask 0277.
        try scratch.makeDirectory(scratch.at("base"), mode: 0o755)
        chmod(scratch.at("base"), 0o500)
        let base = scratch.at("base")
        // The process runs as root, which the mode does not stop: the kernel's refusal is
        // injected, and the other creator's fchmod comes with the second refusal.
        let refusals = Locked(0)
        let provider = RecordingSystemCalls(faults: [
          .init(
            errno: EACCES, remaining: 2,
            matches: { record in
              guard record.call == .mkdirat, record.name == "leaf" else { return false }
              if refusals.withLock({
                $0 += 1; return $0
              }) == 2 {
                chmod(base, 0o700)
              }
              return true
            })
        ])
        try DirectoryCreator(syscalls: provider, trustedRoot: scratch.path)
          .findOrCreate(
            scratch.at("base/leaf"))
        #expect(provider.injectedCount == 2)
        #expect(TemporaryRoot.fileStatus(scratch.at("base/leaf"))?.permissions == 0o700)
      }
    }

    @Test(
      "A parent owned by another user that refuses creation is reported at once",
      .enabled(if: geteuid() == 0, "gives the parent to another user, which needs root"))
    func otherUsersParentIsNotWaitedFor() throws {
      try TemporaryRoot.with { scratch in
        try scratch.makeDirectory(scratch.at("base"), mode: 0o755)
        chmod(scratch.at("base"), 0o500)
        chown(scratch.at("base"), 65534, 65534)
        let provider = RecordingSystemCalls(faults: [
          .init(
            errno: EACCES, remaining: .max, matches: { $0.call == .mkdirat && $0.name == "leaf" })
        ])
        let start = Date()
        // Root creates nothing in another user's directory, before any mkdirat.
        let expected = DirectoryError.directoryOfAnotherUser(
          path: scratch.at("base"), owner: 65534, creating: true)
        #expect(throws: expected) {
          try DirectoryCreator(syscalls: provider, trustedRoot: scratch.path)
            .findOrCreate(
              scratch.at("base/leaf"))
        }
        #expect(provider.injectedCount == 0)
        #expect(Date().timeIntervalSince(start) < 0.5)
      }
    }

    @Test("A directory that appears between a failed open and the check is opened, not refused")
    func directoryAppearingDuringTheCheck() throws {
      try TemporaryRoot.with { scratch in
        try scratch.makeDirectory(scratch.at("base"), mode: 0o755)
        // The first open sees nothing, as if a concurrent creator had not made it yet.
        let provider = RecordingSystemCalls(faults: [
          .init(
            errno: ENOENT, remaining: 1,
            matches: { $0.call == .openat && $0.name == "base" && $0.pathOnly })
        ])
        try DirectoryCreator(syscalls: provider, trustedRoot: scratch.path)
          .findOrCreate(
            scratch.at("base/leaf"))
        #expect(provider.injectedCount == 1)
        #expect(TemporaryRoot.fileStatus(scratch.at("base/leaf"))?.permissions == 0o700)
      }
    }
  }
#endif
