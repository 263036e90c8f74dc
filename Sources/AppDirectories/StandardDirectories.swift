#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// The per-user base directories that all applications share: home, documents, caches and
/// the rest of ``StandardDirectory``.
///
/// The same verbs as ``AppDirectories``:
///
/// ```swift
/// import AppDirectories
///
/// let documents = try StandardDirectories.url(for: .documents)
/// let fonts = try StandardDirectories.directory(.fonts)   // created if missing
/// let configs = try StandardDirectories.searchURLs(for: .config)
/// ```
public enum StandardDirectories {
  /// The URL of a base directory, without creating it.
  ///
  /// On Linux the user folders (documents, downloads, …) come from `user-dirs.dirs`, which is
  /// parsed once and read again only when it changes: one `stat` per call. The runtime
  /// directory is checked as in ``verifiedResolution(for:layout:environment:)``.
  public static func url(
    for kind: StandardDirectory, layout: DirectoryLayout = .native,
    environment: ProcessEnvironment = .current
  ) throws(DirectoryError) -> URL {
    try verifiedResolution(for: kind, layout: layout, environment: environment, syscalls: .live)
      .url
  }

  /// The path of a base directory, where it came from, what was passed over and why, and
  /// every warning on the way. Reads nothing but `user-dirs.dirs` (for the user folders, when
  /// the environment reads it from disk); a runtime directory's requirement stays pending.
  public static func resolution(
    for kind: StandardDirectory, layout: DirectoryLayout = .native,
    environment: ProcessEnvironment = .current
  ) throws(DirectoryError) -> DirectoryResolution {
    try resolution(for: kind, layout: layout, environment: environment, syscalls: .live)
  }

  /// The resolution with its requirement checked on the file system, without writing
  /// anything: a runtime directory that is not private to the user gives way to its fallback.
  public static func verifiedResolution(
    for kind: StandardDirectory, layout: DirectoryLayout = .native,
    environment: ProcessEnvironment = .current
  ) throws(DirectoryError) -> DirectoryResolution {
    try verifiedResolution(for: kind, layout: layout, environment: environment, syscalls: .live)
  }

  /// Finds or creates a base directory and returns its URL.
  ///
  /// Missing directories are created with mode 0700; existing ones are left as they are.
  public static func directory(
    _ kind: StandardDirectory, layout: DirectoryLayout = .native,
    environment: ProcessEnvironment = .current
  ) throws(DirectoryError) -> URL {
    try directory(kind, layout: layout, environment: environment, syscalls: .live)
  }

  /// The directories searched for files of a kind, most important first: for data and config
  /// the user's directory then each system directory (`XDG_DATA_DIRS`, `XDG_CONFIG_DIRS`); for
  /// other kinds only the kind's own directory.
  public static func searchURLs(
    for kind: StandardDirectory, layout: DirectoryLayout = .native,
    environment: ProcessEnvironment = .current
  ) throws(DirectoryError) -> [URL] {
    try searchResolutions(for: kind, layout: layout, environment: environment).map(\.url)
  }

  /// The resolutions behind ``searchURLs(for:layout:environment:)``.
  public static func searchResolutions(
    for kind: StandardDirectory, layout: DirectoryLayout = .native,
    environment: ProcessEnvironment = .current
  ) throws(DirectoryError) -> [DirectoryResolution] {
    try searchResolutions(for: kind, layout: layout, environment: environment, syscalls: .live)
  }

  static func searchResolutions(
    for kind: StandardDirectory, layout: DirectoryLayout, environment: ProcessEnvironment,
    syscalls: SystemCalls
  ) throws(DirectoryError) -> [DirectoryResolution] {
    let own = try verifiedResolution(
      for: kind, layout: layout, environment: environment, syscalls: syscalls)
    guard let appKind = AppDirectory(scoping: kind), appKind == .data || appKind == .config
    else { return [own] }
    return [own] + environment.layout(layout).searchBases(appKind)
  }

  static func directory(
    _ kind: StandardDirectory, layout: DirectoryLayout, environment: ProcessEnvironment,
    syscalls: SystemCalls
  ) throws(DirectoryError) -> URL {
    let resolved = try resolution(
      for: kind, layout: layout, environment: environment, syscalls: syscalls)
    return try PrivateDirectoryCheck(syscalls: syscalls, environment: environment)
      .ensure(resolved).url
  }

  static func verifiedResolution(
    for kind: StandardDirectory, layout: DirectoryLayout, environment: ProcessEnvironment,
    syscalls: SystemCalls
  ) throws(DirectoryError) -> DirectoryResolution {
    let resolved = try resolution(
      for: kind, layout: layout, environment: environment, syscalls: syscalls)
    // Only the runtime directory has anything to check.
    guard resolved.requirement != nil else { return resolved }
    return try PrivateDirectoryCheck(syscalls: syscalls, environment: environment)
      .settle(resolved)
  }

  /// Stage 1, then the pure layout: for a user folder in an environment that reads
  /// `user-dirs.dirs` from disk, the file's text is read and handed to the XDG table beside
  /// the environment; then the path table resolves.
  static func resolution(
    for kind: StandardDirectory, layout: DirectoryLayout, environment: ProcessEnvironment,
    syscalls: SystemCalls
  ) throws(DirectoryError) -> DirectoryResolution {
    guard UserDirectories.Key(kind) != nil, case .readFromDisk = environment.userDirectoriesFile,
      environment.followsXDG(layout)
    else { return try environment.layout(layout).base(kind) }
    // Only the XDG rules have the file: it is read for them, then they resolve.
    var xdg = XDGLayout(environment: environment)
    let file = try xdg.userDirectoriesFilePath()
    xdg.userDirectoriesText = UserDirectoriesReader.load(
      file, for: environment, syscalls: syscalls)
    return try xdg.base(kind)
  }
}
