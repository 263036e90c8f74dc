#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

extension StandardDirectories {
  /// The first existing file with this relative path in a base directory's search list, or
  /// `nil`.
  ///
  /// For data and config the search list is the user's directory then each system directory
  /// (`XDG_DATA_DIRS`, `XDG_CONFIG_DIRS`); for other kinds it is the kind's own directory.
  ///
  /// ```swift
  /// import AppDirectories
  ///
  /// let mime = try StandardDirectories.locate("mime/mime.cache", in: .data)
  /// ```
  ///
  /// - Parameters:
  ///   - file: A relative path such as `user-dirs.dirs` or `fontconfig/fonts.conf`, without
  ///     `..` components.
  ///   - kind: The base directory whose search list is probed.
  ///   - layout: `.native` for the platform's conventions, `.xdg` for the XDG rules on macOS.
  ///   - environment: The environment to resolve from; the running process's by default.
  public static func locate(
    _ file: String, in kind: StandardDirectory, layout: DirectoryLayout = .native,
    environment: ProcessEnvironment = .current
  ) throws(DirectoryError) -> URL? {
    try FileSearch.locate(
      file,
      in: { () throws(DirectoryError) in
        try searchResolutions(for: kind, layout: layout, environment: environment)
      },
      style: environment.platform.pathStyle, syscalls: .live, stopAtFirst: true
    ).first
  }

  /// Every existing file with this relative path in a base directory's search list, most
  /// important first.
  public static func locateAll(
    _ file: String, in kind: StandardDirectory, layout: DirectoryLayout = .native,
    environment: ProcessEnvironment = .current
  ) throws(DirectoryError) -> [URL] {
    try FileSearch.locate(
      file,
      in: { () throws(DirectoryError) in
        try searchResolutions(for: kind, layout: layout, environment: environment)
      },
      style: environment.platform.pathStyle, syscalls: .live, stopAtFirst: false)
  }
}
