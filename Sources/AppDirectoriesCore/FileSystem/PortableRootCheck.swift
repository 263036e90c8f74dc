// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

/// The file-system stage of a portable application's root: whether the folder the lookup
/// named is there and the user's own, looked at once, when the ``AppDirectories`` value is
/// made, so that later calls of ``AppDirectories/directoryPath(_:)`` cost what they always
/// do.
///
/// - Missing: the platform's directories, silently; a root the application gave is used
///   anyway, and made on first use like an override's directory.
/// - A directory of the effective user (a file system without owners, such as FAT or exFAT,
///   reports the user who mounted it, or on macOS the user who looks): the root.
/// - A symbolic link that the walk may follow (the user's or root's), to a directory of the
///   user: the root, through the link.
/// - Anything else (a file, another user's directory, another user's link, a dangling link)
///   is refused with a typed error, never passed over: the user put something there.
struct PortableRootCheck: Sendable {
  let syscalls: any SystemCalls
  let effectiveUserID: UInt32

  /// The root to use and what was passed over on the way, for the portable layout.
  func settle(_ lookup: PortableRootLookup) throws(DirectoryError) -> (
    root: String?, passedOver: [IgnoredValue]
  ) {
    switch lookup {
    case .none: return (nil, [])
    case .ignored(let why): return (nil, [why])
    case .look(let path, let isExplicit):
      return (try isUsable(path, isExplicit: isExplicit) ? path : nil, [])
    }
  }

  /// Whether the root at `path` is there and the user's own; `false` when it is missing and
  /// was not given explicitly.
  private func isUsable(_ path: String, isExplicit: Bool) throws(DirectoryError) -> Bool {
    let status: FileStatus
    switch syscalls.status(path: path, followSymlinks: false) {
    case .success(let found): status = found
    case .failure(let error) where error == .noSuchFileOrDirectory || error == .notDirectory:
      return isExplicit
    case .failure(let error):
      throw .portableRootRefused(path: path, problem: .unexaminable(error))
    }
    switch status.type {
    case .directory: try requireOwn(status.owner, at: path)
    case .symbolicLink: try requireOwn(try linkedDirectoryOwner(path), at: path)
    case .regular, .other: throw .notADirectory(path: path)
    }
    return true
  }

  private func requireOwn(_ owner: UInt32, at path: String) throws(DirectoryError) {
    guard owner == effectiveUserID else {
      throw .portableRootRefused(path: path, problem: .directoryOfAnotherUser(owner: owner))
    }
  }

  /// The owner of the directory the link at `path` leads to, reached by the one walk under the
  /// link rule.
  private func linkedDirectoryOwner(_ path: String) throws(DirectoryError) -> UInt32 {
    #if os(Windows)
      // The provider knows no owners there: the system resolves the link.
      switch syscalls.status(path: path, followSymlinks: true) {
      case .success(let status) where status.type == .directory: return status.owner
      case .success: throw .notADirectory(path: path)
      case .failure: throw .danglingSymlink(path: path)
      }
    #else
      guard
        let directory = try DirectoryOpener(syscalls: syscalls).openDirectory(path, readable: false)
      else { throw .danglingSymlink(path: path) }
      defer { syscalls.close(descriptor: directory) }
      switch syscalls.status(descriptor: directory) {
      case .success(let status): return status.owner
      case .failure(let error):
        throw .portableRootRefused(path: path, problem: .unexaminable(error))
      }
    #endif
  }
}
