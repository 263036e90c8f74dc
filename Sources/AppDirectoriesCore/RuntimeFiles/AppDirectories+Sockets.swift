// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

extension AppDirectories {
  /// The path of a Unix-domain socket of the application, short enough to bind, with its
  /// provenance.
  ///
  /// The socket lies in the application's runtime directory, which is found or created and
  /// checked as ``directoryPath(_:)`` does. When that path is too long for `sun_path` (108
  /// bytes with its NUL on Linux, Android and Windows, 104 on Apple platforms and the BSDs), a
  /// short private directory is used instead, `<temporary>/<app>-<uid>-<hash>`, created 0700
  /// and checked like the runtime directory's fallback: then the resolution's
  /// ``DirectoryResolution/source`` is ``DirectorySource/fallback`` and
  /// ``DirectoryResolution/ignored`` names the natural path and its length
  /// (``IgnoredValue/Reason/tooLongForSocketAddress(bytes:limit:)``). Nothing is bound: the
  /// caller binds, and removes a stale socket file first as it sees fit.
  ///
  /// ```swift
  /// import AppDirectories
  ///
  /// let dirs = try AppDirectories(app: "ExampleApp")
  /// let socket = try dirs.socketResolution(named: "control.sock")
  /// print(socket.path)   // /run/user/1000/ExampleApp/control.sock
  /// ```
  ///
  /// - Parameter name: The socket's file name, a single path component (the rules of an
  ///   application's name).
  /// - Throws: ``DirectoryError/invalidName(name:reason:)`` for a bad name,
  ///   ``DirectoryError/nameTooLong(path:limit:)`` with
  ///   ``NameLengthLimit/socketAddress(bytes:capacity:)`` when even the short directory leaves
  ///   no room for the name, or an error of creating the directory.
  public func socketResolution(named name: String) throws -> DirectoryResolution {
    try _socketResolution(named: name)
  }

  /// `socketResolution` with its error typed, for the package's own callers.
  package func _socketResolution(named name: String) throws(DirectoryError) -> DirectoryResolution {
    let platform = environment.platform
    try NameValidation.validate(name, as: .socketName, on: platform)
    let style = platform.pathStyle
    let limit = SocketAddress.capacity(on: platform)
    func fits(_ directory: DirectoryResolution) -> Bool {
      SocketAddress.length(of: style.join(directory.path, name)) <= limit
    }
    // The steady state costs what directory(.runtime) costs: the candidate path is pure, and
    // only when it fits is the directory found or made (and checked). When it does not fit,
    // the directory is checked without writing anything, since the path it settles on (a
    // fallback) may fit; the application's runtime folder is made only where the socket goes.
    let candidate = try _resolution(for: .runtime)
    var natural = candidate
    if fits(candidate) {
      let made = try markingCheck(for: .runtime).ensure(candidate)
      if fits(made) { return made.appending([name], style: style) }
      natural = made
    } else {
      let settled = try privateDirectoryCheck.settle(candidate)
      if fits(settled) {
        return try markingCheck(for: .runtime).ensure(settled).appending(
          [name], style: style)
      }
      natural = settled
    }
    let naturalPath = style.join(natural.path, name)
    let directoryName = SocketAddress.shortDirectoryName(
      application: app, userID: environment.effectiveUserID, naturalPath: naturalPath)
    var bases = [try standardDirectories._resolution(for: .temporary).path]
    // `/tmp` when even the temporary directory is too long; never while an isolated
    // environment is current, whose files all stay inside its root.
    if style == .posix, environment.isolationRootPath == nil, bases[0] != "/tmp" {
      bases.append("/tmp")
    }
    let shortened = IgnoredValue(
      .socketPath(naturalPath),
      .tooLongForSocketAddress(bytes: SocketAddress.length(of: naturalPath), limit: limit))
    for base in bases {
      let directory = style.join(base, directoryName)
      guard SocketAddress.length(of: style.join(directory, name)) <= limit else { continue }
      let resolution = DirectoryResolution(
        path: directory, source: .fallback, ignored: [shortened],
        requirement: .privateDirectory(base: directory, createsIfMissing: true, otherwise: nil))
      return try privateDirectoryCheck.ensure(resolution).appending([name], style: style)
    }
    throw DirectoryError.nameTooLong(
      path: naturalPath,
      limit: .socketAddress(bytes: SocketAddress.length(of: naturalPath), capacity: limit))
  }
}
