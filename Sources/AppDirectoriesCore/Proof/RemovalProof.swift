// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

/// The proof before destruction, in one place: whether an opened directory may be
/// emptied, removed or moved away as the application's, and if not, which rule says no.
///
/// Everything is compared by what it is (device and inode of an opened descriptor), never by
/// how it is spelled, so `$HOME/x/..`, `/private/var` for `/var`, or a symbolic link to
/// `~/.cache` is the directory it reaches. A directory is provably the application's when:
/// - it is a directory owned by the effective user;
/// - it is not a mount point (its parent is on the same device, and the mount table, where
///   there is one, does not list it: a bind mount of the same file system counts);
/// - it is not, and does not hold, `/`, a directory directly under `/` or under `/var`, `/run`,
///   `/opt`, `/srv`, `/home`, `/Users`, `/private` or `/private/var`, the home, a base
///   directory or the temporary directory;
/// - it does not lie inside `/usr`, `/etc`, `/bin`, `/sbin`, `/lib*`, `/boot`, `/dev`, `/proc`,
///   `/sys`, `/System`, `/Library`, `/Applications` or `/private/etc`.
/// In ``DirectoryScope/system``, or for a directory the service manager made, an entry of one
/// of the machine's folders (`/etc/A`, `/run/A`, `/Library/Caches/A`) is the application's own
/// directory: neither the system tree nor `/run`'s rule refuses it, the folders themselves stay
/// protected, and so do the folders every service shares (`/run/user`, `/var/lib` and the
/// others of ``SystemDirectories``).
/// This is the second line of defence: the positive proof
/// (``AppDirectories/proveTheApplications(_:as:for:proof:)``) first asks for evidence that the
/// directory is the application's, then for these rules.
package struct RemovalProof: Sendable {
  let syscalls: any SystemCalls
  let effectiveUserID: UInt32
  /// What the target must be neither of nor hold, by identity, with the rule each one breaks.
  private var guarded: [FileIdentity: CleanRefusal] = [:]
  /// The directories that hold one of the guarded ones (the home's parent, `~/.local` for
  /// `~/.local/share`): removing one removes what it holds.
  private var holders: [FileIdentity: CleanRefusal] = [:]
  /// The system's trees, which nothing inside is the application's.
  private var systemTrees: [FileIdentity: String] = [:]
  /// The directories whose every entry is protected, by identity.
  private var protectedParentIdentities: [FileIdentity: String] = [:]
  /// The machine's folders whose entries are applications' own directories in system scope
  /// (`/var/lib`, `/etc`, `/run`, …); empty in the user's scope.
  private var machineFolders: Set<FileIdentity> = []
  /// The system's folders that are no application's even where they are such an entry
  /// (`/run/user`, `/var/lib`).
  private var sharedFolders: Set<FileIdentity> = []
  /// Whether something that exists could not be examined while gathering the rules: then
  /// nothing is proved (a proof must never pass for want of a fact).
  private var isIncomplete = false

  /// Gathers the identities of the protected directories as they are now, and of the home, the
  /// base directories and the temporary directory of `environment` (`bases`, by kind), and in
  /// system scope of the machine's folders that hold the applications' directories.
  init(
    syscalls: any SystemCalls, effectiveUserID: UInt32, bases: [(StandardDirectory, String)],
    machineFolders: [String] = []
  ) {
    self.syscalls = syscalls
    self.effectiveUserID = effectiveUserID
    for parent in SystemDirectories.protectedParents {
      guard let directory = openAbsolute(parent, readable: true) else { continue }
      defer { syscalls.close(descriptor: directory) }
      switch syscalls.status(descriptor: directory) {
      case .success(let status):
        guarded[FileIdentity(status)] = .protectedDirectory(parent)
        protectedParentIdentities[FileIdentity(status)] = parent
      case .failure: isIncomplete = true
      }
      guard case .success(let entries) = syscalls.listDirectory(descriptor: directory) else {
        isIncomplete = true
        continue
      }
      for entry in entries {
        let status: FileStatus
        switch syscalls.status(in: directory, entry: entry.name, followSymlinks: true) {
        case .success(let found): status = found
        case .failure(let error) where error == .noSuchFileOrDirectory: continue
        case .failure(let error)
        where error == .tooManySymbolicLinks || error == .permissionDenied
          || error == .notPermitted:
          // A link that leads nowhere, or into a directory this user cannot search: nothing
          // this user could empty through it.
          continue
        case .failure:
          isIncomplete = true
          continue
        }
        guard status.type == .directory else { continue }
        let path = POSIXPath.join(parent, entry.name.description)
        if guarded[FileIdentity(status)] == nil {
          guarded[FileIdentity(status)] = .protectedDirectory(path)
        }
        if parent == "/", entry.name.bytes.starts(with: Array("lib".utf8)) {
          systemTrees[FileIdentity(status)] = path
        }
      }
    }
    if !machineFolders.isEmpty {
      // The protected parents' identities are known from the loop above; the machine's folders
      // and the service parents are looked up here.
      sharedFolders = Set(protectedParentIdentities.keys)
      for (paths, isMachine) in [
        (machineFolders, true), (SystemDirectories.serviceParents, false),
      ] {
        for path in paths {
          guard let directory = openAbsolute(path, readable: false) else { continue }
          defer { syscalls.close(descriptor: directory) }
          guard case .success(let status) = syscalls.status(descriptor: directory) else {
            isIncomplete = true
            continue
          }
          if isMachine {
            self.machineFolders.insert(FileIdentity(status))
          } else {
            sharedFolders.insert(FileIdentity(status))
          }
        }
      }
    }
    for path in SystemDirectories.trees {
      switch syscalls.status(path: path, followSymlinks: true) {
      case .success(let status) where status.type == .directory:
        systemTrees[FileIdentity(status)] = path
      case .success: continue
      case .failure(let error) where error == .noSuchFileOrDirectory || error == .notDirectory:
        continue
      case .failure: isIncomplete = true
      }
    }
    for (kind, path) in bases {
      guard let directory = openAbsolute(path, readable: false) else { continue }
      defer { syscalls.close(descriptor: directory) }
      // The directory itself, then each directory above it, which holds it.
      guard let chain = syscalls.ancestry(of: directory) else {
        isIncomplete = true
        continue
      }
      let rule = CleanRefusal.baseDirectory(kind)
      let identity = FileIdentity(chain[0])
      if case .baseDirectory? = guarded[identity] {} else { guarded[identity] = rule }
      for above in chain.dropFirst().map(FileIdentity.init)
      where holders[above] == nil && guarded[above] == nil {
        holders[above] = rule
      }
    }
  }

  /// Why the open directory `directory` is not provably the application's, or `nil` when it
  /// is; a mount point passes when `allowingMountPoint` (a migration's source, an isolated
  /// root, a service's own directory that systemd bind-mounts), and a directory of another
  /// user's when `allowingAnyOwner` (root, on a service user's directory that the library or
  /// the service manager made).
  func refusal(
    for directory: Int32, allowingMountPoint: Bool = false, allowingAnyOwner: Bool = false
  ) -> CleanRefusal? {
    let status: FileStatus
    switch syscalls.status(descriptor: directory) {
    case .success(let found): status = found
    case .failure: return .unexaminable
    }
    guard status.type == .directory else { return .symbolicLink }
    let identity = FileIdentity(status)
    let chain = machineFolders.isEmpty ? nil : syscalls.ancestry(of: directory)
    // In system scope, an application's own directory in one of the machine's folders.
    let isMachineEntry =
      chain.map { $0.count > 1 && machineFolders.contains(FileIdentity($0[1])) } == true
      && !sharedFolders.contains(identity)
    // An entry of `/run` is protected as every entry of it is, unless it is the application's
    // own in system scope; a base directory, or what holds one, never is.
    if let rule = guarded[identity] ?? holders[identity],
      !(isMachineEntry && holders[identity] == nil && rule.isProtectedDirectory)
    {
      // A base directory inside a system tree (`/usr/share` of XDG_DATA_DIRS) is named by the
      // tree, which says more.
      if case .baseDirectory = rule, let chain = syscalls.ancestry(of: directory),
        let tree = systemTree(in: chain.dropFirst())
      {
        return .protectedDirectory(tree)
      }
      return rule
    }
    if isIncomplete { return .unexaminable }
    guard let chain = chain ?? syscalls.ancestry(of: directory) else { return .unexaminable }
    // A system tree above it is named first, whoever runs this: it says more than the owner
    // (root's, for any other user).
    if !isMachineEntry, let tree = systemTree(in: chain.dropFirst()) {
      return .protectedDirectory(tree)
    }
    if status.owner != effectiveUserID, !allowingAnyOwner {
      return .ownedByAnotherUser(status.owner)
    }
    // The first step up shows a mount point of another file system; the mount table, a bind
    // mount of this one.
    if !allowingMountPoint,
      (chain.count > 1 && chain[1].device != status.device)
        || syscalls.mountRoots(onDevice: status.device).contains(identity)
    {
      return .mountPoint
    }
    return nil
  }

  /// Why the open directory `directory` may not be shown, read-only, to a sandboxed program:
  /// it is or holds `/`, a directory of the system's list, the home or a base directory
  /// (`sharedBase` itself aside: the executables directory, granted to be run from), or it
  /// belongs to another user than the effective one and root. Inside the system's trees is
  /// allowed: `/usr/share/A` is there to be read.
  func exposureRefusal(for directory: Int32, sharedBase: StandardDirectory?) -> CleanRefusal? {
    guard case .success(let status) = syscalls.status(descriptor: directory) else {
      return .unexaminable
    }
    guard status.type == .directory else { return .notADirectory }
    let identity = FileIdentity(status)
    if let rule = holders[identity] { return rule }
    if let rule = guarded[identity], rule != sharedBase.map(CleanRefusal.baseDirectory) {
      return rule
    }
    if isIncomplete { return .unexaminable }
    if status.owner != effectiveUserID, status.owner != 0 {
      return .ownedByAnotherUser(status.owner)
    }
    return nil
  }

  /// Why a directory made in the open directory `parent` would be protected (every entry of
  /// `/`, `/var`, `/home`, … is), or `nil`.
  func refusal(forNewEntryIn parent: Int32) -> CleanRefusal? {
    guard case .success(let status) = syscalls.status(descriptor: parent) else {
      return .unexaminable
    }
    // The application's own directory in one of the machine's folders, in system scope.
    if machineFolders.contains(FileIdentity(status)) { return nil }
    if let path = protectedParentIdentities[FileIdentity(status)] {
      return .protectedDirectory(path)
    }
    return systemTree(holding: parent).map { .protectedDirectory($0) }
  }

  /// The system tree that holds the open directory `directory`, or is it, if any.
  func systemTree(holding directory: Int32) -> String? {
    syscalls.ancestry(of: directory).flatMap { systemTree(in: $0[...]) }
  }

  /// The first of `chain` that is a system tree, by its path.
  private func systemTree(in chain: ArraySlice<FileStatus>) -> String? {
    chain.lazy.compactMap { systemTrees[FileIdentity($0)] }.first
  }

  /// An absolute path opened by the system's own resolution: the protected directories and the
  /// bases are looked up to learn what they are, never written through.
  private mutating func openAbsolute(_ path: String, readable: Bool) -> Int32? {
    let options = DirectoryOpenOptions(followSymlinks: true, pathOnly: !readable)
    switch syscalls.openDirectory(
      in: LiveSystemCalls.currentDirectory, name: path, options: options)
    {
    case .success(let directory): return directory
    case .failure(let error)
    where error == .noSuchFileOrDirectory || error == .notDirectory
      || error == .permissionDenied || error == .notPermitted:
      // Missing, or out of this user's reach: nothing this user could empty is it.
      return nil
    case .failure:
      isIncomplete = true
      return nil
    }
  }
}

extension CleanRefusal {
  /// Whether this is the rule of the system's own directories.
  fileprivate var isProtectedDirectory: Bool {
    if case .protectedDirectory = self { return true }
    return false
  }
}
