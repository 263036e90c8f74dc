// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

/// Looking for a file in a search list, most important first: each directory reached as
/// find-or-create reaches it (one `stat` compared with the identity the walk reached there;
/// the walk itself the first time), then one `stat` of the file in it.
enum FileSearch {
  /// A file found: its path, and whether it is a directory (followed through links).
  struct Found: Equatable {
    let path: String
    let isDirectory: Bool
  }

  /// The existing files with the relative path `file` in the search list, in its order; only
  /// the first when `stopAtFirst` is set. The file name is checked before the list is resolved.
  /// A directory reached through someone else's link is refused, as find-or-create refuses it.
  static func locate(
    _ file: String, in directories: () throws(DirectoryError) -> [DirectoryResolution],
    reachingWith creator: DirectoryCreator, stopAtFirst: Bool
  ) throws(DirectoryError) -> [Found] {
    let style = creator.style
    let syscalls = creator.syscalls
    try validateRelativeFile(file, style: style)
    let relative = style.normalize(file)
    var found: [Found] = []
    for directory in try directories() {
      guard try creator.reach(directory.path) != nil else { continue }
      let path = style.join(directory.path, relative)
      if case .success(let status) = syscalls.status(path: path, followSymlinks: true) {
        found.append(Found(path: path, isDirectory: status.type == .directory))
        if stopAtFirst { break }
      }
    }
    return found
  }

  /// Throws ``DirectoryError/invalidName(name:reason:)`` unless `file` is a relative path that
  /// stays inside the directory it is joined to, by the rules of `style`: on Windows `\` is a
  /// separator too, and `C:\x`, `C:x`, `\x` and `\\server\share` all have a root.
  static func validateRelativeFile(_ file: String, style: PathStyle) throws(DirectoryError) {
    if file.isEmpty { throw .invalidName(name: file, reason: .emptyFile) }
    if style.hasRoot(file) { throw .invalidName(name: file, reason: .fileNotRelative) }
    if file.utf8.contains(0) { throw .invalidName(name: file, reason: .fileContainsNUL) }
    if style == .windows, file.utf8.contains(UInt8(ascii: ":")) {
      throw .invalidName(name: file, reason: .fileNamesADriveOrStream)
    }
    if style.components(file).contains("..") {
      throw .invalidName(name: file, reason: .fileLeavesTheSearchDirectories)
    }
  }
}
