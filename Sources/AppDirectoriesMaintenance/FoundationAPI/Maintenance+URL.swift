// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

#if FoundationAPI
  #if canImport(FoundationEssentials)
    public import FoundationEssentials
  #else
    public import Foundation
  #endif
  public import AppDirectoriesCore

  extension AppDirectories {
    /// ``previousLocationPaths(for:)`` as URLs: where this application's directory of `kind`
    /// would have been under the platform's other layouts and this library's earlier
    /// defaults.
    public func previousLocations(for kind: AppDirectory) throws -> [URL] {
      try previousLocationPaths(for: kind).map { pathURL($0, isDirectory: true) }
    }

    /// Moves the application's files from a legacy location, such as `~/.exampleapp`, to one
    /// of its directories: ``migrate(fromPath:to:options:)`` with the URL's path, and all its
    /// rules.
    ///
    /// ```swift
    /// import AppDirectories
    /// import Foundation
    ///
    /// let dirs = try AppDirectories(app: "exampleapp")
    /// let home = try StandardDirectories.url(for: .home)   // HOME, as the library resolves it
    /// let legacy = home.appendingPathComponent(".exampleapp")
    /// let outcome = try dirs.migrate(from: legacy, to: .config, options: .link)
    /// print(outcome)   // moved /home/ada/.exampleapp -> /home/ada/.config/exampleapp
    /// ```
    ///
    /// See <doc:MovingFromAnOldLocation>.
    public func migrate(
      from legacy: URL, to kind: AppDirectory, options: MigrationOptions = .init()
    ) throws -> MigrationOutcome {
      try migrate(fromPath: legacy.path, to: kind, options: options)
    }

  }
#endif
