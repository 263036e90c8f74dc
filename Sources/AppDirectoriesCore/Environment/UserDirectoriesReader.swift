// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

/// Reads the text of `user-dirs.dirs` into an environment, once, and again only when the file
/// changes: the one part of the snapshot that is refreshed on every call, because a desktop's
/// `xdg-user-dirs-update` may rewrite it at any time.
///
/// Each load costs one `stat` of the file; the bytes are kept for as long as the file's
/// device, inode, size and change times stay the same.
enum UserDirectoriesReader {
  /// Files longer than this are read only up to here.
  static let sizeLimit = 1 << 20

  /// The files read last, by path: a process that looks at one home keeps one entry, and
  /// several homes (tests, a tool previewing other users) do not push each other out, up to
  /// `capacity`; then the oldest read goes first.
  struct ReadFiles: Sendable {
    package struct Entry: Sendable {
      var status: FileStatus
      var bytes: [UInt8]
      var generation: UInt64
    }

    let capacity: Int
    private(set) var entries: [String: Entry] = [:]
    private var generations: UInt64 = 0

    init(capacity: Int) { self.capacity = capacity }

    /// What was read from `path`, if the file's status is still `status`.
    func entry(_ path: String, status: FileStatus) -> Entry? {
      guard let entry = entries[path], entry.status == status else { return nil }
      return entry
    }

    /// Keeps the bytes read from `path`, under a new generation, which it returns.
    mutating func insert(_ path: String, status: FileStatus, bytes: [UInt8]) -> UInt64 {
      generations += 1
      if entries[path] == nil && entries.count >= capacity,
        let oldest = entries.min(by: { $0.value.generation < $1.value.generation })
      {
        entries[oldest.key] = nil
      }
      entries[path] = Entry(status: status, bytes: bytes, generation: generations)
      return generations
    }
  }

  /// Process-wide: a file's bytes are the same for every environment that names it, and each
  /// read is checked against the file's `stat` first, so nothing stale is ever handed out.
  private static let cache = Locked(ReadFiles(capacity: 16))

  /// The file at `path` with its lines parsed against `home`; each version of the file (by
  /// the reader's generation) is parsed once, however often a user folder is resolved.
  static func load(_ path: String, home: String?, syscalls: any SystemCalls) -> UserDirectoriesText
  {
    switch read(path, syscalls: syscalls) {
    case .success(let contents?):
      return UserDirectoriesText(
        path: path, bytes: contents.bytes, generation: contents.generation, readError: nil,
        parsed: parsed(contents.bytes, generation: contents.generation, home: home, file: path))
    case .success(nil):
      return UserDirectoriesText(path: path, bytes: nil, generation: nil, readError: nil)
    case .failure(.unreadable(let error)):
      return UserDirectoriesText(path: path, bytes: nil, generation: nil, readError: error)
    case .failure(.untrusted(let reason)):
      return UserDirectoriesText(
        path: path, bytes: nil, generation: nil, readError: nil, untrusted: reason)
    }
  }

  /// Why the file's bytes are not handed out.
  private enum ReadProblem: Error {
    case unreadable(SystemErrno)
    /// ``IgnoredValue/Reason/fileUntrusted(path:owner:mode:)``.
    case untrusted(IgnoredValue.Reason)
  }

  /// Why `status` (of the file, or of its folder at `path`) is not to be trusted: another
  /// user's than the effective one and root, or one that others may write to (the group's
  /// write bit is the user's own group's on systems of user private groups, and is left
  /// alone); `nil` when it may be.
  private static func distrust(_ status: FileStatus, at path: String, user: UInt32)
    -> IgnoredValue.Reason?
  {
    guard status.owner != user && status.owner != 0 || status.permissions & 0o002 != 0 else {
      return nil
    }
    return .fileUntrusted(path: path, owner: status.owner, mode: status.permissions & 0o7777)
  }

  private struct ParseKey: Hashable {
    var generation: UInt64
    var home: String?
    var file: String
  }

  /// The last parse, by generation, home and file: process-wide for the same reason as the
  /// bytes, and keyed by all three, so a parse is never used for another home.
  private static let lastParse = Locked<(key: ParseKey, value: UserDirectories)?>(nil)

  private static func parsed(_ bytes: [UInt8], generation: UInt64, home: String?, file: String)
    -> UserDirectories
  {
    let key = ParseKey(generation: generation, home: home, file: file)
    if let cached = lastParse.withLock({ $0 }), cached.key == key { return cached.value }
    let value = UserDirectories(parsing: bytes, home: home, file: file)
    lastParse.withLock { $0 = (key, value) }
    return value
  }

  /// The file's bytes with their generation, `nil` when there is no file, or why it cannot be
  /// read.
  ///
  /// The file's owner and mode are judged on the same `stat` every time; its folder's when the
  /// file is read anew (a file swapped in a folder that others may write to changes its
  /// `stat`, so it is read, and its folder judged, again).
  private static func read(_ path: String, syscalls: any SystemCalls) -> Result<
    (bytes: [UInt8], generation: UInt64)?, ReadProblem
  > {
    let status: FileStatus
    switch syscalls.status(path: path, followSymlinks: true) {
    case .success(let found): status = found
    case .failure(let error) where error == .noSuchFileOrDirectory || error == .notDirectory:
      return .success(nil)
    case .failure(let error):
      return .failure(.unreadable(error))
    }
    let user = syscalls.effectiveUserID
    if let reason = distrust(status, at: path, user: user) { return .failure(.untrusted(reason)) }
    if let cached = cache.withLock({ $0.entry(path, status: status) }) {
      return .success((cached.bytes, cached.generation))
    }
    let folder = POSIXPath.parent(path)
    if case .success(let above) = syscalls.status(path: folder, followSymlinks: true),
      let reason = distrust(above, at: folder, user: user)
    {
      return .failure(.untrusted(reason))
    }
    switch syscalls.readFile(path: path, limit: sizeLimit) {
    case .success(let bytes):
      let generation = cache.withLock { $0.insert(path, status: status, bytes: bytes) }
      return .success((bytes, generation))
    case .failure(let error):
      return .failure(.unreadable(error))
    }
  }
}

/// `user-dirs.dirs` as the reader found it: the part of the snapshot that is read just before
/// the XDG rules need it (``ProcessEnvironment/readingUserDirectories(syscalls:)``), which they
/// then find in the environment value.
struct UserDirectoriesText: Sendable, Hashable {
  /// Where it was read from.
  var path: String
  /// The bytes, or `nil` when there is no file (or it cannot be read).
  var bytes: [UInt8]?
  /// A number that changes whenever the reader loads different contents.
  var generation: UInt64?
  /// Why the file cannot be read, when it cannot.
  var readError: SystemErrno?
  /// Why the file is not read when it or its folder is not to be trusted
  /// (``IgnoredValue/Reason/fileUntrusted(path:owner:mode:)``).
  var untrusted: IgnoredValue.Reason? = nil
  /// The lines, parsed against the environment's home; `nil` without bytes.
  var parsed: UserDirectories? = nil
}

extension ProcessEnvironment {
  /// Where `user-dirs.dirs` is, by the XDG rules: `$XDG_CONFIG_HOME/user-dirs.dirs`, else
  /// `~/.config/user-dirs.dirs`.
  func userDirectoriesPath() throws(DirectoryError) -> String {
    let config: String
    if case .path(let path) = pathVariable("XDG_CONFIG_HOME") {
      config = path
    } else {
      config = POSIXPath.join(try resolveHome().path, ".config")
    }
    return POSIXPath.join(config, "user-dirs.dirs")
  }

  /// This environment with `user-dirs.dirs` read through `syscalls`, when it reads the file
  /// from disk (``UserDirectoriesFile/readFromDisk``); itself otherwise. The value keeps what
  /// was read; reading again from the environment it came from gives the file as it is now:
  /// one `stat`, and the bytes only when it changed.
  func readingUserDirectories(syscalls: any SystemCalls) throws(DirectoryError)
    -> ProcessEnvironment
  {
    guard case .readFromDisk = userDirectoriesFile else { return self }
    // An absolute line needs no home; one under `$HOME` is marked as needing it.
    let text = UserDirectoriesReader.load(
      try userDirectoriesPath(), home: try? resolveHome().path, syscalls: syscalls)
    var environment = self
    environment.userDirectoriesRead = text
    return environment
  }
}
