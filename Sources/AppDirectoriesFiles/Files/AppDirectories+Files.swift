// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

public import AppDirectoriesCore

extension AppDirectories {
  /// Finds or creates a directory and returns the path of a file in it, as ``directoryPath(_:)``
  /// finds or creates the directory; the file itself is not touched.
  ///
  /// - Parameters:
  ///   - name: The file's name: a single path component, by the rules of an application's
  ///     name (not empty, not `.` or `..`, without `/`, `\` or control characters, at most 255
  ///     bytes; on Windows, a name Windows accepts), and not starting with `.appdirs-write-`,
  ///     the prefix of the temporary files of ``write(_:toFile:in:permissions:)``.
  ///   - kind: The directory the file is in.
  /// - Throws: ``DirectoryError/invalidName(name:reason:)`` for a bad name, before anything is
  ///   created, or an error of finding or creating the directory.
  public func filePath(named name: String, in kind: AppDirectory) throws
    -> String
  {
    try file(named: name, in: kind).path
  }

  /// Replaces a file in one of the application's directories with `bytes`, durably and
  /// atomically: killed at any moment, or the machine losing power, the file holds its old
  /// contents or the new ones, never a mix and never nothing.
  ///
  /// ```swift
  /// import AppDirectories
  ///
  /// let dirs = try AppDirectories(app: "ExampleApp")
  /// try dirs.write(Array(#"{"theme": "dark"}"#.utf8), toFile: "settings.json", in: .config)
  /// let saved = try dirs.contents(ofFile: "settings.json", in: .config)
  /// ```
  ///
  /// The directory is found or created as ``directoryPath(_:)`` does. The bytes go to a new
  /// temporary file in the same directory (`O_CREAT | O_EXCL | O_NOFOLLOW`), given exactly
  /// `permissions` whatever the umask, written and `fsync`ed (`F_FULLFSYNC` on Apple
  /// platforms); it is then renamed over the name, and the directory `fsync`ed. A temporary
  /// file that a killed write left behind is removed by the next write in the directory. A
  /// symbolic link at the name is replaced itself, never followed, and its target is left as
  /// it is; a directory, a FIFO, a socket or a device there is refused. On Windows the rename
  /// is `MoveFileExW` with `MOVEFILE_REPLACE_EXISTING | MOVEFILE_WRITE_THROUGH`, and the file
  /// takes the access list of its folder instead of permission bits.
  ///
  /// - Parameters:
  ///   - bytes: The file's new contents: an array of bytes, a `Data`, a string's `utf8` view.
  ///   - name: The file's name, by the rules of ``filePath(named:in:)``.
  ///   - kind: The directory the file is in.
  ///   - permissions: The file's permission bits, `0o600` (read and write for the user alone)
  ///     by default; `0o000` to `0o777`.
  /// - Throws: ``DirectoryError/invalidName(name:reason:)`` for a bad name and
  ///   ``DirectoryError/invalidPermissions(_:)`` for bits that are not a file's, before
  ///   anything is created; ``DirectoryError/foreignFile(path:found:)`` naming what stands at
  ///   the name when it is not a file or a link; ``DirectoryError/writeFailed(path:errno:)``
  ///   when the system refuses a step (a full disk), the file then keeping its old contents.
  public func write<Bytes: Sequence<UInt8>>(
    _ bytes: Bytes, toFile name: String, in kind: AppDirectory, permissions: UInt32 = 0o600
  ) throws {
    guard permissions & ~0o777 == 0 else { throw DirectoryError.invalidPermissions(permissions) }
    let file = try file(named: name, in: kind)
    func write(_ buffer: UnsafeRawBufferPointer) -> Result<Void, DirectoryError> {
      Result { () throws(DirectoryError) in try file.write(buffer, permissions: permissions) }
    }
    let written =
      bytes.withContiguousStorageIfAvailable { write(UnsafeRawBufferPointer($0)) }
      ?? Array(bytes).withUnsafeBytes(write)
    try written.get()
  }

  /// The contents of a file in one of the application's directories, or `nil` when it (or its
  /// directory) does not exist. Nothing is created.
  ///
  /// The file is opened relative to its directory without following a link (`O_NOFOLLOW`), and
  /// checked on its descriptor to be a regular file.
  ///
  /// - Parameters:
  ///   - name: The file's name, by the rules of ``filePath(named:in:)``.
  ///   - kind: The directory the file is in.
  /// - Throws: ``DirectoryError/invalidName(name:reason:)`` for a bad name;
  ///   ``DirectoryError/foreignFile(path:found:)`` when a link, a directory or anything else
  ///   that is not a regular file stands at the name; ``DirectoryError/readFailed(path:errno:)``
  ///   or ``DirectoryError/permissionDenied(path:errno:)`` when the system refuses the read.
  public func contents(ofFile name: String, in kind: AppDirectory) throws
    -> [UInt8]?
  {
    try NameValidation.validate(name, as: .fileName, on: environment.platform)
    return try DirectoryFile(
      syscalls: syscalls, directory: try verifiedResolution(for: kind).path, name: name,
      effectiveUserID: environment.effectiveUserID, style: environment.platform.pathStyle
    ).read()
  }

  /// The file of this name in the kind's directory, found or created; the name checked first.
  private func file(named name: String, in kind: AppDirectory) throws(DirectoryError)
    -> DirectoryFile
  {
    try NameValidation.validate(name, as: .fileName, on: environment.platform)
    return DirectoryFile(
      syscalls: syscalls, directory: try _directoryPath(kind), name: name,
      effectiveUserID: environment.effectiveUserID, style: environment.platform.pathStyle)
  }
}
