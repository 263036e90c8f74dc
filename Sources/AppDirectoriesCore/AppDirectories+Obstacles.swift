// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

extension AppDirectories {
  /// What would stop ``directoryPath(_:)`` from finding or creating this directory now, or
  /// `nil` when nothing would; nothing is created.
  ///
  /// The answer comes from the same walk that creation takes, so it is the error that
  /// creating would throw, naming the same path and cause: a file on the way, a link of
  /// someone else's (on the way, or in the target of a link of the user's), a link that leads
  /// nowhere, a parent that cannot be written or searched, another user's directory outside
  /// the home, root asked to create in a directory of another user's. A directory that exists
  /// but that the user may not create files in or search is
  /// ``DirectoryError/permissionDenied(path:errno:)`` at it: it would be found, and could not
  /// be used. `appdirs doctor` reports exactly these.
  ///
  /// ```swift
  /// import AppDirectories
  ///
  /// let dirs = try AppDirectories(app: "ExampleApp")
  /// if let obstacle = dirs.obstacle(to: .cache) {
  ///   print(obstacle, obstacle.recoverySuggestion)
  /// }
  /// ```
  public func obstacle(to kind: AppDirectory) -> DirectoryError? {
    DirectoryCreator(syscalls: syscalls, environment: environment).obstacle {
      () throws(DirectoryError) in try _verifiedResolution(for: kind).path
    }
  }
}

extension StandardDirectories {
  /// What would stop ``directoryPath(_:)`` from finding or creating this base directory now,
  /// or `nil` when nothing would; nothing is created. See
  /// ``AppDirectories/AppDirectories/obstacle(to:)``.
  public func obstacle(to kind: StandardDirectory) -> DirectoryError? {
    DirectoryCreator(syscalls: syscalls, environment: environment).obstacle {
      () throws(DirectoryError) in try _verifiedResolution(for: kind).path
    }
  }
}
