// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

public import AppDirectoriesCore

extension AppDirectories {
  /// A folder for one version inside one of the application's directories, found or created:
  /// `~/.cache/ExampleApp/2.4.1` for tools that keep one cache per release. The kind's
  /// directory is created first when missing, with its `CACHEDIR.TAG` for the cache.
  ///
  /// ```swift
  /// import AppDirectories
  ///
  /// let dirs = try AppDirectories(app: "ExampleApp")
  /// let cache = try dirs.directoryPath(.cache, version: "2.4.1")
  /// let gone = try dirs.removeOtherVersions(of: .cache, keeping: "2.4.1")
  /// ```
  ///
  /// - Throws: ``DirectoryError/invalidName(name:reason:)`` when `version` is not a single
  ///   folder name, and the errors of ``directoryPath(_:)``.
  public func directoryPath(_ kind: AppDirectory, version: String) throws -> String {
    try _directoryPath(kind, version: version)
  }

  /// `directoryPath` with its error typed, for the package's own callers.
  package func _directoryPath(_ kind: AppDirectory, version: String) throws(DirectoryError)
    -> String
  {
    try NameValidation.validate(version, as: .version, on: environment.platform)
    let base = try _verifiedResolution(for: kind).path
    let path = environment.platform.pathStyle.join(base, version)
    // The steady state: the version's folder is there, one stat.
    if case .success(let status) = syscalls.status(path: path, followSymlinks: true),
      status.type == .directory
    {
      return path
    }
    _ = try _directoryPath(kind)
    try DirectoryCreator(syscalls: syscalls, environment: environment)
      .findOrCreate(path)
    return path
  }

  /// Removes every folder in the kind's directory except `version`'s: the caches of other
  /// releases. Files and symbolic links there (the `CACHEDIR.TAG`, say) stay; nothing is
  /// followed, and each file that cannot be removed is in the report's failures.
  ///
  /// - Throws: ``DirectoryError/cleanRefused(path:reason:)`` when the kind's directory is not
  ///   provably the application's (the rules of ``clean(_:groups:legacyPaths:dryRun:)``), before
  ///   anything is removed.
  public func removeOtherVersions(of kind: AppDirectory, keeping version: String)
    throws -> CleanReport
  {
    try NameValidation.validate(version, as: .version, on: environment.platform)
    let base = try verifiedResolution(for: kind).path
    let tree = FileTree(syscalls: syscalls)
    // The kind's directory must be provably the application's, as for cleaning.
    guard
      let target = try proveTheApplications(
        base, as: [kind], for: .empty, proof: removalProof())
    else {
      return CleanReport(locations: [], failures: [], isDryRun: false)
    }
    defer { target.close(syscalls) }
    guard let directory = target.directory else {
      throw DirectoryError.cleanRefused(path: base, reason: .symbolicLink)
    }
    let entries: [DirectoryEntry]
    switch syscalls.listDirectory(descriptor: directory) {
    case .success(let found): entries = found
    case .failure(let error):
      return CleanReport(
        locations: [], failures: [RemovalFailure(path: base, errno: error)], isDryRun: false)
    }
    var removed: [AppLocation] = []
    var failures: [RemovalFailure] = []
    for entry in entries where entry.name != FileName(version) {
      let type =
        entry.type
        ?? (try? syscalls.status(in: directory, entry: entry.name, followSymlinks: false).get())?
        .type
      guard type == .directory else { continue }
      let path = tree.join(base, entry.name)
      let found = tree.remove(entry.name, in: directory, at: base)
      failures += found.map { RemovalFailure(path: $0.path, errno: $0.errno) }
      removed.append(AppLocation(kinds: [], path: path, exists: false))
    }
    return CleanReport(locations: removed, failures: failures, isDryRun: false)
  }
}
