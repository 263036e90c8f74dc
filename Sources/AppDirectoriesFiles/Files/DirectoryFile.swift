// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

import AppDirectoriesCore

/// One file in one of an application's directories, reached through the directory's
/// descriptor: replaced durably and atomically, and read without following a link.
///
/// A write is the sequence that a power cut or a `kill -9` cannot tear:
/// 1. the directory is opened (never through someone else's link) and what stands at the name
///    is looked at: nothing, a regular file or a symbolic link may be replaced; a directory, a
///    FIFO, a socket or a device is refused;
/// 2. the temporary files that earlier writes left when they were killed are removed: each is
///    opened and locked first, so the one a live writer holds is left alone;
/// 3. a new temporary file `.appdirs-write-<16 hex digits>` is made (`O_CREAT | O_EXCL |
///    O_NOFOLLOW`), locked, given the permissions asked for (whatever the umask), written whole
///    and `fsync`ed (`F_FULLFSYNC` on Apple platforms);
/// 4. it is renamed over the name (`renameat`; `MoveFileExW` on Windows) while still open and
///    locked, so that another writer's sweep passes it by, then closed; the directory is
///    `fsync`ed, so that the rename itself survives a power cut.
///
/// Killed at any moment, the name holds the old bytes or the new ones; a temporary file left
/// behind is removed by the next write to the directory.
struct DirectoryFile {
  /// The prefix of the temporary files: the next write removes every one that no live writer
  /// holds.
  static let temporaryPrefix = NameValidation.temporaryFilePrefix

  let syscalls: any SystemCalls
  /// The directory, which exists.
  let directory: String
  /// The file's name, already checked.
  let name: String
  /// The user whose leftover temporary files may be removed.
  let effectiveUserID: UInt32
  /// The file's path, for messages.
  let path: String

  init(
    syscalls: any SystemCalls, directory: String, name: String, effectiveUserID: UInt32,
    style: PathStyle
  ) {
    self.syscalls = syscalls
    self.directory = directory
    self.name = name
    self.effectiveUserID = effectiveUserID
    path = style.join(directory, name)
  }

  /// How many times a write starts again when its temporary file vanished before the rename,
  /// taken by something other than the library, which never sweeps a file a writer holds.
  private static let attempts = 4

  /// Replaces the file's contents with `bytes`, durably and atomically.
  func write(_ bytes: UnsafeRawBufferPointer, permissions: UInt32) throws(DirectoryError) {
    guard let folder = try openDirectory() else {
      throw DirectoryCreator.error(.noSuchFileOrDirectory, at: directory)
    }
    defer { syscalls.close(descriptor: folder) }
    try checkReplaceable(in: folder)
    removeLeftovers(in: folder)
    var attempt = 1
    while true {
      let (temporary, file) = try writeTemporary(bytes, permissions: permissions, in: folder)
      // Held open and locked until the rename is done, so that no other writer's sweep of
      // leftovers takes it for one: it is a leftover only once its writer is gone.
      let renamed = syscalls.replace(in: folder, entry: FileName(name), withFile: temporary)
      syscalls.close(descriptor: file)
      guard let error = renamed else { break }
      // Removed by someone outside the library (a cleaner of old files): a new one, a few times.
      if error == .noSuchFileOrDirectory, attempt < Self.attempts {
        attempt += 1
        continue
      }
      _ = syscalls.remove(in: folder, entry: temporary, isDirectory: false)
      // A directory made at the name since it was looked at is named for what it is.
      if error == .isDirectory || error == .directoryNotEmpty || error == .fileExists {
        throw .foreignFile(path: path, found: .directory)
      }
      throw .writeFailed(path: path, errno: error)
    }
    // The rename is durable only once the directory is: a file system that cannot `fsync` a
    // directory (EINVAL) has nothing more to flush.
    if let error = syscalls.synchronize(descriptor: folder), error != .invalidArgument {
      throw .writeFailed(path: path, errno: error)
    }
  }

  /// The file's contents, or `nil` when the directory or the file does not exist.
  func read() throws(DirectoryError) -> [UInt8]? {
    guard let folder = try openDirectory() else { return nil }
    defer { syscalls.close(descriptor: folder) }
    let file: Int32
    switch syscalls.openFile(in: folder, entry: FileName(name)) {
    case .success(let opened): file = opened
    case .failure(.noSuchFileOrDirectory): return nil
    case .failure(let error):
      // A link (ELOOP, or EMLINK on the BSDs) is not followed; whatever else stands there
      // that is not a file is named for what it is.
      if let found = foreignEntry(in: folder) { throw .foreignFile(path: path, found: found) }
      throw Self.error(error, at: path, writing: false)
    }
    defer { syscalls.close(descriptor: file) }
    switch syscalls.status(descriptor: file) {
    case .success(let status) where status.type == .regular: break
    case .success(let status):
      throw .foreignFile(path: path, found: ForeignFile(notRegular: status))
    case .failure(let error): throw Self.error(error, at: path, writing: false)
    }
    switch syscalls.read(descriptor: file, limit: Int.max) {
    case .success(let bytes): return bytes
    case .failure(let error): throw Self.error(error, at: path, writing: false)
    }
  }

  // MARK: The steps

  /// The directory, open for reading, reached by the one walk: a link of the user's or root's
  /// on the way or at the directory itself (a dotfiles manager's, systemd's `DynamicUser=`) is
  /// followed, anyone else's refused; `nil` when it does not exist.
  private func openDirectory() throws(DirectoryError) -> Int32? {
    try DirectoryOpener(syscalls: syscalls).openDirectory(directory)
  }

  /// Refuses what may not be replaced at the name: anything but nothing, a regular file or a
  /// symbolic link (which is replaced itself, its target untouched).
  private func checkReplaceable(in folder: Int32) throws(DirectoryError) {
    if let found = foreignEntry(in: folder), found != .symbolicLink {
      throw .foreignFile(path: path, found: found)
    }
  }

  /// What stands at the name when it is neither missing nor a regular file.
  private func foreignEntry(in folder: Int32) -> ForeignFile? {
    syscalls.foreignEntry(in: folder, name: name)
  }

  /// Makes, locks, fills and `fsync`s a new temporary file; its name, and its descriptor,
  /// still open and locked, which the caller closes.
  private func writeTemporary(
    _ bytes: UnsafeRawBufferPointer, permissions: UInt32, in folder: Int32
  ) throws(DirectoryError) -> (FileName, Int32) {
    // A name taken, or a file swept away before it was locked: another name, a few times.
    for _ in 0..<16 {
      let temporary = FileName(Self.temporaryPrefix + Self.randomSuffix())
      let file: Int32
      switch syscalls.createFile(in: folder, entry: temporary, mode: permissions) {
      case .success(let created): file = created
      case .failure(.fileExists): continue
      case .failure(let error): throw Self.error(error, at: path, writing: true)
      }
      // Locked while it is written, so that another writer's sweep of leftovers passes it by.
      // A sweep that locked it first has removed it: a new name is taken. So it has when the
      // lock came only after that sweep let go, which the file's link count, 0, shows.
      if syscalls.tryLockExclusively(descriptor: file) == .wouldBlock
        || syscalls.status(descriptor: file).map({ $0.linkCount == 0 }) == .success(true)
      {
        syscalls.close(descriptor: file)
        continue
      }
      // The file was made just now by this call: its mode is set to what was asked, whatever
      // the umask took away.
      let failure =
        syscalls.setPermissions(descriptor: file, mode: permissions)
        ?? syscalls.writeAll(file, bytes)
        ?? syscalls.synchronize(descriptor: file)
      if let failure {
        _ = syscalls.remove(in: folder, entry: temporary, isDirectory: false)
        syscalls.close(descriptor: file)
        throw Self.error(failure, at: path, writing: true)
      }
      return (temporary, file)
    }
    throw .writeFailed(path: path, errno: .fileExists)
  }

  /// Removes the temporary files that killed writes left in the directory: each one a regular
  /// file of the user with one name, which no live writer holds locked. What cannot be
  /// examined or removed is left as it is; a failed sweep never fails the write.
  private func removeLeftovers(in folder: Int32) {
    guard case .success(let entries) = syscalls.listDirectory(descriptor: folder) else { return }
    let prefix = Array(Self.temporaryPrefix.utf8)
    for entry in entries where entry.name.bytes.starts(with: prefix) {
      guard case .success(let file) = syscalls.openFile(in: folder, entry: entry.name) else {
        continue
      }
      defer { syscalls.close(descriptor: file) }
      guard case .success(let status) = syscalls.status(descriptor: file),
        status.type == .regular, status.owner == effectiveUserID, status.linkCount == 1,
        syscalls.tryLockExclusively(descriptor: file) == nil
      else { continue }
      _ = syscalls.remove(in: folder, entry: entry.name, isDirectory: false)
    }
  }

  // MARK: Pieces

  /// Sixteen hexadecimal digits from the system's random source.
  private static func randomSuffix() -> String {
    zeroPadded(UInt64.random(in: .min ... .max), radix: 16, width: 16)
  }

  /// The error of a step on the file: refusals of access and a read-only file system as the
  /// rest of the library names them, anything else as a failed write or read.
  static func error(_ error: SystemErrno, at path: String, writing: Bool) -> DirectoryError {
    switch error {
    case .permissionDenied, .notPermitted, .readOnlyFileSystem:
      DirectoryCreator.error(error, at: path)
    default:
      writing ? .writeFailed(path: path, errno: error) : .readFailed(path: path, errno: error)
    }
  }
}
