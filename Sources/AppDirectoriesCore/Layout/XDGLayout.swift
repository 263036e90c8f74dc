// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

/// The XDG Base Directory layout of Linux, FreeBSD and OpenBSD (and of macOS with
/// `DirectoryLayout.xdg`). Pure: it reads only the environment value, `user-dirs.dirs`
/// included.
///
/// | kind | base | with app `A` |
/// |---|---|---|
/// | data, library | `$XDG_DATA_HOME` or `~/.local/share` (in a Snap `$SNAP_USER_COMMON/.local/share`) | `<data>/A` |
/// | config | `$XDG_CONFIG_HOME` or `~/.config` | `<config>/A` |
/// | cache | `$XDG_CACHE_HOME` or `~/.cache` (in a Snap `$SNAP_USER_COMMON/.cache`) | `<cache>/A` |
/// | state | `$XDG_STATE_HOME` or `~/.local/state` | `<state>/A` |
/// | logs | — | `<state>/A/log` |
/// | runtime | `$XDG_RUNTIME_DIR` if private, else `<tmp>/runtime-<uid>` | `<runtime>/A` |
/// | executables | `$XDG_BIN_HOME` or `~/.local/bin` | — |
/// | fonts | `<data>/fonts` | — |
/// | applications | `<data>/applications` (where `.desktop` files go) | — |
/// | documents … public, projects | `user-dirs.dirs`, else `$XDG_DOCUMENTS_DIR` …, else `~/Documents` … | — |
/// | temporary | `$TMPDIR` or `/tmp` | — |
/// | shared `G` | — | `<data>/group-containers/G` |
struct XDGLayout: PlatformLayout {
  let environment: ProcessEnvironment

  func base(_ kind: StandardDirectory) throws(DirectoryError) -> DirectoryResolution {
    switch kind {
    case .home: return try environment.homeResolution()
    case .data, .library: return try variable("XDG_DATA_HOME", orHome: ".local/share")
    case .config: return try variable("XDG_CONFIG_HOME", orHome: ".config")
    case .cache: return try variable("XDG_CACHE_HOME", orHome: ".cache")
    case .state: return try variable("XDG_STATE_HOME", orHome: ".local/state")
    case .executables: return try variable("XDG_BIN_HOME", orHome: ".local/bin")
    case .fonts: return try base(.data).appending("fonts")
    case .applications: return try base(.data).appending("applications")
    case .temporary: return try temporary()
    case .runtime: return try runtime()
    case .documents, .downloads, .desktop, .music, .pictures, .videos, .templates, .publicShare,
      .projects:
      return try userDirectory(kind)
    }
  }

  func place(_ kind: AppDirectory, name: String, organization: String?) throws(DirectoryError)
    -> AppPlacement
  {
    switch kind.placement {
    case .inBase(let base): AppPlacement(try self.base(base), appending: name)
    case .logs: AppPlacement(try base(.state), appending: name, "log")
    case .shared(let group): AppPlacement(try base(.data), appending: "group-containers", group)
    }
  }

  func searchBases(_ kind: AppDirectory) -> [DirectoryResolution] {
    guard environment.searchesSystemDirectories else { return [] }
    let (name, defaults): (String, [String])
    switch kind {
    case .data: (name, defaults) = ("XDG_DATA_DIRS", ["/usr/local/share", "/usr/share"])
    case .config: (name, defaults) = ("XDG_CONFIG_DIRS", ["/etc/xdg"])
    default: return []
    }
    let (entries, warnings) = environment.pathList(name)
    let source: DirectorySource = entries.isEmpty ? .default : .variable(name)
    // The list's warnings go with its first entry only, so that each is told once.
    return (entries.isEmpty ? defaults : entries).enumerated().map { index, path in
      DirectoryResolution(path: path, source: source, extraWarnings: index == 0 ? warnings : [])
    }
  }

  /// `<config>/user-dirs.dirs`, worked out without building a resolution: it is asked on every
  /// lookup of a user folder.
  private func variable(_ name: String, orHome defaultPath: String) throws(DirectoryError)
    -> DirectoryResolution
  {
    switch environment.pathVariable(name) {
    case .path(let path): return DirectoryResolution(path: path, source: .variable(name))
    case .ignored(let why):
      if let common = snapCommon(for: name) {
        // A strict Snap's HOME is per revision; its common folder is kept across them.
        return DirectoryResolution(
          path: POSIXPath.join(common, defaultPath), source: .variable("SNAP_USER_COMMON"),
          ignored: [why])
      }
      return try environment.inHome(defaultPath, ignored: [why])
    }
  }

  /// `SNAP_USER_COMMON` inside a Snap, for the data and cache defaults, when it is absolute.
  private func snapCommon(for variable: String) -> String? {
    guard environment.declaredSandbox == .snap,
      variable == "XDG_DATA_HOME" || variable == "XDG_CACHE_HOME",
      case .path(let common) = environment.pathVariable("SNAP_USER_COMMON")
    else { return nil }
    return common
  }

  private func temporary() throws(DirectoryError) -> DirectoryResolution {
    try environment.temporaryDirectory { () throws(DirectoryError) in
      DirectoryResolution(path: "/tmp", source: .default)
    }
  }

  /// `$XDG_RUNTIME_DIR` when it is absolute, to be checked on the file system; then the login
  /// session's directory (`/run/user/<uid>`) when the environment names one, checked and never
  /// created; then the fallback `<tmp>/runtime-<uid>`. Each gives way to the next when the
  /// check fails.
  private func runtime() throws(DirectoryError) -> DirectoryResolution {
    let temporary = try temporary()
    let fallbackPath = POSIXPath.join(temporary.path, "runtime-\(environment.effectiveUserID)")
    let fallbackRequirement = DirectoryRequirement.privateDirectory(
      base: fallbackPath, createsIfMissing: true, otherwise: nil)
    let fallback = DirectoryResolution(
      path: fallbackPath, source: .fallback, extraWarnings: temporary.warnings,
      requirement: fallbackRequirement)
    let sessionPath = environment.loginSessionRuntimeDirectory
    /// The login session's directory, reached for the reasons in `ignored`.
    func session(_ path: String, ignored: [IgnoredValue] = [], warnings: [DirectoryWarning] = [])
      -> DirectoryResolution
    {
      DirectoryResolution(
        path: path, source: .loginSession, ignored: ignored, extraWarnings: warnings,
        requirement: .privateDirectory(base: path, createsIfMissing: false, otherwise: fallback))
    }
    switch environment.pathVariable("XDG_RUNTIME_DIR") {
    case .path(let path):
      // An isolated environment's runtime directory is its own, made when first needed.
      return DirectoryResolution(
        path: path, source: .variable("XDG_RUNTIME_DIR"),
        requirement: .privateDirectory(
          base: path, createsIfMissing: environment.createsRuntimeDirectory,
          otherwise: sessionPath.map { session($0) } ?? fallback))
    case .ignored(let why):
      // One warning for one cause: a value with a warning of its own (a relative path) is not
      // reported again as the reason for the directory used instead.
      let used = sessionPath ?? fallbackPath
      let fallbackWarning =
        why.warning == nil ? [DirectoryWarning.runtimeFallback(why, fallback: used)] : []
      if let sessionPath {
        return session(sessionPath, ignored: [why], warnings: fallbackWarning)
      }
      return DirectoryResolution(
        path: fallbackPath, source: .fallback, ignored: [why],
        extraWarnings: temporary.warnings + fallbackWarning, requirement: fallbackRequirement)
    }
  }

  /// A user folder: the key's last usable line of `user-dirs.dirs`, else `~/<Folder>`. Only
  /// the key's own lines are its warnings; lines that name no known folder are the file's
  /// (``userDirectoriesFile()``), reported by `appdirs doctor`, not by every folder.
  private func userDirectory(_ kind: StandardDirectory) throws(DirectoryError)
    -> DirectoryResolution
  {
    guard let key = UserDirectories.Key(kind) else {
      throw .unsupported(reason: .directory(kind, on: environment.platform))
    }
    // The home is needed only by what lies in it: an absolute line or variable needs none, as
    // platformdirs and xdg-user-dir resolve them for a user without one.
    let homeResult: Result<HomeDirectory, DirectoryError>
    do throws(DirectoryError) {
      homeResult = .success(try environment.resolveHome())
    } catch {
      homeResult = .failure(error)
    }
    let home = try? homeResult.get()
    /// The home for a path that lies in it, or `nil`.
    func holding(_ path: String) -> HomeDirectory? {
      home.flatMap { POSIXPath.isInside(path, $0.path) ? $0 : nil }
    }
    var ignored: [IgnoredValue] = []
    // Without a home, the file is found only through XDG_CONFIG_HOME.
    if let (file, parsed, fileProblem) = try? userDirectoriesFile(home: home) {
      let origin = IgnoredValue.Origin.userDirectoriesFile(path: file, key: key.rawValue)
      let entry = parsed?.entries[key]
      ignored = (entry?.problems ?? []).map { IgnoredValue(origin, $0) }
      if entry?.needsHome == true { _ = try homeResult.get() }
      if let path = entry?.path, let line = entry?.line {
        return DirectoryResolution(
          path: path, source: .userDirectoriesFile(path: file, line: line), ignored: ignored,
          home: holding(path))
      }
      if ignored.isEmpty { ignored = [IgnoredValue(origin, fileProblem ?? .noLine)] }
    }
    // No usable line: the folder's variable, as `xdg-user-dir` (which sources the file over
    // the environment) and platformdirs take it, before the default.
    let variable = "XDG_\(key.rawValue)_DIR"
    switch environment.pathVariable(variable) {
    case .path(let path):
      return DirectoryResolution(
        path: path, source: .variable(variable), ignored: ignored, home: holding(path))
    case .ignored(let why) where why.reason != .unset:
      ignored.append(why)
    case .ignored:
      break
    }
    let found = try homeResult.get()
    return DirectoryResolution(
      path: POSIXPath.join(found.path, key.defaultFolder), source: .default, ignored: ignored,
      home: found)
  }

  /// `user-dirs.dirs`: its path, what it says when it could be parsed, and otherwise why not.
  func userDirectoriesFile(home: HomeDirectory? = nil) throws(DirectoryError) -> (
    file: String, parsed: UserDirectories?, problem: IgnoredValue.Reason?
  ) {
    let read = environment.userDirectoriesRead
    let file: String
    if let path = read?.path { file = path } else { file = try environment.userDirectoriesPath() }
    /// The home `$HOME` expands to, `nil` when there is none.
    func homePath() -> String? {
      if let home { return home.path }
      return try? environment.resolveHome().path
    }
    switch environment.userDirectoriesFile {
    case .readFromDisk:
      // As the reader found it, parsed already; no reader has read it when there is none.
      guard let parsed = read?.parsed else {
        if let untrusted = read?.untrusted { return (file, nil, untrusted) }
        return (file, nil, read?.readError.map { .fileUnreadable($0) } ?? .fileMissing)
      }
      return (file, parsed, nil)
    case .contents(let text?):
      return (file, UserDirectories(parsing: text.utf8, home: homePath(), file: file), nil)
    case .bytes(let bytes?):
      return (file, UserDirectories(parsing: bytes, home: homePath(), file: file), nil)
    case .contents(nil), .bytes(nil):
      return (file, nil, .fileMissing)
    }
  }
}
