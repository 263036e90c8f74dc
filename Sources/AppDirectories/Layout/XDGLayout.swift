/// The XDG Base Directory layout of Linux, FreeBSD and OpenBSD (and of macOS with
/// `Layout.xdg`). Pure: it reads only the environment value and the parsed `user-dirs.dirs`.
///
/// | kind | base | with app `A` |
/// |---|---|---|
/// | data, library | `$XDG_DATA_HOME` or `~/.local/share` | `<data>/A` |
/// | config | `$XDG_CONFIG_HOME` or `~/.config` | `<config>/A` |
/// | cache | `$XDG_CACHE_HOME` or `~/.cache` | `<cache>/A` |
/// | state | `$XDG_STATE_HOME` or `~/.local/state` | `<state>/A` |
/// | logs | — | `<state>/A/log` |
/// | runtime | `$XDG_RUNTIME_DIR` if safe, else `<tmp>/runtime-<uid>` | `<runtime>/A` |
/// | executables | `~/.local/bin` | — |
/// | fonts | `<data>/fonts` | — |
/// | documents … public | `user-dirs.dirs`, else `~/Documents` … | — |
/// | temporary | `$TMPDIR` or `/tmp` | — |
/// | shared `G` | — | `<data>/group-containers/G` |
struct XDGLayout: PlatformLayout {
  let environment: ProcessEnvironment

  func base(_ kind: StandardDirectory, userDirectories: UserDirectories?) throws(DirectoryError)
    -> DirectoryResolution
  {
    switch kind {
    case .home: return try environment.resolveHome()
    case .data, .library: return try variable("XDG_DATA_HOME", orHome: ".local/share")
    case .config: return try variable("XDG_CONFIG_HOME", orHome: ".config")
    case .cache: return try variable("XDG_CACHE_HOME", orHome: ".cache")
    case .state: return try variable("XDG_STATE_HOME", orHome: ".local/state")
    case .executables:
      let home = try environment.resolveHome()
      return DirectoryResolution(
        path: PathNormalization.join(home.path, ".local/bin"), source: .default,
        warnings: home.warnings)
    case .fonts: return try variable("XDG_DATA_HOME", orHome: ".local/share").appending("fonts")
    case .temporary:
      var warnings: [DirectoryWarning] = []
      return environment.temporaryDirectory(warnings: &warnings)
    case .runtime: return runtime()
    case .documents, .downloads, .desktop, .music, .pictures, .videos, .templates, .publicShare:
      return try userDirectory(UserDirectories.Key(kind)!, parsed: userDirectories)
    }
  }

  func app(_ kind: AppDirectory, name: String, organization: String?) throws(DirectoryError)
    -> DirectoryResolution
  {
    switch kind {
    case .data, .config, .cache, .state, .runtime:
      return try base(kind.baseKind!, userDirectories: nil).appending(name)
    case .logs:
      return try variable("XDG_STATE_HOME", orHome: ".local/state").appending(name)
        .appending("log")
    case .shared(let group):
      return try variable("XDG_DATA_HOME", orHome: ".local/share").appending("group-containers")
        .appending(group)
    }
  }

  func searchBases(_ kind: AppDirectory) -> [DirectoryResolution] {
    let (name, defaults): (String, [String])
    switch kind {
    case .data: (name, defaults) = ("XDG_DATA_DIRS", ["/usr/local/share", "/usr/share"])
    case .config: (name, defaults) = ("XDG_CONFIG_DIRS", ["/etc/xdg"])
    default: return []
    }
    var warnings: [DirectoryWarning] = []
    let entries = environment.absolutePathList(name, warnings: &warnings)
    if entries.isEmpty {
      return defaults.map { DirectoryResolution(path: $0, source: .default, warnings: warnings) }
    }
    return entries.map {
      DirectoryResolution(path: $0, source: .variable(name), warnings: warnings)
    }
  }

  func variable(_ name: String, orHome defaultPath: String) throws(DirectoryError)
    -> DirectoryResolution
  {
    var warnings: [DirectoryWarning] = []
    if let path = environment.absolutePath(name, warnings: &warnings) {
      return DirectoryResolution(path: path, source: .variable(name), warnings: warnings)
    }
    let home = try environment.resolveHome()
    return DirectoryResolution(
      path: PathNormalization.join(home.path, defaultPath), source: .default,
      warnings: warnings + home.warnings)
  }

  private func userDirectory(_ key: UserDirectories.Key, parsed: UserDirectories?)
    throws(DirectoryError) -> DirectoryResolution
  {
    let warnings = parsed?.warnings ?? []
    if let path = parsed?.paths[key] {
      return DirectoryResolution(path: path, source: .userDirectoriesFile, warnings: warnings)
    }
    let home = try environment.resolveHome()
    return DirectoryResolution(
      path: PathNormalization.join(home.path, key.defaultFolder), source: .default,
      warnings: warnings + home.warnings)
  }

  /// The runtime directory to check: `$XDG_RUNTIME_DIR` when it is absolute, with the fallback
  /// `<tmp>/runtime-<uid>` to use if the check fails.
  private func runtime() -> DirectoryResolution {
    var warnings: [DirectoryWarning] = []
    let temporary = environment.temporaryDirectory(warnings: &warnings)
    let fallback = PathNormalization.join(
      temporary.path, "runtime-\(environment.effectiveUserID)")
    if let path = environment.absolutePath("XDG_RUNTIME_DIR", warnings: &warnings) {
      return DirectoryResolution(
        path: path, source: .variable("XDG_RUNTIME_DIR"), warnings: warnings,
        runtimeCheck: .verify(fallback: fallback))
    }
    let value = environment.variables["XDG_RUNTIME_DIR"] ?? ""
    let reason =
      value.isEmpty
      ? "XDG_RUNTIME_DIR is not set"
      : environment.isSecureExecution
        ? "XDG_RUNTIME_DIR is not trusted in a setuid or setgid process"
        : "XDG_RUNTIME_DIR is not usable"
    return DirectoryResolution(
      path: fallback, source: .fallback,
      warnings: warnings + [RuntimeDirectoryCheck.fallbackWarning(reason, fallback: fallback)],
      runtimeCheck: .createFallback)
  }
}
