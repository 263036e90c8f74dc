// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

public import AppDirectoriesCore

/// What ``AppDirectories/AppDirectories/prune(_:olderThan:keepingUnder:dryRun:)`` removed (or,
/// in a dry run, would remove) from the cache or the log directory, and what is left.
public struct PruneReport: Sendable, Hashable {
  /// The cache or log directory.
  public let path: String
  /// The regular files and symbolic links removed.
  public let removedFiles: Int
  /// The bytes of the regular files removed, each inode once.
  public let removedBytes: Int64
  /// The regular files and symbolic links left, `CACHEDIR.TAG` among them.
  public let remainingFiles: Int
  /// The bytes of the regular files left, each inode once, `CACHEDIR.TAG` included.
  public let remainingBytes: Int64
  /// The files that changed (were used, written or replaced) between the look and the removal,
  /// and were kept.
  public let keptBecauseChanged: Int
  /// Each file or directory that could not be removed; empty when everything went.
  public let failures: [RemovalFailure]
  /// Whether this describes a dry run, which changed nothing.
  public let isDryRun: Bool
  /// The log directory's newest file, which is kept whatever its age and the budget, since a
  /// running application may be writing it; `nil` for a cache, or logs without a file. When
  /// the budget is not met, this file is why.
  public let keptNewest: String?

  /// Records a report.
  package init(
    path: String, removedFiles: Int, removedBytes: Int64, remainingFiles: Int,
    remainingBytes: Int64, keptBecauseChanged: Int, failures: [RemovalFailure], isDryRun: Bool,
    keptNewest: String? = nil
  ) {
    self.keptNewest = keptNewest
    self.path = path
    self.removedFiles = removedFiles
    self.removedBytes = removedBytes
    self.remainingFiles = remainingFiles
    self.remainingBytes = remainingBytes
    self.keptBecauseChanged = keptBecauseChanged
    self.failures = failures
    self.isDryRun = isDryRun
  }
}

extension AppDirectories {
  /// Keeps the cache (or the logs) within a budget: removes the files not used for `age`, then
  /// the least recently used ones until the rest fit in `bytes`, then the directories that this
  /// left empty.
  ///
  /// ```swift
  /// import AppDirectories
  ///
  /// let dirs = try AppDirectories(app: "ExampleApp")
  /// let report = try dirs.prune(.cache, olderThan: .seconds(30 * 86_400), keepingUnder: 500 << 20)
  /// print("removed \(report.removedFiles) files, \(report.remainingBytes) bytes left")
  /// ```
  ///
  /// - A file's last use is the later of its access and modification times (on a file system
  ///   mounted `noatime`, its modification). Only regular files and symbolic links are
  ///   removed; the budget counts the bytes of the regular files left, each inode once, the
  ///   cache's `CACHEDIR.TAG` included, which is never removed, nor is the directory itself.
  /// - The cache is proved the application's as for ``clean(_:groups:legacyPaths:dryRun:)``, and
  ///   walked through open descriptors without following a symbolic link or leaving its file
  ///   system. Each file is looked at again (`fstatat` on its open directory) just before
  ///   `unlinkat`: one used, written or replaced since the first look is kept
  ///   (``PruneReport/keptBecauseChanged``).
  /// - A file that cannot be removed does not stop the rest; each is in
  ///   ``PruneReport/failures``.
  /// - Logs keep a budget by the same rules, with two differences: the log directory carries
  ///   no `CACHEDIR.TAG`, so an override's log directory needs none (the rest of the proof
  ///   holds), and its newest file (by modification time) is always kept, since a running
  ///   application may be writing it, even when it alone is over the budget
  ///   (``PruneReport/keptNewest`` names it).
  ///
  /// ```swift
  /// import AppDirectories
  ///
  /// let dirs = try AppDirectories(app: "ExampleApp")
  /// let logs = try dirs.prune(.logs, olderThan: .seconds(14 * 86_400), keepingUnder: 50 << 20)
  /// print("removed \(logs.removedFiles) log files; kept \(logs.keptNewest ?? "no file")")
  /// ```
  ///
  /// - Parameters:
  ///   - kind: ``AppDirectory/cache`` or ``AppDirectory/logs``; any other kind throws
  ///     ``DirectoryError/unsupported(reason:)``, since its files may be the only copy.
  ///   - age: Remove the files last used longer ago than this; `nil` for no age limit.
  ///   - bytes: Then remove the least recently used files until the regular files left take at
  ///     most this many bytes; `nil` for no budget.
  ///   - dryRun: Count what would be removed, and remove nothing.
  public func prune(
    _ kind: AppDirectory, olderThan age: Duration? = nil, keepingUnder bytes: Int64? = nil,
    dryRun: Bool = false
  ) throws -> PruneReport {
    guard kind == .cache || kind == .logs else {
      throw DirectoryError.unsupported(reason: .pruning(kind))
    }
    let isCache = kind == .cache
    let path = try resolution(for: kind).path
    guard
      let target = try proveTheApplications(path, as: [kind], for: .empty, proof: removalProof())
    else {
      return PruneReport(
        path: path, removedFiles: 0, removedBytes: 0, remainingFiles: 0, remainingBytes: 0,
        keptBecauseChanged: 0, failures: [], isDryRun: dryRun)
    }
    defer { target.close(syscalls) }
    // Emptying is proved of a directory only.
    guard let directory = target.directory else {
      throw DirectoryError.cleanRefused(path: path, reason: .notADirectory)
    }
    let now = Int64(syscalls.secondsSinceEpoch()) * 1_000_000_000
    let cutoff = age.map { now - Self.nanoseconds($0) }
    var plan = PrunePlan(syscalls: syscalls, cache: path, keepsNewest: !isCache)
    guard bytes != nil || !isCache else {
      // By age alone, one walk decides and removes: each file's `fstatat` is the look just
      // before its `unlinkat`.
      return plan.removeOlder(than: cutoff, in: directory, dryRun: dryRun)
    }
    plan.survey(directory)
    plan.choose(olderThan: cutoff, keepingUnder: bytes)
    if dryRun { return plan.report(isDryRun: true) }
    plan.remove(in: directory)
    return plan.report(isDryRun: false)
  }

  /// A duration in whole nanoseconds, saturating.
  private static func nanoseconds(_ duration: Duration) -> Int64 {
    let (seconds, attoseconds) = duration.components
    let (whole, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
    if overflow { return seconds < 0 ? Int64.min / 2 : Int64.max / 2 }
    return whole + attoseconds / 1_000_000_000
  }
}

/// The files of one cache, what is to be removed from it, and then what was.
struct PrunePlan {
  let syscalls: any SystemCalls
  /// The cache directory's path.
  let cache: String

  /// A name in a directory of the cache, byte for byte (two names that are one text in two
  /// Unicode normalizations are two files), with the directory's identity: what a path would
  /// say, at a name's worth of memory.
  struct EntryKey: Hashable {
    let folder: FileIdentity
    let name: FileName

    /// An order that is the same on every run over the same tree.
    static func precedes(_ first: EntryKey, _ second: EntryKey) -> Bool {
      (first.folder.device, first.folder.inode) != (second.folder.device, second.folder.inode)
        ? (first.folder.device, first.folder.inode) < (second.folder.device, second.folder.inode)
        : first.name < second.name
    }
  }

  /// A regular file or symbolic link of the cache, as the first look found it.
  struct Entry {
    let key: EntryKey
    let status: FileStatus
    var isRemoved = false
  }

  private(set) var entries: [Entry] = []
  /// The top-level `CACHEDIR.TAG`, which stays, counted in the budget.
  private var tag: FileStatus?
  /// The entries to remove, with the index of each.
  private var chosen: [EntryKey: Int] = [:]
  /// The folders holding a chosen file, by their names in their parents, which are removed if
  /// this leaves them empty.
  private var foldersToTidy: Set<EntryKey> = []
  /// Each folder below the cache that the survey met, by identity: its name in its parent, to
  /// climb from a file to the cache.
  private var folderKeys: [FileIdentity: EntryKey] = [:]
  private var removedFiles = 0
  private var removedBytes: Int64 = 0
  private var keptBecauseChanged = 0
  private var failures: [RemovalFailure] = []
  private var isDone = false

  /// Whether the directory is a log directory: no `CACHEDIR.TAG` is kept or counted, and the
  /// newest file (by modification time) is never removed.
  let keepsNewest: Bool
  /// The newest file, when ``keepsNewest``.
  private var newest: Int?

  init(syscalls: any SystemCalls, cache: String, keepsNewest: Bool = false) {
    self.syscalls = syscalls
    self.cache = cache
    self.keepsNewest = keepsNewest
  }

  /// The names the walks leave alone at the top: the markers that prove the directory the
  /// application's (the cache's tag, the owner marker).
  private var skipped: Set<FileName> {
    [DirectoryMarker.cacheTag.name, DirectoryMarker.owner.name]
  }

  /// Removes, in one walk, each regular file and symbolic link last used before `cutoff`
  /// (none without one), looked at with `fstatat` on its open directory just before its
  /// `unlinkat`, then the folders this left empty; in a dry run only counts them.
  mutating func removeOlder(than cutoff: Int64?, in directory: Int32, dryRun: Bool) -> PruneReport {
    let path = cache
    let tree = FileTree(syscalls: syscalls)
    let tag = tagStatus(in: directory)
    var removed = (files: 0, bytes: Int64(0))
    var left = (files: tag == nil ? 0 : 1, bytes: tag?.size ?? 0)
    // Inodes with more than one name, counted once, by size: those a name of which was
    // removed, and those a name of which is left.
    var removedLinked: [FileIdentity: Int64] = [:]
    var leftLinked: [FileIdentity: Int64] = [:]
    if let tag, tag.linkCount > 1 { leftLinked[FileIdentity(tag)] = tag.size }
    // The folders a file was removed from, and the folders above them, by identity.
    var emptied = Set<FileIdentity>()
    let failed = tree.walk(directory, at: path, skipping: skipped) {
      parent, name, type, folder, _ in
      if type == .directory { return .descend }
      let status: FileStatus
      switch syscalls.status(in: parent, entry: name, followSymlinks: false) {
      case .success(let found): status = found
      case .failure(.noSuchFileOrDirectory): return .next
      case .failure(let error):
        return .failed(FileTree.Failure(path: folder.path(of: name), errno: error))
      }
      guard status.type == .regular || status.type == .symbolicLink else { return .next }
      let isOld = cutoff.map { status.lastUse < $0 } ?? false
      if isOld, !dryRun,
        let error = syscalls.remove(in: parent, entry: name, isDirectory: false),
        error != .noSuchFileOrDirectory
      {
        return .failed(FileTree.Failure(path: folder.path(of: name), errno: error))
      }
      let counted: Bool
      let identity = FileIdentity(status)
      if status.type != .regular {
        counted = false
      } else if status.linkCount > 1 || removedLinked[identity] != nil
        || leftLinked[identity] != nil
      {
        // A name of a file with several (its link count drops as names go).
        if isOld {
          counted = removedLinked.updateValue(status.size, forKey: identity) == nil
        } else {
          counted = leftLinked.updateValue(status.size, forKey: identity) == nil
        }
      } else {
        counted = true
      }
      if isOld {
        removed.files += 1
        if counted { removed.bytes += status.size }
        // The folder and those above it, the cache itself left out.
        for identity in folder.identities.dropFirst().reversed() {
          guard emptied.insert(identity).inserted else { break }
        }
      } else {
        left.files += 1
        if counted { left.bytes += status.size }
      }
      return .next
    } leave: { parent, name, left in
      guard !dryRun, emptied.contains(left.identity) else { return nil }
      return removeIfEmpty(name, in: parent, at: left.path)
    }
    // A name left behind keeps the bytes of a file whose other name went.
    for (identity, size) in removedLinked where leftLinked[identity] != nil {
      removed.bytes -= size
    }
    return PruneReport(
      path: path, removedFiles: removed.files, removedBytes: removed.bytes,
      remainingFiles: left.files, remainingBytes: left.bytes, keptBecauseChanged: 0,
      failures: failed.map { RemovalFailure(path: $0.path, errno: $0.errno) }, isDryRun: dryRun)
  }

  /// Reads every regular file and symbolic link below the cache (the top-level
  /// `CACHEDIR.TAG` aside).
  mutating func survey(_ directory: Int32) {
    let path = cache
    let tree = FileTree(syscalls: syscalls)
    tag = tagStatus(in: directory)
    var found: [Entry] = []
    var folders: [FileIdentity: EntryKey] = [:]
    let failed = tree.walk(directory, at: path, skipping: skipped) {
      parent, name, type, folder, _ in
      if let above = folder.parentIdentity, let own = folder.names.last {
        folders[folder.identity] = EntryKey(folder: above, name: own)
      }
      if type == .directory { return .descend }
      switch syscalls.status(in: parent, entry: name, followSymlinks: false) {
      case .success(let status) where status.type == .regular || status.type == .symbolicLink:
        found.append(Entry(key: EntryKey(folder: folder.identity, name: name), status: status))
      case .success, .failure(.noSuchFileOrDirectory):
        break
      case .failure(let error):
        return .failed(FileTree.Failure(path: folder.path(of: name), errno: error))
      }
      return .next
    }
    entries = found
    folderKeys = folders
    if keepsNewest {
      // A regular file: what a running application writes (a link is not). A time stamp in
      // the future is no sign of being written now (an old file touched to 2300 would win
      // over the live one): the newest is chosen among the files of the past, and among all
      // only when every one is in the future.
      let regular = entries.indices.filter { entries[$0].status.type == .regular }
      let now = syscalls.secondsSinceEpoch()
      let past = regular.filter { entries[$0].status.modificationSeconds <= now }
      newest = (past.isEmpty ? regular : past).max {
        first, second in
        let (a, b) = (entries[first], entries[second])
        return (a.status.modificationSeconds, a.status.modificationNanoseconds)
          != (b.status.modificationSeconds, b.status.modificationNanoseconds)
          ? (a.status.modificationSeconds, a.status.modificationNanoseconds)
            < (b.status.modificationSeconds, b.status.modificationNanoseconds)
          : EntryKey.precedes(a.key, b.key)
      }
    }
    failures += failed.map { RemovalFailure(path: $0.path, errno: $0.errno) }
  }

  /// Chooses the files last used before `cutoff` (nanoseconds since the epoch), then the least
  /// recently used regular files, a whole inode at a time, until the regular files left take
  /// at most `budget` bytes.
  mutating func choose(olderThan cutoff: Int64?, keepingUnder budget: Int64?) {
    if let cutoff {
      for index in entries.indices
      where entries[index].status.lastUse < cutoff && !isNameOfNewest(index) {
        mark(index)
      }
    }
    guard let budget else { return }
    var left = remainingBytes
    guard left > budget else { return }
    // The inodes left, least recently used first (the path decides a tie, so that the choice
    // is the same on every run).
    var inodes: [FileIdentity: [Int]] = [:]
    for index in entries.indices
    where chosen[entries[index].key] == nil && entries[index].status.type == .regular
      && index != newest
    {
      inodes[FileIdentity(entries[index].status), default: []].append(index)
    }
    let order = inodes.values.sorted { first, second in
      let a = entries[first[0]]
      let b = entries[second[0]]
      return a.status.lastUse != b.status.lastUse
        ? a.status.lastUse < b.status.lastUse : EntryKey.precedes(a.key, b.key)
    }
    for names in order {
      // A hard link to a file the tag or the newest log shares is never worth removing.
      if let tag, FileIdentity(tag) == FileIdentity(entries[names[0]].status) { continue }
      if let newest, FileIdentity(entries[newest].status) == FileIdentity(entries[names[0]].status)
      {
        continue
      }
      for index in names { mark(index) }
      left -= entries[names[0]].status.size
      if left <= budget { break }
    }
  }

  /// Whether an entry is a name of the newest log file: the file itself, or another name of
  /// its inode (a hard link), which may be the one the application writes.
  private func isNameOfNewest(_ index: Int) -> Bool {
    guard let newest else { return false }
    return index == newest
      || (entries[index].status.type == .regular
        && FileIdentity(entries[index].status) == FileIdentity(entries[newest].status))
  }

  private mutating func mark(_ index: Int) {
    chosen[entries[index].key] = index
    // The file's folder and those above it, up to the cache itself (left out).
    var folder = entries[index].key.folder
    while let key = folderKeys[folder], foldersToTidy.insert(key).inserted { folder = key.folder }
  }

  /// The cache's own `CACHEDIR.TAG`, when it is a regular file.
  private func tagStatus(in directory: Int32) -> FileStatus? {
    guard !keepsNewest,
      case .success(let status) = syscalls.status(
        in: directory, entry: DirectoryMarker.cacheTag.name, followSymlinks: false),
      status.type == .regular
    else { return nil }
    return status
  }

  /// Removes a folder that a removal may have left empty; one that is not empty stays, silently.
  private func removeIfEmpty(
    _ name: FileName, in parent: Int32, at folder: @autoclosure () -> String
  ) -> FileTree.Failure? {
    switch syscalls.remove(in: parent, entry: name, isDirectory: true) {
    // Some systems say EEXIST for a directory that is not empty.
    case nil, .noSuchFileOrDirectory?, .directoryNotEmpty?, .fileExists?: return nil
    case let error?: return FileTree.Failure(path: folder(), errno: error)
    }
  }

  /// The bytes of the regular files not chosen, each inode once, with the tag's.
  private var remainingBytes: Int64 {
    var seen = Set<FileIdentity>()
    var total: Int64 = 0
    if let tag {
      seen.insert(FileIdentity(tag))
      total += tag.size
    }
    for entry in entries
    where entry.status.type == .regular && !isGone(entry)
      && seen.insert(FileIdentity(entry.status)).inserted
    {
      total += entry.status.size
    }
    return total
  }

  /// Whether an entry is (or, before the removal, is to be) removed.
  private func isGone(_ entry: Entry) -> Bool {
    isDone ? entry.isRemoved : chosen[entry.key] != nil
  }

  /// Removes the chosen files, each looked at again on its open directory first, then the
  /// folders that this left empty.
  mutating func remove(in directory: Int32) {
    let path = cache
    let tree = FileTree(syscalls: syscalls)
    var removedInodes = Set<FileIdentity>()
    var outcome: (removed: Int, bytes: Int64, changed: Int) = (0, 0, 0)
    var all = entries
    let plan = chosen
    let tidy = foldersToTidy
    let failed = tree.walk(directory, at: path, skipping: skipped) {
      parent, name, type, folder, _ in
      if type == .directory {
        return tidy.contains(EntryKey(folder: folder.identity, name: name)) ? .descend : .next
      }
      guard let index = plan[EntryKey(folder: folder.identity, name: name)] else { return .next }
      let seen = all[index].status
      switch syscalls.status(in: parent, entry: name, followSymlinks: false) {
      case .success(let now)
      where Self.isUnchanged(
        seen, now, linkRemoved: removedInodes.contains(FileIdentity(seen))):
        break
      case .success:
        outcome.changed += 1
        return .next
      case .failure(.noSuchFileOrDirectory):
        return .next
      case .failure(let error):
        return .failed(FileTree.Failure(path: folder.path(of: name), errno: error))
      }
      if let error = syscalls.remove(in: parent, entry: name, isDirectory: false) {
        if error == .noSuchFileOrDirectory { return .next }
        return .failed(FileTree.Failure(path: folder.path(of: name), errno: error))
      }
      all[index].isRemoved = true
      outcome.removed += 1
      if seen.type == .regular, removedInodes.insert(FileIdentity(seen)).inserted {
        outcome.bytes += seen.size
      }
      return .next
    } leave: { parent, name, left in
      guard let above = left.parentIdentity, tidy.contains(EntryKey(folder: above, name: name))
      else { return nil }
      return removeIfEmpty(name, in: parent, at: left.path)
    }
    entries = all
    removedFiles = outcome.removed
    removedBytes = outcome.bytes
    keptBecauseChanged = outcome.changed
    failures += failed.map { RemovalFailure(path: $0.path, errno: $0.errno) }
    isDone = true
  }

  /// Whether a file is the one first looked at, not used or changed since: the same inode,
  /// type, size and times. When another name of the inode was just removed, its change time
  /// moved with its link count, and only the rest is compared.
  private static func isUnchanged(_ before: FileStatus, _ now: FileStatus, linkRemoved: Bool)
    -> Bool
  {
    guard
      FileIdentity(before) == FileIdentity(now) && before.type == now.type
        && before.size == now.size && before.lastUse == now.lastUse
    else { return false }
    return linkRemoved
      || (before.changeSeconds == now.changeSeconds
        && before.changeNanoseconds == now.changeNanoseconds)
  }

  func report(isDryRun: Bool) -> PruneReport {
    let gone = entries.filter(isGone)
    var bytes = removedBytes
    if !isDone {
      var seen = Set<FileIdentity>()
      bytes = gone.filter {
        $0.status.type == .regular && seen.insert(FileIdentity($0.status)).inserted
      }
      .reduce(0) { $0 + $1.status.size }
    }
    return PruneReport(
      path: cache, removedFiles: isDone ? removedFiles : gone.count, removedBytes: bytes,
      remainingFiles: entries.count - gone.count + (tag == nil ? 0 : 1),
      remainingBytes: remainingBytes, keptBecauseChanged: keptBecauseChanged,
      failures: failures, isDryRun: isDryRun, keptNewest: newestPath)
  }

  /// The newest log file's path, for the report.
  private var newestPath: String? {
    guard let newest else { return nil }
    return POSIXPath.join(
      path(of: entries[newest].key.folder), entries[newest].key.name.description)
  }

  /// A folder's path, climbed from its identity to the directory's top through the names the
  /// survey met.
  private func path(of folder: FileIdentity) -> String {
    var names: [String] = []
    var at = folder
    while let key = folderKeys[at] {
      names.append(key.name.description)
      at = key.folder
    }
    return names.reversed().reduce(cache) { POSIXPath.join($0, $1) }
  }
}
