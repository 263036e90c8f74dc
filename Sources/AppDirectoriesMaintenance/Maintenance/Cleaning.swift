// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

public import AppDirectoriesCore

/// What ``AppDirectories/AppDirectories/clean(_:groups:legacyPaths:dryRun:)`` removes.
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
  package init(path: String, errno: SystemErrno) {
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
  package init(locations: [AppLocation], failures: [RemovalFailure], isDryRun: Bool) {
    self.locations = locations
    self.failures = failures
    self.isDryRun = isDryRun
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
  ) throws -> CleanReport {
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
}
