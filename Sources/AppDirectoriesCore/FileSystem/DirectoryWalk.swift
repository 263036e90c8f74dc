// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

/// The one walk: how the library reaches an existing directory below one it holds open, one
/// component at a time, under the link rule. Creation (``DirectoryCreator``), the tree
/// operations (through ``DirectoryOpener``) and the read-only diagnosis all take each step
/// here, so the rule is written once:
///
/// - A real directory is opened without following anything.
/// - A symbolic link is followed only when the walk's user or root owns it (the kernel's
///   `protected_symlinks` rule, whatever the machine's setting), so that a user's `~/.cache` on
///   another disk works and a link someone else planted in a shared folder does not.
/// - A followed link's target is walked component by component under the same rule, never
///   handed whole to the kernel: a link of the user's that leads through another user's link
///   is refused at that link, as if the user had named it.
/// - A link whose target is missing is dangling; more than ``linkLimit`` links in one step are
///   a loop.
///
/// On Windows the provider knows no owners (every file is the process's), so a link is handed
/// to the system, which resolves its reparse data.
struct DirectoryWalk: Sendable {
  let syscalls: any SystemCalls
  /// The user whose links are followed besides root's: the process's effective user, as the
  /// file system records it, whatever an injected environment says. Asked once per walk.
  let user: UInt32

  init(syscalls: any SystemCalls) {
    self.init(syscalls: syscalls, user: syscalls.effectiveUserID)
  }

  /// A walk as `user`: the effective user that the caller's environment captured, for a walk
  /// that only reaches what exists, so that a process's first reach asks the system for it no
  /// second time.
  init(syscalls: any SystemCalls, user: UInt32) {
    self.syscalls = syscalls
    self.user = user
  }

  /// How many links one step follows at most before it is taken for a loop: Linux's
  /// `MAXSYMLINKS`.
  static let linkLimit = 40

  /// Why a step reached no directory.
  package enum Failure: Error, Equatable {
    /// Nothing is at the name, or it vanished while it was looked at.
    case missing
    /// Something stands there that is no directory and no link the rule follows to one.
    case failed(DirectoryError)
  }

  /// Opens the existing directory `name` below the open `directory`; `path` is the
  /// component's path, for messages. The caller closes what it gets.
  func open(_ name: String, in directory: Int32, at path: String, pathOnly: Bool) -> Result<
    Int32, Failure
  > {
    var links = 0
    return open(name, in: directory, at: path, pathOnly: pathOnly, links: &links)
  }

  private func open(
    _ name: String, in directory: Int32, at path: String, pathOnly: Bool, links: inout Int
  ) -> Result<Int32, Failure> {
    let direct = DirectoryOpenOptions(followSymlinks: false, pathOnly: pathOnly)
    switch syscalls.openDirectory(in: directory, name: name, options: direct) {
    case .success(let opened):
      return .success(opened)
    case .failure(let error) where error == .noSuchFileOrDirectory:
      return .failure(.missing)
    case .failure(let error) where error == .tooManySymbolicLinks || error == .notDirectory:
      switch syscalls.status(in: directory, name: name, followSymlinks: false) {
      case .success(let link) where link.type == .symbolicLink:
        guard link.owner == user || link.owner == 0 else {
          return .failure(
            .failed(.ownedByAnotherUser(path: path, owner: link.owner, isSymbolicLink: true)))
        }
        return follow(name, in: directory, at: path, pathOnly: pathOnly, links: &links)
      case .success(let status) where status.type == .directory:
        // A real directory that still could not be opened as one: the open's error stands.
        return .failure(.failed(DirectoryCreator.error(error, at: path)))
      case .success:
        return .failure(.failed(.notADirectory(path: path)))
      case .failure(let error) where error == .noSuchFileOrDirectory:
        return .failure(.missing)
      case .failure(let error):
        return .failure(.failed(DirectoryCreator.error(error, at: path)))
      }
    case .failure(let error):
      return .failure(.failed(DirectoryCreator.error(error, at: path)))
    }
  }

  /// Opens the directory that the trusted link `name` leads to: its target walked one
  /// component at a time from `/` or from the link's own directory, each under the rule.
  private func follow(
    _ name: String, in directory: Int32, at path: String, pathOnly: Bool, links: inout Int
  ) -> Result<Int32, Failure> {
    links += 1
    guard links <= Self.linkLimit else { return .failure(.failed(.symbolicLinkLoop(path: path))) }
    #if os(Windows)
      let follow = DirectoryOpenOptions(followSymlinks: true, pathOnly: pathOnly)
      switch syscalls.openDirectory(in: directory, name: name, options: follow) {
      case .success(let opened): return .success(opened)
      case .failure(let error) where error == .noSuchFileOrDirectory:
        return .failure(.failed(.danglingSymlink(path: path)))
      case .failure(let error) where error == .tooManySymbolicLinks:
        return .failure(.failed(.symbolicLinkLoop(path: path)))
      case .failure(let error) where error == .notDirectory:
        return .failure(.failed(.notADirectory(path: path)))
      case .failure(let error): return .failure(.failed(DirectoryCreator.error(error, at: path)))
      }
    #else
      let target: [UInt8]
      switch syscalls.readLink(in: directory, entry: FileName(name)) {
      case .success(let read): target = read
      case .failure(let error) where error == .noSuchFileOrDirectory:
        return .failure(.missing)
      case .failure(let error):
        return .failure(.failed(DirectoryCreator.error(error, at: path)))
      }
      // A target's name that is not UTF-8 is opened as its replacement characters spell it,
      // which finds nothing: the link leads nowhere the library can name.
      let components = target.split(separator: UInt8(ascii: "/")).map {
        String(decoding: $0, as: UTF8.self)
      }.filter { $0 != "." }
      let isAbsolute = target.first == UInt8(ascii: "/")
      // Where the target starts: `/`, or the link's own directory (a second descriptor of it,
      // which the walk may close).
      let startOptions = DirectoryOpenOptions(
        followSymlinks: false, pathOnly: pathOnly || !components.isEmpty)
      var current: Int32
      switch syscalls.openDirectory(
        in: isAbsolute ? LiveSystemCalls.currentDirectory : directory, name: isAbsolute ? "/" : ".",
        options: startOptions)
      {
      case .success(let opened): current = opened
      case .failure(let error): return .failure(.failed(DirectoryCreator.error(error, at: path)))
      }
      // The target's own path, for messages: lexical, as the user reads the link.
      var reached = isAbsolute ? "/" : POSIXPath.parent(path)
      for (index, component) in components.enumerated() {
        let last = index == components.count - 1
        reached = component == ".." ? POSIXPath.parent(reached) : POSIXPath.join(reached, component)
        let next: Result<Int32, Failure>
        if component == ".." {
          // The parent of what was reached, as the kernel takes it: never a link.
          let options = DirectoryOpenOptions(followSymlinks: false, pathOnly: !last || pathOnly)
          next = syscalls.openDirectory(in: current, name: "..", options: options).mapError {
            Failure.failed(DirectoryCreator.error($0, at: path))
          }
        } else {
          next = open(
            component, in: current, at: reached, pathOnly: !last || pathOnly, links: &links)
        }
        syscalls.close(descriptor: current)
        switch next {
        case .success(let opened): current = opened
        // The link leads nowhere, or to something that is no directory: the link is named,
        // as is a system call's failure on the way, as the kernel's walk names it. What the
        // rule refuses in the target is named itself: that link is what the user must see.
        case .failure(.missing): return .failure(.failed(.danglingSymlink(path: path)))
        case .failure(.failed(.notADirectory)):
          return .failure(.failed(.notADirectory(path: path)))
        case .failure(.failed(let error)):
          switch error {
          case .permissionDenied, .creationFailed, .readOnlyFileSystem, .nameTooLong:
            guard let errno = error.errno else { return .failure(.failed(error)) }
            return .failure(.failed(DirectoryCreator.error(errno, at: path)))
          default:
            return .failure(.failed(error))
          }
        }
      }
      return .success(current)
    #endif
  }
}
