// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

/// What stands where the library keeps a file of its own, such as a lock file, and is not
/// one, for ``DirectoryError/foreignFile(path:found:)``: the library uses only a regular file
/// of the effective user with one name.
///
/// ```swift
/// import AppDirectories
///
/// do {
///   _ = try AppDirectories(app: "ExampleApp").lock(named: "instance")
/// } catch DirectoryError.foreignFile(let path, found: .fifo) {
///   print("a FIFO stands at \(path)")
/// } catch {}
/// ```
#if hasAttribute(nonexhaustive)
  @nonexhaustive
#endif
public enum ForeignFile: Sendable, Hashable, CustomStringConvertible {
  /// A directory.
  case directory
  /// A symbolic link; it is not followed.
  case symbolicLink
  /// A FIFO (a named pipe).
  case fifo
  /// A Unix-domain socket.
  case socket
  /// A character or block device.
  case device
  /// Something else that is not a regular file.
  case notARegularFile
  /// A regular file that another user owns.
  case fileOfAnotherUser(owner: UInt32)
  /// A regular file with more than one name (`linkCount` of them): a hard link that makes it
  /// another file too, which writing the library's file would change.
  case hardLink(linkCount: UInt64)

  /// What it is, as the end of a sentence whose subject is the path: "is a FIFO (a named
  /// pipe), not a regular file".
  public var description: String {
    switch self {
    case .directory: "is a directory, not a regular file"
    case .symbolicLink: "is a symbolic link, which is not followed"
    case .fifo: "is a FIFO (a named pipe), not a regular file"
    case .socket: "is a socket, not a regular file"
    case .device: "is a device, not a regular file"
    case .notARegularFile: "is not a regular file"
    case .fileOfAnotherUser(let owner): "is a file of user \(owner), not one of yours"
    case .hardLink(let count):
      "is a hard link: the file has \(count) names, so it is another file too"
    }
  }
}

extension SystemCalls {
  /// What stands at `name` in an open directory when it is there and not a regular file, looked
  /// at without following a link; `nil` for a regular file, or nothing.
  package func foreignEntry(in directory: Int32, name: String) -> ForeignFile? {
    guard case .success(let status) = status(in: directory, name: name, followSymlinks: false),
      status.type != .regular
    else { return nil }
    return ForeignFile(notRegular: status)
  }
}

extension ForeignFile {
  /// What a file that is not a regular one is, from its status.
  package init(notRegular status: FileStatus) {
    switch (status.type, status.otherKind) {
    case (.directory, _): self = .directory
    case (.symbolicLink, _): self = .symbolicLink
    case (_, .fifo?): self = .fifo
    case (_, .socket?): self = .socket
    case (_, .device?): self = .device
    default: self = .notARegularFile
    }
  }
}
