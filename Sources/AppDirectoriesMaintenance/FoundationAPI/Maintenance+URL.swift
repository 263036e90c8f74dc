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
    /// A folder for one version inside one of the application's directories, found or
    /// created: ``directoryPath(_:version:)`` as a URL.
    ///
    /// ```swift
    /// import AppDirectories
    ///
    /// let dirs = try AppDirectories(app: "ExampleApp")
    /// let cache = try dirs.directory(.cache, version: "2.4.1")
    /// ```
    public func directory(_ kind: AppDirectory, version: String) throws -> URL {
      try _directory(kind, version: version)
    }

    /// `directory` with its error typed, for the package's own callers.
    package func _directory(_ kind: AppDirectory, version: String) throws(DirectoryError) -> URL {
      pathURL(try _directoryPath(kind, version: version), isDirectory: true)
    }

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
      try _migrate(from: legacy, to: kind, options: options)
    }

    /// `migrate` with its error typed, for the package's own callers.
    package func _migrate(
      from legacy: URL, to kind: AppDirectory, options: MigrationOptions = .init()
    ) throws(DirectoryError) -> MigrationOutcome {
      try _migrate(fromPath: legacy.path, to: kind, options: options)
    }

    /// Empties the application's cache directory, or removes every directory it has:
    /// ``clean(_:groups:legacyPaths:dryRun:)`` with the legacy directories as URLs.
    ///
    /// ```swift
    /// import AppDirectories
    /// import Foundation
    ///
    /// let dirs = try AppDirectories(app: "ExampleApp")
    /// let old = URL(fileURLWithPath: "/home/ada/.exampleapp")
    /// let plan = try dirs.clean(.all, legacy: [old], dryRun: true)   // what would go
    /// ```
    public func clean(
      _ scope: CleanScope, groups: [String] = [], legacy: [URL], dryRun: Bool = false
    ) throws -> CleanReport {
      try clean(scope, groups: groups, legacyPaths: legacy.map(\.path), dryRun: dryRun)
    }

    /// Every directory the application may have on this platform:
    /// ``locations(groups:legacyPaths:sizes:)`` with the legacy directories as URLs.
    public func locations(groups: [String] = [], legacy: [URL], sizes: Bool = false)
      throws -> [AppLocation]
    {
      try locations(groups: groups, legacyPaths: legacy.map(\.path), sizes: sizes)
    }
  }

  extension AppLocation {
    /// The directory, as a file URL.
    public var url: URL { pathURL(path, isDirectory: true) }

    /// Records a location at a file URL's path.
    public init(
      kinds: [AppDirectory], url: URL, exists: Bool, isObstructed: Bool = false,
      size: Int64? = nil, problem: SystemErrno? = nil
    ) {
      self.init(
        kinds: kinds, path: url.path, exists: exists, isObstructed: isObstructed, size: size,
        problem: problem)
    }
  }

  extension MigrationOutcome {
    /// The legacy path, as a file URL.
    public var source: URL { pathURL(sourcePath, isDirectory: true) }
    /// The application's directory the files go to, as a file URL.
    public var destination: URL { pathURL(destinationPath, isDirectory: true) }

    /// Records an outcome between two file URLs' paths.
    public init(
      action: Action, source: URL, destination: URL, isDryRun: Bool = false,
      isLinked: Bool = false, warnings: [DirectoryWarning] = [], isSourceMissing: Bool = false
    ) {
      self.init(
        action: action, sourcePath: source.path, destinationPath: destination.path,
        isDryRun: isDryRun, isLinked: isLinked, warnings: warnings,
        isSourceMissing: isSourceMissing)
    }
  }
#endif
