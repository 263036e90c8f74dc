// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

/// Finds or creates a directory, one component at a time, without races.
///
/// - The steady state (the directory exists) costs one `stat`.
/// - Otherwise the walk starts at the path's root (`/`, `C:\`; or at the root of an isolated
///   environment, which its paths lie inside) and, for each component, calls `mkdirat` relative to the
///   open parent, then opens the component: with `O_NOFOLLOW` when it was just created (so that a
///   symlink swapped in is refused), following symlinks when it already existed (so that a
///   user's `~/.cache` on another disk works).
/// - A directory the walk created gets mode 0700 with `fchmod`, whatever the umask; an existing
///   directory is never changed.
/// - `EEXIST` from a concurrent creator is success.
package struct DirectoryCreator: Sendable {
  let syscalls: any SystemCalls
  /// A directory the walk may start from, when the path lies inside it.
  var trustedRoot: String? = nil
  /// How paths are split and joined: the platform's own, or another for tests of its rules.
  var style: PathStyle = .host
  /// The environment the path was resolved from, whose home the user trusts already: a
  /// directory under it may be another user's (an image whose home was made by its build user
  /// and is run under another uid). Read only when a directory's owner is someone else.
  var environment: ProcessEnvironment? = nil
  /// Called with the descriptor of the directory that a creating walk has just made as the
  /// path's last component (never of one it found): where the application's marker is
  /// written, so that it lands in exactly what was created.
  var markingCreated: (@Sendable (_ directory: Int32, _ path: String) -> Void)? = nil

  /// A creator for paths resolved from `environment`.
  package init(syscalls: any SystemCalls, environment: ProcessEnvironment, style: PathStyle = .host)
  {
    self.syscalls = syscalls
    self.trustedRoot = environment.trustedRoot
    self.style = style
    self.environment = environment
  }

  init(syscalls: any SystemCalls, trustedRoot: String? = nil, style: PathStyle = .host) {
    self.syscalls = syscalls
    self.trustedRoot = trustedRoot
    self.style = style
  }

  /// What the walk does where a component is missing.
  private enum Mode {
    /// It makes it.
    case create
    /// It only looks, for ``obstacle(to:)``: it asks whether the parent would take the
    /// component, and stops there, since what it would make below is the user's own.
    case look
    /// It only reaches what exists, for ``reach(_:)``: it stops there.
    case reach
  }

  private var mode = Mode.create

  /// A walk of the same creator that creates nothing.
  private func walking(_ mode: Mode) -> DirectoryCreator {
    var walker = self
    walker.mode = mode
    return walker
  }

  /// The mode of every directory the library creates.
  static let privateMode: UInt32 = 0o700

  /// ``obstacle(to:)`` of a path still to be resolved: why it cannot be is the obstacle.
  func obstacle(to path: () throws(DirectoryError) -> String) -> DirectoryError? {
    do throws(DirectoryError) { return obstacle(to: try path()) } catch { return error }
  }

  /// What would stop ``findOrCreate(_:)`` from finding or creating `path` now, by the same
  /// walk without creating anything: the error it would throw; for a directory that exists,
  /// ``DirectoryError/permissionDenied(path:errno:)`` when the user may not create files in it
  /// or search it (it is found, but cannot be used); `nil` when nothing stands in the way.
  func obstacle(to path: String) -> DirectoryError? {
    do throws(DirectoryError) {
      // Missing: the parent that would take it was asked, and what is made below is new.
      if try walking(.look).findOrCreate(path) { return nil }
      let opener = DirectoryOpener(syscalls: syscalls)
      guard let directory = try opener.openDirectory(path, readable: false) else { return nil }
      defer { syscalls.close(descriptor: directory) }
      return syscalls.accessProblem(directory: directory, write: true).map {
        Self.error($0, at: path)
      }
    } catch {
      return error
    }
  }

  /// Makes sure that `path` (absolute and normalized) is a directory; returns whether this
  /// call created it (its last component).
  ///
  /// The steady state is one `stat`, compared with the identity that the walk reached at this
  /// path earlier in the process (``ReachedDirectories``). The first call for a path, and any
  /// call that finds another directory there, walks from the top under the link rule, so that
  /// a directory reached through someone else's link is never handed back, found or created.
  @discardableResult
  package func findOrCreate(_ path: String) throws(DirectoryError) -> Bool {
    switch syscalls.status(path: path, followSymlinks: true) {
    case .success(let status):
      guard status.type == .directory else { throw .notADirectory(path: path) }
      // The directory handed back is the user's or root's, or lies under the home, from the
      // owner in this same `stat`.
      if status.owner != user && status.owner != 0, !liesUnderHome(path) {
        throw .directoryOfAnotherUser(path: path, owner: status.owner, creating: false)
      }
      // What vanished since the `stat` is made, as if it had been missing.
      guard mode == .create, try !isReached(path, status) else { return false }
      return try walk(path)
    case .failure(let error) where error == .nameTooLong:
      // The walk could build it one component at a time, but no one could use it by path.
      throw .nameTooLong(path: path)
    case .failure:
      try refuseMissingPasswordDatabaseHome(below: path)
      do throws(DirectoryError) {
        return try walk(path)
      } catch {
        try refuseMissingHome(below: path, after: error)
        throw error
      }
    }
  }

  /// The directory at `path` as find-or-create reaches it, creating nothing: its status, or
  /// `nil` when nothing (or no directory) is there. One `stat` when the walk reached the same
  /// directory there earlier in the process; otherwise the walk, which refuses someone else's
  /// link on the way, and remembers what it reached.
  package func reach(_ path: String) throws(DirectoryError) -> FileStatus? {
    guard case .success(let status) = syscalls.status(path: path, followSymlinks: true),
      status.type == .directory
    else { return nil }
    return try isReached(path, status) ? status : nil
  }

  /// Whether the directory that a `stat` of `path` found is the one the walk reaches there:
  /// the identity remembered from an earlier walk in this process, or else the walk itself,
  /// which opens each component under the link rule (throwing at someone else's link) and
  /// remembers what it reached; `false` when something on the way has vanished since.
  private func isReached(_ path: String, _ status: FileStatus) throws(DirectoryError) -> Bool {
    if ReachedDirectories.matches(path, user: user, status) { return true }
    return try !walking(.reach).walk(path)
  }

  /// A home that a variable names, that does not exist and that the walk could not create
  /// (`HOME=/nonexistent` for an arbitrary user, a read-only root file system) is no home at
  /// all: ``DirectoryError/homeUnavailable(reason:)``, rather than a permission error at `/`.
  /// Asked only after the walk failed.
  private func refuseMissingHome(below path: String, after error: DirectoryError)
    throws(DirectoryError)
  {
    switch error {
    case .permissionDenied, .readOnlyFileSystem: break
    default: return
    }
    guard let home = missingHome(above: path), case .variable(let variable) = home.source else {
      return
    }
    throw .homeUnavailable(
      reason: .homeMissing(path: home.path, variable: variable, userID: user))
  }

  /// The library never makes a home directory. With `HOME` unset, a home from the password
  /// database that does not exist (user 65534, `nobody`, has `/nonexistent`) is no home at
  /// all: ``DirectoryError/homeUnavailable(reason:)``, rather than a permission error at `/`.
  /// Asked only when something is missing, so the steady state costs nothing more.
  private func refuseMissingPasswordDatabaseHome(below path: String) throws(DirectoryError) {
    guard let home = missingHome(above: path), home.source == .passwordDatabase else { return }
    throw .homeUnavailable(
      reason: .passwordDatabaseHomeMissing(path: home.path, userID: user))
  }

  /// The home that `path` lies in, when it does not exist: the one place both rules above ask.
  private func missingHome(above path: String) -> HomeDirectory? {
    guard let environment, let home = try? environment.resolveHome(),
      style.isInside(path, home.path),
      case .failure(.noSuchFileOrDirectory) = syscalls.status(
        path: home.path, followSymlinks: true)
    else { return nil }
    return home
  }

  /// Creates every missing component of `path`; returns whether the last one was created.
  @discardableResult
  func walk(_ path: String) throws(DirectoryError) -> Bool {
    var (start, components) = style.splitRoot(path)
    var startsInside = false
    if let trustedRoot, trustedRoot != start, style.isInside(path, trustedRoot) {
      components.removeFirst(style.components(trustedRoot).count - style.components(start).count)
      start = trustedRoot
      startsInside = true
    }
    let root: Int32
    let options = DirectoryOpenOptions(followSymlinks: true, pathOnly: true)
    switch syscalls.openDirectory(
      in: LiveSystemCalls.currentDirectory, name: start, options: options)
    {
    case .success(let descriptor): root = descriptor
    case .failure(let error) where error == .noSuchFileOrDirectory && startsInside:
      // An isolated root that does not exist yet: made by the walk from the path's own root,
      // like any path.
      var fromTheTop = DirectoryCreator(syscalls: syscalls, style: style)
      fromTheTop.mode = mode
      fromTheTop.environment = environment
      fromTheTop.markingCreated = markingCreated
      return try fromTheTop.walk(path)
    case .failure(let error): throw Self.error(error, at: start)
    }
    defer { syscalls.close(descriptor: root) }
    return try walk(components, below: root, at: start, remembering: path)
  }

  /// Creates every missing one of `components` below the open directory `base`, whose path is
  /// `basePath`, without closing `base`; returns whether the last was created (or, for a walk
  /// that only looks, whether one is missing). The directory reached at the end is remembered
  /// as the one at `path`, when given, for the steady state's `stat` to be compared with.
  @discardableResult
  func walk(
    _ components: [String], below base: Int32, at basePath: String,
    remembering path: String? = nil
  ) throws(DirectoryError) -> Bool {
    var parent = base
    defer { if parent != base { syscalls.close(descriptor: parent) } }
    var current = basePath
    var createdLast = false
    // The one walk, with the user whose links it follows asked once for all the components:
    // the system, whose user what the walk makes will belong to; a walk that only reaches what
    // exists asks the user of the environment's snapshot, as the owner check of the same
    // find-or-create does, so that a process's first reach asks the system nothing more.
    let links =
      mode == .reach
      ? DirectoryWalk(syscalls: syscalls, user: user) : DirectoryWalk(syscalls: syscalls)
    for name in components {
      current = style.join(current, name)
      // Only a walk that looks stops early: at what it would create.
      guard let (child, created) = try step(parent: parent, name: name, path: current, links: links)
      else {
        return true
      }
      if parent != base { syscalls.close(descriptor: parent) }
      parent = child
      createdLast = created
    }
    if let path, case .success(let reached) = syscalls.status(descriptor: parent) {
      ReachedDirectories.remember(path, user: user, FileIdentity(reached))
    }
    if createdLast, mode == .create, let markingCreated { markingCreated(parent, current) }
    return createdLast
  }

  /// The effective user, from the environment's snapshot where there is one: asking the system
  /// (`geteuid`) would be a second system call in the steady state.
  private var user: UInt32 { environment?.effectiveUserID ?? syscalls.effectiveUserID }

  /// Whether `path` lies under the home of the environment it was resolved from.
  private func liesUnderHome(_ path: String) -> Bool {
    guard let home = try? environment?.resolveHome().path else { return false }
    return style.isInside(path, home)
  }

  /// Root creates a directory only inside a parent owned by root, so that a `HOME` of
  /// another user's (`sudo` without `-H`) never gets root-owned folders its owner cannot use.
  /// Checked on the open parent, only for root and only when the component is missing.
  private func refuseRootCreatingInForeignParent(_ parent: Int32, name: String, path: String)
    throws(DirectoryError)
  {
    guard user == 0,
      case .success(let status) = syscalls.status(descriptor: parent), status.owner != 0,
      case .failure(.noSuchFileOrDirectory) = syscalls.status(
        in: parent, name: name, followSymlinks: false)
    else { return }
    throw .directoryOfAnotherUser(path: style.parent(path), owner: status.owner, creating: true)
  }

  /// Finds or creates one component below an open parent and returns it opened; a walk that
  /// only looks answers `nil` where it would create it.
  private func step(parent: Int32, name: String, path: String, links: DirectoryWalk)
    throws(DirectoryError) -> (Int32, created: Bool)?
  {
    if mode == .reach { return try look(parent: parent, name: name, path: path, links: links) }
    try refuseRootCreatingInForeignParent(parent, name: name, path: path)
    if mode == .look { return try look(parent: parent, name: name, path: path, links: links) }
    // Retry a bounded number of times: a component removed by someone else between our
    // mkdirat and openat is created again.
    for attempt in 0..<12 {
      guard let error = syscalls.makeDirectory(in: parent, name: name, mode: Self.privateMode)
      else {
        do throws(DirectoryError) {
          return (try openCreated(parent: parent, name: name, path: path, user: links.user), true)
        } catch {
          if case .failure(.noSuchFileOrDirectory) = syscalls.status(
            in: parent, name: name, followSymlinks: false)
          {
            // Removed by someone else since our mkdirat: made again.
            continue
          }
          // Not finished (not yet 0700, say, under a strict umask): the empty directory just
          // made is taken back, so that the next walk makes it anew rather than find it half
          // done. What was swapped in since (a link, a file, someone else's) is left alone.
          switch error {
          case .notADirectory, .danglingSymlink, .symbolicLinkLoop, .ownedByAnotherUser: break
          default: _ = syscalls.remove(in: parent, entry: FileName(name), isDirectory: true)
          }
          throw error
        }
      }
      switch error {
      case .fileExists, .permissionDenied, .notPermitted, .readOnlyFileSystem:
        // The component may exist even when mkdirat reports a permission error first.
        switch links.open(name, in: parent, at: path, pathOnly: true) {
        case .success(let descriptor):
          return (descriptor, false)
        case .failure(.missing):
          if error == .fileExists { continue }
          if error == .permissionDenied, attempt < 11,
            let complete = isBeingCreated(parent, by: links.user)
          {
            // Another creator made the parent under a umask that removed the owner's write
            // bit and has not made it 0700 yet (or did so just now): try again, waiting for
            // it if needed (about 2 s in all, at most).
            if !complete { syscalls.sleep(microseconds: 1000 << attempt) }
            continue
          }
          throw makeError(error, at: path)
        case .failure(.failed(let openError)):
          if error == .fileExists { throw openError }
          // mkdirat's own error is the real one, unless something that is not a directory,
          // or another user's link, stands in the way.
          switch openError {
          case .notADirectory, .danglingSymlink, .symbolicLinkLoop, .ownedByAnotherUser:
            throw openError
          default: throw makeError(error, at: path)
          }
        }
      default:
        throw makeError(error, at: path)
      }
    }
    throw .creationFailed(path: path, errno: .noSuchFileOrDirectory)
  }

  /// The read-only twin of ``step(parent:name:path:links:)``: the component opened by the walk where
  /// it exists, `nil` where it is missing and the parent would take it, else the error the
  /// step would throw (`mkdirat`'s own error is the parent's refusal, asked of `faccessat`).
  private func look(parent: Int32, name: String, path: String, links: DirectoryWalk)
    throws(DirectoryError) -> (Int32, created: Bool)?
  {
    switch links.open(name, in: parent, at: path, pathOnly: true) {
    case .success(let descriptor):
      return (descriptor, false)
    case .failure(.failed(let error)):
      switch error {
      case .notADirectory, .danglingSymlink, .symbolicLinkLoop, .ownedByAnotherUser: throw error
      default:
        if mode == .look, let refused = syscalls.accessProblem(directory: parent, write: true) {
          throw makeError(refused, at: path)
        }
        throw error
      }
    case .failure(.missing):
      if mode == .look, let refused = syscalls.accessProblem(directory: parent, write: true) {
        throw makeError(refused, at: path)
      }
      return nil
    }
  }

  /// Whether an open directory may be one that another creator has just made: `user`'s, and
  /// changed in the last 10 seconds (a directory the user made read-only long ago is reported
  /// at once). `nil` when it is not; otherwise whether the owner's permissions are complete.
  private func isBeingCreated(_ directory: Int32, by user: UInt32) -> Bool? {
    guard
      case .success(let status) = syscalls.status(in: directory, name: ".", followSymlinks: true)
    else { return nil }
    guard status.mayBeBeingCreated(by: user, now: syscalls.secondsSinceEpoch())
    else { return nil }
    return status.permissions & 0o700 == 0o700
  }

  /// Opens a directory the walk just created and makes it 0700. It must still be a real
  /// directory of `user` (the walk's), which the open descriptor shows (`fstat`): a symlink or
  /// file swapped in since `mkdirat` is refused by `O_NOFOLLOW`, and a directory of someone else
  /// by its owner; neither is ever chmodded.
  private func openCreated(parent: Int32, name: String, path: String, user: UInt32)
    throws(DirectoryError) -> Int32
  {
    var options = DirectoryOpenOptions(followSymlinks: false, pathOnly: false)
    var opened = syscalls.openDirectory(in: parent, name: name, options: options)
    if case .failure(let error) = opened, error == .permissionDenied {
      // A umask that removed the owner's read bit: open it for path operations (which needs no
      // read permission), check it, then fix the mode of exactly what was checked.
      options.pathOnly = true
      opened = syscalls.openDirectory(in: parent, name: name, options: options)
    }
    let descriptor: Int32
    switch opened {
    case .success(let found): descriptor = found
    case .failure(let error): throw replacedError(error, parent: parent, name: name, path: path)
    }
    let problem: DirectoryError? =
      switch syscalls.status(descriptor: descriptor) {
      case .success(let status) where status.type != .directory: .notADirectory(path: path)
      case .success(let status) where status.owner != user:
        .ownedByAnotherUser(path: path, owner: status.owner, isSymbolicLink: false)
      case .success:
        (options.pathOnly
          ? syscalls.setPermissions(pathDescriptor: descriptor, mode: Self.privateMode)
          : syscalls.setPermissions(descriptor: descriptor, mode: Self.privateMode))
          .map { Self.error($0, at: path) }
      case .failure(let error): Self.error(error, at: path)
      }
    guard let problem else { return descriptor }
    syscalls.close(descriptor: descriptor)
    throw problem
  }

  private func replacedError(_ error: SystemErrno, parent: Int32, name: String, path: String)
    -> DirectoryError
  {
    switch error {
    case .tooManySymbolicLinks, .notDirectory, .noSuchFileOrDirectory:
      // A symlink swapped in is refused either way; it is "dangling" only when it leads nowhere.
      if case .success(let status) = syscalls.status(
        in: parent, name: name, followSymlinks: false), status.type == .symbolicLink,
        case .failure = syscalls.status(in: parent, name: name, followSymlinks: true)
      {
        return .danglingSymlink(path: path)
      }
      return .notADirectory(path: path)
    default:
      return Self.error(error, at: path)
    }
  }

  /// The typed error for `mkdirat` failing to make `path`: a permission error is the parent's,
  /// the directory that refused the new entry; anything else is about `path` itself.
  func makeError(_ error: SystemErrno, at path: String) -> DirectoryError {
    guard error == .permissionDenied || error == .notPermitted else {
      return Self.error(error, at: path)
    }
    return .permissionDenied(path: style.parent(path), errno: error)
  }

  /// The typed error for an `errno` at a path.
  package static func error(_ error: SystemErrno, at path: String) -> DirectoryError {
    switch error {
    case .permissionDenied, .notPermitted: .permissionDenied(path: path, errno: error)
    case .readOnlyFileSystem: .readOnlyFileSystem(path: path)
    case .nameTooLong: .nameTooLong(path: path)
    case .notDirectory: .notADirectory(path: path)
    default: .creationFailed(path: path, errno: error)
    }
  }
}
