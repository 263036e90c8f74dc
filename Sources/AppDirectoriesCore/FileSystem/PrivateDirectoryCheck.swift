// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

/// The file-system stage of a ``DirectoryRequirement``: the check that a runtime directory is
/// private to the user, the switch to its fallback, and the safe creation of a directory that
/// may be created.
///
/// A runtime directory holds sockets and locks, so another user must not be able to plant or
/// read anything in it. It is accepted only when it is a real directory (not a symbolic link),
/// owned by the effective user, with permission bits exactly 0700. Resolving checks that with
/// `lstat`; creating checks it again on a descriptor opened `O_DIRECTORY|O_NOFOLLOW`, and makes
/// the application's folder relative to that descriptor, so that the directory checked is the
/// directory used. The library never changes the mode of a runtime directory it did not create.
struct PrivateDirectoryCheck: Sendable {
  let syscalls: any SystemCalls
  let effectiveUserID: UInt32
  /// Where creation may start, as for ``DirectoryCreator``.
  var trustedRoot: String? = nil
  /// The environment the paths come from, for the creator's owner rules.
  var environment: ProcessEnvironment? = nil
  /// Called with the application's directory when the walk has just made it, never with a base
  /// made on the way: see ``DirectoryCreator/markingCreated``.
  var markingCreated: (@Sendable (_ directory: Int32, _ path: String) -> Void)? = nil

  /// The check for an environment's user, with creation starting where its paths allow.
  init(syscalls: any SystemCalls, environment: ProcessEnvironment) {
    self.init(
      syscalls: syscalls, effectiveUserID: environment.effectiveUserID,
      trustedRoot: environment.trustedRoot)
    self.environment = environment
  }

  init(syscalls: any SystemCalls, effectiveUserID: UInt32, trustedRoot: String? = nil) {
    self.syscalls = syscalls
    self.effectiveUserID = effectiveUserID
    self.trustedRoot = trustedRoot
  }

  /// Why `status` is not a private directory of the user, or `nil` when it is.
  func problem(with status: FileStatus) -> PrivateDirectoryProblem? {
    switch status.type {
    case .symbolicLink: return .symbolicLink
    case .regular, .other: return .notADirectory
    case .directory: break
    }
    if status.owner != effectiveUserID { return .owner(status.owner, expected: effectiveUserID) }
    if status.permissions & 0o777 != 0o700 { return .mode(status.permissions & 0o777) }
    return nil
  }

  /// Why the directory at `path` is not private, or `nil` when it is.
  func problem(at path: String) -> PrivateDirectoryProblem? {
    examine(path).problem
  }

  /// What `lstat` shows at `path`, and why it is not a private directory of the user: its own
  /// problem, or, for one that is private or missing, its parent's. A private directory in a
  /// folder that another user owns, or that others may write to without the sticky bit
  /// (`/tmp` has it), can be renamed away and replaced, so it is not private at all.
  private func examine(_ path: String) -> (status: FileStatus?, problem: PrivateDirectoryProblem?) {
    let found: FileStatus?
    switch syscalls.status(path: path, followSymlinks: false) {
    case .success(let status):
      if let problem = problem(with: status) { return (status, problem) }
      found = status
    case .failure(let error) where error == .noSuchFileOrDirectory: found = nil
    case .failure(let error): return (nil, .unexaminable(error))
    }
    let parent = POSIXPath.parent(path)
    if parent != path,
      case .success(let above) = syscalls.status(path: parent, followSymlinks: true)
    {
      if above.owner != effectiveUserID, above.owner != 0 {
        return (found, .parentOfAnotherUser(path: parent, owner: above.owner))
      }
      if above.permissions & 0o022 != 0, above.permissions & 0o1000 == 0 {
        return (found, .parentWritableByOthers(path: parent, mode: above.permissions & 0o7777))
      }
    }
    return (found, found == nil ? .missing : nil)
  }

  /// Checks a resolution's requirement without writing anything: keeps the path when its base
  /// is private, switches to the fallback (with a warning that says why) when it is not, and
  /// leaves a missing directory that may be created pending, for ``ensure(_:)``.
  ///
  /// Throws ``DirectoryError/insecureRuntimeDirectory(path:problem:)`` when there is no
  /// fallback left: an unsafe directory is never handed out, not even as a path.
  func settle(_ resolution: DirectoryResolution) throws(DirectoryError) -> DirectoryResolution {
    guard let choice = try choose(resolution) else { return resolution }
    // Missing, or being made by another creator: still pending, for ensure(_:).
    if choice.isMissing || choice.isBeingCreated { return choice.resolution }
    return choice.resolution.withRequirementMet
  }

  /// Finds or creates the resolved directory. Without a requirement this is the ordinary
  /// walk. With one, the base the check chose is opened `O_DIRECTORY|O_NOFOLLOW` (created 0700
  /// first when it is missing and may be created), checked on that descriptor, and the rest of
  /// the path is made relative to it. Returns the resolution with nothing left pending.
  func ensure(_ resolution: DirectoryResolution) throws(DirectoryError) -> DirectoryResolution {
    var creator = DirectoryCreator(syscalls: syscalls, trustedRoot: trustedRoot)
    creator.environment = environment
    var marking = creator
    marking.markingCreated = markingCreated
    guard let choice = try choose(resolution) else {
      try marking.findOrCreate(resolution.path)
      return resolution
    }
    let chosen = choice.resolution
    let base = choice.base
    let descriptor: Int32
    do throws(DirectoryError) {
      descriptor = try openPrivate(base, creating: choice.isMissing, with: creator)
    } catch {
      // Swapped for something unsafe between the `lstat` check and the open: the fallback,
      // with a warning, as for a wrong owner found by the check, when there is one (an override's
      // runtime directory never falls back).
      guard case .insecureRuntimeDirectory(base, let problem) = error,
        let fallback = fallback(of: chosen, base: base, problem: problem)
      else { throw error }
      return try ensure(fallback)
    }
    defer { syscalls.close(descriptor: descriptor) }
    let rest = POSIXPath.components(
      String(decoding: chosen.path.utf8.dropFirst(base.utf8.count), as: UTF8.self)
    )
    .map(String.init)
    if !rest.isEmpty {
      let relative = rest.joined(separator: "/")
      // The steady state: the folder is there (nobody else can plant anything in a private
      // directory, so following the relative name is safe).
      if case .success(let status) = syscalls.status(
        in: descriptor, name: relative, followSymlinks: true), status.type == .directory
      {
        return chosen.withRequirementMet
      }
      try marking.walk(rest, below: descriptor, at: base)
    }
    return chosen.withRequirementMet
  }

  /// The base chosen for a requirement, after the `lstat` check and any switch to a fallback.
  private struct Choice {
    var resolution: DirectoryResolution
    var base: String
    /// The base is missing and may be created.
    var isMissing: Bool
    /// The base is a directory of the user that another creator has just made and not yet
    /// made 0700 (a strict umask): wait for it rather than refuse it.
    var isBeingCreated = false
  }

  private func choose(_ resolution: DirectoryResolution) throws(DirectoryError) -> Choice? {
    guard
      case .privateDirectory(let base, let createsIfMissing, _) =
        resolution.requirement
    else { return nil }
    let (status, problem) = examine(base)
    switch problem {
    case nil:
      return Choice(resolution: resolution, base: base, isMissing: false)
    case .missing? where createsIfMissing:
      return Choice(resolution: resolution, base: base, isMissing: true)
    case .mode? where createsIfMissing && isBeingCreated(status):
      return Choice(resolution: resolution, base: base, isMissing: false, isBeingCreated: true)
    case let problem?:
      guard let fallback = fallback(of: resolution, base: base, problem: problem) else {
        throw .insecureRuntimeDirectory(path: base, problem: problem)
      }
      return try choose(fallback)
    }
  }

  /// The resolution's fallback for a base with `problem`, with the warning that says why;
  /// `nil` when it has none.
  private func fallback(
    of resolution: DirectoryResolution, base: String, problem: PrivateDirectoryProblem
  ) -> DirectoryResolution? {
    guard case .privateDirectory(_, _, let otherwise?) = resolution.requirement else {
      return nil
    }
    let suffix = String(decoding: resolution.path.utf8.dropFirst(base.utf8.count), as: UTF8.self)
    if problem == .missing, resolution.source == .loginSession {
      // No login session made one (a container, a CI job): passed over in silence, and the
      // fallback is said to be used for the reason the session's directory was looked for.
      let reason = resolution.ignored.last
      return DirectoryResolution(
        path: otherwise.path + suffix, source: otherwise.source, ignored: resolution.ignored,
        home: otherwise.home,
        extraWarnings: otherwise.warnings
          + (reason.map {
            $0.warning == nil ? [.runtimeFallback($0, fallback: otherwise.path)] : []
          }
            ?? []),
        requirement: otherwise.requirement)
    }
    let why = IgnoredValue(
      .variable(resolution.source.description), .unsafe(path: base, problem: problem))
    return DirectoryResolution(
      path: otherwise.path + suffix, source: otherwise.source,
      ignored: resolution.ignored + [why], home: otherwise.home,
      extraWarnings: otherwise.warnings + [
        DirectoryWarning.runtimeFallback(why, fallback: otherwise.path)
      ],
      requirement: otherwise.requirement)
  }

  /// Opens `base` `O_DIRECTORY|O_NOFOLLOW` and checks it on the descriptor; creates it 0700
  /// first when `creating`. Whatever else stands there, planted before or during the creation,
  /// is refused as the unsafe runtime directory it is.
  private func openPrivate(_ base: String, creating: Bool, with creator: DirectoryCreator)
    throws(DirectoryError) -> Int32
  {
    if creating {
      do throws(DirectoryError) {
        try creator.walk(base)
      } catch {
        // Something planted between the check and the walk is the unsafe directory it is,
        // even when it has gone again by now (a link that flickers); otherwise the walk's own
        // error stands.
        if let problem = problem(at: base), problem != .missing {
          throw .insecureRuntimeDirectory(path: base, problem: problem)
        }
        switch error {
        case .ownedByAnotherUser(base, _, true), .danglingSymlink(base), .symbolicLinkLoop(base):
          throw .insecureRuntimeDirectory(path: base, problem: .symbolicLink)
        case .ownedByAnotherUser(base, let owner, false):
          throw .insecureRuntimeDirectory(
            path: base, problem: .owner(owner, expected: effectiveUserID))
        case .notADirectory(base):
          throw .insecureRuntimeDirectory(path: base, problem: .notADirectory)
        default:
          throw error
        }
      }
    }
    let options = DirectoryOpenOptions(followSymlinks: false, pathOnly: true)
    let descriptor: Int32
    switch syscalls.openDirectory(
      in: LiveSystemCalls.currentDirectory, name: base, options: options)
    {
    case .success(let opened): descriptor = opened
    case .failure:
      throw .insecureRuntimeDirectory(path: base, problem: problem(at: base) ?? .missing)
    }
    // Another creator of the same fallback may be between its mkdirat and its fchmod under a
    // strict umask: wait for it (about 2 s at most), as for any other directory.
    for attempt in 0..<12 {
      let status: FileStatus
      switch syscalls.status(descriptor: descriptor) {
      case .success(let found): status = found
      case .failure(let error):
        syscalls.close(descriptor: descriptor)
        throw .insecureRuntimeDirectory(path: base, problem: .unexaminable(error))
      }
      guard let problem = problem(with: status) else { return descriptor }
      if case .mode = problem, isBeingCreated(status), attempt < 11 {
        syscalls.sleep(microseconds: 1000 << attempt)
        continue
      }
      syscalls.close(descriptor: descriptor)
      throw .insecureRuntimeDirectory(path: base, problem: problem)
    }
    syscalls.close(descriptor: descriptor)
    throw .insecureRuntimeDirectory(path: base, problem: .missing)
  }

  /// Whether a directory may be one that another creator has just made and not yet made 0700:
  /// the user's own, without all of the owner's permission bits (what a strict umask leaves),
  /// and changed in the last 10 seconds; one that has been so for longer is refused at once.
  private func isBeingCreated(_ status: FileStatus?) -> Bool {
    guard let status, status.permissions & 0o700 != 0o700 else { return false }
    return status.mayBeBeingCreated(by: effectiveUserID, now: syscalls.secondsSinceEpoch())
  }
}
