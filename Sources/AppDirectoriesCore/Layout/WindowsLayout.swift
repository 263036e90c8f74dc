// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

/// The Windows layout: Known Folders, with an organization folder only when one is given.
/// Pure: it reads only the environment value (the Known Folders captured from
/// `SHGetKnownFolderPath`, then `APPDATA`, `LOCALAPPDATA`, `USERPROFILE`, `PUBLIC`).
///
/// | kind | base | with app `A` (and organization `O`) |
/// |---|---|---|
/// | home | Profile, `%USERPROFILE%` | — |
/// | data, config | LocalAppData, `%LOCALAPPDATA%` | `%LOCALAPPDATA%\O\A`; with `roaming`, `%APPDATA%\O\A` |
/// | library | RoamingAppData, `%APPDATA%` | — |
/// | cache | LocalAppData, `%LOCALAPPDATA%` | `%LOCALAPPDATA%\O\A\Cache` |
/// | state | LocalAppData | `%LOCALAPPDATA%\O\A` |
/// | logs | — | `%LOCALAPPDATA%\O\A\Logs` |
/// | runtime | `%LOCALAPPDATA%\Temp` | `%LOCALAPPDATA%\Temp\O\A` |
/// | executables | `%LOCALAPPDATA%\Programs` | — |
/// | fonts | `%LOCALAPPDATA%\Microsoft\Windows\Fonts` | — |
/// | applications | `%APPDATA%\Microsoft\Windows\Start Menu\Programs` | — |
/// | documents … public | their Known Folders, else `%USERPROFILE%\Documents` … | — |
/// | projects | `%USERPROFILE%\Projects` | — |
/// | temporary | `%TMP%`, `%TEMP%`, else `%LOCALAPPDATA%\Temp` | — |
/// | shared `G` | — | `%LOCALAPPDATA%\Group Containers\G` |
///
/// Data and config are in LocalAppData, as Foundation's Application Support and platformdirs
/// have them and as Microsoft advises for all but small settings that follow the user;
/// `roaming` puts an application's data and config in RoamingAppData.
struct WindowsLayout: PlatformLayout {
  let environment: ProcessEnvironment
  /// Whether an application's data and config follow the user (RoamingAppData).
  let roaming: Bool

  func base(_ kind: StandardDirectory) throws(DirectoryError) -> DirectoryResolution {
    switch kind {
    case .home: return try folder(.profile)
    case .library: return try folder(.roamingAppData)
    case .data, .config, .cache, .state: return try folder(.localAppData)
    case .runtime: return try folder(.localAppData).appending(["Temp"], style: .windows)
    case .executables: return try folder(.localAppData).appending(["Programs"], style: .windows)
    case .fonts:
      return try folder(.localAppData).appending(
        ["Microsoft", "Windows", "Fonts"], style: .windows)
    case .applications:
      // FOLDERID_Programs: the Start menu's Programs, in the roaming profile.
      return try folder(.roamingAppData).appending(
        ["Microsoft", "Windows", "Start Menu", "Programs"], style: .windows)
    case .documents: return try folder(.documents)
    case .downloads: return try folder(.downloads)
    case .desktop: return try folder(.desktop)
    case .music: return try folder(.music)
    case .pictures: return try folder(.pictures)
    case .videos: return try folder(.videos)
    case .templates: return try folder(.templates)
    case .publicShare: return try folder(.public)
    case .projects: return try folder(.profile).appending(["Projects"], style: .windows)
    case .temporary:
      var ignored: [IgnoredValue] = []
      for name in ["TMP", "TEMP"] {
        switch environment.pathVariable(name, windows: true) {
        case .path(let path):
          return DirectoryResolution(path: path, source: .variable(name), ignored: ignored)
        case .ignored(let why): ignored.append(why)
        }
      }
      return try folder(.localAppData).appending(["Temp"], style: .windows).passingOver(ignored)
    }
  }

  func place(_ kind: AppDirectory, name: String, organization: String?) throws(DirectoryError)
    -> AppPlacement
  {
    switch kind {
    case .data, .config:
      AppPlacement(
        try folder(roaming ? .roamingAppData : .localAppData), appending: organization, name,
        style: .windows)
    case .cache:
      AppPlacement(
        try folder(.localAppData), appending: organization, name, "Cache", style: .windows)
    case .state:
      AppPlacement(try folder(.localAppData), appending: organization, name, style: .windows)
    case .logs:
      AppPlacement(
        try folder(.localAppData), appending: organization, name, "Logs", style: .windows)
    case .runtime:
      AppPlacement(
        try folder(.localAppData), appending: "Temp", organization, name, style: .windows)
    case .shared(let group):
      if case .directory(let directory) = environment.groupContainers {
        AppPlacement(
          DirectoryResolution(path: WindowsPath.normalize(directory), source: .default),
          appending: group, style: .windows)
      } else {
        AppPlacement(
          try folder(.localAppData), appending: "Group Containers", group, style: .windows)
      }
    }
  }

  /// A Known Folder: what `SHGetKnownFolderPath` said, else its variable, else its default
  /// place relative to the profile.
  func folder(_ known: WindowsKnownFolder) throws(DirectoryError) -> DirectoryResolution {
    if let path = environment.knownFolders[known], WindowsPath.isAbsolute(path) {
      return DirectoryResolution(
        path: WindowsPath.normalize(path), source: .system("FOLDERID_\(known.rawValue)"))
    }
    var ignored: [IgnoredValue] = []
    if let name = known.variable {
      switch environment.pathVariable(name, windows: true) {
      case .path(let path): return DirectoryResolution(path: path, source: .variable(name))
      case .ignored(let why): ignored.append(why)
      }
    }
    let parent: DirectoryResolution
    let path: String
    switch known.fallback {
    case .none:
      throw .homeUnavailable(reason: .noWindowsProfile)
    case .inside(let folder, let components):
      parent = try self.folder(folder)
      path = WindowsPath.join(parent.path, components)
    case .besideProfile(let name):
      parent = try folder(.profile)
      path = WindowsPath.join(WindowsPath.parent(parent.path), [name])
    case .onSystemDrive(let name):
      // `%SystemDrive%` when it is a drive's name (`D:`), else Windows' own default.
      var drive = "C:"
      if let value = environment.variables["SystemDrive"], value.utf8.count == 2,
        value.hasSuffix(":"), let letter = value.first, letter.isASCII, letter.isLetter
      {
        drive = value
      }
      return DirectoryResolution(
        path: WindowsPath.join(drive + "\\", [name]), source: .default, ignored: ignored)
    }
    return DirectoryResolution(
      path: path, source: .default, ignored: ignored + parent.ignored, home: parent.home,
      extraWarnings: parent.extraWarnings)
  }
}
