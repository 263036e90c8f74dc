// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

/// `CACHEDIR.TAG` (the Cache Directory Tagging Specification, <https://bford.info/cachedir/>):
/// a file that backup tools (`tar --exclude-caches`, borg, restic) take as "skip this folder".
///
/// Written once, when the library has just created an application's cache directory: to a
/// temporary name in the new directory, then given its name with `linkat`, which never replaces
/// a tag that is there already, and the temporary name removed. A file system without hard
/// links gets a rename, made only when no tag is there. The directory is opened without
/// following a symbolic link and checked on the descriptor, so the tag lands in the directory
/// that was created, never through a link put in its place.
struct CacheDirectoryTag: Sendable {
  let syscalls: any SystemCalls
  let effectiveUserID: UInt32

  static let name = FileName("CACHEDIR.TAG")
  /// What every tag begins with.
  static let signature = "Signature: 8a477f597d28d172789f06886806bc55"

  /// The tag's text, naming the application that wrote it.
  static func contents(application: String) -> [UInt8] {
    Array(
      """
      \(signature)
      # This file is a cache directory tag created by \(application).
      # For information about cache directory tags, see:
      #\thttps://bford.info/cachedir/

      """.utf8)
  }

  /// Whether the text of a tag begins with the signature and a comment line names
  /// `application` as a word (`… created by ExampleApp.`).
  static func names(_ application: String, in bytes: [UInt8]) -> Bool {
    guard bytes.starts(with: Array(signature.utf8)) else { return false }
    let text = String(decoding: bytes, as: UTF8.self)
    return text.split(separator: "\n").dropFirst().contains { line in
      line.hasPrefix("#")
        && line.split(whereSeparator: { $0 == " " || $0 == "\t" }).contains { word in
          word == application || word == application + "." || word == application + ","
        }
    }
  }

  /// Writes the tag in the directory at `path`; `false` when it could not (a full disk, a
  /// directory that is not the user's), which leaves the directory as it is.
  @discardableResult
  func write(in path: String, application: String) -> Bool {
    let directory: Int32
    switch try? DirectoryOpener(syscalls: syscalls).openUnfollowed(path) {
    case .success(let opened)?: directory = opened
    case .failure?, nil: return false
    }
    defer { syscalls.close(descriptor: directory) }
    guard case .success(let status) = syscalls.status(descriptor: directory),
      status.type == .directory, status.owner == effectiveUserID
    else { return false }
    if case .success = syscalls.status(in: directory, entry: Self.name, followSymlinks: false) {
      return true
    }
    let temporary = FileName(".CACHEDIR.TAG.\(UInt32.random(in: 0...UInt32.max))")
    let file: Int32
    switch syscalls.createFile(in: directory, entry: temporary, mode: 0o644) {
    case .success(let created): file = created
    case .failure: return false
    }
    let written = syscalls.write(descriptor: file, bytes: Self.contents(application: application))
    syscalls.close(descriptor: file)
    defer { _ = syscalls.remove(in: directory, entry: temporary, isDirectory: false) }
    guard written == nil else { return false }
    switch syscalls.link(in: directory, entry: temporary, to: directory, entry: Self.name) {
    case nil, .fileExists?:
      return true
    case .some:
      // No hard links here (FAT, some network file systems): a rename, only when no tag is
      // there.
      if case .success = syscalls.status(in: directory, entry: Self.name, followSymlinks: false) {
        return true
      }
      return syscalls.rename(in: directory, entry: temporary, to: directory, entry: Self.name)
        == nil
    }
  }
}
