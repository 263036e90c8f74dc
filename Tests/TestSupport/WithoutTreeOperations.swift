// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

@testable import AppDirectoriesCore
@testable import AppDirectoriesFiles
@testable import AppDirectoriesMaintenance

/// A provider that has no tree operations (moving, copying, removing, tagging): each of them
/// fails with `ENOSYS`, so that whatever needs one stops at its first step with a typed error
/// and changes nothing: test providers that model only the creation walk.
protocol WithoutTreeOperations: SystemCalls {}

extension WithoutTreeOperations {
  func listDirectory(descriptor: Int32) -> Result<[DirectoryEntry], SystemErrno> {
    .failure(.notImplemented)
  }
  func status(in directory: Int32, entry: FileName, followSymlinks: Bool) -> Result<
    FileStatus, SystemErrno
  > { .failure(.notImplemented) }
  func openDirectory(in directory: Int32, entry: FileName) -> Result<Int32, SystemErrno> {
    .failure(.notImplemented)
  }
  func makeDirectory(in directory: Int32, entry: FileName, mode: UInt32) -> SystemErrno? {
    .notImplemented
  }
  func openFile(in directory: Int32, entry: FileName) -> Result<Int32, SystemErrno> {
    .failure(.notImplemented)
  }
  func createFile(in directory: Int32, entry: FileName, mode: UInt32) -> Result<
    Int32, SystemErrno
  > { .failure(.notImplemented) }
  func transfer(from source: Int32, to target: Int32, count: Int) -> Result<Int, SystemErrno> {
    .failure(.notImplemented)
  }
  func write(descriptor: Int32, from buffer: UnsafeRawBufferPointer) -> Result<Int, SystemErrno> {
    .failure(.notImplemented)
  }
  func synchronize(descriptor: Int32) -> SystemErrno? { .notImplemented }
  func setModificationTime(descriptor: Int32, _ time: FileTime) -> SystemErrno? {
    .notImplemented
  }
  func setModificationTime(in directory: Int32, entry: FileName, _ time: FileTime)
    -> SystemErrno?
  { .notImplemented }
  func readLink(in directory: Int32, entry: FileName) -> Result<[UInt8], SystemErrno> {
    .failure(.notImplemented)
  }
  func makeSymbolicLink(in directory: Int32, entry: FileName, target: [UInt8]) -> SystemErrno? {
    .notImplemented
  }
  func rename(
    in directory: Int32, entry: FileName, to targetDirectory: Int32, entry targetEntry: FileName
  ) -> SystemErrno? { .notImplemented }
  func replace(in directory: Int32, entry: FileName, withFile temporary: FileName)
    -> SystemErrno?
  { .notImplemented }
  func remove(in directory: Int32, entry: FileName, isDirectory: Bool) -> SystemErrno? {
    .notImplemented
  }
  func lockExclusively(descriptor: Int32) -> SystemErrno? { .notImplemented }
  func openLockFile(in directory: Int32, name: String) -> Result<Int32, SystemErrno> {
    .failure(.notImplemented)
  }
  func tryLockExclusively(descriptor: Int32) -> SystemErrno? { .notImplemented }
  func replaceContents(descriptor: Int32, with bytes: [UInt8]) -> SystemErrno? { .notImplemented }
  func link(
    in directory: Int32, entry: FileName, to targetDirectory: Int32, entry targetEntry: FileName
  ) -> SystemErrno? { .notImplemented }
}
