// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

/// What `stat` says about a file, reduced to what the library looks at.
package struct FileStatus: Sendable, Hashable {
  package enum FileType: Sendable, Hashable {
    case directory, symbolicLink, regular, other
  }
  package var type: FileType
  /// The permission bits and the set-ID and sticky bits (`st_mode & 0o7777`).
  package var permissions: UInt32
  package var owner: UInt32
  package var device: UInt64 = 0
  package var inode: UInt64 = 0
  package var size: Int64 = 0
  /// The number of hard links (`st_nlink`): above one, a tree's size counts the file once.
  package var linkCount: UInt64 = 1
  package var modificationSeconds: Int = 0
  package var modificationNanoseconds: Int = 0
  package var changeSeconds: Int = 0
  package var changeNanoseconds: Int = 0
  /// The access time, which is not part of a status's equality: reading a file moves it, and a
  /// file read is the same file (`user-dirs.dirs`, read once, is not read again for that).
  var accessSeconds: Int = 0
  var accessNanoseconds: Int = 0
  /// What a file of type ``FileType/other`` is, where the system says: for messages only.
  var otherKind: OtherKind? = nil

  /// The kinds of file that ``FileType/other`` holds.
  enum OtherKind: Sendable, Hashable {
    case fifo, socket, device
  }

  package static func == (left: FileStatus, right: FileStatus) -> Bool {
    left.type == right.type && left.permissions == right.permissions && left.owner == right.owner
      && left.device == right.device && left.inode == right.inode && left.size == right.size
      && left.linkCount == right.linkCount && left.modificationSeconds == right.modificationSeconds
      && left.modificationNanoseconds == right.modificationNanoseconds
      && left.changeSeconds == right.changeSeconds
      && left.changeNanoseconds == right.changeNanoseconds
  }

  package func hash(into hasher: inout Hasher) {
    hasher.combine(device)
    hasher.combine(inode)
    hasher.combine(size)
    hasher.combine(modificationSeconds)
    hasher.combine(modificationNanoseconds)
  }

  /// When the file was last used: the later of its access and modification times, in
  /// nanoseconds since the epoch (a file system mounted `noatime` gives the modification).
  /// A time stamp that does not fit (after 2262, or before 1677: any a file system can
  /// hold) is the nearest one that does, so a file from the far future counts as used now or
  /// later, never as old, and nothing overflows.
  package var lastUse: Int64 {
    max(
      Self.nanoseconds(accessSeconds, accessNanoseconds),
      Self.nanoseconds(modificationSeconds, modificationNanoseconds))
  }

  /// Seconds and nanoseconds since the epoch as nanoseconds, saturating at the ends of `Int64`.
  static func nanoseconds(_ seconds: Int, _ nanoseconds: Int) -> Int64 {
    let (scaled, overflow) = Int64(seconds).multipliedReportingOverflow(by: 1_000_000_000)
    if overflow { return seconds < 0 ? .min : .max }
    let (sum, carried) = scaled.addingReportingOverflow(Int64(nanoseconds))
    if carried { return seconds < 0 ? .min : .max }
    return sum
  }

  /// Whether this may be a directory that another creator of the same path has just made and
  /// not yet made 0700: `user`'s own, and changed in the last 10 seconds (one left so for
  /// longer is the user's choice, and is reported at once).
  func mayBeBeingCreated(by user: UInt32, now: Int) -> Bool {
    type == .directory && owner == user && abs(now - changeSeconds) < 10
  }
}

extension FileStatus.FileType {
  /// `FILE_ATTRIBUTE_DIRECTORY`.
  static let windowsDirectoryAttribute: UInt32 = 0x10
  /// `FILE_ATTRIBUTE_REPARSE_POINT`.
  static let windowsReparsePointAttribute: UInt32 = 0x400
  /// `IO_REPARSE_TAG_SYMLINK`.
  static let windowsSymbolicLinkTag: UInt32 = 0xA000_000C
  /// `IO_REPARSE_TAG_MOUNT_POINT`: a junction, or a volume mounted on a folder.
  static let windowsMountPointTag: UInt32 = 0xA000_0003

  /// A Windows file's type from its attributes and, for a reparse point, its tag
  /// (`FILE_ATTRIBUTE_TAG_INFO`), as swift-foundation reads them: only the tags that name
  /// another place (a symbolic link, a junction or mount point) make a link. Every other
  /// reparse point (a OneDrive placeholder, a deduplicated file) is the file or folder its
  /// attributes say.
  init(windowsAttributes attributes: UInt32, reparseTag: UInt32) {
    if attributes & Self.windowsReparsePointAttribute != 0,
      reparseTag == Self.windowsSymbolicLinkTag || reparseTag == Self.windowsMountPointTag
    {
      self = .symbolicLink
    } else {
      self = attributes & Self.windowsDirectoryAttribute != 0 ? .directory : .regular
    }
  }
}

/// One inode: the device and the inode number, which a tree's size counts once.
package struct FileIdentity: Sendable, Hashable {
  package let device: UInt64
  package let inode: UInt64

  package init(_ status: FileStatus) {
    device = status.device
    inode = status.inode
  }
}
