// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

#if !os(Windows)
  #if canImport(Darwin)
    import Darwin
  #elseif canImport(Android)
    import Android
  #elseif canImport(Glibc)
    import Glibc
  #elseif canImport(Musl)
    import Musl
  #endif

  // The C functions whose names the provider's methods reuse.
  private let systemRead = read
  private let systemWrite = write
  private let systemClose = close
  private let systemRename = renameat

  extension SystemCalls {
    /// The effective user ID (`geteuid`).
    package var effectiveUserID: UInt32 { UInt32(geteuid()) }

    /// The process's ID (`getpid`), written in a lock file for messages.
    package var processID: Int32 { Int32(getpid()) }

    /// The wall-clock time in whole seconds (`clock_gettime(CLOCK_REALTIME)`, no system call
    /// through the vDSO).
    package func secondsSinceEpoch() -> Int {
      var now = timespec()
      clock_gettime(CLOCK_REALTIME, &now)
      return Int(now.tv_sec)
    }

    /// Waits (`usleep`).
    func sleep(microseconds: Int) {
      usleep(UInt32(microseconds))
    }
  }

  /// Pretended `EINTR`s: the next call of the live provider that holds them fails as if a
  /// signal had interrupted it before it reached the system, `times` times in a row, and is
  /// made again each time. The tests give them to a call to see that it is retried; the
  /// library never makes one.
  final class Interruption: Sendable {
    private let pending: Locked<Int>

    init(times: Int = 1) {
      pending = Locked(times)
    }

    /// Whether a call has taken every interruption.
    var isTaken: Bool { pending.withLock { $0 == 0 } }

    /// Takes one interruption: `true` while some are left.
    func take() -> Bool {
      pending.withLock { pending in
        guard pending > 0 else { return false }
        pending -= 1
        return true
      }
    }
  }

  /// The real system calls, each made again when a signal interrupts it.
  struct LiveSystemCalls: SystemCalls {
    /// The descriptor meaning "the current directory" (`AT_FDCWD`), which absolute names
    /// ignore.
    static let currentDirectory: Int32 = AT_FDCWD
    #if os(Linux) || os(Android)
      // O_PATH is 010000000 on every Linux architecture Swift supports (and in musl and
      // bionic): a descriptor for path operations, which needs search permission on the
      // directories above and no permission on the file itself.
      private static let pathOnlyFlag: Int32 = 0o10000000
    #elseif canImport(Darwin)
      // O_EXEC, which with O_DIRECTORY is O_SEARCH (xnu's fcntl.h, since macOS 13 and iOS 16,
      // the package's oldest): opening needs search permission only, and fstat and fchmod work
      // on the descriptor.
      private static let pathOnlyFlag: Int32 = O_EXEC
    #else
      private static let pathOnlyFlag: Int32 = 0
    #endif

    private static var lastError: SystemErrno { SystemErrno(rawValue: errno) }

    /// An interruption that the next call takes before it reaches the system; `nil` but in
    /// the tests that check that every call is made again after `EINTR`.
    let interruption: Interruption?

    init(interruption: Interruption? = nil) {
      self.interruption = interruption
    }

    /// Makes a call again for as long as a signal interrupts it (`EINTR`): the one place the
    /// library retries, so that no caller sees that error.
    private func retrying<T>(_ call: () -> Result<T, SystemErrno>) -> Result<T, SystemErrno> {
      while true {
        if interruption?.take() == true { continue }
        let result = call()
        if case .failure(let error) = result, error == .interrupted { continue }
        return result
      }
    }

    private func retrying(_ call: () -> SystemErrno?) -> SystemErrno? {
      while true {
        if interruption?.take() == true { continue }
        let error = call()
        if error == .interrupted { continue }
        return error
      }
    }

    package func status(path: String, followSymlinks: Bool) -> Result<FileStatus, SystemErrno> {
      retrying {
        var info = stat()
        let result =
          followSymlinks ? stat(path, &info) : lstat(path, &info)
        return result == 0 ? .success(FileStatus(info)) : .failure(Self.lastError)
      }
    }

    package func status(in directory: Int32, name: String, followSymlinks: Bool) -> Result<
      FileStatus, SystemErrno
    > {
      retrying {
        var info = stat()
        let flags = followSymlinks ? 0 : AT_SYMLINK_NOFOLLOW
        return fstatat(directory, name, &info, flags) == 0
          ? .success(FileStatus(info)) : .failure(Self.lastError)
      }
    }

    package func status(descriptor: Int32) -> Result<FileStatus, SystemErrno> {
      retrying {
        var info = stat()
        return fstat(descriptor, &info) == 0 ? .success(FileStatus(info)) : .failure(Self.lastError)
      }
    }

    func makeDirectory(in directory: Int32, name: String, mode: UInt32) -> SystemErrno? {
      retrying {
        mkdirat(directory, name, mode_t(mode)) == 0 ? nil : Self.lastError
      }
    }

    func openDirectory(in directory: Int32, name: String, options: DirectoryOpenOptions)
      -> Result<Int32, SystemErrno>
    {
      retrying {
        var flags = O_DIRECTORY | O_CLOEXEC
        if !options.followSymlinks { flags |= O_NOFOLLOW }
        if options.pathOnly { flags |= Self.pathOnlyFlag }
        let descriptor = openat(directory, name, flags)
        return descriptor >= 0 ? .success(descriptor) : .failure(Self.lastError)
      }
    }

    func setPermissions(descriptor: Int32, mode: UInt32) -> SystemErrno? {
      retrying {
        fchmod(descriptor, mode_t(mode)) == 0 ? nil : Self.lastError
      }
    }

    func setPermissions(pathDescriptor: Int32, mode: UInt32) -> SystemErrno? {
      retrying {
        #if os(Linux) || os(Android)
          chmod("/proc/self/fd/\(pathDescriptor)", mode_t(mode)) == 0 ? nil : Self.lastError
        #else
          // An O_SEARCH descriptor (or one opened for reading), which fchmod accepts.
          fchmod(pathDescriptor, mode_t(mode)) == 0 ? nil : Self.lastError
        #endif
      }
    }

    func openFile(path: String) -> Result<Int32, SystemErrno> {
      retrying {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY)
        return descriptor >= 0 ? .success(descriptor) : .failure(Self.lastError)
      }
    }

    func read(descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Result<
      Int, SystemErrno
    > {
      retrying {
        let count = systemRead(descriptor, buffer.baseAddress, buffer.count)
        return count >= 0 ? .success(count) : .failure(Self.lastError)
      }
    }

    func close(descriptor: Int32) {
      _ = systemClose(descriptor)
    }

    func readLink(path: String) -> Result<String, SystemErrno> {
      retrying {
        var buffer = [CChar](repeating: 0, count: 4097)
        let count = readlink(path, &buffer, buffer.count - 1)
        guard count >= 0 else { return .failure(Self.lastError) }
        return .success(
          String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self))
      }
    }

    func accessProblem(directory: Int32, write: Bool) -> SystemErrno? {
      retrying {
        #if os(Android)
          // Bionic's faccessat takes no flags (EINVAL); an app's real and effective users are
          // the same.
          let flags: Int32 = 0
        #else
          let flags = AT_EACCESS
        #endif
        return faccessat(directory, ".", write ? W_OK | X_OK : X_OK, flags) == 0
          ? nil : Self.lastError
      }
    }

    func listDirectory(descriptor: Int32) -> Result<[DirectoryEntry], SystemErrno> {
      retrying {
        // A descriptor of its own: closedir closes it, and its offset is not the caller's.
        let own = openat(descriptor, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard own >= 0 else { return .failure(Self.lastError) }
        guard let stream = fdopendir(own) else {
          let error = Self.lastError
          _ = systemClose(own)
          return .failure(error)
        }
        defer { closedir(stream) }
        var entries: [DirectoryEntry] = []
        while true {
          errno = 0
          guard let entry = readdir(stream) else {
            if errno != 0 { return .failure(Self.lastError) }
            return .success(entries)
          }
          let name = withUnsafeBytes(of: &entry.pointee.d_name) { raw in
            FileName(bytes: Array(raw.prefix { $0 != 0 }))
          }
          if name.isDotOrDotDot { continue }
          let type: FileStatus.FileType?
          switch Int32(entry.pointee.d_type) {
          case Int32(DT_DIR): type = .directory
          case Int32(DT_REG): type = .regular
          case Int32(DT_LNK): type = .symbolicLink
          case Int32(DT_UNKNOWN): type = nil
          default: type = .other
          }
          entries.append(DirectoryEntry(name: name, type: type))
        }
      }
    }

    package func status(in directory: Int32, entry: FileName, followSymlinks: Bool) -> Result<
      FileStatus, SystemErrno
    > {
      retrying {
        var info = stat()
        let flags = followSymlinks ? 0 : AT_SYMLINK_NOFOLLOW
        return entry.withCString { fstatat(directory, $0, &info, flags) } == 0
          ? .success(FileStatus(info)) : .failure(Self.lastError)
      }
    }

    func openDirectory(in directory: Int32, entry: FileName) -> Result<Int32, SystemErrno> {
      retrying {
        let descriptor = entry.withCString {
          openat(directory, $0, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        }
        return descriptor >= 0 ? .success(descriptor) : .failure(Self.lastError)
      }
    }

    func makeDirectory(in directory: Int32, entry: FileName, mode: UInt32) -> SystemErrno? {
      retrying {
        entry.withCString { mkdirat(directory, $0, mode_t(mode)) } == 0 ? nil : Self.lastError
      }
    }

    func openFile(in directory: Int32, entry: FileName) -> Result<Int32, SystemErrno> {
      retrying {
        let descriptor = entry.withCString {
          openat(directory, $0, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        }
        return descriptor >= 0 ? .success(descriptor) : .failure(Self.lastError)
      }
    }

    func createFile(in directory: Int32, entry: FileName, mode: UInt32) -> Result<
      Int32, SystemErrno
    > {
      retrying {
        let descriptor = entry.withCString {
          openat(
            directory, $0, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode_t(mode))
        }
        return descriptor >= 0 ? .success(descriptor) : .failure(Self.lastError)
      }
    }

    func transfer(from source: Int32, to target: Int32, count: Int) -> Result<Int, SystemErrno> {
      retrying {
        // Linux's sendfile(2) alone: FreeBSD and OpenBSD import their C library as Glibc too,
        // and FreeBSD's sendfile takes seven arguments (sys/socket.h), OpenBSD has none.
        #if canImport(Glibc) && os(Linux)
          let sent = sendfile(target, source, nil, count)
          return sent >= 0 ? .success(sent) : .failure(Self.lastError)
        #else
          return .failure(.notImplemented)
        #endif
      }
    }

    func write(descriptor: Int32, from buffer: UnsafeRawBufferPointer) -> Result<Int, SystemErrno> {
      retrying {
        let count = systemWrite(descriptor, buffer.baseAddress, buffer.count)
        return count >= 0 ? .success(count) : .failure(Self.lastError)
      }
    }

    func synchronize(descriptor: Int32) -> SystemErrno? {
      retrying {
        #if canImport(Darwin)
          // Darwin's fsync leaves the data in the drive's cache; F_FULLFSYNC flushes it, where
          // the file system can (else fsync, as on a network volume).
          if fcntl(descriptor, F_FULLFSYNC) == 0 { return nil }
        #endif
        return fsync(descriptor) == 0 ? nil : Self.lastError
      }
    }

    /// `UTIME_OMIT`, whose C macro Swift does not import: `(1 << 30) - 2` on Linux and
    /// Android (`include/uapi/linux/stat.h`), `-2` on Darwin and FreeBSD (`sys/stat.h`), `-1` on
    /// OpenBSD (`sys/stat.h`, where `-2` is `UTIME_NOW`).
    #if canImport(Darwin) || os(FreeBSD)
      private static let omitTime = -2
    #elseif os(OpenBSD)
      private static let omitTime = -1
    #else
      private static let omitTime = (1 << 30) - 2
    #endif

    private static func times(_ time: FileTime) -> [timespec] {
      [
        timespec(tv_sec: 0, tv_nsec: omitTime),
        timespec(tv_sec: time_t(time.seconds), tv_nsec: time.nanoseconds),
      ]
    }

    func setModificationTime(descriptor: Int32, _ time: FileTime) -> SystemErrno? {
      retrying {
        futimens(descriptor, Self.times(time)) == 0 ? nil : Self.lastError
      }
    }

    func setModificationTime(in directory: Int32, entry: FileName, _ time: FileTime)
      -> SystemErrno?
    {
      retrying {
        let times = Self.times(time)
        return entry.withCString { utimensat(directory, $0, times, AT_SYMLINK_NOFOLLOW) } == 0
          ? nil : Self.lastError
      }
    }

    func readLink(in directory: Int32, entry: FileName) -> Result<[UInt8], SystemErrno> {
      retrying {
        var buffer = [CChar](repeating: 0, count: 4097)
        let count = entry.withCString { readlinkat(directory, $0, &buffer, buffer.count - 1) }
        guard count >= 0 else { return .failure(Self.lastError) }
        return .success(buffer[..<count].map { UInt8(bitPattern: $0) })
      }
    }

    func makeSymbolicLink(in directory: Int32, entry: FileName, target: [UInt8]) -> SystemErrno? {
      retrying {
        FileName(bytes: target).withCString { target in
          entry.withCString { symlinkat(target, directory, $0) }
        } == 0 ? nil : Self.lastError
      }
    }

    func rename(
      in directory: Int32, entry: FileName, to targetDirectory: Int32,
      entry targetEntry: FileName
    ) -> SystemErrno? {
      retrying {
        entry.withCString { from in
          targetEntry.withCString { to in systemRename(directory, from, targetDirectory, to) }
        } == 0 ? nil : Self.lastError
      }
    }

    func replace(in directory: Int32, entry: FileName, withFile temporary: FileName)
      -> SystemErrno?
    {
      rename(in: directory, entry: temporary, to: directory, entry: entry)
    }

    func remove(in directory: Int32, entry: FileName, isDirectory: Bool) -> SystemErrno? {
      retrying {
        entry.withCString { unlinkat(directory, $0, isDirectory ? AT_REMOVEDIR : 0) } == 0
          ? nil : Self.lastError
      }
    }

    func lockExclusively(descriptor: Int32) -> SystemErrno? {
      retrying {
        flock(descriptor, LOCK_EX) == 0 ? nil : Self.lastError
      }
    }

    func openLockFile(in directory: Int32, name: String) -> Result<Int32, SystemErrno> {
      retrying {
        let flags = O_RDWR | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC
        let descriptor = openat(directory, name, flags, mode_t(0o600))
        return descriptor >= 0 ? .success(descriptor) : .failure(Self.lastError)
      }
    }

    func tryLockExclusively(descriptor: Int32) -> SystemErrno? {
      retrying {
        guard flock(descriptor, LOCK_EX | LOCK_NB) != 0 else { return nil }
        // EWOULDBLOCK is EAGAIN on every platform this file serves.
        return errno == EWOULDBLOCK ? .wouldBlock : Self.lastError
      }
    }

    func replaceContents(descriptor: Int32, with bytes: [UInt8]) -> SystemErrno? {
      retrying {
        guard ftruncate(descriptor, 0) == 0 else { return Self.lastError }
        var offset = 0
        while offset < bytes.count {
          // bionic declares the buffer _Nonnull: the pointer is unwrapped first.
          let written = bytes[offset...].withUnsafeBytes { rest -> Int in
            guard let base = rest.baseAddress else { return 0 }
            return pwrite(descriptor, base, rest.count, off_t(offset))
          }
          if written < 0 { return Self.lastError }
          offset += written
        }
        return nil
      }
    }

    func link(
      in directory: Int32, entry: FileName, to targetDirectory: Int32,
      entry targetEntry: FileName
    ) -> SystemErrno? {
      retrying {
        entry.withCString { from in
          targetEntry.withCString { to in linkat(directory, from, targetDirectory, to, 0) }
        } == 0 ? nil : Self.lastError
      }
    }
  }

  extension FileStatus {
    init(_ info: stat) {
      // st_mode is UInt16 on Darwin, UInt32 elsewhere (and on 32-bit Android mode_t is narrower
      // than st_mode): compare as UInt32.
      let mode = UInt32(info.st_mode)
      let format = mode & UInt32(S_IFMT)
      type =
        format == UInt32(S_IFDIR)
        ? .directory
        : format == UInt32(S_IFLNK) ? .symbolicLink : format == UInt32(S_IFREG) ? .regular : .other
      otherKind =
        switch format {
        case UInt32(S_IFIFO): .fifo
        case UInt32(S_IFSOCK): .socket
        case UInt32(S_IFCHR), UInt32(S_IFBLK): .device
        default: nil
        }
      permissions = mode & 0o7777
      owner = UInt32(info.st_uid)
      // Darwin's dev_t is an Int32, which may be negative.
      #if canImport(Darwin)
        device = UInt64(UInt32(bitPattern: info.st_dev))
      #else
        device = UInt64(info.st_dev)
      #endif
      inode = UInt64(info.st_ino)
      size = Int64(info.st_size)
      linkCount = UInt64(info.st_nlink)
      // Darwin names the timespec fields st_mtimespec, st_ctimespec and st_atimespec.
      #if canImport(Darwin)
        let modified = info.st_mtimespec
        let changed = info.st_ctimespec
        let accessed = info.st_atimespec
      #else
        let modified = info.st_mtim
        let changed = info.st_ctim
        let accessed = info.st_atim
      #endif
      modificationSeconds = Int(modified.tv_sec)
      modificationNanoseconds = Int(modified.tv_nsec)
      changeSeconds = Int(changed.tv_sec)
      changeNanoseconds = Int(changed.tv_nsec)
      accessSeconds = Int(accessed.tv_sec)
      accessNanoseconds = Int(accessed.tv_nsec)
    }
  }
#endif
