#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// The per-user base directories that all applications share: home, documents, caches and
/// the rest of ``StandardDirectory``.
///
/// ```swift
/// let documents = try StandardDirectories.url(for: .documents)
/// let fonts = try StandardDirectories.directory(.fonts)   // created if missing
/// ```
public enum StandardDirectories {
  /// The URL of a base directory, without creating it.
  ///
  /// On Linux the user folders (documents, downloads, …) come from `user-dirs.dirs`, which is
  /// parsed once and read again only when it changes: one `stat` per call.
  public static func url(
    for kind: StandardDirectory, layout: Layout = .native,
    environment: ProcessEnvironment = .current
  ) throws(DirectoryError) -> URL {
    try resolution(for: kind, layout: layout, environment: environment, syscalls: .live).url
  }

  /// The path of a base directory, where it came from, and every warning on the way.
  public static func resolution(
    for kind: StandardDirectory, layout: Layout = .native,
    environment: ProcessEnvironment = .current
  ) throws(DirectoryError) -> DirectoryResolution {
    try resolution(for: kind, layout: layout, environment: environment, syscalls: .live)
  }

  /// Finds or creates a base directory and returns its URL.
  ///
  /// Missing directories are created with mode 0700; existing ones are left as they are.
  public static func directory(
    _ kind: StandardDirectory, layout: Layout = .native,
    environment: ProcessEnvironment = .current
  ) throws(DirectoryError) -> URL {
    try directory(kind, layout: layout, environment: environment, syscalls: .live)
  }

  /// The directories searched for files of a kind, most important first: for data and config
  /// the user's directory then each system directory (`XDG_DATA_DIRS`, `XDG_CONFIG_DIRS`); for
  /// other kinds only the kind's own directory.
  public static func searchResolutions(
    for kind: StandardDirectory, layout: Layout = .native,
    environment: ProcessEnvironment = .current
  ) throws(DirectoryError) -> [DirectoryResolution] {
    let own = try resolution(for: kind, layout: layout, environment: environment, syscalls: .live)
    let systemKind: AppDirectory? =
      switch kind {
      case .data: .data
      case .config: .config
      default: nil
      }
    guard let systemKind else { return [own] }
    return [own] + environment.layout(layout).searchBases(systemKind)
  }

  static func directory(
    _ kind: StandardDirectory, layout: Layout, environment: ProcessEnvironment,
    syscalls: SystemCalls
  ) throws(DirectoryError) -> URL {
    let resolved = try resolution(
      for: kind, layout: layout, environment: environment, syscalls: syscalls)
    if resolved.runtimeCheck == .createFallback {
      try RuntimeDirectoryCheck(syscalls: syscalls, effectiveUserID: environment.effectiveUserID)
        .ensureFallback(resolved.path)
    } else {
      try DirectoryCreator(syscalls: syscalls).findOrCreate(resolved.path)
    }
    return resolved.url
  }

  static func resolution(
    for kind: StandardDirectory, layout: Layout, environment: ProcessEnvironment,
    syscalls: SystemCalls
  ) throws(DirectoryError) -> DirectoryResolution {
    let platformLayout = environment.layout(layout)
    var userDirectories: UserDirectories? = nil
    if UserDirectories.Key(kind) != nil, let file = try platformLayout.userDirectoriesFilePath() {
      userDirectories = UserDirectoriesLoader.load(
        file, for: environment, home: try environment.resolveHome().path, syscalls: syscalls)
    }
    let resolution = try platformLayout.base(kind, userDirectories: userDirectories)
    return try RuntimeDirectoryCheck(
      syscalls: syscalls, effectiveUserID: environment.effectiveUserID
    )
    .settle(resolution)
  }
}
