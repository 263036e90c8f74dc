// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

public import AppDirectoriesCore

/// An exclusive advisory lock of the application, held until ``release()`` or until the
/// process ends: the system drops it then, so a killed holder never leaves a stale lock.
///
/// The lock is `flock(LOCK_EX)` (`LockFileEx` on Windows) on `<name>.lock` in the
/// application's runtime directory. It belongs to one open file description, not to the
/// process: two ``AppDirectories/AppDirectories/lock(named:)`` calls of one process, from two
/// threads or not, are two holders, and the second gets `nil` while the first holds it.
/// Releasing it when the value is deinitialized is a safety net; release it explicitly, or use
/// ``AppDirectories/AppDirectories/withLock(named:wait:isolation:operation:)``.
public final class DirectoryLock: Sendable {
  /// The lock's name, as given.
  public let name: String
  /// The lock file, which stays after the lock is released: removing it would let a waiting
  /// process lock a file that no longer has a name.
  public let path: String
  /// The open lock file while the lock is held; `nil` once released.
  private let descriptor: Locked<Int32?>
  private let syscalls: any SystemCalls

  init(name: String, path: String, descriptor: Int32, syscalls: any SystemCalls) {
    self.name = name
    self.path = path
    self.descriptor = Locked(descriptor)
    self.syscalls = syscalls
  }

  /// Whether the lock is still held by this value.
  public var isHeld: Bool { descriptor.withLock { $0 != nil } }

  /// The open lock file while the lock is held (a POSIX file descriptor; on Windows an entry of
  /// the library's table of handles), for `appdirs lock`, which lets the command it runs
  /// inherit it as `flock(1)` does; `nil` once released.
  package var heldDescriptor: Int32? { descriptor.withLock { $0 } }

  /// Releases the lock; later calls do nothing. The holder's process ID is cleared from the
  /// file first, so that it never names a process that holds nothing.
  public func release() {
    guard
      let open = descriptor.withLock({ held in
        defer { held = nil }; return held
      })
    else {
      return
    }
    _ = syscalls.replaceContents(descriptor: open, with: [])
    syscalls.close(descriptor: open)
  }

  deinit { release() }
}

extension AppDirectories {
  /// Takes the application's exclusive lock of this name, without waiting: `nil` when another
  /// holder (a process, or another call in this one) has it.
  ///
  /// The lock file `<name>.lock` is made 0600 in the application's runtime directory (found or
  /// created and checked as ``directory(_:)`` does), opened without following a symbolic link,
  /// and checked on its descriptor to be a regular file of the user. The holder writes its
  /// process ID in it, for messages only (see ``lockHolder(named:)``).
  ///
  /// ```swift
  /// import AppDirectories
  ///
  /// let dirs = try AppDirectories(app: "ExampleApp")
  /// if let lock = try dirs.lock(named: "instance") {
  ///   defer { lock.release() }
  ///   print("the only ExampleApp running")
  /// } else {
  ///   print("ExampleApp is already running")
  /// }
  /// ```
  ///
  /// - Parameter name: The lock's name, a single path component (the rules of an
  ///   application's name); the file is `<name>.lock`.
  /// - Throws: ``DirectoryError/invalidName(name:reason:)`` for a bad name,
  ///   ``DirectoryError/foreignFile(path:found:)`` naming what else stands at the lock file's
  ///   place, or an error of creating the runtime directory or opening the file.
  public func lock(named name: String) throws -> DirectoryLock? {
    do throws(DirectoryError) {
      return try takeLock(named: name)
    } catch .lockHeld {
      return nil
    }
  }

  /// The process ID that the holder of the lock wrote in its file, or `nil` when there is none
  /// or it cannot be read. For messages only, right after ``lock(named:)`` returned `nil`:
  /// the file is not locked to read it, so the holder may have gone since.
  public func lockHolder(named name: String) throws -> Int32? {
    let (_, file) = try openLockFile(named: name)
    defer { syscalls.close(descriptor: file) }
    return readHolder(file)
  }

  /// Runs `operation` while holding the application's exclusive lock of this name, and
  /// releases it afterwards, whether `operation` returns or throws.
  ///
  /// ```swift
  /// import AppDirectories
  ///
  /// let dirs = try AppDirectories(app: "ExampleApp")
  /// try await dirs.withLock(named: "index") {
  ///   // only one process of ExampleApp rebuilds the index at a time
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - name: The lock's name, as for ``lock(named:)``.
  ///   - wait: Whether to wait while another holder has the lock (polling, with the task
  ///     cancellable) or to throw ``DirectoryError/lockHeld(path:holder:)`` at once.
  ///   - isolation: The actor `operation` runs on: the caller's, by default.
  ///   - operation: The work to do while holding the lock.
  public func withLock<Result>(
    named name: String, wait: Bool = true, isolation: isolated (any Actor)? = #isolation,
    operation: () async throws -> Result
  ) async throws -> Result {
    var pause: UInt64 = 1_000_000
    while true {
      let lock: DirectoryLock
      do throws(DirectoryError) {
        lock = try takeLock(named: name)
      } catch {
        guard wait, case .lockHeld = error else { throw error }
        try await Task.sleep(nanoseconds: pause)
        pause = min(pause * 2, 50_000_000)
        continue
      }
      defer { lock.release() }
      return try await operation()
    }
  }

  /// Takes the lock once, without waiting, or throws ``DirectoryError/lockHeld(path:holder:)``
  /// naming its file and the process ID its holder wrote: what ``lock(named:)``,
  /// ``withLock(named:wait:isolation:operation:)`` and the tool's `lock` are made of.
  package func takeLock(named name: String) throws(DirectoryError) -> DirectoryLock {
    let (path, file) = try openLockFile(named: name)
    switch syscalls.tryLockExclusively(descriptor: file) {
    case nil:
      let pid = Array("\(syscalls.processID)\n".utf8)
      // The process ID is for messages only: a failure to write it leaves the lock held.
      _ = syscalls.replaceContents(descriptor: file, with: pid)
      return DirectoryLock(name: name, path: path, descriptor: file, syscalls: syscalls)
    case .wouldBlock?:
      defer { syscalls.close(descriptor: file) }
      throw .lockHeld(path: path, holder: readHolder(file))
    case let error?:
      syscalls.close(descriptor: file)
      throw .creationFailed(path: path, errno: error)
    }
  }

  /// Opens (making it if missing) the lock file of this name in the application's runtime
  /// directory, relative to that directory's descriptor, and checks on the file's descriptor
  /// that it is a regular file of the user with one name; anything else is named for what it
  /// is.
  private func openLockFile(named name: String) throws(DirectoryError) -> (String, Int32) {
    let platform = environment.platform
    try NameValidation.validate(name, as: .lockName, on: platform)
    let fileName = name + ".lock"
    let runtime = try ensuredRuntimeDirectory().path
    let path = platform.pathStyle.join(runtime, fileName)
    guard fileName.utf8.count <= 255 else { throw .nameTooLong(path: path) }
    // Reached by the one walk, as every door reaches a directory.
    guard let directory = try DirectoryOpener(syscalls: syscalls).openDirectory(runtime) else {
      throw DirectoryCreator.error(.noSuchFileOrDirectory, at: runtime)
    }
    defer { syscalls.close(descriptor: directory) }
    let file: Int32
    switch syscalls.openLockFile(in: directory, name: fileName) {
    case .success(let opened): file = opened
    case .failure(let error):
      // A link (ELOOP), a directory (EISDIR), a socket (ENXIO): whatever stands there that is
      // not a file is named for what it is; any other failure as the system gave it.
      if let found = syscalls.foreignEntry(in: directory, name: fileName) {
        throw .foreignFile(path: path, found: found)
      }
      throw DirectoryCreator.error(error, at: path)
    }
    switch syscalls.status(descriptor: file) {
    case .success(let status) where status.type == .regular:
      guard status.owner == environment.effectiveUserID else {
        syscalls.close(descriptor: file)
        throw .foreignFile(path: path, found: .fileOfAnotherUser(owner: status.owner))
      }
      // A second name elsewhere (a hard link planted to another of the user's files) would
      // have that file emptied and given a process ID: the lock file is the lock's alone.
      guard status.linkCount == 1 else {
        syscalls.close(descriptor: file)
        throw .foreignFile(path: path, found: .hardLink(linkCount: status.linkCount))
      }
      return (path, file)
    case .success(let status):
      syscalls.close(descriptor: file)
      throw .foreignFile(path: path, found: ForeignFile(notRegular: status))
    case .failure(let error):
      syscalls.close(descriptor: file)
      throw .creationFailed(path: path, errno: error)
    }
  }

  /// The process ID written at the start of an open lock file, if it reads as one.
  private func readHolder(_ file: Int32) -> Int32? {
    var buffer = [UInt8](repeating: 0, count: 32)
    let count = buffer.withUnsafeMutableBytes { bytes in
      syscalls.read(descriptor: file, into: bytes)
    }
    guard case .success(let read) = count, read > 0 else { return nil }
    let text = String(decoding: buffer[..<read], as: UTF8.self)
    guard let line = text.split(separator: "\n").first, let pid = Int32(line), pid > 0 else {
      return nil
    }
    return pid
  }
}
