// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

/// What the walk reached in this process, by path: the device and inode of the directory that
/// the one walk (``DirectoryWalk``) arrived at, under the link rule, for each path it was asked
/// for and each user it walked as.
///
/// The steady state of find-or-create is one `stat` of the path, which follows whatever links
/// the kernel follows. Compared with the identity remembered here, it is as safe as the walk:
/// the same directory is the one the walk reached, and anything else (a link on the way
/// swapped to somewhere else since, a directory reached for the first time in this process)
/// sends the caller back to the walk, which refuses someone else's link wherever it stands.
package enum ReachedDirectories {
  private struct Key: Hashable {
    let path: String
    let user: UInt32
  }

  /// How many paths are remembered at most: a process asks for a handful; one that asks for
  /// more (a tool walking many applications' folders) starts over when this many are held,
  /// paying a walk again for each.
  static let limit = 16_384

  private static let memory = Locked<[Key: FileIdentity]>([:])

  /// Whether `status`, from a `stat` of `path` that followed links, is the directory that the
  /// walk reached at that path for `user` in this process.
  static func matches(_ path: String, user: UInt32, _ status: FileStatus) -> Bool {
    memory.withLock { $0[Key(path: path, user: user)] } == FileIdentity(status)
  }

  /// Remembers that the walk reached `identity` at `path` as `user`.
  static func remember(_ path: String, user: UInt32, _ identity: FileIdentity) {
    memory.withLock { memory in
      if memory.count >= limit { memory.removeAll(keepingCapacity: true) }
      memory[Key(path: path, user: user)] = identity
    }
  }

  /// Forgets every directory reached, so that the next call of each path walks again: the cost
  /// of a process's first call, for the benchmark.
  package static func forget() {
    memory.withLock { $0.removeAll() }
  }
}
