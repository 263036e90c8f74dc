import AppDirectories

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#elseif canImport(Android)
  import Android
#endif

/// Read-only looks at the file system for the tool's reports.
enum FileProbe {
  /// What `lstat` saw at a path.
  struct Entry {
    enum Kind { case directory, symbolicLink, other }
    let kind: Kind
    let owner: UInt32
    let permissions: UInt32
  }

  /// Whether a directory (or a symlink to one) is at `path`.
  static func isDirectory(_ path: String) -> Bool {
    entry(path, followingSymlinks: true)?.kind == .directory
  }

  /// Whether a file of any kind, even a dangling symlink, is at `path`.
  static func exists(_ path: String) -> Bool {
    entry(path) != nil
  }

  /// The entry at `path` itself (a symlink is not followed), or `nil` when there is none.
  static func entry(_ path: String, followingSymlinks: Bool = false) -> Entry? {
    var info = stat()
    guard (followingSymlinks ? stat(path, &info) : lstat(path, &info)) == 0 else { return nil }
    let kind: Entry.Kind =
      switch info.st_mode & S_IFMT {
      case S_IFDIR: .directory
      case S_IFLNK: .symbolicLink
      default: .other
      }
    return Entry(kind: kind, owner: UInt32(info.st_uid), permissions: UInt32(info.st_mode) & 0o7777)
  }

  /// The target of a symbolic link, as written in the link.
  static func linkTarget(_ path: String) -> String? {
    var buffer = [CChar](repeating: 0, count: 4097)
    let count = readlink(path, &buffer, buffer.count - 1)
    guard count >= 0 else { return nil }
    return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// Whether the user may create files in the directory at `path`.
  static func isWritableDirectory(_ path: String) -> Bool {
    access(path, W_OK | X_OK) == 0
  }

  /// Whether two paths name the same file.
  static func isSameFile(_ first: String, _ second: String) -> Bool {
    var a = stat()
    var b = stat()
    return stat(first, &a) == 0 && stat(second, &b) == 0 && a.st_dev == b.st_dev
      && a.st_ino == b.st_ino
  }
}

/// The application sandbox the tool runs in, if any.
enum Sandbox {
  /// `"flatpak"` (`FLATPAK_ID`, or `/.flatpak-info` on the real system), `"snap"` (`SNAP_NAME`),
  /// or `nil`.
  static func detect(in environment: ProcessEnvironment) -> String? {
    if environment.variables["FLATPAK_ID"].map({ !$0.isEmpty }) == true { return "flatpak" }
    if environment.variables["SNAP_NAME"].map({ !$0.isEmpty }) == true { return "snap" }
    if environment == ProcessEnvironment.current && FileProbe.exists("/.flatpak-info") {
      return "flatpak"
    }
    return nil
  }
}
