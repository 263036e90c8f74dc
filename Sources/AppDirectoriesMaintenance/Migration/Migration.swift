// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

public import AppDirectoriesCore

/// Moving an application's files from a legacy location to its directory, so that a kill at
/// any moment loses, duplicates and changes nothing, and the next run finishes the job.
///
/// The steps, each leaving a state that the next run recognizes:
/// 1. Without the lock, read only: a missing source, or a link to the destination, is the
///    answer at once; a file at the source is refused.
/// 2. The destination's parents are created, and the parent is locked (`flock`), so that
///    migrations of one application run one after the other. Leftovers of an interrupted run
///    are cleaned up: a staging directory (an incomplete copy: the source is intact) is
///    removed; a source renamed aside (the copy was published) is deleted, or put back if the
///    destination has gone.
/// 3. The destination must be missing or empty, else the outcome is a conflict and nothing is
///    changed; unless it holds exactly what the source holds, which is a move interrupted
///    between publishing the copy and removing the source, and is completed.
/// 4. FIFOs, sockets and devices anywhere in the source are refused before anything changes.
/// 5. One `rename(2)`. Across file systems (`EXDEV`), or to keep the source: a copy into
///    `.<name>.appdirs-staging` beside the destination, every file and directory `fsync`ed;
///    one rename onto the destination publishes it, and the parent is `fsync`ed; then the
///    source is renamed aside to `.<name>.appdirs-moved` (one dot for a hidden name) in its own directory and deleted.
/// 6. With ``MigrationOptions/link``, a symbolic link to the destination takes the source's
///    place.
struct Migration: Sendable {
  let source: String
  let destination: String
  let options: MigrationOptions
  let syscalls: any SystemCalls
  /// Where the destination's missing parents may be created from, as for any directory.
  let creator: DirectoryCreator

  private var tree: FileTree { FileTree(syscalls: syscalls) }
  private var opener: DirectoryOpener {
    DirectoryOpener(syscalls: syscalls)
  }
  private var sourceParent: String { POSIXPath.parent(source) }
  private var sourceName: FileName { FileName(Self.lastComponent(source)) }
  private var destinationParent: String { POSIXPath.parent(destination) }
  private var destinationName: FileName { FileName(Self.lastComponent(destination)) }
  /// The incomplete copy, beside the destination.
  var stagingName: FileName { Self.hidden(destination, "appdirs-staging") }
  /// The source once the copy is published, in the source's own directory.
  var asideName: FileName { Self.hidden(source, "appdirs-moved") }
  private var stagingPath: String { POSIXPath.join(destinationParent, stagingName.description) }
  private var asidePath: String { Self.asidePath(of: source) }

  /// Where a migration from `source` puts the source aside once its copy is published: a
  /// directory there is what a migration killed before its end left.
  static func asidePath(of source: String) -> String {
    POSIXPath.join(POSIXPath.parent(source), hidden(source, "appdirs-moved").description)
  }

  /// `.name.suffix` for the last component of `path`, or `name.suffix` when the name is
  /// hidden already.
  private static func hidden(_ path: String, _ suffix: String) -> FileName {
    let name = lastComponent(path)
    return FileName((name.hasPrefix(".") ? name : "." + name) + "." + suffix)
  }

  private static func lastComponent(_ path: String) -> String {
    POSIXPath.components(path).last.map(String.init) ?? path
  }

  /// What is at a path, looked at with `lstat`.
  private enum Found {
    case missing
    case directory(FileStatus)
    case symbolicLink
    case other
  }

  private func look(at path: String) throws(DirectoryError) -> Found {
    switch syscalls.status(path: path, followSymlinks: false) {
    case .success(let status):
      switch status.type {
      case .directory: return .directory(status)
      case .symbolicLink: return .symbolicLink
      case .regular, .other: return .other
      }
    case .failure(let error) where error == .noSuchFileOrDirectory || error == .notDirectory:
      return .missing
    case .failure(let error):
      throw failure(path, error)
    }
  }

  private func failure(_ path: String, _ errno: SystemErrno) -> DirectoryError {
    if errno == .permissionDenied || errno == .notPermitted {
      return .permissionDenied(path: path, errno: errno)
    }
    return .migrationFailed(source: source, problem: .failed(path: path, errno: errno))
  }

  private func failure(_ failure: FileTree.Failure) -> DirectoryError {
    self.failure(failure.path, failure.errno)
  }

  private func outcome(
    _ action: MigrationOutcome.Action, linked: Bool = false, warnings: [DirectoryWarning] = [],
    sourceMissing: Bool = false
  ) -> MigrationOutcome {
    MigrationOutcome(
      action: action, sourcePath: source, destinationPath: destination,
      isDryRun: options.contains(.dryRun), isLinked: linked, warnings: warnings,
      isSourceMissing: sourceMissing)
  }

  // MARK: The steps

  func run() throws(DirectoryError) -> MigrationOutcome {
    if options.contains(.link) && options.contains(.keepSource) {
      throw .migrationFailed(source: source, problem: .linkWithKeptSource)
    }
    if source == destination { return outcome(.alreadyMigrated) }
    if POSIXPath.isInside(source, destination) || POSIXPath.isInside(destination, source) {
      throw .migrationFailed(source: source, problem: .overlapping(destination: destination))
    }
    // 1. Read only.
    switch try look(at: source) {
    case .other: throw .notADirectory(path: source)
    case .symbolicLink: return try symbolicLinkOutcome()
    case .missing:
      let destinationExists = try !isMissingOrEmpty(destination)
      let leftovers = try hasLeftovers()
      let wantsLink = options.contains(.link) && destinationExists
      if options.contains(.dryRun) || (!leftovers && !wantsLink) {
        // Without a leftover or a link to make, nothing shows that this path was ever
        // migrated: an existing destination is all there is, which a typo finds too.
        return outcome(
          destinationExists ? .alreadyMigrated : .nothingToMigrate, linked: wantsLink,
          sourceMissing: !leftovers && !wantsLink)
      }
    case .directory:
      if options.contains(.dryRun) { return try dryRun() }
      // Refused before anything is created; checked again under the lock.
      try refuseSpecialFiles()
    }
    // What an interrupted run left must be this user's before anything is created; looked at
    // again on the open parents under the lock.
    for path in [asidePath, stagingPath] {
      _ = try checkLeftover(at: path) { syscalls.status(path: $0, followSymlinks: false) }
    }
    // 2. The lock, then the leftovers. Both parents are reached through descriptors under the
    // walk's link rule: a link on the way that someone else owns is refused, never followed.
    try creator.findOrCreate(destinationParent)
    guard let target = try opener.openDirectory(destinationParent) else {
      throw failure(destinationParent, .noSuchFileOrDirectory)
    }
    defer { syscalls.close(descriptor: target) }
    if let error = syscalls.lockExclusively(descriptor: target) {
      throw failure(destinationParent, error)
    }
    guard let home = try opener.openDirectory(sourceParent) else {
      return outcome(try isMissingOrEmpty(destination) ? .nothingToMigrate : .alreadyMigrated)
    }
    defer { syscalls.close(descriptor: home) }
    return try locked(source: home, target: target)
  }

  /// Steps 2 to 6, with the lock held on `target`, the destination's parent; `home` is the
  /// source's parent.
  private func locked(source home: Int32, target: Int32) throws(DirectoryError)
    -> MigrationOutcome
  {
    try cleanUpLeftovers(source: home, target: target)
    switch try look(at: source) {
    case .other: throw .notADirectory(path: source)
    case .symbolicLink: return try symbolicLinkOutcome()
    case .missing:
      if try isMissingOrEmpty(destination) {
        return outcome(.nothingToMigrate, sourceMissing: true)
      }
      return try finish(.alreadyMigrated, home: home, removingSource: false)
    case .directory(let sourceStatus):
      // 3. The destination.
      switch try look(at: destination) {
      case .missing: break
      case .other: throw .notADirectory(path: destination)
      case .symbolicLink: return outcome(.conflict)
      case .directory:
        if try !isMissingOrEmpty(destination) {
          guard holdsTheSource(home: home, target: target) else { return outcome(.conflict) }
          // A copy published by a run that was stopped before it removed the source.
          return try finish(.alreadyMigrated, home: home)
        }
      }
      // 4. What cannot be copied.
      try refuseSpecialFiles(home: home)
      // 5. One rename, else a staged copy.
      if !options.contains(.keepSource) {
        switch syscalls.rename(in: home, entry: sourceName, to: target, entry: destinationName) {
        case nil:
          synchronize(target)
          synchronize(home)
          return try finish(.moved, home: home, removingSource: false)
        case .crossDevice?:
          break
        case let error? where error == .directoryNotEmpty || error == .fileExists:
          return outcome(.conflict)
        case let error?:
          throw failure(source, error)
        }
      }
      guard try copy(home: home, target: target, like: sourceStatus) else {
        return outcome(.conflict)
      }
      return try finish(.copied, home: home)
    }
  }

  /// The end of a migration whose files are at the destination: the source removed (unless
  /// it is kept, or `removingSource` is false: it is gone already), then the link made when
  /// asked, which ``run()`` never lets go with a kept source.
  private func finish(
    _ action: MigrationOutcome.Action, home: Int32, removingSource: Bool = true
  ) throws(DirectoryError) -> MigrationOutcome {
    if options.contains(.keepSource) { return outcome(action) }
    if removingSource { try removeSource(in: home) }
    if options.contains(.link) { try link(in: home) }
    return outcome(action, linked: options.contains(.link))
  }

  /// The outcome for a symbolic link at the legacy path, which is never followed.
  private func symbolicLinkOutcome() throws(DirectoryError) -> MigrationOutcome {
    let target: String
    switch syscalls.readLink(path: source) {
    case .success(let read): target = read
    case .failure(let error): throw failure(source, error)
    }
    let absolute = POSIXPath.normalize(
      POSIXPath.isAbsolute(target) ? target : POSIXPath.join(sourceParent, target))
    if absolute == destination || sameFile(source, destination) {
      return outcome(.alreadyMigrated, linked: true)
    }
    return outcome(
      .nothingToMigrate,
      warnings: [
        DirectoryWarning(
          "\(source) is a symbolic link to \(target), not to \(destination); it is not followed",
          suggestion: "Migrate from \(absolute) itself, or remove the link at \(source).")
      ])
  }

  /// Whether two paths, followed, are the same directory.
  private func sameFile(_ first: String, _ second: String) -> Bool {
    guard case .success(let one) = syscalls.status(path: first, followSymlinks: true),
      case .success(let other) = syscalls.status(path: second, followSymlinks: true)
    else { return false }
    return one.device == other.device && one.inode == other.inode
  }

  /// Whether nothing, or an empty directory, is at `path`.
  private func isMissingOrEmpty(_ path: String) throws(DirectoryError) -> Bool {
    switch try look(at: path) {
    case .missing: return true
    case .symbolicLink, .other: return false
    case .directory:
      let descriptor = try openDirectory(path)
      defer { syscalls.close(descriptor: descriptor) }
      switch syscalls.listDirectory(descriptor: descriptor) {
      case .success(let entries): return entries.isEmpty
      case .failure(let error): throw failure(path, error)
      }
    }
  }

  private func openDirectory(_ path: String) throws(DirectoryError) -> Int32 {
    switch try opener.openUnfollowed(path) {
    case .success(let descriptor): return descriptor
    case .failure(let error): throw failure(path, error)
    }
  }

  /// Whether a staging directory or a source renamed aside is left by an interrupted run.
  private func hasLeftovers() throws(DirectoryError) -> Bool {
    for path in [stagingPath, asidePath] {
      if case .missing = try look(at: path) { continue }
      return true
    }
    return false
  }

  /// Step 2: a staging directory is an incomplete copy, whose source is intact: removed. A
  /// source renamed aside belongs to a published copy: deleted, or put back when the
  /// destination has gone since.
  private func cleanUpLeftovers(source home: Int32, target: Int32) throws(DirectoryError) {
    let aside = asidePath
    let staging = stagingPath
    // What is there must be what a migration of this user left, before anything is touched.
    let asideFound = try checkLeftover(at: aside) { _ in
      syscalls.status(in: home, entry: asideName, followSymlinks: false)
    }
    let stagingFound = try checkLeftover(at: staging) { _ in
      syscalls.status(in: target, entry: stagingName, followSymlinks: false)
    }
    if !asideFound {
    } else if try !isMissingOrEmpty(destination) {
      try removeTree(asideName, in: home, at: sourceParent)
    } else if case .missing = try look(at: source) {
      if let error = syscalls.rename(in: home, entry: asideName, to: home, entry: sourceName) {
        throw failure(aside, error)
      }
      synchronize(home)
    }
    guard stagingFound else { return }
    try removeTree(stagingName, in: target, at: destinationParent)
  }

  /// Removes a tree below an open directory, then flushes the directory; the first failure
  /// is thrown.
  private func removeTree(_ name: FileName, in parent: Int32, at parentPath: String)
    throws(DirectoryError)
  {
    if let first = tree.remove(name, in: parent, at: parentPath).first { throw failure(first) }
    synchronize(parent)
  }

  /// Whether a leftover is at `path`, as `look` sees it without following a link: `false`
  /// when nothing is, `true` for a directory of the effective user's (what a migration
  /// leaves), and a refusal for anything else, which another user may have planted in a
  /// directory others can write to: never removed or moved in place of the application's
  /// files.
  private func checkLeftover(
    at path: String, _ look: (String) -> Result<FileStatus, SystemErrno>
  ) throws(DirectoryError) -> Bool {
    let rule: CleanRefusal
    switch look(path) {
    case .failure(let error) where error == .noSuchFileOrDirectory || error == .notDirectory:
      // Nothing there, or a file on the way, which creating the destination's parent reports.
      return false
    case .failure(let error): throw failure(path, error)
    case .success(let status):
      switch status.type {
      case .directory where status.owner == syscalls.effectiveUserID: return true
      case .directory: rule = .ownedByAnotherUser(status.owner)
      case .symbolicLink: rule = .symbolicLink
      case .regular, .other: rule = .notADirectory
      }
    }
    throw .migrationFailed(source: source, problem: .foreignLeftover(path: path, rule))
  }

  /// Whether the destination holds exactly the source's tree.
  private func holdsTheSource(home: Int32, target: Int32) -> Bool {
    tree.sameContents(sourceName, in: home, destinationName, in: target)
  }

  /// Throws when the source holds FIFOs, sockets or devices; `home` is the source's parent,
  /// else the source is opened by its path.
  private func refuseSpecialFiles(home: Int32? = nil) throws(DirectoryError) {
    let opened =
      if let home { syscalls.openDirectory(in: home, entry: sourceName) } else {
        try opener.openUnfollowed(source)
      }
    let from: Int32
    switch opened {
    case .success(let descriptor): from = descriptor
    case .failure(let error) where error == .noSuchFileOrDirectory && home == nil:
      // Moved meanwhile by another migration: the check under the lock decides.
      return
    case .failure(let error): throw failure(source, error)
    }
    defer { syscalls.close(descriptor: from) }
    let special: [String]
    do throws(FileTree.Failure) {
      special = try tree.specialFiles(in: from, at: source)
    } catch {
      if error.errno == .noSuchFileOrDirectory && home == nil { return }
      throw failure(error)
    }
    if !special.isEmpty {
      throw .migrationFailed(source: source, problem: .specialFiles(special))
    }
  }

  /// The staged copy and its publication; `false` when the destination was filled meanwhile
  /// (the staging directory is removed then, and nothing else has changed).
  private func copy(home: Int32, target: Int32, like sourceStatus: FileStatus)
    throws(DirectoryError) -> Bool
  {
    let staging = stagingPath
    if let error = syscalls.makeDirectory(in: target, entry: stagingName, mode: 0o700) {
      throw failure(staging, error)
    }
    do throws(FileTree.Failure) {
      guard case .success(let from) = syscalls.openDirectory(in: home, entry: sourceName) else {
        throw FileTree.Failure(path: source, errno: .noSuchFileOrDirectory)
      }
      defer { syscalls.close(descriptor: from) }
      let to: Int32
      switch syscalls.openDirectory(in: target, entry: stagingName) {
      case .success(let opened): to = opened
      case .failure(let error): throw FileTree.Failure(path: staging, errno: error)
      }
      defer { syscalls.close(descriptor: to) }
      try tree.copyContents(of: from, at: source, into: to, at: staging)
      try tree.finish(to, at: staging, like: sourceStatus)
    } catch {
      // Nothing is published: the copy so far goes, the source is as it was.
      _ = tree.remove(stagingName, in: target, at: destinationParent)
      if error.errno == .invalidArgument, error.path != staging {
        throw .migrationFailed(source: source, problem: .specialFiles([error.path]))
      }
      throw failure(error)
    }
    switch syscalls.rename(in: target, entry: stagingName, to: target, entry: destinationName) {
    case nil:
      synchronize(target)
      return true
    case let error? where error == .directoryNotEmpty || error == .fileExists:
      _ = tree.remove(stagingName, in: target, at: destinationParent)
      return false
    case let error?:
      _ = tree.remove(stagingName, in: target, at: destinationParent)
      throw failure(destination, error)
    }
  }

  /// Removes the source of a published copy: renamed aside in one step, then deleted.
  private func removeSource(in home: Int32) throws(DirectoryError) {
    if let error = syscalls.rename(in: home, entry: sourceName, to: home, entry: asideName) {
      throw failure(source, error)
    }
    synchronize(home)
    try removeTree(asideName, in: home, at: sourceParent)
  }

  /// A symbolic link to the destination where the source was.
  private func link(in home: Int32) throws(DirectoryError) {
    if let error = syscalls.makeSymbolicLink(
      in: home, entry: sourceName, target: Array(destination.utf8))
    {
      throw failure(source, error)
    }
    synchronize(home)
  }

  /// `fsync` of a directory, so that a rename in it survives a power loss. A file system that
  /// cannot sync directories (`EINVAL`) has nothing more to do.
  private func synchronize(_ directory: Int32) {
    _ = syscalls.synchronize(descriptor: directory)
  }

  // MARK: A dry run

  /// What a run would do to a source directory, from what is there now.
  private func dryRun() throws(DirectoryError) -> MigrationOutcome {
    if try !isMissingOrEmpty(destination) {
      guard case .directory = try look(at: destination) else {
        if case .other = try look(at: destination) { throw .notADirectory(path: destination) }
        return outcome(.conflict)
      }
      let from = try openDirectory(source)
      defer { syscalls.close(descriptor: from) }
      let to = try openDirectory(destination)
      defer { syscalls.close(descriptor: to) }
      return outcome(
        tree.sameContents(from, to) ? .alreadyMigrated : .conflict)
    }
    try refuseSpecialFiles()
    // The way to the destination, walked as the run would walk it: another user's link on it
    // is refused here too.
    if let reached = try opener.openDirectory(syscalls.nearestExisting(destination).path) {
      syscalls.close(descriptor: reached)
    }
    let linked = options.contains(.link)
    if options.contains(.keepSource) || !onOneFileSystem() {
      return outcome(.copied, linked: linked)
    }
    return outcome(.moved, linked: linked)
  }

  /// Whether the source and the destination's nearest existing folder share a file system.
  private func onOneFileSystem() -> Bool {
    guard case .success(let from) = syscalls.status(path: source, followSymlinks: false) else {
      return false
    }
    return syscalls.nearestExisting(destination).status?.device == from.device
  }
}

extension AppDirectories {
  /// Moves the application's files from a legacy location, such as `~/.exampleapp`, to one of
  /// its directories, so that no file is ever lost, duplicated or merged, even when the
  /// process is killed at any moment.
  ///
  /// ```swift
  /// import AppDirectories
  ///
  /// let dirs = try AppDirectories(app: "exampleapp")
  /// let home = try StandardDirectories().resolution(for: .home)   // HOME, as resolved
  /// let legacy = home.path + "/.exampleapp"
  /// let outcome = try dirs.migrate(fromPath: legacy, to: .config, options: .link)
  /// print(outcome)   // moved /home/ada/.exampleapp -> /home/ada/.config/exampleapp
  /// ```
  ///
  /// - The source must be a directory; a symbolic link there is not followed (a link to the
  ///   destination is ``MigrationOutcome/Action/alreadyMigrated``, any other
  ///   ``MigrationOutcome/Action/nothingToMigrate`` with a warning).
  /// - The destination must be missing or empty, else the outcome is
  ///   ``MigrationOutcome/Action/conflict`` and nothing changes anywhere.
  /// - On one file system the move is one `rename(2)`. Across file systems the tree is copied
  ///   into a hidden staging directory beside the destination (files and directories
  ///   `fsync`ed, symbolic links as links, modes and modification times kept), published with
  ///   one rename, and only then is the source renamed aside and deleted.
  /// - FIFOs, sockets and devices in the source are refused before anything changes, on one
  ///   file system as across two, so that the result never depends on where folders are
  ///   mounted.
  /// - Whose files: the legacy directory must be provably the application's, as for
  ///   ``clean(_:groups:legacyPaths:dryRun:)`` (the user's own; not `/`, a home, a base or protected
  ///   directory), compared by what it is: the destination under another name (a symbolic
  ///   link on the way, `..`) is ``MigrationOutcome/Action/alreadyMigrated``, and a source
  ///   that holds the destination or lies inside it is refused. While an isolated
  ///   environment is current, a legacy path outside its root is refused with
  ///   ``MigrationProblem/outsideIsolationRoot(root:)``.
  /// - Migrations of one application take turns (an advisory lock on the destination's
  ///   parent); the next call cleans up whatever an interrupted one left, and a finished
  ///   migration called again is ``MigrationOutcome/Action/alreadyMigrated`` or
  ///   ``MigrationOutcome/Action/nothingToMigrate``.
  ///
  /// See <doc:MovingFromAnOldLocation>.
  ///
  /// - Parameters:
  ///   - legacy: The old directory, an absolute path (on Windows `C:\x`, `C:/x` or
  ///     `\\?\C:\x`).
  ///   - kind: The application's directory the files belong in.
  ///   - options: A dry run, keeping the source, or leaving a link behind.
  /// - Throws: ``DirectoryError/notADirectory(path:)`` for a file at either path,
  ///   ``DirectoryError/migrationFailed(source:problem:)`` for what cannot be copied or a
  ///   failed system call, and the errors of ``directory(_:)`` for the destination's parents.
  public func migrate(
    fromPath legacy: String, to kind: AppDirectory, options: MigrationOptions = .init()
  ) throws -> MigrationOutcome {
    try _migrate(fromPath: legacy, to: kind, options: options)
  }

  /// `migrate` with its error typed, for the package's own callers.
  package func _migrate(
    fromPath legacy: String, to kind: AppDirectory, options: MigrationOptions = .init()
  ) throws(DirectoryError) -> MigrationOutcome {
    let source = try legacyPath(legacy)
    let destination = try _verifiedResolution(for: kind).path
    if let answer = try checkSource(source, destination: destination, options: options) {
      return answer
    }
    return try Migration(
      source: source, destination: destination, options: options, syscalls: syscalls,
      creator: DirectoryCreator(syscalls: syscalls, environment: environment)
    ).run()
  }

  /// The source rules, by identity, before anything changes: inside the isolated root
  /// while one is current; the destination under another name is already migrated; a source
  /// that holds the destination or lies inside it, or that is not provably the application's
  /// (another user's, `/`, a home, a base or protected directory), is refused.
  private func checkSource(_ source: String, destination: String, options: MigrationOptions)
    throws(DirectoryError) -> MigrationOutcome?
  {
    let opener = directoryOpener
    let found: DirectoryOpener.Located?
    do throws(DirectoryError) {
      found = try opener.locate(source)
    } catch {
      // A call that failed on the way is the migration's failure, naming where.
      guard let errno = error.errno, let path = error.path, errno != .notDirectory else {
        throw error
      }
      throw .migrationFailed(source: source, problem: .failed(path: path, errno: errno))
    }
    guard let located = found else { return nil }
    defer { syscalls.close(descriptor: located.parent) }
    if let root = isolationRootNotHolding(located.parent) {
      throw .migrationFailed(source: source, problem: .outsideIsolationRoot(root: root))
    }
    guard case .directory = located.entry else { return nil }
    let directory: Int32
    switch syscalls.openDirectory(in: located.parent, entry: located.name) {
    case .success(let opened): directory = opened
    case .failure: return nil
    }
    defer { syscalls.close(descriptor: directory) }
    guard case .success(let status) = syscalls.status(descriptor: directory) else { return nil }
    let identity = FileIdentity(status)
    // The destination, or its nearest existing folder, with what holds it.
    let (target, existing) = syscalls.nearestExisting(destination)
    if target == destination, let existing, FileIdentity(existing) == identity {
      return MigrationOutcome(
        action: .alreadyMigrated, sourcePath: source, destinationPath: destination,
        isDryRun: options.contains(.dryRun), isLinked: false, warnings: [])
    }
    // The application's code names the source (or it is a previous default place): the
    // positive proof's second line decides whose it is.
    if case .refused(let rule) = ownership(
      of: directory, at: source, as: [], for: .move, proof: removalProof())
    {
      throw .migrationFailed(source: source, problem: .notTheApplications(rule))
    }
    if let held = try? opener.openDirectory(target) {
      defer { syscalls.close(descriptor: held) }
      if chain(from: held).contains(identity) {
        throw .migrationFailed(source: source, problem: .overlapping(destination: destination))
      }
      if case .success(let found) = syscalls.status(descriptor: held),
        chain(from: directory).contains(FileIdentity(found)), target == destination
      {
        throw .migrationFailed(source: source, problem: .overlapping(destination: destination))
      }
    }
    return nil
  }

  /// The identities of an open directory and of every directory above it, up to `/`.
  private func chain(from directory: Int32) -> Set<FileIdentity> {
    Set((syscalls.ancestry(of: directory) ?? []).map(FileIdentity.init))
  }
}
