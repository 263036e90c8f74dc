// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

import Foundation
import Testing

@testable import AppDirectoriesCore
@testable import AppDirectoriesFiles
@testable import AppDirectoriesMaintenance
@testable import TestSupport

/// The rules that differ between platforms and that a Linux machine can still check: Windows
/// paths joined, split and refused by Windows rules, and the application's name.
@Suite("Platform rules checked on any host")
struct PlatformRulesTests {
  static let windowsEscapes = [
    #"..\..\x"#, #"a\..\..\x"#, #"C:\Windows\x"#, #"C:x"#, #"\x"#, #"\\server\share\x"#,
    #"//server/share/x"#, #"a\b:stream"#,
  ]

  @Test(
    "A file to locate that leaves the search directories by Windows rules is refused",
    arguments: windowsEscapes)
  func windowsFileThatLeavesIsRefused(file: String) {
    let error = #expect(throws: DirectoryError.self) {
      try FileSearch.validateRelativeFile(file, style: .windows)
    }
    guard case .invalidName(let name, _) = error else {
      Issue.record("expected invalidName, got \(String(describing: error))")
      return
    }
    #expect(name == file)
  }

  @Test(
    "A backslash is a character of a POSIX file name, not a way out",
    arguments: [
      #"..\x"#, #"a\b"#,
    ])
  func posixKeepsBackslashes(file: String) throws {
    try FileSearch.validateRelativeFile(file, style: .posix)
  }

  @Test(
    "Windows path rules",
    arguments: [
      (#"C:\Users\Ada"#, true, true), (#"\\server\share"#, true, true), (#"C:Users"#, false, true),
      (#"\Users"#, false, true), (#"Users\Ada"#, false, false), (#"c:/Users"#, true, true),
    ])
  func windowsAbsoluteAndRooted(row: (String, Bool, Bool)) {
    #expect(PathStyle.windows.isAbsolute(row.0) == row.1)
    #expect(PathStyle.windows.hasRoot(row.0) == row.2)
  }

  @Test(
    "An absolute Windows path splits into its root and components",
    arguments: [
      (#"C:\Users\Ada\AppData"#, #"C:\"#, ["Users", "Ada", "AppData"]),
      (#"C:\"#, #"C:\"#, []),
      (#"\\server\share\Ada\x"#, #"\\server\share"#, ["Ada", "x"]),
    ])
  func windowsSplitRoot(row: (String, String, [String])) {
    let (root, components) = PathStyle.windows.splitRoot(row.0)
    #expect(root == row.1)
    #expect(components == row.2)
  }

  static let posixContainmentRows: [(path: String, directory: String, inside: Bool)] = [
    ("/home/ada/x", "/home/ada", true), ("/home/ada", "/home/ada", true),
    ("/home/adam", "/home/ada", false), ("/home/ada-old/x", "/home/ada", false),
    ("/x", "/", true), ("/home", "/home/ada", false), ("/Home/ada/x", "/home/ada", false),
  ]

  @Test("POSIX containment is by whole components, and by bytes", arguments: posixContainmentRows)
  func posixContainment(path: String, directory: String, inside: Bool) {
    #expect(PathStyle.posix.isInside(path, directory) == inside)
  }

  @Test("Windows containment ignores the case of ASCII letters, as NTFS does")
  func windowsContainment() {
    #expect(PathStyle.windows.isInside(#"c:\users\ada\x"#, #"C:\Users\Ada"#))
    #expect(PathStyle.windows.isInside(#"C:\Users\Ada"#, #"C:\Users\Ada"#))
    #expect(!PathStyle.windows.isInside(#"C:\Users\Adam"#, #"C:\Users\Ada"#))
    #expect(PathStyle.windows.isInside(#"C:\x"#, #"C:\"#))
  }

  @Test("The walk on Windows starts at the drive and joins with backslashes")
  func windowsWalkJoinsWithBackslashes() throws {
    let disk = InMemoryDisk(existing: [#"C:\"#])
    let creator = DirectoryCreator(syscalls: disk, style: .windows)
    try creator.findOrCreate(#"C:\Users\Ada\AppData\Local\ExampleApp"#)
    #expect(disk.opened.first == #"C:\"#)
    #expect(
      disk.created == [
        #"C:\Users"#, #"C:\Users\Ada"#, #"C:\Users\Ada\AppData"#, #"C:\Users\Ada\AppData\Local"#,
        #"C:\Users\Ada\AppData\Local\ExampleApp"#,
      ])
  }

  @Test("On Windows an isolated root is where the walk starts, and a refusal names the parent")
  func windowsWalkFromTrustedRoot() throws {
    let disk = InMemoryDisk(existing: [#"C:\"#, #"C:\Box"#, #"C:\Box\home"#])
    disk.refused = #"C:\Box\home\AppData"#
    let creator = DirectoryCreator(
      syscalls: disk, trustedRoot: #"C:\Box"#, style: .windows)
    #expect(
      throws: DirectoryError.permissionDenied(path: #"C:\Box\home"#, errno: .permissionDenied)
    ) {
      try creator.findOrCreate(#"C:\Box\home\AppData\Local"#)
    }
    #expect(disk.opened.first == #"C:\Box"#)
    #expect(disk.created.isEmpty)
  }

  /// Each tree operation of a provider that has none, by the call it stands for.
  static let treeOperations: [(String, @Sendable (any SystemCalls) -> SystemErrno?)] = [
    ("readdir", { $0.listDirectory(descriptor: 3).failure }),
    ("fstatat", { $0.status(in: 3, entry: FileName("a"), followSymlinks: false).failure }),
    ("openat (directory)", { $0.openDirectory(in: 3, entry: FileName("a")).failure }),
    ("mkdirat", { $0.makeDirectory(in: 3, entry: FileName("a"), mode: 0o700) }),
    ("openat (file)", { $0.openFile(in: 3, entry: FileName("a")).failure }),
    ("openat (new file)", { $0.createFile(in: 3, entry: FileName("a"), mode: 0o600).failure }),
    ("sendfile", { $0.transfer(from: 3, to: 4, count: 1).failure }),
    (
      "write",
      { provider in
        [UInt8]("x".utf8).withUnsafeBytes { provider.write(descriptor: 3, from: $0).failure }
      }
    ),
    ("fsync", { $0.synchronize(descriptor: 3) }),
    ("futimens", { $0.setModificationTime(descriptor: 3, FileTime(seconds: 1, nanoseconds: 0)) }),
    (
      "utimensat",
      {
        $0.setModificationTime(in: 3, entry: FileName("a"), FileTime(seconds: 1, nanoseconds: 0))
      }
    ),
    ("readlinkat", { $0.readLink(in: 3, entry: FileName("a")).failure }),
    ("symlinkat", { $0.makeSymbolicLink(in: 3, entry: FileName("a"), target: Array("b".utf8)) }),
    ("renameat", { $0.rename(in: 3, entry: FileName("a"), to: 3, entry: FileName("b")) }),
    ("unlinkat", { $0.remove(in: 3, entry: FileName("a"), isDirectory: false) }),
    ("renameat over a file", { $0.replace(in: 3, entry: FileName("a"), withFile: FileName("b")) }),
    ("linkat", { $0.link(in: 3, entry: FileName("a"), to: 3, entry: FileName("b")) }),
    ("flock", { $0.lockExclusively(descriptor: 3) }),
  ]

  @Test(
    "A provider without tree operations (Windows, for now) answers ENOSYS to each",
    arguments: treeOperations)
  func treeOperationsAreNotImplemented(
    call: String, operation: @Sendable (any SystemCalls) -> SystemErrno?
  ) {
    #expect(operation(InMemoryDisk(existing: [#"C:\"#])) == .notImplemented, "\(call)")
  }

  @Test("FileManager's findOrCreateDirectory joins with backslashes on Windows")
  func windowsSearchPathDirectoryJoinsWithBackslashes() throws {
    let disk = InMemoryDisk(existing: [#"C:\"#, #"C:\Users"#, #"C:\Users\Ada"#])
    _ = try FileManager.default.findOrCreateDirectory(
      .autosavedInformationDirectory, in: .userDomainMask, appendingPathComponent: "ExampleApp",
      environment: PlatformSamples.windows(), syscalls: disk)
    #expect(
      disk.created == [
        #"C:\Users\Ada\AppData"#, #"C:\Users\Ada\AppData\Local"#,
        #"C:\Users\Ada\AppData\Local\Autosave Information"#,
        #"C:\Users\Ada\AppData\Local\Autosave Information\ExampleApp"#,
      ])
  }

  @Test(
    "The application's name follows its platform",
    arguments: [
      ("ExampleApp.exe", OperatingSystem.windows, nil as String?, "ExampleApp"),
      ("ExampleApp.EXE", .windows, nil, "ExampleApp"),
      (".exe", .windows, nil, ".exe"),
      ("ExampleApp.exe", .linux, nil, "ExampleApp.exe"),
      ("app_process64", .android, "com.example.app", "com.example.app"),
      ("app_process64", .android, "com.example.app:worker", "com.example.app"),
      ("exampletool", .android, "exampletool", "exampletool"),
      ("exampletool", .android, nil, "exampletool"),
      ("ExampleApp", .macOS, nil, "ExampleApp"),
    ])
  func applicationName(row: (String, OperatingSystem, String?, String)) {
    #expect(
      AppDirectories.applicationName(executable: row.0, platform: row.1, processName: row.2)
        == row.3)
  }
}

/// A disk of directories only, in memory, with Windows paths: what the walk asks for, with no
/// system underneath.
/// The walk never uses the tree operations: they fail with ENOSYS.
private final class InMemoryDisk: WithoutTreeOperations, @unchecked Sendable {
  private let lock = Locked(())
  private var directories: Set<String>
  private var descriptors: [Int32: String] = [:]
  private var next: Int32 = 10
  private(set) var created: [String] = []
  private(set) var opened: [String] = []
  /// A directory whose creation fails with `EACCES`.
  var refused: String?

  init(existing: Set<String>) { directories = existing }

  private func path(_ directory: Int32, _ name: String) -> String? {
    lock.withLock { _ in
      directory == LiveSystemCalls.currentDirectory
        ? name
        : descriptors[directory].map {
          WindowsPath.join($0, [name])
        }
    }
  }

  private func directoryStatus() -> FileStatus {
    FileStatus(type: .directory, permissions: 0o700, owner: LiveSystemCalls.live.effectiveUserID)
  }

  func status(path: String, followSymlinks: Bool) -> Result<FileStatus, SystemErrno> {
    lock.withLock { _ in directories.contains(path) }
      ? .success(directoryStatus()) : .failure(.noSuchFileOrDirectory)
  }

  func status(in directory: Int32, name: String, followSymlinks: Bool) -> Result<
    FileStatus, SystemErrno
  > {
    guard let path = path(directory, name) else { return .failure(.ioError) }
    return status(path: path, followSymlinks: followSymlinks)
  }

  func status(descriptor: Int32) -> Result<FileStatus, SystemErrno> {
    lock.withLock { _ in descriptors[descriptor] } == nil
      ? .failure(.ioError) : .success(directoryStatus())
  }

  func makeDirectory(in directory: Int32, name: String, mode: UInt32) -> SystemErrno? {
    guard let path = path(directory, name) else { return .ioError }
    if path == refused { return .permissionDenied }
    return lock.withLock { _ in
      if directories.contains(path) { return .fileExists }
      directories.insert(path)
      created.append(path)
      return nil
    }
  }

  func openDirectory(in directory: Int32, name: String, options: DirectoryOpenOptions)
    -> Result<Int32, SystemErrno>
  {
    guard let path = path(directory, name) else { return .failure(.ioError) }
    return lock.withLock { _ in
      guard directories.contains(path) else { return .failure(.noSuchFileOrDirectory) }
      opened.append(path)
      next += 1
      descriptors[next] = path
      return .success(next)
    }
  }

  func setPermissions(descriptor: Int32, mode: UInt32) -> SystemErrno? { nil }
  func setPermissions(pathDescriptor: Int32, mode: UInt32) -> SystemErrno? { nil }
  func openFile(path: String) -> Result<Int32, SystemErrno> { .failure(.noSuchFileOrDirectory) }
  func read(descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Result<
    Int, SystemErrno
  > { .failure(.ioError) }
  func close(descriptor: Int32) {
    lock.withLock { _ in _ = descriptors.removeValue(forKey: descriptor) }
  }
  func readLink(path: String) -> Result<String, SystemErrno> { .failure(.ioError) }
  func accessProblem(directory: Int32, write: Bool) -> SystemErrno? { nil }
}

extension Result {
  /// The error of a failure, `nil` for a success.
  fileprivate var failure: Failure? {
    if case .failure(let error) = self { error } else { nil }
  }
}
