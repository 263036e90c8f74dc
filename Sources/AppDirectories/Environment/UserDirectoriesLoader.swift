#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#elseif canImport(Android)
  import Android
#endif

/// Reads `user-dirs.dirs` once, and again only when the file changes.
///
/// Each lookup costs one `stat` of the file; the parsed result is kept for as long as the
/// file's device, inode, size and change times stay the same.
enum UserDirectoriesLoader {
  /// Files longer than this are read only up to here.
  static let sizeLimit = 1 << 20

  private struct CacheKey: Hashable {
    var path: String
    var home: String
    var status: FileStatus
  }

  private static let cache = Locked<(key: CacheKey, value: UserDirectories)?>(nil)

  /// The parsed file at `path` for an environment (or the contents it gives instead), or `nil`
  /// where there is no file.
  static func load(
    _ path: String, for environment: ProcessEnvironment, home: String, syscalls: SystemCalls
  ) -> UserDirectories? {
    switch environment.userDirectoriesFile {
    case .contents(let text):
      return text.map { UserDirectories(parsing: $0, home: home) }
    case .readFromDisk:
      return read(path: path, home: home, syscalls: syscalls)
    }
  }

  static func read(path: String, home: String, syscalls: SystemCalls) -> UserDirectories? {
    let status: FileStatus
    switch syscalls.status(path: path, followSymlinks: true) {
    case .success(let found): status = found
    case .failure(let error) where error.rawValue == ENOENT || error.rawValue == ENOTDIR:
      return nil
    case .failure(let error):
      return unreadable(path, error)
    }
    let key = CacheKey(path: path, home: home, status: status)
    if let cached = cache.withLock({ $0 }), cached.key == key { return cached.value }
    switch syscalls.readFile(path: path, limit: sizeLimit) {
    case .success(let bytes):
      let parsed = UserDirectories(
        parsing: String(decoding: bytes, as: UTF8.self), home: home, fileName: path)
      cache.withLock { $0 = (key, parsed) }
      return parsed
    case .failure(let error):
      return unreadable(path, error)
    }
  }

  private static func unreadable(_ path: String, _ error: Errno) -> UserDirectories {
    var result = UserDirectories(parsing: "", home: "/")
    result.warnings.append(
      DirectoryWarning(
        "\(path) cannot be read (\(error)); the default folders are used",
        suggestion: "Make \(path) readable by your user, or remove it."))
    return result
  }
}
