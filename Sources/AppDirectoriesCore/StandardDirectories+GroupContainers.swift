// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

extension StandardDirectories {
  /// The container that the applications of one group share, where it came from, and every
  /// warning on the way: the path ``AppDirectories/AppDirectories/resolution(for:)`` gives
  /// ``AppDirectory/shared(group:)`` for any application, since no application's name is part
  /// of it (as with Foundation's `containerURL(forSecurityApplicationGroupIdentifier:)`).
  ///
  /// On Apple platforms the container is asked of the system (`containerURL`), unless the
  /// environment gives the containers; elsewhere it is the table's folder for groups.
  ///
  /// ```swift
  /// import AppDirectories
  ///
  /// let shared = try StandardDirectories().groupContainerResolution("group.com.example.suite")
  /// print(shared.path)
  /// ```
  ///
  /// - Parameter group: The group's identifier, such as `group.com.example.suite` (on macOS
  ///   also `TEAMID.com.example.suite`).
  /// - Throws: ``DirectoryError/invalidName(name:reason:)`` for an identifier that cannot name a
  ///   group, ``DirectoryError/unsupported(reason:)`` where the platform has no group
  ///   containers (Android), or where the system gives none for this group.
  public func groupContainerResolution(_ group: String) throws -> DirectoryResolution {
    try _groupContainerResolution(group)
  }

  /// `groupContainerResolution` with its error typed, for the package's own callers.
  package func _groupContainerResolution(_ group: String) throws(DirectoryError)
    -> DirectoryResolution
  {
    try environment.groupContainerPlacement(group, layout: layout, roaming: false).resolution
  }

  /// Finds or creates a group container and returns its path, as
  /// ``AppDirectories/AppDirectories/directoryPath(_:)`` does for
  /// ``AppDirectory/shared(group:)``.
  ///
  /// Missing directories are created with mode 0700; existing ones are left as they are.
  public func groupContainerPath(_ group: String) throws -> String {
    try privateDirectoryCheck.ensure(try groupContainerResolution(group)).path
  }

  /// What would stop ``groupContainerPath(_:)`` from finding or creating the container now,
  /// or `nil` when nothing would; nothing is created. See
  /// ``AppDirectories/AppDirectories/obstacle(to:)``.
  public func obstacle(toGroupContainer group: String) -> DirectoryError? {
    DirectoryCreator(syscalls: syscalls, environment: environment).obstacle {
      () throws(DirectoryError) in try _groupContainerResolution(group).path
    }
  }

  /// The path of an existing file with this relative path in a group container, or `nil`.
  public func locatePath(_ file: String, inGroupContainer group: String) throws
    -> String?
  {
    try search(file, inGroupContainer: group, stopAtFirst: true).first?.path
  }

  /// The paths of every existing file with this relative path in a group container: the
  /// container is its only search directory, so at most one.
  public func locateAllPaths(_ file: String, inGroupContainer group: String)
    throws -> [String]
  {
    try search(file, inGroupContainer: group, stopAtFirst: false).map(\.path)
  }

  /// The files found in a group container, its only search directory.
  private func search(_ file: String, inGroupContainer group: String, stopAtFirst: Bool)
    throws(DirectoryError) -> [FileSearch.Found]
  {
    try FileSearch.locate(
      file, in: { () throws(DirectoryError) in [try _groupContainerResolution(group)] },
      reachingWith: DirectoryCreator(
        syscalls: syscalls, environment: environment, style: environment.platform.pathStyle),
      stopAtFirst: stopAtFirst)
  }
}

extension ProcessEnvironment {
  /// A group's container as the platform's table places it: the identifier checked and, on
  /// Apple platforms, the container asked of the system. No application's name is part of
  /// it, so every table's group case is given none.
  func groupContainerPlacement(_ group: String, layout: DirectoryLayout, roaming: Bool)
    throws(DirectoryError) -> AppPlacement
  {
    try NameValidation.validate(group, as: .groupIdentifier, on: platform)
    return try readingGroupContainer(group).layout(layout, roaming: roaming)
      .place(.shared(group: group), name: "", organization: nil)
  }
}
