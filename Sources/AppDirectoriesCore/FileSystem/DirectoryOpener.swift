// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

/// Reaches an existing path through descriptors, one component at a time from `/`, each a step
/// of the one walk (``DirectoryWalk``): a symbolic link on the way, or in a link's target, is
/// followed only when the effective user or root owns it, so a link that someone else planted
/// in a shared folder on the way never leads a removal or a move elsewhere. Nothing is created.
///
/// The directories on the way are opened for path operations only (search permission is
/// enough); the parent of the last component is opened for reading, so that it can be
/// listed, locked and `fsync`ed. A `..` component is the parent of what was reached so far,
/// as the kernel takes it, never a lexical step back.
package struct DirectoryOpener: Sendable {
  let syscalls: any SystemCalls
  /// Each step, under the link rule.
  let walk: DirectoryWalk

  package init(syscalls: any SystemCalls) {
    self.syscalls = syscalls
    walk = DirectoryWalk(syscalls: syscalls)
  }

  /// What stands at the last component.
  package enum Entry {
    case missing
    case directory(FileStatus)
    case symbolicLink(FileStatus)
    case other(FileStatus)
  }

  /// The parent of a path, open, and what its last component is.
  package struct Located {
    /// The parent directory, open for reading; the caller closes it.
    package let parent: Int32
    /// The last component's name in it.
    package let name: FileName
    package let entry: Entry
  }

  /// Opens the parent of `path` (absolute, normalized) and looks at its last component without
  /// following it; `nil` when a directory on the way does not exist. A path that ends in `..`
  /// is located by what it is: its directory's own name in its own parent.
  package func locate(_ path: String) throws(DirectoryError) -> Located? {
    var components = POSIXPath.components(path).map(String.init)
    guard let last = components.popLast() else {
      // `/` has no parent: it is its own, and never anyone's to remove.
      return try locateByIdentity(path)
    }
    if last == ".." { return try locateByIdentity(path) }
    guard let parent = try open(components, at: path, readable: true) else { return nil }
    let name = FileName(last)
    switch syscalls.status(in: parent, entry: name, followSymlinks: false) {
    case .success(let status):
      switch status.type {
      case .directory: return Located(parent: parent, name: name, entry: .directory(status))
      case .symbolicLink: return Located(parent: parent, name: name, entry: .symbolicLink(status))
      case .regular, .other: return Located(parent: parent, name: name, entry: .other(status))
      }
    case .failure(let error) where error == .noSuchFileOrDirectory:
      return Located(parent: parent, name: name, entry: .missing)
    case .failure(let error):
      syscalls.close(descriptor: parent)
      throw DirectoryCreator.error(error, at: path)
    }
  }

  /// Opens the directory at `path` for reading (or, without `readable`, for path operations
  /// only, which needs no read permission), every component under the link rule, the last one
  /// included: the one way every door reaches a directory to use it (a file in it, a lock, a
  /// tree operation). `nil` when it does not exist.
  package func openDirectory(_ path: String, readable: Bool = true) throws(DirectoryError) -> Int32?
  {
    #if os(Windows)
      // The provider knows no owners there: the system resolves the way.
      let options = DirectoryOpenOptions(followSymlinks: true, pathOnly: !readable)
      switch syscalls.openDirectory(
        in: LiveSystemCalls.currentDirectory, name: path, options: options)
      {
      case .success(let opened): return opened
      case .failure(.noSuchFileOrDirectory): return nil
      case .failure(let error): throw DirectoryCreator.error(error, at: path)
      }
    #else
      return try open(POSIXPath.components(path).map(String.init), at: path, readable: readable)
    #endif
  }

  /// ``openDirectory(_:readable:)`` with its one flag for the tree operations: the last
  /// component is not followed, as `open(path, O_NOFOLLOW)` would, with the way to it walked
  /// under the link rule. A link at the end is not a tree to measure, empty or move (as `du`
  /// and `rm -r` take it): it is removed as a link, or refused, by the caller. Nothing that
  /// uses a directory (a file in it, a lock) asks for this. The answer is the `errno` that
  /// the kernel's own walk would have given: `ENOENT` for a missing or dangling component on
  /// the way, `ELOOP` for a link at the end.
  ///
  /// - Throws: ``DirectoryError/ownedByAnotherUser(path:owner:isSymbolicLink:)`` for someone
  ///   else's link on the way, which the kernel would have followed.
  package func openUnfollowed(_ path: String) throws(DirectoryError) -> Result<Int32, SystemErrno> {
    let readable = DirectoryOpenOptions(followSymlinks: false, pathOnly: false)
    #if os(Windows)
      // The provider knows no owners there: the system resolves the way.
      return syscalls.openDirectory(
        in: LiveSystemCalls.currentDirectory, name: path, options: readable)
    #else
      var components = POSIXPath.components(path).map(String.init)
      guard let last = components.popLast(), last != ".." else {
        // `/`, or a path that ends in `..`: no last link to leave unfollowed, so every
        // component is walked under the rule and the directory reached is opened readable.
        return try openWalked(POSIXPath.components(path).map(String.init), at: path, readable: true)
      }
      let parent: Int32
      switch try openWalked(components, at: path, readable: false) {
      case .success(let opened): parent = opened
      case .failure(let error): return .failure(error)
      }
      defer { syscalls.close(descriptor: parent) }
      return syscalls.openDirectory(in: parent, name: last, options: readable)
    #endif
  }

  /// ``open(_:at:readable:)`` with the answer the kernel's own walk would give: `ENOENT` for a
  /// missing component, the failure's `errno` otherwise; someone else's link is still thrown.
  private func openWalked(_ components: [String], at path: String, readable: Bool)
    throws(DirectoryError) -> Result<Int32, SystemErrno>
  {
    do throws(DirectoryError) {
      guard let opened = try open(components, at: path, readable: readable) else {
        return .failure(.noSuchFileOrDirectory)
      }
      return .success(opened)
    } catch {
      if case .ownedByAnotherUser = error { throw error }
      return .failure(error.errno ?? .noSuchFileOrDirectory)
    }
  }

  /// A path whose last component is `..` (or `/`): the directory it reaches, and its name in
  /// its parent, found by device and inode.
  private func locateByIdentity(_ path: String) throws(DirectoryError) -> Located? {
    guard
      let directory = try open(
        POSIXPath.components(path).map(String.init), at: path, readable: true)
    else { return nil }
    defer { syscalls.close(descriptor: directory) }
    let status: FileStatus
    switch syscalls.status(descriptor: directory) {
    case .success(let found): status = found
    case .failure(let error): throw DirectoryCreator.error(error, at: path)
    }
    let parent: Int32
    switch syscalls.openDirectory(in: directory, entry: FileName("..")) {
    case .success(let opened): parent = opened
    case .failure(let error): throw DirectoryCreator.error(error, at: path)
    }
    if case .success(let above) = syscalls.status(descriptor: parent),
      FileIdentity(above) != FileIdentity(status),
      case .success(let entries) = syscalls.listDirectory(descriptor: parent)
    {
      for entry in entries {
        if case .success(let candidate) = syscalls.status(
          in: parent, entry: entry.name, followSymlinks: false),
          FileIdentity(candidate) == FileIdentity(status)
        {
          return Located(parent: parent, name: entry.name, entry: .directory(status))
        }
      }
    }
    // `/`, or a directory whose name cannot be found: located as `.` of itself, which nothing
    // can remove or rename.
    syscalls.close(descriptor: parent)
    switch syscalls.openDirectory(in: directory, entry: FileName(".")) {
    case .success(let again):
      return Located(parent: again, name: FileName("."), entry: .directory(status))
    case .failure(let error): throw DirectoryCreator.error(error, at: path)
    }
  }

  /// Opens `components` below `/` one at a time, the last one readable if asked, each under
  /// the link rule; `nil` when one is missing.
  private func open(_ components: [String], at path: String, readable: Bool)
    throws(DirectoryError) -> Int32?
  {
    let rootOptions = DirectoryOpenOptions(
      followSymlinks: true, pathOnly: !(readable && components.isEmpty))
    var current: Int32
    switch syscalls.openDirectory(
      in: LiveSystemCalls.currentDirectory, name: "/", options: rootOptions)
    {
    case .success(let opened): current = opened
    case .failure(let error): throw DirectoryCreator.error(error, at: "/")
    }
    var reached = "/"
    for (index, name) in components.enumerated() {
      reached = POSIXPath.join(reached, name)
      let pathOnly = !(readable && index == components.count - 1)
      let next = walk.open(name, in: current, at: reached, pathOnly: pathOnly)
      syscalls.close(descriptor: current)
      switch next {
      case .success(let opened): current = opened
      case .failure(.missing): return nil
      case .failure(.failed(let error)): throw error
      }
    }
    return current
  }
}
