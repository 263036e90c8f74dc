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
  /// Whether a directory (or a symlink to one) is at `path`.
  static func isDirectory(_ path: String) -> Bool {
    var info = stat()
    return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
  }

  /// Whether a file of any kind, even a dangling symlink, is at `path`.
  static func exists(_ path: String) -> Bool {
    var info = stat()
    return lstat(path, &info) == 0
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
