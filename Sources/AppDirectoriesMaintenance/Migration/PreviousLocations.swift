// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

public import AppDirectoriesCore

extension AppDirectories {
  /// Where this application's directory of `kind` would have been under the platform's other
  /// layouts and under this library's earlier defaults, without the application's overrides:
  /// the places an older version of the application, or one with another layout, left its
  /// files. Pure: nothing is looked at on the file system.
  ///
  /// - On macOS: the path under each other ``DirectoryLayout`` (``DirectoryLayout/native``,
  ///   ``DirectoryLayout/xdg``, ``DirectoryLayout/xdgWhereSet``) where it differs.
  /// - On Windows: data and config in RoamingAppData, the default before LocalAppData, unless
  ///   the application asks for `roaming` itself.
  /// - Elsewhere, and for the runtime directory and group containers: none.
  ///
  /// ```swift
  /// import AppDirectories
  ///
  /// let dirs = try AppDirectories(app: "ExampleApp", layout: .xdgWhereSet)
  /// let outcome = try dirs.adoptPreviousLocation(for: .config)
  /// print(outcome.words, outcome.sourcePath)
  /// ```
  ///
  /// The paths come most likely first (the other layouts, then the earlier defaults), each
  /// once.
  public func previousLocationPaths(for kind: AppDirectory) throws -> [String] {
    try _previousLocationPaths(for: kind)
  }

  /// `previousLocationPaths` with its error typed, for the package's own callers.
  package func _previousLocationPaths(for kind: AppDirectory) throws(DirectoryError) -> [String] {
    switch kind.placement {
    case .inBase(.runtime), .shared: return []
    case .inBase, .logs: break
    }
    let current = try _resolution(for: kind).path
    var paths: [String] = []
    for layout in DirectoryLayout.allCases {
      // The application's own choice, and Roaming, the earlier default (once when the same).
      for roaming in roaming ? [true] : [false, true] {
        let other = try AppDirectories(
          app: app, organization: organization, layout: layout, roaming: roaming,
          environment: environment, syscalls: syscalls)
        let path = try other._resolution(for: kind).path
        if path != current, !paths.contains(path) { paths.append(path) }
      }
    }
    return paths
  }

  /// Moves this application's files of `kind` from the one previous location that holds any
  /// (``previousLocationPaths(for:)``) into the current directory, with
  /// ``migrate(fromPath:to:options:)`` and all its rules: only when the current directory is
  /// missing or empty (otherwise ``MigrationOutcome/Action/conflict``, nothing changed), never
  /// from a directory that is not provably the application's, crash-safe, and completed by the
  /// next call after an interruption.
  ///
  /// - No previous location holds files: ``MigrationOutcome/Action/nothingToMigrate``, whose
  ///   source is the first previous location (the destination itself when there is none).
  /// - Two or more do: ``MigrationOutcome/Action/conflict``, nothing changed, and a warning
  ///   that names them; move the one to keep with ``migrate(fromPath:to:options:)``.
  ///
  /// On macOS the native layout keeps data, config and state in one folder (Application
  /// Support): adopting it for one of them moves the folder, and the others then find nothing
  /// left to adopt.
  ///
  /// - Parameters:
  ///   - kind: The application's kind whose directory adopts its previous location.
  ///   - options: As for ``migrate(fromPath:to:options:)``: a dry run, keeping the source, a link.
  public func adoptPreviousLocation(
    for kind: AppDirectory, options: MigrationOptions = .init()
  ) throws -> MigrationOutcome {
    try adopt(try previousLocationPaths(for: kind), for: kind, options: options)
  }

  /// ``adoptPreviousLocation(for:options:)`` from these candidates, most likely first.
  func adopt(_ candidates: [String], for kind: AppDirectory, options: MigrationOptions)
    throws(DirectoryError) -> MigrationOutcome
  {
    let holding = candidates.filter(holdsFiles)
    // An adoption killed once its copy was published left its source renamed aside, and no
    // previous location holding files: the migration from there removes what is left.
    if holding.isEmpty, let interrupted = candidates.first(where: wasMovedAside) {
      return try _migrate(fromPath: interrupted, to: kind, options: options)
    }
    let destination = try _verifiedResolution(for: kind).path
    guard holding.count == 1 else {
      let source = holding.first ?? candidates.first ?? destination
      guard holding.count > 1 else {
        return MigrationOutcome(
          action: .nothingToMigrate, sourcePath: source, destinationPath: destination,
          isDryRun: options.contains(.dryRun))
      }
      let names = holding.map(quoted).joined(separator: " and ")
      return MigrationOutcome(
        action: .conflict, sourcePath: source, destinationPath: destination,
        isDryRun: options.contains(.dryRun),
        warnings: [
          DirectoryWarning(
            "\(holding.count) previous locations of \(app)'s \(kind) hold files: \(names); none was moved",
            suggestion:
              "Keep one: move it with migrate(from:to:) (appdirs migrate \(kind) PATH --app \(app)) and remove the others yourself."
          )
        ])
    }
    return try _migrate(fromPath: holding[0], to: kind, options: options)
  }

  /// The previous locations of `kind` that hold files while its current directory holds
  /// none (missing or empty): what ``adoptPreviousLocation(for:options:)`` would act on, for
  /// `appdirs doctor`, which names them.
  package func previousLocationsToAdopt(for kind: AppDirectory)
    throws(DirectoryError) -> [String]
  {
    // Pure first: where there is no previous location (Linux), nothing is looked at.
    let candidates = try _previousLocationPaths(for: kind)
    guard !candidates.isEmpty, !holdsFiles(try _resolution(for: kind).path) else { return [] }
    return candidates.filter(holdsFiles)
  }

  /// Whether a migration from `path` was interrupted after its source was renamed aside.
  private func wasMovedAside(_ path: String) -> Bool {
    if case .success = syscalls.status(path: Migration.asidePath(of: path), followSymlinks: false) {
      return true
    }
    return false
  }

  /// Whether a directory with at least one entry is at `path` (a symbolic link is not
  /// followed: it is not a directory of the application's).
  private func holdsFiles(_ path: String) -> Bool {
    guard case .success(let status) = syscalls.status(path: path, followSymlinks: false),
      status.type == .directory
    else { return false }
    let opened: Result<Int32, SystemErrno>
    do throws(DirectoryError) {
      opened = try DirectoryOpener(syscalls: syscalls).openUnfollowed(path)
    } catch {
      // Another user's link on the way: migrate, which walks it again, refuses it by name.
      return true
    }
    guard case .success(let directory) = opened else { return false }
    defer { syscalls.close(descriptor: directory) }
    guard case .success(let entries) = syscalls.listDirectory(descriptor: directory) else {
      // Unreadable: it may hold files; migrate, which reads it again, says why it cannot.
      return true
    }
    return !entries.isEmpty
  }
}
