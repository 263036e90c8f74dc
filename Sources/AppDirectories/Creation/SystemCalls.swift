#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#elseif canImport(Android)
  import Android
#endif

// The C functions whose names the provider's methods reuse.
private let systemRead = read
private let systemClose = close

/// What `stat` says about a file, reduced to what the library looks at.
struct FileStatus: Sendable, Hashable {
  enum FileType: Sendable, Hashable {
    case directory, symbolicLink, regular, other
  }
  var type: FileType
  /// The permission bits and the set-ID and sticky bits (`st_mode & 0o7777`).
  var permissions: UInt32
  var owner: UInt32
  var device: UInt64 = 0
  var inode: UInt64 = 0
  var size: Int64 = 0
  var modificationSeconds: Int = 0
  var modificationNanoseconds: Int = 0
  var changeSeconds: Int = 0
  var changeNanoseconds: Int = 0
}

/// How to open a directory.
struct DirectoryOpenOptions: Sendable, Hashable {
  /// Follow a symbolic link in the last component.
  var followSymlinks: Bool
  /// Open for path operations only (`O_PATH`), which needs no read permission.
  var pathOnly: Bool
}

/// The system calls the library makes, one method per call, each made exactly once.
///
/// This is the single seam between the library and the operating system: tests give
/// ``SystemCalls`` another provider to force an `errno`, count calls, or swap a file in between
/// two steps.
protocol SystemCallProvider: Sendable {
  /// `stat`, or `lstat` when `followSymlinks` is false.
  func status(path: String, followSymlinks: Bool) -> Result<FileStatus, Errno>
  /// `fstatat`, with `AT_SYMLINK_NOFOLLOW` when `followSymlinks` is false.
  func status(in directory: Int32, name: String, followSymlinks: Bool) -> Result<FileStatus, Errno>
  /// `mkdirat`.
  func makeDirectory(in directory: Int32, name: String, mode: UInt32) -> Errno?
  /// `openat` with `O_DIRECTORY | O_CLOEXEC`, plus `O_NOFOLLOW` and `O_PATH` as asked.
  func openDirectory(in directory: Int32, name: String, options: DirectoryOpenOptions)
    -> Result<Int32, Errno>
  /// `fchmod`.
  func setPermissions(descriptor: Int32, mode: UInt32) -> Errno?
  /// `fchmodat` with `AT_SYMLINK_NOFOLLOW`.
  func setPermissions(in directory: Int32, name: String, mode: UInt32) -> Errno?
  /// `open` read-only, for a regular file.
  func openFile(path: String) -> Result<Int32, Errno>
  /// `read`.
  func read(descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Result<Int, Errno>
  /// `close`.
  func close(descriptor: Int32)
}

/// The system calls with `EINTR` retried, so that callers never see it.
struct SystemCalls: Sendable {
  let provider: any SystemCallProvider

  /// The real operating system.
  static let live = SystemCalls(provider: LiveSystemCalls())

  /// The descriptor meaning "the current directory" (`AT_FDCWD`), which absolute names ignore.
  static let currentDirectory: Int32 = LiveSystemCalls.currentDirectoryDescriptor

  func status(path: String, followSymlinks: Bool) -> Result<FileStatus, Errno> {
    retrying { provider.status(path: path, followSymlinks: followSymlinks) }
  }

  func status(in directory: Int32, name: String, followSymlinks: Bool) -> Result<FileStatus, Errno>
  {
    retrying { provider.status(in: directory, name: name, followSymlinks: followSymlinks) }
  }

  func makeDirectory(in directory: Int32, name: String, mode: UInt32) -> Errno? {
    retrying { provider.makeDirectory(in: directory, name: name, mode: mode) }
  }

  func openDirectory(in directory: Int32, name: String, options: DirectoryOpenOptions)
    -> Result<Int32, Errno>
  {
    retrying { provider.openDirectory(in: directory, name: name, options: options) }
  }

  func setPermissions(descriptor: Int32, mode: UInt32) -> Errno? {
    retrying { provider.setPermissions(descriptor: descriptor, mode: mode) }
  }

  func setPermissions(in directory: Int32, name: String, mode: UInt32) -> Errno? {
    retrying { provider.setPermissions(in: directory, name: name, mode: mode) }
  }

  func openFile(path: String) -> Result<Int32, Errno> {
    retrying { provider.openFile(path: path) }
  }

  func read(descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Result<Int, Errno> {
    retrying { provider.read(descriptor: descriptor, into: buffer) }
  }

  func close(descriptor: Int32) {
    // close is not retried on EINTR: on Linux the descriptor is released either way.
    provider.close(descriptor: descriptor)
  }

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

  /// Reads a whole regular file of at most `limit` bytes; longer files are cut at `limit`.
  func readFile(path: String, limit: Int) -> Result<[UInt8], Errno> {
    let descriptor: Int32
    switch openFile(path: path) {
    case .success(let opened): descriptor = opened
    case .failure(let error): return .failure(error)
    }
    defer { close(descriptor: descriptor) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 16 * 1024)
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

  private static let interrupted = Errno(rawValue: EINTR)

  private func retrying<T>(_ call: () -> Result<T, Errno>) -> Result<T, Errno> {
    while true {
      let result = call()
      if case .failure(let error) = result, error == Self.interrupted { continue }
      return result
    }
  }

  private func retrying(_ call: () -> Errno?) -> Errno? {
    while true {
      let error = call()
      if error == Self.interrupted { continue }
      return error
    }
  }
}

/// The real system calls.
struct LiveSystemCalls: SystemCallProvider {
  #if os(Linux) || os(Android)
    static let currentDirectoryDescriptor: Int32 = AT_FDCWD
    // O_PATH is 010000000 on every Linux architecture Swift supports.
    private static let pathOnlyFlag: Int32 = 0o10000000
  #else
    static let currentDirectoryDescriptor: Int32 = AT_FDCWD
    private static let pathOnlyFlag: Int32 = 0
  #endif

  private static var lastError: Errno { Errno(rawValue: errno) }

  func status(path: String, followSymlinks: Bool) -> Result<FileStatus, Errno> {
    var info = stat()
    let result =
      followSymlinks ? stat(path, &info) : lstat(path, &info)
    return result == 0 ? .success(FileStatus(info)) : .failure(Self.lastError)
  }

  func status(in directory: Int32, name: String, followSymlinks: Bool) -> Result<FileStatus, Errno>
  {
    var info = stat()
    let flags = followSymlinks ? 0 : AT_SYMLINK_NOFOLLOW
    return fstatat(directory, name, &info, flags) == 0
      ? .success(FileStatus(info)) : .failure(Self.lastError)
  }

  func makeDirectory(in directory: Int32, name: String, mode: UInt32) -> Errno? {
    mkdirat(directory, name, mode_t(mode)) == 0 ? nil : Self.lastError
  }

  func openDirectory(in directory: Int32, name: String, options: DirectoryOpenOptions)
    -> Result<Int32, Errno>
  {
    var flags = O_DIRECTORY | O_CLOEXEC
    if !options.followSymlinks { flags |= O_NOFOLLOW }
    if options.pathOnly { flags |= Self.pathOnlyFlag }
    let descriptor = openat(directory, name, flags)
    return descriptor >= 0 ? .success(descriptor) : .failure(Self.lastError)
  }

  func setPermissions(descriptor: Int32, mode: UInt32) -> Errno? {
    fchmod(descriptor, mode_t(mode)) == 0 ? nil : Self.lastError
  }

  func setPermissions(in directory: Int32, name: String, mode: UInt32) -> Errno? {
    fchmodat(directory, name, mode_t(mode), AT_SYMLINK_NOFOLLOW) == 0 ? nil : Self.lastError
  }

  func openFile(path: String) -> Result<Int32, Errno> {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY)
    return descriptor >= 0 ? .success(descriptor) : .failure(Self.lastError)
  }

  func read(descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Result<Int, Errno> {
    let count = systemRead(descriptor, buffer.baseAddress, buffer.count)
    return count >= 0 ? .success(count) : .failure(Self.lastError)
  }

  func close(descriptor: Int32) {
    _ = systemClose(descriptor)
  }
}

extension FileStatus {
  init(_ info: stat) {
    let format = info.st_mode & S_IFMT
    type =
      format == S_IFDIR
      ? .directory : format == S_IFLNK ? .symbolicLink : format == S_IFREG ? .regular : .other
    permissions = UInt32(info.st_mode & 0o7777)
    owner = UInt32(info.st_uid)
    device = UInt64(info.st_dev)
    inode = UInt64(info.st_ino)
    size = Int64(info.st_size)
    modificationSeconds = Int(info.st_mtim.tv_sec)
    modificationNanoseconds = Int(info.st_mtim.tv_nsec)
    changeSeconds = Int(info.st_ctim.tv_sec)
    changeNanoseconds = Int(info.st_ctim.tv_nsec)
  }
}
