// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

/// How to open a directory.
package struct DirectoryOpenOptions: Sendable, Hashable {
  /// Follow a symbolic link in the last component.
  var followSymlinks: Bool
  /// Open for path operations only (`O_PATH` on Linux, `O_SEARCH` on Darwin), which needs no
  /// read permission.
  var pathOnly: Bool
}

/// The system calls the library makes, one method per call, each made exactly once.
///
/// This is the single seam between the library and the operating system: the live provider
/// (`LiveSystemCalls`, in one twin file per platform: `SystemCalls+POSIX.swift` for Darwin,
/// Glibc, Musl and Android, `SystemCalls+Windows.swift`) makes each call again when a signal
/// interrupts it (`EINTR`), so that callers never see that error; tests give the library
/// another provider to force an `errno`, count calls, or swap a file in between two steps.
/// The few calls that need no seam (the user ID, the clock, a sleep) are in the same twin
/// files, and nothing above this stage has an `#if`.
package protocol SystemCalls: Sendable {
  /// `stat`, or `lstat` when `followSymlinks` is false.
  func status(path: String, followSymlinks: Bool) -> Result<FileStatus, SystemErrno>
  /// `fstatat`, with `AT_SYMLINK_NOFOLLOW` when `followSymlinks` is false.
  func status(in directory: Int32, name: String, followSymlinks: Bool) -> Result<
    FileStatus, SystemErrno
  >
  /// `fstat`: what an open descriptor refers to, checked on the descriptor, never by path.
  func status(descriptor: Int32) -> Result<FileStatus, SystemErrno>
  /// `mkdirat`.
  func makeDirectory(in directory: Int32, name: String, mode: UInt32) -> SystemErrno?
  /// `openat` with `O_DIRECTORY | O_CLOEXEC`, plus `O_NOFOLLOW` and `O_PATH` as asked.
  func openDirectory(in directory: Int32, name: String, options: DirectoryOpenOptions)
    -> Result<Int32, SystemErrno>
  /// `fchmod`.
  func setPermissions(descriptor: Int32, mode: UInt32) -> SystemErrno?
  /// The mode of the file an `O_PATH` descriptor refers to, set through `/proc/self/fd` (which
  /// `fchmod` does not accept), so that it is the file that was checked and not a name.
  func setPermissions(pathDescriptor: Int32, mode: UInt32) -> SystemErrno?
  /// `open` read-only, for a regular file.
  func openFile(path: String) -> Result<Int32, SystemErrno>
  /// `read`.
  func read(descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Result<
    Int, SystemErrno
  >
  /// `close`.
  func close(descriptor: Int32)
  /// `readlink`: the target of a symbolic link, as written in it.
  func readLink(path: String) -> Result<String, SystemErrno>
  /// `faccessat(directory, ".", W_OK | X_OK, AT_EACCESS)`, or `X_OK` alone without
  /// `write`: why the effective user (whose identity the walk checks owners against) may not
  /// create entries in, or search, an open directory; `nil` when it may.
  func accessProblem(directory: Int32, write: Bool) -> SystemErrno?

  // The calls of the tree operations (moving, copying, removing), on names as bytes.

  /// The entries of an open directory without `.` and `..` (`openat(fd, ".")`, `fdopendir`,
  /// `readdir`, `closedir`); the descriptor itself is left as it was.
  func listDirectory(descriptor: Int32) -> Result<[DirectoryEntry], SystemErrno>
  /// `fstatat`, with `AT_SYMLINK_NOFOLLOW` when `followSymlinks` is false.
  func status(in directory: Int32, entry: FileName, followSymlinks: Bool) -> Result<
    FileStatus, SystemErrno
  >
  /// `openat` with `O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC`, read-only: a directory to list,
  /// to `fsync` or to work relative to.
  func openDirectory(in directory: Int32, entry: FileName) -> Result<Int32, SystemErrno>
  /// `mkdirat`.
  func makeDirectory(in directory: Int32, entry: FileName, mode: UInt32) -> SystemErrno?
  /// `openat` read-only with `O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC`: a file to copy
  /// or compare, which never blocks on a FIFO put in its place.
  func openFile(in directory: Int32, entry: FileName) -> Result<Int32, SystemErrno>
  /// `openat` with `O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC`: a new file.
  func createFile(in directory: Int32, entry: FileName, mode: UInt32) -> Result<
    Int32, SystemErrno
  >
  /// Copies up to `count` bytes from the current offset of `source` to that of `target` in
  /// the kernel (`sendfile` on Linux); `ENOSYS` where there is no such call, and the caller
  /// reads and writes instead.
  func transfer(from source: Int32, to target: Int32, count: Int) -> Result<Int, SystemErrno>
  /// `write`.
  func write(descriptor: Int32, from buffer: UnsafeRawBufferPointer) -> Result<Int, SystemErrno>
  /// `fsync`.
  func synchronize(descriptor: Int32) -> SystemErrno?
  /// `futimens`: the modification time set, the access time left as it is.
  func setModificationTime(descriptor: Int32, _ time: FileTime) -> SystemErrno?
  /// `utimensat` with `AT_SYMLINK_NOFOLLOW`: the modification time of a symbolic link itself.
  func setModificationTime(in directory: Int32, entry: FileName, _ time: FileTime)
    -> SystemErrno?
  /// `readlinkat`: the target of a symbolic link, as bytes.
  func readLink(in directory: Int32, entry: FileName) -> Result<[UInt8], SystemErrno>
  /// `symlinkat`.
  func makeSymbolicLink(in directory: Int32, entry: FileName, target: [UInt8]) -> SystemErrno?
  /// `renameat`: atomic; replaces an empty directory, fails on a full one (`ENOTEMPTY`) and
  /// across file systems (`EXDEV`).
  func rename(
    in directory: Int32, entry: FileName, to targetDirectory: Int32, entry targetEntry: FileName
  ) -> SystemErrno?
  /// `renameat` of a new file over a file's name in the same directory: atomic, the name
  /// always naming the old file or the new one, and a symbolic link there replaced itself,
  /// never followed. On Windows `MoveFileExW` with `MOVEFILE_REPLACE_EXISTING |
  /// MOVEFILE_WRITE_THROUGH`, which returns once the move is on the disk.
  func replace(in directory: Int32, entry: FileName, withFile temporary: FileName) -> SystemErrno?
  /// `unlinkat`, with `AT_REMOVEDIR` for a directory.
  func remove(in directory: Int32, entry: FileName, isDirectory: Bool) -> SystemErrno?
  /// `linkat`: a second name for a file, which fails with `EEXIST` rather than replace
  /// anything (what makes writing a file "never replacing an existing one" atomic).
  func link(
    in directory: Int32, entry: FileName, to targetDirectory: Int32, entry targetEntry: FileName
  ) -> SystemErrno?
  /// `flock(LOCK_EX)`: waits for the exclusive advisory lock of an open file or directory,
  /// which is released when the descriptor is closed. Take it and close the descriptor in one
  /// synchronous call: on Windows the lock is a mutex, which only the thread that took it can
  /// release.
  func lockExclusively(descriptor: Int32) -> SystemErrno?

  // The calls of runtime files: single-instance locks.

  /// `openat` read-write with `O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC` and mode
  /// 0600: a lock file, made if missing, never through a symbolic link, never blocking on a
  /// FIFO put in its place.
  func openLockFile(in directory: Int32, name: String) -> Result<Int32, SystemErrno>
  /// `flock(LOCK_EX | LOCK_NB)` (`LockFileEx` on Windows): takes the exclusive advisory lock of
  /// an open file, per open file description, or fails at once with `EAGAIN` when another
  /// holder has it. Closing the descriptor, or the end of the process, releases it.
  func tryLockExclusively(descriptor: Int32) -> SystemErrno?
  /// `ftruncate` to nothing, then `pwrite` at the start: the whole contents of an open file
  /// replaced by `bytes`.
  func replaceContents(descriptor: Int32, with bytes: [UInt8]) -> SystemErrno?
}

extension SystemCalls where Self == LiveSystemCalls {
  /// The real operating system.
  static var live: LiveSystemCalls { LiveSystemCalls() }
}

extension SystemCalls {
  /// The path itself or its nearest ancestor that exists, with what `stat` says of it
  /// (following links); `/` and `nil` when nothing on the way can be looked at.
  package func nearestExisting(_ path: String) -> (path: String, status: FileStatus?) {
    var current = path
    while true {
      if case .success(let found) = status(path: current, followSymlinks: true) {
        return (current, found)
      }
      let parent = POSIXPath.parent(current)
      if parent == current { return (current, nil) }
      current = parent
    }
  }

  /// Writes all of `bytes` to an open file, however short the system makes each write.
  func write(descriptor: Int32, bytes: [UInt8]) -> SystemErrno? {
    bytes.withUnsafeBytes { writeAll(descriptor, $0) }
  }

  /// Writes all of `bytes`, however short the system makes each write.
  package func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> SystemErrno? {
    var written = 0
    while written < bytes.count {
      switch write(
        descriptor: descriptor, from: UnsafeRawBufferPointer(rebasing: bytes[written...]))
      {
      case .success(let count): written += count
      case .failure(let error): return error
      }
    }
    return nil
  }

  /// Copies everything from the current offset of `source` to `target`: in the kernel where
  /// the platform can, else through a buffer, each write completed however short the system
  /// makes it.
  package func copyContents(from source: Int32, to target: Int32) -> SystemErrno? {
    var inKernel = true
    var buffer: [UInt8] = []
    while true {
      if inKernel {
        switch transfer(from: source, to: target, count: 1 << 30) {
        case .success(0): return nil
        case .success: continue
        case .failure(let error)
        where error == .notImplemented || error == .invalidArgument || error == .crossDevice:
          // No such call here, or not between these two files: read and write instead.
          inKernel = false
          buffer = [UInt8](repeating: 0, count: 256 * 1024)
        case .failure(let error): return error
        }
      }
      let count: Int
      switch buffer.withUnsafeMutableBytes({ read(descriptor: source, into: $0) }) {
      case .success(0): return nil
      case .success(let read): count = read
      case .failure(let error): return error
      }
      let failed = buffer.withUnsafeBytes {
        writeAll(target, UnsafeRawBufferPointer(rebasing: $0[..<count]))
      }
      if let failed { return failed }
    }
  }

  /// What an open directory and each directory above it are, nearest first, up to `/`: every
  /// `..` as the kernel takes it (never a lexical step back), opened for path operations only,
  /// so that search permission is enough; `nil` when one cannot be opened or examined.
  package func ancestry(of directory: Int32) -> [FileStatus]? {
    guard case .success(let first) = status(descriptor: directory) else { return nil }
    var chain = [first]
    var current = directory
    defer { if current != directory { close(descriptor: current) } }
    let up = DirectoryOpenOptions(followSymlinks: false, pathOnly: true)
    while true {
      guard case .success(let parent) = openDirectory(in: current, name: "..", options: up)
      else { return nil }
      if current != directory { close(descriptor: current) }
      current = parent
      guard case .success(let above) = status(descriptor: current) else { return nil }
      // `/` is its own parent.
      if FileIdentity(above) == FileIdentity(chain[chain.count - 1]) { return chain }
      chain.append(above)
    }
  }

  /// Reads a whole regular file of at most `limit` bytes; longer files are cut at `limit`.
  func readFile(path: String, limit: Int) -> Result<[UInt8], SystemErrno> {
    let descriptor: Int32
    switch openFile(path: path) {
    case .success(let opened): descriptor = opened
    case .failure(let error): return .failure(error)
    }
    defer { close(descriptor: descriptor) }
    return read(descriptor: descriptor, limit: limit)
  }

  /// Reads an open file from its offset to its end, at most `limit` bytes.
  package func read(descriptor: Int32, limit: Int) -> Result<[UInt8], SystemErrno> {
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: min(16 * 1024, max(limit, 1)))
    while bytes.count < limit {
      let result = chunk.withUnsafeMutableBytes { read(descriptor: descriptor, into: $0) }
      switch result {
      case .success(0): return .success(bytes)
      case .success(let count): bytes += chunk[0..<min(count, limit - bytes.count)]
      case .failure(let error): return .failure(error)
      }
    }
    return .success(bytes)
  }
}
