// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

public import AppDirectoriesCore

/// How ``AppDirectories/AppDirectories/migrate(from:to:options:)`` moves an application's
/// files.
public struct MigrationOptions: OptionSet, Sendable, Hashable {
  /// The options' bits.
  public let rawValue: Int

  /// Options from their raw bits.
  public init(rawValue: Int) { self.rawValue = rawValue }

  /// Say what would happen, and change nothing: no directory created, no lock taken.
  public static let dryRun = MigrationOptions(rawValue: 1 << 0)
  /// Copy, and never remove the source.
  public static let keepSource = MigrationOptions(rawValue: 1 << 1)
  /// Afterwards the legacy path is a symbolic link to the new directory, for older versions of
  /// the application and the user's scripts.
  public static let link = MigrationOptions(rawValue: 1 << 2)
}

/// What ``AppDirectories/AppDirectories/migrate(from:to:options:)`` did, or would do in a
/// dry run.
public struct MigrationOutcome: Sendable, Hashable, CustomStringConvertible {
  /// What happened to the files.
  public enum Action: Sendable, Hashable {
    /// Moved with one `rename(2)`: the source and the destination are on one file system.
    case moved
    /// Copied across file systems (or kept with ``MigrationOptions/keepSource``), then
    /// published at the destination in one step; the source removed unless it is kept.
    case copied
    /// The files are at the destination already: the source is missing, or is a link to the
    /// destination, or holds exactly what the destination holds (a move that was
    /// interrupted after the copy was published, which this call completed). When nothing
    /// showed that the source was ever migrated, ``MigrationOutcome/isSourceMissing`` is set:
    /// a mistyped legacy path gives the same.
    case alreadyMigrated
    /// There is nothing at the legacy path (or only a symbolic link to somewhere else, which
    /// is not followed), and nothing at the destination.
    case nothingToMigrate
    /// The destination exists and is not empty: nothing was changed anywhere. Never merged,
    /// never overwritten.
    case conflict
  }

  /// What happened, or would happen in a dry run.
  public let action: Action
  /// The legacy path.
  public let sourcePath: String
  /// The application's directory the files go to.
  public let destinationPath: String
  /// Whether this describes a dry run, which changed nothing.
  public let isDryRun: Bool
  /// Whether the legacy path is now (or would be) a symbolic link to the destination.
  public let isLinked: Bool
  /// What was odd on the way: a symbolic link at the legacy path that leads elsewhere.
  public let warnings: [DirectoryWarning]
  /// Whether nothing was at the legacy path and nothing showed that it had been migrated:
  /// no link to the destination, no leftover of an interrupted move. The action is then
  /// ``Action/nothingToMigrate``, or ``Action/alreadyMigrated`` when the destination exists,
  /// which a second call after a migration and a mistyped legacy path alike find; ``words``
  /// and ``description`` say what is known, that the legacy path does not exist.
  public let isSourceMissing: Bool

  /// Records an outcome.
  package init(
    action: Action, sourcePath: String, destinationPath: String, isDryRun: Bool = false,
    isLinked: Bool = false, warnings: [DirectoryWarning] = [], isSourceMissing: Bool = false
  ) {
    self.action = action
    self.sourcePath = sourcePath
    self.destinationPath = destinationPath
    self.isDryRun = isDryRun
    self.isLinked = isLinked
    self.warnings = warnings
    self.isSourceMissing = isSourceMissing
  }

  /// The outcome in words, as `appdirs migrate` starts its line: `moved`, `copied`,
  /// `already migrated`, `nothing to migrate` or `conflict`; in a dry run `would move` and
  /// `would copy` for the first two. A legacy path that does not exist, with nothing to show
  /// that it was migrated (``isSourceMissing``), is `nothing to migrate`.
  public var words: String {
    if isSourceMissing { return "nothing to migrate" }
    return switch (action, isDryRun) {
    case (.moved, false): "moved"
    case (.moved, true): "would move"
    case (.copied, false): "copied"
    case (.copied, true): "would copy"
    case (.alreadyMigrated, _): "already migrated"
    case (.nothingToMigrate, _): "nothing to migrate"
    case (.conflict, _): "conflict"
    }
  }

  /// `moved /home/ada/.exampleapp -> /home/ada/.config/exampleapp`: the words, then the paths;
  /// `nothing to migrate: /home/ada/.exampleap does not exist` when ``isSourceMissing``.
  public var description: String {
    isSourceMissing
      ? "\(words): \(sourcePath) does not exist"
      : "\(words) \(sourcePath) -> \(destinationPath)"
  }
}
