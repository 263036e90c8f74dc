// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

/// ``DirectoryFallback/temporary``: where an application's directory goes when the home cannot
/// be written, decided once here for ``AppDirectories/verifiedResolution(for:)``,
/// ``AppDirectories/directoryPath(_:)`` and ``AppDirectories/directory(_:)``.
extension AppDirectories {
  /// Whether `error`, met finding or creating `kind`, sends it to the temporary fallback: with
  /// ``DirectoryFallback/temporary``, for data, config, cache, state and logs (the runtime
  /// directory has a fallback of its own, and a group's container is shared), when the
  /// directory could not be made because a parent is read-only or not writable, or there is no
  /// home at all.
  func fallsBack(_ kind: AppDirectory, after error: DirectoryError) -> Bool {
    guard fallback == .temporary, Self.index(of: kind) != nil else { return false }
    switch error {
    case .readOnlyFileSystem, .permissionDenied, .homeUnavailable: return true
    default: return false
    }
  }

  /// The kind's directory found or created in the temporary fallback, when `error` sends it
  /// there; otherwise `error` itself.
  func ensuredFallback(_ kind: AppDirectory, after error: DirectoryError) throws(DirectoryError)
    -> DirectoryResolution
  {
    guard fallsBack(kind, after: error) else { throw error }
    return try markingCheck(for: kind).ensure(try temporaryFallback(for: kind, after: error))
  }

  /// The resolution of `kind`, or its temporary fallback when the directory is missing and
  /// cannot be made: what ``verifiedResolution(for:)`` gives with ``DirectoryFallback/temporary``.
  /// An existing directory is kept, however read-only it is.
  func resolutionOrFallback(for kind: AppDirectory) throws(DirectoryError)
    -> DirectoryResolution
  {
    let primary: DirectoryResolution
    do throws(DirectoryError) {
      primary = try _resolution(for: kind)
    } catch {
      guard fallsBack(kind, after: error) else { throw error }
      return try privateDirectoryCheck.settle(try temporaryFallback(for: kind, after: error))
    }
    if case .success(let status) = syscalls.status(path: primary.path, followSymlinks: true),
      status.type == .directory
    {
      return primary
    }
    let creator = DirectoryCreator(syscalls: syscalls, environment: environment)
    guard let obstacle = creator.obstacle(to: primary.path), fallsBack(kind, after: obstacle)
    else { return primary }
    return try privateDirectoryCheck.settle(try temporaryFallback(for: kind, after: obstacle))
  }

  /// `<temporary>/<app>-<uid>/<kind>`, its folder private to the user and made 0700 when
  /// missing, as the runtime directory's fallback is, with the warning that says why and that
  /// the files are not kept.
  private func temporaryFallback(for kind: AppDirectory, after error: DirectoryError)
    throws(DirectoryError) -> DirectoryResolution
  {
    let temporary = try standardDirectories._resolution(for: .temporary)
    let style = environment.platform.pathStyle
    let base = style.join(temporary.path, "\(app)-\(environment.effectiveUserID)")
    // The kind's folder, as a portable root and `P_HOME` name it.
    let name = ApplicationOverrides.names(of: kind)?.folder ?? "\(kind)"
    let path = style.join(base, name)
    let warning = DirectoryWarning(
      "the \(name) directory cannot be made (\(error)); using \(path) instead, whose files are not kept",
      suggestion:
        "Give the application a writable place for its files (a writable home, a volume with XDG_*_HOME or the application's own override pointing at it): the temporary directory may be emptied at any time."
    )
    return DirectoryResolution(
      path: path, source: .fallback, extraWarnings: temporary.warnings + [warning],
      requirement: .privateDirectory(base: base, createsIfMissing: true, otherwise: nil))
  }
}
