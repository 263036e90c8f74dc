// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

/// The layout of macOS, of Mac Catalyst and of iOS (with iPadOS, tvOS, watchOS and visionOS),
/// where `~` is the app's container when it has one. Pure: it reads only the environment value.
/// `XDG_*` variables play no part; `DirectoryLayout.xdg` selects ``XDGLayout`` on macOS instead.
///
/// | kind | macOS | Mac Catalyst | iOS |
/// |---|---|---|---|
/// | home | `CFFIXED_USER_HOME`, `NSHomeDirectory()`, `HOME` | same | same |
/// | data, config, state | `~/Library/Application Support` (`/A`) | same | same |
/// | cache | `~/Library/Caches` (`/A`) | same | same |
/// | logs | `~/Library/Logs/A` | same | same |
/// | runtime | the temporary directory (`/A`); `/var/tmp/runtime-<uid>` when it is the shared one | same | the temporary directory (`/A`) |
/// | library, fonts | `~/Library`, `~/Library/Fonts` | same | `~/Library`, unsupported |
/// | executables | `~/.local/bin` | unsupported | unsupported |
/// | documents | `~/Documents` | same | same |
/// | downloads, desktop, music, pictures, videos, public | `~/Downloads` … `~/Movies`, `~/Public` | same | `~/Documents/Downloads` … |
/// | templates | unsupported | unsupported | unsupported |
/// | projects | `~/Projects` | unsupported | unsupported |
/// | applications | `~/Applications` | unsupported | unsupported |
/// | temporary | `confstr(_CS_DARWIN_USER_TEMP_DIR)`, `$TMPDIR`, `/var/tmp` | same | `confstr(…)`, `$TMPDIR`, `~/tmp` |
/// | shared `G` | `containerURL(…)` when the app is entitled to `G` | `containerURL(…)` | `containerURL(…)` |
struct DarwinLayout: PlatformLayout {
  let environment: ProcessEnvironment

  /// Whether `~` is an iOS app's container, where the user sees only `Documents`.
  private var isIOS: Bool { environment.platform == .iOS }

  func base(_ kind: StandardDirectory) throws(DirectoryError) -> DirectoryResolution {
    switch kind {
    case .home: return try environment.homeResolution()
    case .data, .config, .state: return try home("Library/Application Support")
    case .cache: return try home("Library/Caches")
    case .library: return try home("Library")
    case .temporary: return try temporary()
    case .runtime: return try runtime()
    case .executables where environment.platform == .macOS: return try home(".local/bin")
    case .fonts where !isIOS: return try home("Library/Fonts")
    case .applications where environment.platform == .macOS: return try home("Applications")
    case .documents: return try home("Documents")
    case .downloads: return try userFolder("Downloads")
    case .desktop: return try userFolder("Desktop")
    case .music: return try userFolder("Music")
    case .pictures: return try userFolder("Pictures")
    case .videos: return try userFolder("Movies")
    case .publicShare: return try userFolder("Public")
    case .projects where environment.platform == .macOS: return try home("Projects")
    case .executables, .fonts, .applications, .templates, .projects:
      throw .unsupported(reason: .directory(kind, on: environment.platform))
    }
  }

  func place(_ kind: AppDirectory, name: String, organization: String?) throws(DirectoryError)
    -> AppPlacement
  {
    switch kind.placement {
    case .inBase(let base): return AppPlacement(try self.base(base), appending: name)
    case .logs: return AppPlacement(try home("Library/Logs"), appending: name)
    case .shared(let group):
      switch environment.groupContainers {
      case .paths(let paths):
        if let path = paths[group], POSIXPath.isAbsolute(path) {
          return AppPlacement(
            DirectoryResolution(
              path: POSIXPath.normalize(path), source: .system("containerURL"),
              extraWarnings: groupIdentifierWarnings(group)))
        }
      case .directory(let directory):
        return AppPlacement(
          DirectoryResolution(
            path: POSIXPath.normalize(directory), source: .default,
            extraWarnings: groupIdentifierWarnings(group)),
          appending: group)
      case .system:
        break
      }
      // No container from the system: on iOS `containerURL` said nil; on macOS and Mac
      // Catalyst, where it may answer for any group, the app is not entitled to this one (the
      // capture asks the code signature), and a folder made in its place would not be the
      // group's container.
      throw .unsupported(reason: .appGroupNotEntitled(group: group))
    }
  }

  /// Since macOS 15, a Mac app outside the Mac App Store whose group identifier starts with
  /// `group.` (the iOS form) makes the system ask the user for permission to access data from
  /// other apps, unless its provisioning profile authorizes the group; the Team ID form never
  /// asks. The container is still given: only the identifier and the platform decide.
  private func groupIdentifierWarnings(_ group: String) -> [DirectoryWarning] {
    guard environment.platform == .macOS, group.hasPrefix(NameValidation.groupPrefix) else {
      return []
    }
    let name = group.dropFirst(NameValidation.groupPrefix.count)
    return [
      DirectoryWarning(
        "the app group \(group) starts with group.: since macOS 15 the system asks the user for permission to access data from other apps when an app outside the Mac App Store uses it, unless the app's provisioning profile authorizes the group",
        suggestion:
          "Name the group with your Team ID instead (TEAMID.\(name), in the entitlement and here), or authorize \(group) in the app's provisioning profile."
      )
    ]
  }

  /// On macOS the local domain's `/Library/Application Support` follows the user's own, as in
  /// `FileManager.urls(for:in: .allDomainsMask)`; an app in a container searches only it.
  func searchBases(_ kind: AppDirectory) -> [DirectoryResolution] {
    guard environment.platform == .macOS, kind == .data || kind == .config,
      environment.searchesSystemDirectories
    else { return [] }
    return [DirectoryResolution(path: "/Library/Application Support", source: .default)]
  }

  private func home(_ relative: String) throws(DirectoryError) -> DirectoryResolution {
    try environment.inHome(relative)
  }

  /// A user folder: in the home on macOS and Mac Catalyst, inside `Documents` in an iOS
  /// container, the one place there that the user sees (in Files) and the app may write.
  private func userFolder(_ name: String) throws(DirectoryError) -> DirectoryResolution {
    try home(isIOS ? "Documents/\(name)" : name)
  }

  /// Foundation's rule: the user's own temporary directory that the system gives
  /// (`confstr(_CS_DARWIN_USER_TEMP_DIR)`, `/var/folders/…/T`), else `$TMPDIR`, else the shared
  /// `/var/tmp` (the last resort of `confstr` itself) on the Mac, and `~/tmp` in an iOS container.
  private func temporary() throws(DirectoryError) -> DirectoryResolution {
    try userTemporary { () throws(DirectoryError) in
      isIOS ? try home("tmp") : DirectoryResolution(path: Self.sharedTemporary, source: .default)
    }
  }

  /// The temporary directory, which is the user's own; where only the Mac's shared `/var/tmp`
  /// is left, the private `/var/tmp/runtime-<uid>`, created 0700 and checked like the XDG
  /// fallback.
  private func runtime() throws(DirectoryError) -> DirectoryResolution {
    try userTemporary { () throws(DirectoryError) in
      if isIOS { return try home("tmp") }
      let path = POSIXPath.join(Self.sharedTemporary, "runtime-\(environment.effectiveUserID)")
      return DirectoryResolution(
        path: path, source: .fallback,
        requirement: .privateDirectory(base: path, createsIfMissing: true, otherwise: nil))
    }
  }

  /// The system's per-user temporary directory, else `$TMPDIR`, else `fallback`.
  private func userTemporary(
    orElse fallback: () throws(DirectoryError) -> DirectoryResolution
  ) throws(DirectoryError) -> DirectoryResolution {
    if let system = environment.systemTemporaryDirectory, POSIXPath.isAbsolute(system) {
      return DirectoryResolution(
        path: POSIXPath.normalize(system), source: .system("confstr(_CS_DARWIN_USER_TEMP_DIR)"))
    }
    return try environment.temporaryDirectory(orElse: fallback)
  }

  /// The shared temporary directory of the Mac, used only when the system and `TMPDIR` give none.
  private static let sharedTemporary = "/var/tmp"
}
