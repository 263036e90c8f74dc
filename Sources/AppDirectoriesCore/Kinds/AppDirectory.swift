// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

/// One of an application's own directories: the base directory of its kind plus the
/// application's folder, or a group container shared by several applications.
///
/// ```swift
/// import AppDirectories
///
/// let dirs = try AppDirectories(app: "ExampleApp")
/// let cache = try dirs.directory(.cache)   // ~/.cache/ExampleApp, created if missing
/// ```
public enum AppDirectory: Sendable, Hashable {
  /// Files the application creates and needs to keep (Application Support on Apple platforms).
  case data
  /// Configuration files the user may edit.
  case config
  /// Data that can be recomputed or downloaded again; it may be deleted at any time.
  case cache
  /// State that should survive a restart but is not worth backing up: history, layout, undo.
  case state
  /// Log files.
  case logs
  /// Sockets, pipes and locks that live only while the user is logged in.
  case runtime
  /// A container shared by the applications of one group, named by its identifier.
  case shared(group: String)

  /// Another name for ``data``, matching `FileManager.SearchPathDirectory.applicationSupportDirectory`.
  public static let applicationSupport = AppDirectory.data

  /// The kinds that every application has, in the order `appdirs list` shows them.
  public static let ownKinds: [AppDirectory] = [.data, .config, .cache, .state, .logs, .runtime]

  /// Where a kind lives, which each layout turns into a path.
  package enum Placement: Sendable, Equatable {
    /// The application's folder in this base directory.
    case inBase(StandardDirectory)
    /// Where the platform keeps logs.
    case logs
    /// The group's container.
    case shared(group: String)
  }

  /// The one table between the application's kinds and the base directories they live in.
  package var placement: Placement {
    switch self {
    case .data: .inBase(.data)
    case .config: .inBase(.config)
    case .cache: .inBase(.cache)
    case .state: .inBase(.state)
    case .runtime: .inBase(.runtime)
    case .logs: .logs
    case .shared(let group): .shared(group: group)
    }
  }

  /// The application's own directory inside a base directory: ``data`` for
  /// ``StandardDirectory/data``, and so on for config, cache, state and runtime; `nil` for the
  /// base directories that stay shared (home, documents, …).
  public init?(scoping base: StandardDirectory) {
    guard let kind = Self.ownKinds.first(where: { $0.placement == .inBase(base) }) else {
      return nil
    }
    self = kind
  }

  /// The base directory this kind is a folder of, or `nil` for ``logs`` and ``shared(group:)``,
  /// whose place each platform decides on its own.
  public var base: StandardDirectory? {
    guard case .inBase(let base) = placement else { return nil }
    return base
  }
}
