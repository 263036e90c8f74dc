// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

/// One platform's table from kinds of directory to paths. Implementations are pure: they read
/// only the environment value they were made with, and import no C library and no
/// `FileManager` (a check in CI keeps it so).
protocol PlatformLayout: Sendable {
  /// A base directory.
  func base(_ kind: StandardDirectory) throws(DirectoryError) -> DirectoryResolution
  /// One of an application's directories, with the components the table put below a base
  /// directory or an override for it.
  func place(_ kind: AppDirectory, name: String, organization: String?) throws(DirectoryError)
    -> AppPlacement
  /// The system-wide directories searched after the user's own for `kind`, most important first.
  func searchBases(_ kind: AppDirectory) -> [DirectoryResolution]
}

/// An application's directory as a table gives it: the resolution, and the components the table
/// appended to a base directory or an override (the application's name, and on some platforms
/// a folder of the kind's); none when one variable names the directory itself.
struct AppPlacement: Sendable {
  let resolution: DirectoryResolution
  let appended: [String]

  /// The resolution as it is, nothing appended.
  init(_ resolution: DirectoryResolution) {
    self.resolution = resolution
    appended = []
  }

  /// `base` with `components` appended by the rules of `style`; `nil` ones are skipped.
  init(_ base: DirectoryResolution, appending components: String?..., style: PathStyle = .posix) {
    appended = components.compactMap { $0 }
    resolution = base.appending(appended, style: style)
  }

  /// A resolution that already holds `appended` at its end.
  init(_ resolution: DirectoryResolution, appended: [String]) {
    self.resolution = resolution
    self.appended = appended
  }

  /// The same placement, with `ignored` first among what its resolution passed over.
  func passingOver(_ ignored: [IgnoredValue]) -> AppPlacement {
    AppPlacement(resolution.passingOver(ignored), appended: appended)
  }
}

extension PlatformLayout {
  /// One of an application's directories.
  func app(_ kind: AppDirectory, name: String, organization: String?) throws(DirectoryError)
    -> DirectoryResolution
  {
    try place(kind, name: name, organization: organization).resolution
  }

  /// None: only the user's own directory is searched. Windows has no system-wide folder for an
  /// application's files that it should read (ProgramData is for services), and an iOS or
  /// Android app cannot read outside its container.
  func searchBases(_ kind: AppDirectory) -> [DirectoryResolution] { [] }
}

/// A table laid over another for an application's own kinds (its overrides, the service
/// manager's directories, a portable root): base directories and the system search
/// directories are always the table's below.
protocol PlatformLayer: PlatformLayout {
  /// The table laid under this one.
  var platformLayout: any PlatformLayout { get }
}

extension PlatformLayer {
  func base(_ kind: StandardDirectory) throws(DirectoryError) -> DirectoryResolution {
    try platformLayout.base(kind)
  }

  func searchBases(_ kind: AppDirectory) -> [DirectoryResolution] {
    platformLayout.searchBases(kind)
  }
}
