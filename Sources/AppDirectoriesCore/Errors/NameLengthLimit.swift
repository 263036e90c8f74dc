// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

/// Which limit a path is too long for, for ``DirectoryError/nameTooLong(path:limit:)``: the
/// file system's, or the address of a Unix-domain socket's, whose fix is another name.
///
/// ```swift
/// import AppDirectories
///
/// do {
///   _ = try AppDirectories(app: "ExampleApp").socketResolution(named: "control.sock")
/// } catch DirectoryError.nameTooLong(_, limit: .socketAddress(let bytes, let capacity)) {
///   print("the socket's path takes \(bytes) bytes; sun_path holds \(capacity)")
/// } catch {}
/// ```
#if hasAttribute(nonexhaustive)
  @nonexhaustive
#endif
public enum NameLengthLimit: Sendable, Hashable, CustomStringConvertible {
  /// The file system's (`ENAMETOOLONG`): a component longer than it allows, or a path longer
  /// than the system opens.
  case fileSystem
  /// `sun_path`, where `bind(2)` puts a Unix-domain socket's path: the path takes `bytes` with
  /// its terminating NUL, and `sun_path` holds `capacity` (108 on Linux, Android and Windows,
  /// 104 on Apple platforms and the BSDs), and the socket's name does not fit even in a short
  /// private directory.
  case socketAddress(bytes: Int, capacity: Int)

  /// The limit, as the end of a sentence about the path: "it is 131 bytes with its NUL, …".
  public var description: String {
    switch self {
    case .fileSystem:
      "the name is too long for the file system"
    case .socketAddress(let bytes, let capacity):
      "it is \(bytes) bytes with its NUL, more than the \(capacity) of a socket address (sun_path), and the socket's name does not fit even in a short private directory"
    }
  }
}
