// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

/// What is at a path, for the `appdirs` reports (`list`'s EXISTS column, `doctor`), as
/// ``StandardDirectories/inspect(_:followingSymlinks:)`` finds it: read-only looks through the
/// instance's system calls, so that the tool decodes no `stat` itself and can be faked.
package struct PathInspection: Sendable, Hashable {
  /// The type of file.
  public enum Kind: Sendable, Hashable {
    case directory, symbolicLink, regularFile, other
  }

  /// The type of file.
  public let kind: Kind
  /// The owner's user ID.
  public let owner: UInt32
  /// The permission bits with the set-ID and sticky bits (`st_mode & 0o7777`).
  public let permissions: UInt32
  /// The device and inode, which together name the file.
  public let identity: [UInt64]
}

extension StandardDirectories {
  /// The file at `path` (`lstat`, or `stat` when `followingSymlinks`), or `nil` when there is
  /// none.
  package func inspect(_ path: String, followingSymlinks: Bool = false)
    -> PathInspection?
  {
    guard
      case .success(let status) = syscalls.status(
        path: path, followSymlinks: followingSymlinks)
    else { return nil }
    let kind: PathInspection.Kind =
      switch status.type {
      case .directory: .directory
      case .symbolicLink: .symbolicLink
      case .regular: .regularFile
      case .other: .other
      }
    return PathInspection(
      kind: kind, owner: status.owner, permissions: status.permissions,
      identity: [status.device, status.inode])
  }

  /// The names in the directory at `path` (not followed when it is a link), or `nil` when it
  /// cannot be listed.
  package func entries(of path: String) -> [String]? {
    guard
      case .success(let directory)? = try? DirectoryOpener(syscalls: syscalls).openUnfollowed(path)
    else { return nil }
    defer { syscalls.close(descriptor: directory) }
    guard case .success(let entries) = syscalls.listDirectory(descriptor: directory)
    else { return nil }
    return entries.map(\.name.description)
  }

  /// The target of the symbolic link at `path`, as written in the link: for naming it in a
  /// message.
  package func symbolicLinkTarget(_ path: String) -> String? {
    guard case .success(let target) = syscalls.readLink(path: path) else { return nil }
    return target
  }
}
