// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

/// The machine's directories of an application (``DirectoryScope/system``), laid over the
/// user's table, which keeps the base directories that stay the user's (home, documents,
/// temporary, …) and the system search lists. Pure: it reads only the environment value.
///
/// | kind | Linux, BSD | macOS | Windows |
/// |---|---|---|---|
/// | data, state | `/var/lib/A` | `/Library/Application Support/A` | `%ProgramData%\O\A` |
/// | config | `/etc/A` | `/Library/Application Support/A` | `%ProgramData%\O\A` |
/// | cache | `/var/cache/A` | `/Library/Caches/A` | `%ProgramData%\O\A\Cache` |
/// | logs | `/var/log/A` | `/Library/Logs/A` | `%ProgramData%\O\A\Logs` |
/// | runtime | `/run/A` (`/var/run/A` on the BSDs) | `/var/run/A` | unsupported |
///
/// The layout (`.xdg`) changes only the user's directories. iOS, Mac Catalyst and Android
/// apps live in their containers and have no machine-wide directories. In an isolated
/// environment the machine's directories are folders of its root, `<root>/system/var/lib/A`.
struct SystemLayout: PlatformLayer {
  let environment: ProcessEnvironment
  let platformLayout: any PlatformLayout

  func base(_ kind: StandardDirectory) throws(DirectoryError) -> DirectoryResolution {
    guard let own = AppDirectory(scoping: kind) else { return try platformLayout.base(kind) }
    return try systemBase(own)
  }

  func place(_ kind: AppDirectory, name: String, organization: String?) throws(DirectoryError)
    -> AppPlacement
  {
    if case .shared = kind {
      // A group's container is where the platform keeps it, in either scope.
      return try platformLayout.place(kind, name: name, organization: organization)
    }
    let base = try systemBase(kind)
    guard environment.platform == .windows else { return AppPlacement(base, appending: name) }
    let folder: String? =
      switch kind {
      case .cache: "Cache"
      case .logs: "Logs"
      default: nil
      }
    return AppPlacement(base, appending: organization, name, folder, style: .windows)
  }

  /// The user's search lists without the machine's own directory, which comes first already.
  func searchBases(_ kind: AppDirectory) -> [DirectoryResolution] {
    let own = try? systemBase(kind).path
    return platformLayout.searchBases(kind).filter { $0.path != own }
  }

  /// The machine's folders that hold applications' directories, each once (`/var/lib`, `/etc`,
  /// `/var/cache`, `/var/log`, `/run` on Linux).
  var folders: [String] {
    var folders: [String] = []
    for kind in AppDirectory.ownKinds {
      guard let path = try? systemBase(kind).path, !folders.contains(path) else { continue }
      folders.append(path)
    }
    return folders
  }

  /// Whether `path` is one of the machine's folders of `platform` as it is spelled by default
  /// (`/var/lib`, `C:\ProgramData`): where a user who is not root or the service's cannot
  /// create an application's directory.
  static func isMachineFolder(_ path: String, on platform: OperatingSystem) -> Bool {
    let environment = ProcessEnvironment(variables: [:], platform: platform)
    return SystemLayout(
      environment: environment, platformLayout: XDGLayout(environment: environment)
    )
    .folders.contains(path)
  }

  /// The machine's folder that holds the application's directory of `kind`.
  private func systemBase(_ kind: AppDirectory) throws(DirectoryError) -> DirectoryResolution {
    let platform = environment.platform
    let relative: String
    switch (platform, kind) {
    case (.windows, .runtime), (.iOS, _), (.macCatalyst, _), (.android, _), (_, .shared):
      throw .unsupported(reason: .machineWide(kind, on: platform))
    case (.windows, _):
      return try WindowsLayout(environment: environment, roaming: false).folder(.programData)
    case (.macOS, .data), (.macOS, .config), (.macOS, .state):
      relative = "Library/Application Support"
    case (.macOS, .cache): relative = "Library/Caches"
    case (.macOS, .logs): relative = "Library/Logs"
    case (.macOS, .runtime), (.freeBSD, .runtime), (.openBSD, .runtime): relative = "var/run"
    case (_, .runtime): relative = "run"
    case (_, .data), (_, .state): relative = "var/lib"
    case (_, .config): relative = "etc"
    case (_, .cache): relative = "var/cache"
    case (_, .logs): relative = "var/log"
    }
    return DirectoryResolution(
      path: POSIXPath.join(environment.systemScopeRoot, relative), source: .default)
  }
}

extension StandardDirectories {
  /// Whether `path` is one of the machine's folders of this platform as it is spelled by
  /// default (`/var/lib`), whose fix for a user who may not write there is to run as root or
  /// as the service's user.
  package func isMachineFolder(_ path: String) -> Bool {
    SystemLayout.isMachineFolder(path, on: environment.platform)
  }
}
