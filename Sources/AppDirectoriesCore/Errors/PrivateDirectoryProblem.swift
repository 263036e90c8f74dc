// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

/// Why a directory is not private to the effective user, as a runtime directory must be: a
/// real directory, not a symbolic link, owned by the user, with permission bits exactly 0700.
#if hasAttribute(nonexhaustive)
  @nonexhaustive
#endif
public enum PrivateDirectoryProblem: Sendable, Hashable, CustomStringConvertible {
  /// Nothing is there.
  case missing
  /// A symbolic link is there; it is not followed.
  case symbolicLink
  /// A file or something else that is not a directory is there.
  case notADirectory
  /// The directory belongs to another user.
  case owner(UInt32, expected: UInt32)
  /// The permission bits are not 0700 (the value is `st_mode & 0o777`).
  case mode(UInt32)
  /// `lstat` failed for another reason.
  case unexaminable(SystemErrno)
  /// The directory lies in `path`, which belongs to another user than the effective one and
  /// root: that user could swap it (platformdirs refuses such a runtime directory too).
  case parentOfAnotherUser(path: String, owner: UInt32)
  /// The directory lies in `path`, which others may write to (its mode, `st_mode & 0o7777`)
  /// without the sticky bit: anyone could rename it away and put their own in its place.
  case parentWritableByOthers(path: String, mode: UInt32)

  /// The problem as the end of a sentence whose subject is the directory: "is a symbolic link".
  public var description: String {
    switch self {
    case .missing: "does not exist"
    case .symbolicLink: "is a symbolic link"
    case .notADirectory: "is not a directory"
    case .owner(let owner, let expected): "is owned by user \(owner), not by user \(expected)"
    case .mode(let mode): "has mode \(zeroPadded(mode, radix: 8, width: 4)), not 0700"
    case .unexaminable(let errno): "cannot be examined: \(errno)"
    case .parentOfAnotherUser(let path, let owner):
      "lies in \(path), which belongs to user \(owner)"
    case .parentWritableByOthers(let path, let mode):
      "lies in \(path), which others may write to (mode \(zeroPadded(mode, radix: 8, width: 4))) without the sticky bit"
    }
  }
}
