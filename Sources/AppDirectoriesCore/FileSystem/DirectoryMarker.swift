// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

/// A small file that says whose a directory is, written by the library only into a directory
/// that its walk has just created (and, for a cache at the platform's default place, once into
/// one found without it): what the positive proof before a removal takes as evidence (b).
///
/// - ``cacheTag``: `CACHEDIR.TAG` (the Cache Directory Tagging Specification,
///   <https://bford.info/cachedir/>), which backup tools (`tar --exclude-caches`, borg, restic)
///   take as "skip this folder", naming the application on a comment line.
/// - ``owner``: `.appdirectories`, for every other directory the library makes where nothing
///   else would show it is the application's (an override's, an `XDG_*` value's, a portable
///   root's, the machine's in system scope): its first line is `AppDirectories-Owner: <app>`.
///
/// Written to a temporary name in the directory, then given its name with `linkat`, which
/// never replaces a marker that is there already, and the temporary name removed. A file
/// system without hard links gets a rename, made only when no marker is there. The directory
/// is the descriptor the walk holds, or is opened without following a symbolic link and
/// checked on the descriptor, so the marker lands in the directory that was created, never
/// through a link put in its place.
package struct DirectoryMarker: Sendable, Hashable {
  /// The file's name.
  package let name: FileName
  private let isCacheTag: Bool

  /// `CACHEDIR.TAG`.
  package static let cacheTag = DirectoryMarker(name: FileName("CACHEDIR.TAG"), isCacheTag: true)
  /// `.appdirectories`.
  package static let owner = DirectoryMarker(name: FileName(".appdirectories"), isCacheTag: false)

  /// What every cache tag begins with.
  static let signature = "Signature: 8a477f597d28d172789f06886806bc55"
  /// What the owner marker's first line begins with, before the application's name.
  static let ownerField = "AppDirectories-Owner: "

  /// The file's text, naming the application that wrote it.
  func contents(application: String) -> [UInt8] {
    guard isCacheTag else {
      return Array(
        """
        \(Self.ownerField)\(application)
        # This folder was created for \(application) by the AppDirectories library.
        # `appdirs clean`, `prune` and `migrate` act on it while this file names \(application).

        """.utf8)
    }
    return Array(
      """
      \(Self.signature)
      # This file is a cache directory tag created by \(application).
      # For information about cache directory tags, see:
      #\thttps://bford.info/cachedir/

      """.utf8)
  }

  /// Whether the file's text names `application`: a cache tag that begins with the signature
  /// and has a comment line naming it as a word (`… created by ExampleApp.`); an owner marker
  /// whose first line is the field with exactly its name.
  func names(_ application: String, in bytes: [UInt8]) -> Bool {
    guard isCacheTag else {
      let firstLine = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        .first.map { Array($0) }
      return firstLine == Array((Self.ownerField + application).utf8)
    }
    guard bytes.starts(with: Array(Self.signature.utf8)) else { return false }
    let text = String(decoding: bytes, as: UTF8.self)
    return text.split(separator: "\n").dropFirst().contains { line in
      line.hasPrefix("#")
        && line.split(whereSeparator: { $0 == " " || $0 == "\t" }).contains { word in
          word == application || word == application + "." || word == application + ","
        }
    }
  }

  /// Whether the open directory `directory` holds this marker (a regular file, not followed)
  /// naming `application`.
  func isHeld(in directory: Int32, naming application: String, syscalls: any SystemCalls) -> Bool {
    guard case .success(let file) = syscalls.openFile(in: directory, entry: name) else {
      return false
    }
    defer { syscalls.close(descriptor: file) }
    guard case .success(let status) = syscalls.status(descriptor: file), status.type == .regular,
      case .success(let bytes) = syscalls.read(descriptor: file, limit: 4096)
    else { return false }
    return names(application, in: bytes)
  }

  /// Writes the marker in the directory at `path`; `false` when it could not (a full disk, a
  /// directory that is not the user's), which leaves the directory as it is.
  @discardableResult
  func write(
    in path: String, application: String, syscalls: any SystemCalls, effectiveUserID: UInt32
  ) -> Bool {
    let directory: Int32
    switch try? DirectoryOpener(syscalls: syscalls).openUnfollowed(path) {
    case .success(let opened)?: directory = opened
    case .failure?, nil: return false
    }
    defer { syscalls.close(descriptor: directory) }
    return write(
      into: directory, application: application, syscalls: syscalls,
      effectiveUserID: effectiveUserID)
  }

  /// Writes the marker in the open directory `directory`, which must be a directory of the
  /// effective user's; `false` when it could not.
  @discardableResult
  func write(
    into directory: Int32, application: String, syscalls: any SystemCalls,
    effectiveUserID: UInt32
  ) -> Bool {
    guard case .success(let status) = syscalls.status(descriptor: directory),
      status.type == .directory, status.owner == effectiveUserID
    else { return false }
    if case .success = syscalls.status(in: directory, entry: name, followSymlinks: false) {
      return true
    }
    let temporary = FileName(".\(name).\(UInt32.random(in: 0...UInt32.max))")
    let file: Int32
    switch syscalls.createFile(in: directory, entry: temporary, mode: 0o644) {
    case .success(let created): file = created
    case .failure: return false
    }
    let written = syscalls.write(descriptor: file, bytes: contents(application: application))
    syscalls.close(descriptor: file)
    defer { _ = syscalls.remove(in: directory, entry: temporary, isDirectory: false) }
    guard written == nil else { return false }
    switch syscalls.link(in: directory, entry: temporary, to: directory, entry: name) {
    case nil, .fileExists?:
      return true
    case .some:
      // No hard links here (FAT, some network file systems): a rename, only when no marker
      // is there.
      if case .success = syscalls.status(in: directory, entry: name, followSymlinks: false) {
        return true
      }
      return syscalls.rename(in: directory, entry: temporary, to: directory, entry: name) == nil
    }
  }
}
