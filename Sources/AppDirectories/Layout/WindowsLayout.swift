/// The Windows layout: Known Folders, with an organization folder only when one is given.
/// Pure: it reads only the environment value (the Known Folders captured from
/// `SHGetKnownFolderPath`, then `APPDATA`, `LOCALAPPDATA`, `USERPROFILE`, `PUBLIC`).
///
/// | kind | base | with app `A` (and organization `O`) |
/// |---|---|---|
/// | home | Profile, `%USERPROFILE%` | — |
/// | data, config, library | RoamingAppData, `%APPDATA%` | `%APPDATA%\O\A` |
/// | cache | LocalAppData, `%LOCALAPPDATA%` | `%LOCALAPPDATA%\O\A\Cache` |
/// | state | LocalAppData | `%LOCALAPPDATA%\O\A` |
/// | logs | — | `%LOCALAPPDATA%\O\A\Logs` |
/// | runtime | `%LOCALAPPDATA%\Temp` | `%LOCALAPPDATA%\Temp\O\A` |
/// | executables | `%LOCALAPPDATA%\Programs` | — |
/// | fonts | `%LOCALAPPDATA%\Microsoft\Windows\Fonts` | — |
/// | documents … public | their Known Folders, else `%USERPROFILE%\Documents` … | — |
/// | temporary | `%TMP%`, `%TEMP%`, else `%LOCALAPPDATA%\Temp` | — |
/// | shared `G` | — | `%LOCALAPPDATA%\Group Containers\G` |
struct WindowsLayout: PlatformLayout {
  let environment: ProcessEnvironment

  func base(_ kind: StandardDirectory, userDirectories: UserDirectories?) throws(DirectoryError)
    -> DirectoryResolution
  {
    switch kind {
    case .home: return try folder(.profile)
    case .data, .config, .library: return try folder(.roamingAppData)
    case .cache, .state: return try folder(.localAppData)
    case .runtime: return try folder(.localAppData).appendingWindows("Temp")
    case .executables: return try folder(.localAppData).appendingWindows("Programs")
    case .fonts: return try folder(.localAppData).appendingWindows("Microsoft", "Windows", "Fonts")
    case .documents: return try folder(.documents)
    case .downloads: return try folder(.downloads)
    case .desktop: return try folder(.desktop)
    case .music: return try folder(.music)
    case .pictures: return try folder(.pictures)
    case .videos: return try folder(.videos)
    case .templates: return try folder(.templates)
    case .publicShare: return try folder(.public)
    case .temporary:
      var warnings: [DirectoryWarning] = []
      for name in ["TMP", "TEMP"] {
        if let path = environment.absolutePath(name, windows: true, warnings: &warnings) {
          return DirectoryResolution(path: path, source: .variable(name), warnings: warnings)
        }
      }
      let local = try folder(.localAppData).appendingWindows("Temp")
      return DirectoryResolution(
        path: local.path, source: local.source, warnings: warnings + local.warnings)
    }
  }

  func app(_ kind: AppDirectory, name: String, organization: String?) throws(DirectoryError)
    -> DirectoryResolution
  {
    switch kind {
    case .data, .config: try folder(.roamingAppData).appendingWindows(organization, name)
    case .cache: try folder(.localAppData).appendingWindows(organization, name, "Cache")
    case .state: try folder(.localAppData).appendingWindows(organization, name)
    case .logs: try folder(.localAppData).appendingWindows(organization, name, "Logs")
    case .runtime: try folder(.localAppData).appendingWindows("Temp", organization, name)
    case .shared(let group): try folder(.localAppData).appendingWindows("Group Containers", group)
    }
  }

  /// A Known Folder: what `SHGetKnownFolderPath` said, else its variable, else its default
  /// place relative to the profile.
  func folder(_ known: WindowsKnownFolder) throws(DirectoryError) -> DirectoryResolution {
    if let path = environment.knownFolders[known], WindowsPath.isAbsolute(path) {
      return DirectoryResolution(
        path: WindowsPath.normalize(path), source: .system("FOLDERID_\(known.rawValue)"))
    }
    var warnings: [DirectoryWarning] = []
    if let name = known.variable,
      let path = environment.absolutePath(name, windows: true, warnings: &warnings)
    {
      return DirectoryResolution(path: path, source: .variable(name), warnings: warnings)
    }
    let fallback: DirectoryResolution
    switch known.fallback {
    case .none:
      throw .homeUnavailable(
        reason: "the Profile known folder is unavailable and USERPROFILE is unset or relative")
    case .inside(let parent, let components):
      fallback = try folder(parent)
      return DirectoryResolution(
        path: WindowsPath.join(fallback.path, components), source: .default,
        warnings: warnings + fallback.warnings)
    case .besideProfile(let name):
      fallback = try folder(.profile)
      return DirectoryResolution(
        path: WindowsPath.join(WindowsPath.parent(fallback.path), [name]), source: .default,
        warnings: warnings + fallback.warnings)
    }
  }
}
