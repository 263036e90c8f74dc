// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

/// What ``AppDirectories/AppDirectories/clean(_:groups:legacy:dryRun:)`` removes.
public enum CleanScope: Sendable, Hashable {
  /// Everything in the cache directory; the directory and its `CACHEDIR.TAG` stay.
  case cache
  /// Every directory of the application, for an uninstall.
  case all
}

/// A file or directory that could not be removed, and why.
public struct RemovalFailure: Sendable, Hashable, CustomStringConvertible {
  /// Its path.
  public let path: String
  /// The system's error.
  public let errno: SystemErrno

  /// Records a failure.
  public init(path: String, errno: SystemErrno) {
    self.path = path
    self.errno = errno
  }

  /// Whether `path` is a mount point that the tree operation did not enter (`EXDEV`): it and
  /// everything in it were left alone, as `rm --one-file-system` leaves them.
  public var isMountPoint: Bool { errno == .crossDevice }

  /// `cannot remove /path: EACCES (Permission denied)`, or for a mount point
  /// `/path is a mount point: it was left alone, untouched, with everything in it`.
  public var description: String {
    isMountPoint
      ? "\(path) is a mount point: it was left alone, untouched, with everything in it"
      : "cannot remove \(path): \(errno)"
  }
}

/// What a cleaning removed (or, in a dry run, would remove), and what it could not.
public struct CleanReport: Sendable, Hashable {
  /// The directories removed or emptied, with their sizes when measured (in a dry run).
  public let locations: [AppLocation]
  /// Each file or directory that could not be removed; empty when everything went.
  public let failures: [RemovalFailure]
  /// Whether this describes a dry run, which changed nothing.
  public let isDryRun: Bool

  /// Records a report.
  public init(locations: [AppLocation], failures: [RemovalFailure], isDryRun: Bool) {
    self.locations = locations
    self.failures = failures
    self.isDryRun = isDryRun
  }
}

/// Why a directory is not removed at all: the rule of the proof before destruction that
/// it breaks. Directories are compared by what they are (device and inode), so a spelling with
/// `..` or through a symbolic link is refused by the directory it reaches.
public enum CleanRefusal: Sendable, Hashable, CustomStringConvertible {
  /// It is, or holds, a base directory that every application shares (the home, `~/.cache`,
  /// `~/Documents`, the temporary directory), reached through an override or a legacy path:
  /// removing it would remove other applications' files.
  case baseDirectory(StandardDirectory)
  /// It is, holds or lies inside a directory of the system (`/`, a directory directly under
  /// `/`, `/var`, `/run`, `/opt`, `/srv`, `/home`, `/Users` or `/private`, or anything under
  /// `/usr`, `/etc`, `/lib`, `/System`, `/Library` and the like), named by its path.
  case protectedDirectory(String)
  /// Another user owns it.
  case ownedByAnotherUser(UInt32)
  /// It is a symbolic link, which is never followed.
  case symbolicLink
  /// It is a file, a FIFO, a socket or a device, where a directory must be emptied.
  case notADirectory
  /// Another file system is mounted there.
  case mountPoint
  /// It comes from an override or an `XDG_*` variable rather than the platform's default, and
  /// holds no `CACHEDIR.TAG` that names the application, so nothing proves that it is the
  /// application's cache.
  case missingCacheTag(application: String)
  /// Nothing proves it the application's: it is not the application's folder at the
  /// platform's default place in the user's scope, it holds no marker naming the application
  /// (`.appdirectories`, which the library writes only into a directory it creates), and the
  /// service manager did not make it for the application. An override's, an `XDG_*` value's
  /// or a portable root's folder that the library did not make, a system folder
  /// (`/run/lock` for an application named `lock`), or a file an override names.
  case unproven(application: String, marker: String)
  /// It is a symbolic link where the service manager keeps a `DynamicUser=` unit's directory
  /// (`/var/lib/A -> private/A`): removing the link would leave the data it leads to.
  case serviceManagersLink
  /// What it is could not be read (`fstat` failed), so nothing proves that it is the
  /// application's.
  case unexaminable
  /// An isolated environment is current (a test's, or `appdirs sandbox`), and the directory
  /// lies outside its root, named here.
  case outsideIsolationRoot(String)

  /// Why, as the end of a sentence.
  public var description: String {
    switch self {
    case .baseDirectory(.home):
      "it is, or holds, the home directory"
    case .baseDirectory(.temporary):
      "it is, or holds, the temporary directory, which every program shares"
    case .baseDirectory(let base):
      "it is, or holds, the base directory \(base.rawValue), which every application shares"
    case .protectedDirectory(let path):
      "it is, holds or lies inside \(path), a directory of the system"
    case .ownedByAnotherUser(let owner): "it belongs to user \(owner)"
    case .symbolicLink: "it is a symbolic link, which is not followed"
    case .notADirectory: "it is not a directory, so there is no cache in it to empty"
    case .mountPoint: "it is a mount point: another file system is mounted there"
    case .missingCacheTag(let application):
      "it was chosen by an override or an XDG variable and holds no CACHEDIR.TAG naming \(application), so nothing shows it is the application's cache"
    case .unproven(let application, let marker):
      "nothing shows it is \(application)'s: it is not \(application)'s folder at the platform's default place, holds no \(marker) naming \(application) (written when the library creates the folder), and no service manager made it for \(application)"
    case .serviceManagersLink:
      "it is the service manager's link to a DynamicUser= unit's data, which removing the link would leave behind"
    case .unexaminable: "what it is could not be read"
    case .outsideIsolationRoot(let root):
      "it lies outside the isolated root \(root), and nothing outside it is removed while it is current"
    }
  }
}

extension AppDirectories {
  /// Empties the application's cache directory, or removes every directory it has.
  ///
  /// ```swift
  /// import AppDirectories
  ///
  /// let dirs = try AppDirectories(app: "ExampleApp")
  /// let plan = try dirs.clean(.all, dryRun: true)    // what would go, with sizes
  /// let done = try dirs.clean(.all)                   // gone; done.failures lists what stayed
  /// ```
  ///
  /// - Nothing is ever removed through a symbolic link: a link inside is removed as a link; a
  ///   cache directory that is itself a link is refused by `.cache`, and `.all` removes the
  ///   link, not what it points to. Everything is removed with `unlinkat`
  ///   relative to open directories, so a folder renamed or swapped while the removal runs is
  ///   never left for a path that leads elsewhere.
  /// - Every directory must first be proved the application's: its folder at the platform's
  ///   default place, one the library created (it holds the application's marker,
  ///   `CACHEDIR.TAG` or `.appdirectories`), or the service manager's for it. Anything else,
  ///   such as a folder of the user's that an override names, is refused (`unproven`,
  ///   `missingCacheTag`), in a dry run too.
  /// - A directory that is, or holds, a base directory (`~/.cache` itself, reached through
  ///   `EXAMPLEAPP_CACHE_DIR=~/.cache`, or the home) is refused, and so is one that another
  ///   user owns: ``DirectoryError/cleanRefused(path:reason:)``, before anything is removed.
  /// - A file that cannot be removed does not stop the rest; each is in
  ///   ``CleanReport/failures``.
  ///
  /// - Parameters:
  ///   - scope: The cache's contents, or everything.
  ///   - groups: Group containers that belong to the application, removed with `.all`.
  ///   - legacy: Old directories of the application, removed with `.all`: absolute paths.
  ///   - dryRun: Measure and list what would be removed, and remove nothing.
  public func clean(
    _ scope: CleanScope, groups: [String] = [], legacyPaths legacy: [String] = [],
    dryRun: Bool = false
  ) throws(DirectoryError) -> CleanReport {
    let all = try locations(
      groups: scope == .all ? groups : [], legacyPaths: scope == .all ? legacy : [],
      sizes: dryRun)
    // A location that could not be looked at is not taken for missing: the proof examines it
    // and refuses it when it cannot.
    let chosen = all.filter { location in
      (location.exists || location.isObstructed || location.problem != nil)
        && (scope == .all || location.kinds.contains(.cache))
    }
    // A location inside another one goes with it.
    let targets = chosen.filter { location in
      !chosen.contains { other in
        other.path != location.path
          && POSIXPath.isInside(location.path, other.path)
      }
    }
    // Every target is proved the application's before anything is removed, and removed
    // through the very descriptors that were checked.
    let proof = removalProof()
    var proved: [ProvedTarget] = []
    defer { proved.forEach { $0.close(syscalls) } }
    for location in targets {
      if let target = try proveTheApplications(
        location.path, as: location.kinds, for: scope == .cache ? .empty : .remove, proof: proof)
      {
        proved.append(target)
      }
    }
    if dryRun { return CleanReport(locations: targets, failures: [], isDryRun: true) }
    let tree = FileTree(syscalls: syscalls)
    var failures: [RemovalFailure] = []
    for target in proved {
      if let directory = target.directory {
        let found = tree.removeContents(
          of: directory, at: target.path,
          keeping: scope == .cache ? [DirectoryMarker.cacheTag.name] : [])
        failures += found.map { RemovalFailure(path: $0.path, errno: $0.errno) }
        guard scope == .all && found.isEmpty else { continue }
      }
      // The emptied directory, or a link or a file where a directory of the application's
      // would be: removed itself, never followed.
      if let error = syscalls.remove(
        in: target.parent, entry: target.name, isDirectory: target.directory != nil),
        error != .noSuchFileOrDirectory
      {
        failures.append(RemovalFailure(path: target.path, errno: error))
      }
    }
    return CleanReport(locations: targets, failures: failures, isDryRun: false)
  }

  var directoryOpener: DirectoryOpener { standardDirectories.directoryOpener }

  func removalProof() -> RemovalProof {
    standardDirectories.removalProof(allowingMachineEntries: ownsMachineEntries)
  }

  /// Whether the machine's folders hold this application's own directories: in system scope,
  /// or where the service manager made one of them.
  var ownsMachineEntries: Bool {
    scope == .system
      || AppDirectory.ownKinds.contains { kind in
        (try? resolution(for: kind)).map { Self.isServiceManagers($0.source) } ?? false
      }
  }
}

extension StandardDirectories {
  var directoryOpener: DirectoryOpener {
    DirectoryOpener(syscalls: syscalls)
  }

  /// The proof rules with the identities of this environment's home, base directories and
  /// temporary directory as they are now; with `allowingMachineEntries` (system scope, or the
  /// service manager's directories), an entry of the machine's folders may be the
  /// application's.
  func removalProof(allowingMachineEntries: Bool? = nil) -> RemovalProof {
    RemovalProof(
      syscalls: syscalls, effectiveUserID: environment.effectiveUserID, bases: removalBases(),
      machineFolders: (allowingMachineEntries ?? (scope == .system)) ? systemLayout.folders : [])
  }

  /// The machine's table, whatever the scope: its folders are base directories too.
  private var systemLayout: SystemLayout {
    SystemLayout(environment: environment, platformLayout: environment.layout(layout))
  }

  /// The directories nothing may be, nor hold, by kind: every base directory of both scopes,
  /// each entry of the system search lists (`XDG_DATA_DIRS`, `XDG_CONFIG_DIRS`), which every
  /// application shares too, and the home the password database gives.
  func removalBases() -> [(StandardDirectory, String)] {
    // `user-dirs.dirs` read once for all the user folders.
    let standard = StandardDirectories(
      layout: layout,
      environment: (try? environment.readingUserDirectories(syscalls: syscalls)) ?? environment,
      syscalls: syscalls)
    var bases = StandardDirectory.allCases.compactMap { kind in
      (try? standard.resolution(for: kind)).map { (kind, $0.path) }
    }
    for kind in AppDirectory.ownKinds {
      guard let base = kind.base, let path = try? systemLayout.base(base).path else { continue }
      bases.append((base, path))
    }
    for (kind, list) in [(StandardDirectory.data, AppDirectory.data), (.config, .config)] {
      bases += environment.layout(layout).searchBases(list).map { (kind, $0.path) }
    }
    if let home = environment.passwordDatabaseHome, POSIXPath.isAbsolute(home) {
      bases.append((.home, home))
    }
    return bases
  }

  /// Why a directory at `path` (absolute) is not one that may be filled and emptied as an
  /// application's or an isolated root (`appdirs sandbox ROOT`, `appdirs doctor`): the rules of
  /// the proof before destruction, a symbolic link or another user's directory, or a new
  /// directory where every entry is protected (directly under `/`, `/home`, …). `nil` when it
  /// may.
  ///
  /// With `allowingMachineEntries` (system scope, or a directory the service manager made), an
  /// entry of the machine's folders (`/etc/A`) may be the application's.
  @_spi(Tool) public func destructionRefusal(_ path: String, allowingMachineEntries: Bool = false)
    -> CleanRefusal?
  {
    // Gathered once: the proof compares by identity what exists, and the bases' spellings
    // stand for what does not exist yet.
    let bases = removalBases()
    let proof = RemovalProof(
      syscalls: syscalls, effectiveUserID: environment.effectiveUserID, bases: bases,
      machineFolders: allowingMachineEntries ? systemLayout.folders : [])
    let located: DirectoryOpener.Located?
    do throws(DirectoryError) {
      located = try directoryOpener.locate(POSIXPath.normalize(path))
    } catch {
      if case .ownedByAnotherUser(_, let owner, _) = error { return .ownedByAnotherUser(owner) }
      return .unexaminable
    }
    guard let located else { return missingBaseRefusal(path, bases: bases) }
    defer { syscalls.close(descriptor: located.parent) }
    switch located.entry {
    case .missing:
      return missingBaseRefusal(path, bases: bases)
        ?? proof.refusal(forNewEntryIn: located.parent)
    case .symbolicLink: return .symbolicLink
    case .other: return nil  // the caller says it is not a directory
    case .directory:
      guard
        case .success(let directory) = syscalls.openDirectory(
          in: located.parent, entry: located.name)
      else { return .unexaminable }
      defer { syscalls.close(descriptor: directory) }
      return proof.refusal(for: directory, allowingMountPoint: true)
    }
  }

  /// Why a path where nothing exists yet may not be made a root: it is, or holds, a base
  /// directory that does not exist yet either (`~/.cache` before any cache), compared by
  /// normalized path since there is nothing to compare by identity.
  private func missingBaseRefusal(_ path: String, bases: [(StandardDirectory, String)])
    -> CleanRefusal?
  {
    let target = POSIXPath.normalize(path)
    for (kind, base) in bases where POSIXPath.isAbsolute(base) {
      if POSIXPath.isInside(POSIXPath.normalize(base), target) { return .baseDirectory(kind) }
    }
    return nil
  }
}
