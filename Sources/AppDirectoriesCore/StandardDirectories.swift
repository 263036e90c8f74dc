// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

/// The per-user base directories that all applications share: home, documents, caches and
/// the rest of ``StandardDirectory``.
///
/// A value with the path verbs of ``AppDirectories``, for one layout and one environment;
/// ``url(for:layout:environment:)`` makes one and asks it:
///
/// ```swift
/// import AppDirectories
///
/// let documents = try StandardDirectories.url(for: .documents)
/// let fonts = try StandardDirectories().directoryPath(.fonts)   // created if missing
///
/// let standard = StandardDirectories(layout: .xdg)
/// let configs = try standard.searchResolutions(for: .config).map(\.path)
/// ```
public struct StandardDirectories: Sendable {
  /// The conventions the paths follow.
  public let layout: DirectoryLayout
  /// Whose directories: in ``DirectoryScope/system`` data, config, cache, state and runtime
  /// are the machine's (`/var/lib`, `/etc`, …); the others stay the user's.
  public let scope: DirectoryScope
  /// The environment the paths are resolved from.
  public let environment: ProcessEnvironment
  /// The system calls that creating, checking and searching go through.
  let syscalls: any SystemCalls

  /// The base directories of an environment.
  ///
  /// - Parameters:
  ///   - layout: `.native` for the platform's conventions, `.xdg` for the XDG rules on macOS.
  ///   - scope: `.user` for the user's directories, `.system` for the machine's.
  ///   - environment: The environment to resolve from; the running process's by default.
  public init(
    layout: DirectoryLayout = .native, scope: DirectoryScope = .user,
    environment: ProcessEnvironment = .current
  ) {
    self.init(layout: layout, scope: scope, environment: environment, syscalls: .live)
  }

  init(
    layout: DirectoryLayout, scope: DirectoryScope = .user, environment: ProcessEnvironment,
    syscalls: any SystemCalls
  ) {
    self.layout = layout
    self.scope = scope
    self.environment = environment
    self.syscalls = syscalls
  }

  /// The path of a base directory, where it came from, what was passed over and why, and
  /// every warning on the way. A user folder under the XDG rules reads `user-dirs.dirs` into
  /// the environment first, when the environment reads it from disk; the rest is the pure
  /// table. A runtime directory's requirement stays pending.
  public func resolution(for kind: StandardDirectory) throws -> DirectoryResolution {
    try _resolution(for: kind)
  }

  /// `resolution` with its error typed, for the package's own callers.
  package func _resolution(for kind: StandardDirectory) throws(DirectoryError)
    -> DirectoryResolution
  {
    guard UserDirectories.Key(kind) != nil, followsXDG, environment.userDirectoriesRead == nil
    else { return try environment.layout(layout, scope: scope).base(kind) }
    // Without a home or XDG_CONFIG_HOME there is no file to read: the folder's variable may
    // still name it, and the layout says why not when nothing does.
    let reading = (try? environment.readingUserDirectories(syscalls: syscalls)) ?? environment
    return try reading.layout(layout, scope: scope).base(kind)
  }

  /// The resolution with its requirement checked on the file system, without writing
  /// anything: a runtime directory that is not private to the user gives way to its fallback.
  public func verifiedResolution(for kind: StandardDirectory) throws -> DirectoryResolution {
    try _verifiedResolution(for: kind)
  }

  /// `verifiedResolution` with its error typed, for the package's own callers.
  package func _verifiedResolution(for kind: StandardDirectory) throws(DirectoryError)
    -> DirectoryResolution
  {
    let resolved = try _resolution(for: kind)
    // Only the runtime directory has anything to check.
    guard resolved.requirement != nil else { return resolved }
    return try privateDirectoryCheck.settle(resolved)
  }

  /// Finds or creates a base directory and returns its path.
  ///
  /// Missing directories are created with mode 0700; existing ones are left as they are.
  public func directoryPath(_ kind: StandardDirectory) throws -> String {
    try _directoryPath(kind)
  }

  /// `directoryPath` with its error typed, for the package's own callers.
  package func _directoryPath(_ kind: StandardDirectory) throws(DirectoryError) -> String {
    try privateDirectoryCheck.ensure(try _resolution(for: kind)).path
  }

  /// The directories searched for files of a kind, most important first: for data and config
  /// the user's directory then each system directory (`XDG_DATA_DIRS`, `XDG_CONFIG_DIRS`); for
  /// other kinds only the kind's own directory.
  public func searchResolutions(for kind: StandardDirectory) throws -> [DirectoryResolution] {
    try _searchResolutions(for: kind)
  }

  /// `searchResolutions` with its error typed, for the package's own callers.
  package func _searchResolutions(for kind: StandardDirectory) throws(DirectoryError)
    -> [DirectoryResolution]
  {
    let own = try _verifiedResolution(for: kind)
    guard let appKind = AppDirectory(scoping: kind), appKind == .data || appKind == .config
    else { return [own] }
    return ([own] + environment.layout(layout, scope: scope).searchBases(appKind))
      .withoutRepeatedDirectories(environment.platform.pathStyle)
  }

  /// Whether the XDG rules decide these paths (Linux and the BSDs, or macOS with the XDG
  /// layout), `XDG_RUNTIME_DIR` among them.
  package var followsXDG: Bool { environment.followsXDG(layout) }

  /// The warnings of the `user-dirs.dirs` lines that name no known folder (an unknown key, a
  /// line of another form): they belong to no folder's resolution, so `appdirs doctor` asks
  /// for them here. Empty where the XDG rules do not decide.
  package func userDirectoriesFileWarnings() throws(DirectoryError)
    -> [DirectoryWarning]
  {
    guard followsXDG else { return [] }
    let read =
      environment.userDirectoriesRead == nil
      ? try environment.readingUserDirectories(syscalls: syscalls) : environment
    return try XDGLayout(environment: read).userDirectoriesFile().parsed?.unattributed ?? []
  }

  var privateDirectoryCheck: PrivateDirectoryCheck {
    PrivateDirectoryCheck(syscalls: syscalls, environment: environment)
  }
}
