/// The layout of macOS and of iOS (with iPadOS, tvOS, watchOS and visionOS), where `~` is the
/// app's container. Pure: it reads only the environment value. `XDG_*` variables play no part;
/// `DirectoryLayout.xdg` selects ``XDGLayout`` on macOS instead.
///
/// | kind | macOS | iOS |
/// |---|---|---|
/// | data, config, state | `~/Library/Application Support` (`/A`) | same |
/// | cache | `~/Library/Caches` (`/A`) | same |
/// | logs | `~/Library/Logs/A` | same |
/// | runtime | `$TMPDIR` or `/tmp` (`/A`) | `~/tmp` (`/A`) |
/// | library, fonts | `~/Library`, `~/Library/Fonts` | `~/Library`, unsupported |
/// | executables | `~/.local/bin` | unsupported |
/// | documents | `~/Documents` | `~/Documents` |
/// | downloads, desktop, music, pictures, videos, public | `~/Downloads` … `~/Movies`, `~/Public` | `~/Documents/Downloads` … |
/// | templates | unsupported | unsupported |
/// | temporary | `$TMPDIR` or `/tmp` | `$TMPDIR` or `~/tmp` |
/// | shared `G` | `containerURL(…)`, else `~/Library/Group Containers/G` | `containerURL(…)` only |
struct DarwinLayout: PlatformLayout {
  let environment: ProcessEnvironment
  /// Whether `~` is the app's container (iOS) rather than the user's home (macOS).
  let isContainer: Bool

  func base(_ kind: StandardDirectory) throws(DirectoryError) -> DirectoryResolution {
    switch kind {
    case .home: return try environment.homeResolution()
    case .data, .config, .state: return try home("Library/Application Support")
    case .cache: return try home("Library/Caches")
    case .library: return try home("Library")
    case .runtime where isContainer: return try home("tmp")
    case .runtime, .temporary: return try temporary()
    case .executables where !isContainer: return try home(".local/bin")
    case .fonts where !isContainer: return try home("Library/Fonts")
    case .documents: return try home("Documents")
    case .downloads: return try userFolder("Downloads")
    case .desktop: return try userFolder("Desktop")
    case .music: return try userFolder("Music")
    case .pictures: return try userFolder("Pictures")
    case .videos: return try userFolder("Movies")
    case .publicShare: return try userFolder("Public")
    case .executables, .fonts, .templates:
      throw .unsupported(reason: .directory(kind, on: environment.platform))
    }
  }

  func app(_ kind: AppDirectory, name: String, organization: String?) throws(DirectoryError)
    -> DirectoryResolution
  {
    switch kind {
    case .data, .config, .state, .cache, .runtime:
      return try base(kind.base!).appending(name)
    case .logs: return try home("Library/Logs").appending(name)
    case .shared(let group):
      switch environment.groupContainers {
      case .paths(let paths):
        if let path = paths[group], POSIXPath.isAbsolute(path) {
          return DirectoryResolution(
            path: POSIXPath.normalize(path), source: .system("containerURL"))
        }
      case .directory(let directory):
        return DirectoryResolution(
          path: POSIXPath.join(POSIXPath.normalize(directory), group), source: .default)
      case .system:
        break
      }
      if isContainer { throw .unsupported(reason: .appGroupNotEntitled(group: group)) }
      return try home("Library/Group Containers").appending(group)
    }
  }

  /// On macOS the local domain's `/Library/Application Support` follows the user's own, as in
  /// `FileManager.urls(for:in: .allDomainsMask)`; an iOS app searches only its container.
  func searchBases(_ kind: AppDirectory) -> [DirectoryResolution] {
    guard !isContainer, kind == .data || kind == .config, environment.searchesSystemDirectories
    else { return [] }
    return [DirectoryResolution(path: "/Library/Application Support", source: .default)]
  }

  private func home(_ relative: String) throws(DirectoryError) -> DirectoryResolution {
    try environment.inHome(relative)
  }

  /// A user folder: in the home on macOS, inside `Documents` in an iOS container, the one
  /// place there that the user sees (in Files) and the app may write.
  private func userFolder(_ name: String) throws(DirectoryError) -> DirectoryResolution {
    try home(isContainer ? "Documents/\(name)" : name)
  }

  /// `$TMPDIR` when it is absolute, else `/tmp` on macOS and `~/tmp` in an iOS container.
  private func temporary() throws(DirectoryError) -> DirectoryResolution {
    try environment.temporaryDirectory { () throws(DirectoryError) in
      isContainer ? try home("tmp") : DirectoryResolution(path: "/tmp", source: .default)
    }
  }
}
