// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

extension StandardDirectories {
  /// The path of the first existing file with this relative path in a base directory's search
  /// list, or `nil`.
  ///
  /// For data and config the search list is the user's directory then each system directory
  /// (`XDG_DATA_DIRS`, `XDG_CONFIG_DIRS`); for other kinds it is the kind's own directory.
  /// Each directory probed costs one system call when it does not exist, and two when it does:
  /// one `stat` of the directory, compared with the identity that the walk reached there
  /// earlier in the process (the walk itself the first time), then one of the file.
  ///
  /// ```swift
  /// import AppDirectories
  ///
  /// let mime = try StandardDirectories().locatePath("mime/mime.cache", in: .data)
  /// ```
  ///
  /// - Parameters:
  ///   - file: A relative path such as `user-dirs.dirs` or `fontconfig/fonts.conf`, without
  ///     `..` components.
  ///   - kind: The base directory whose search list is probed.
  public func locatePath(_ file: String, in kind: StandardDirectory) throws
    -> String?
  {
    try search(file, in: kind, stopAtFirst: true).first?.path
  }

  /// The paths of every existing file with this relative path in a base directory's search
  /// list, most important first.
  public func locateAllPaths(_ file: String, in kind: StandardDirectory) throws
    -> [String]
  {
    try search(file, in: kind, stopAtFirst: false).map(\.path)
  }

  /// The files found in the kind's search list, in its order.
  func search(_ file: String, in kind: StandardDirectory, stopAtFirst: Bool)
    throws(DirectoryError) -> [FileSearch.Found]
  {
    try FileSearch.locate(
      file, in: { () throws(DirectoryError) in try _searchResolutions(for: kind) },
      reachingWith: DirectoryCreator(
        syscalls: syscalls, environment: environment, style: environment.platform.pathStyle),
      stopAtFirst: stopAtFirst)
  }
}
