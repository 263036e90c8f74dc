// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

/// A portable application's table, laid over a platform's: the application's own kinds in the
/// folders of one root, checked on the file system before this table is made.
///
/// | kind | portable | otherwise |
/// |---|---|---|
/// | data | `<root>/data` | the platform's rule |
/// | config | `<root>/config` | the platform's rule |
/// | cache | `<root>/cache` | the platform's rule |
/// | state | `<root>/state` | the platform's rule |
/// | logs | `<root>/logs` | the platform's rule |
/// | runtime | the platform's rule | the platform's rule |
///
/// The application's name is not appended: the root is the application's own. Base
/// directories, group containers and the system search directories are the platform's. Pure,
/// like every layout.
struct PortableLayout: PlatformLayer {
  /// The root, already checked; `nil` when there is none and the platform's rules apply.
  let root: String?
  /// What was passed over on the way to the platform's rules (a root outside an isolated
  /// environment).
  let passedOver: [IgnoredValue]
  let style: PathStyle
  /// The table laid under this one.
  let platformLayout: any PlatformLayout

  func place(_ kind: AppDirectory, name: String, organization: String?) throws(DirectoryError)
    -> AppPlacement
  {
    guard let folder = Self.folder(of: kind) else {
      return try platformLayout.place(kind, name: name, organization: organization)
    }
    guard let root else {
      return try platformLayout.place(kind, name: name, organization: organization)
        .passingOver(passedOver)
    }
    return AppPlacement(
      DirectoryResolution(path: style.join(root, folder), source: .portable), appended: [folder])
  }

  /// The kind's folder under the root; `nil` for the runtime directory (sockets and locks do
  /// not belong on removable media) and group containers, which stay the platform's.
  static func folder(of kind: AppDirectory) -> String? {
    switch kind {
    case .runtime, .shared: nil
    default: ApplicationOverrides.names(of: kind)?.folder
    }
  }
}
