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
  private let systemClose = close

  extension SystemCalls {
    /// The effective user ID (`geteuid`).
    var effectiveUserID: UInt32 { UInt32(geteuid()) }

    /// The wall-clock time in whole seconds (`clock_gettime(CLOCK_REALTIME)`, no system call
    /// through the vDSO).
    func secondsSinceEpoch() -> Int {
      var now = timespec()
      clock_gettime(CLOCK_REALTIME, &now)
      return Int(now.tv_sec)
    }

    /// Waits (`usleep`).
    func sleep(microseconds: Int) {
      usleep(UInt32(microseconds))
    }
  }

  /// The real system calls.
  struct LiveSystemCalls: SystemCallProvider {
    static let currentDirectoryDescriptor: Int32 = AT_FDCWD
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

    func status(path: String, followSymlinks: Bool) -> Result<FileStatus, SystemErrno> {
      var info = stat()
      let result =
        followSymlinks ? stat(path, &info) : lstat(path, &info)
      return result == 0 ? .success(FileStatus(info)) : .failure(Self.lastError)
    }

    func status(in directory: Int32, name: String, followSymlinks: Bool) -> Result<
      FileStatus, SystemErrno
    > {
      var info = stat()
      let flags = followSymlinks ? 0 : AT_SYMLINK_NOFOLLOW
      return fstatat(directory, name, &info, flags) == 0
        ? .success(FileStatus(info)) : .failure(Self.lastError)
    }

    func status(descriptor: Int32) -> Result<FileStatus, SystemErrno> {
      var info = stat()
      return fstat(descriptor, &info) == 0 ? .success(FileStatus(info)) : .failure(Self.lastError)
    }

    func makeDirectory(in directory: Int32, name: String, mode: UInt32) -> SystemErrno? {
      mkdirat(directory, name, mode_t(mode)) == 0 ? nil : Self.lastError
    }

    func openDirectory(in directory: Int32, name: String, options: DirectoryOpenOptions)
      -> Result<Int32, SystemErrno>
    {
      var flags = O_DIRECTORY | O_CLOEXEC
      if !options.followSymlinks { flags |= O_NOFOLLOW }
      if options.pathOnly { flags |= Self.pathOnlyFlag }
      let descriptor = openat(directory, name, flags)
      return descriptor >= 0 ? .success(descriptor) : .failure(Self.lastError)
    }

    func setPermissions(descriptor: Int32, mode: UInt32) -> SystemErrno? {
      fchmod(descriptor, mode_t(mode)) == 0 ? nil : Self.lastError
    }

    func setPermissions(in directory: Int32, name: String, mode: UInt32) -> SystemErrno? {
      fchmodat(directory, name, mode_t(mode), AT_SYMLINK_NOFOLLOW) == 0 ? nil : Self.lastError
    }

    func setPermissions(pathDescriptor: Int32, mode: UInt32) -> SystemErrno? {
      #if os(Linux) || os(Android)
        chmod("/proc/self/fd/\(pathDescriptor)", mode_t(mode)) == 0 ? nil : Self.lastError
      #else
        // An O_SEARCH descriptor (or one opened for reading), which fchmod accepts.
        fchmod(pathDescriptor, mode_t(mode)) == 0 ? nil : Self.lastError
      #endif
    }

    func openFile(path: String) -> Result<Int32, SystemErrno> {
      let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY)
      return descriptor >= 0 ? .success(descriptor) : .failure(Self.lastError)
    }

    func read(descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Result<
      Int, SystemErrno
    > {
      let count = systemRead(descriptor, buffer.baseAddress, buffer.count)
      return count >= 0 ? .success(count) : .failure(Self.lastError)
    }

    func close(descriptor: Int32) {
      _ = systemClose(descriptor)
    }

    func readLink(path: String) -> Result<String, SystemErrno> {
      var buffer = [CChar](repeating: 0, count: 4097)
      let count = readlink(path, &buffer, buffer.count - 1)
      guard count >= 0 else { return .failure(Self.lastError) }
      return .success(
        String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self))
    }

    func mayCreateFiles(in path: String) -> Bool {
      access(path, W_OK | X_OK) == 0
    }

    func maySearch(_ path: String) -> Bool {
      access(path, X_OK) == 0
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
      permissions = mode & 0o7777
      owner = UInt32(info.st_uid)
      device = UInt64(info.st_dev)
      inode = UInt64(info.st_ino)
      size = Int64(info.st_size)
      // Darwin names the timespec fields st_mtimespec and st_ctimespec.
      #if canImport(Darwin)
        let modified = info.st_mtimespec
        let changed = info.st_ctimespec
      #else
        let modified = info.st_mtim
        let changed = info.st_ctim
      #endif
      modificationSeconds = Int(modified.tv_sec)
      modificationNanoseconds = Int(modified.tv_nsec)
      changeSeconds = Int(changed.tv_sec)
      changeNanoseconds = Int(changed.tv_nsec)
    }
  }
#endif
