// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

/// The user's choice on macOS (``DirectoryLayout/xdgWhereSet``): each `XDG_*_HOME` variable
/// the user set to an absolute path decides its kind by the XDG rules, and the native rules
/// decide the rest. Pure, as the two layouts it is made of.
///
/// | kind | `XDG_*_HOME` set | unset, empty, or ignored with a warning |
/// |---|---|---|
/// | data (`/A`) | `$XDG_DATA_HOME` (`/A`) | `~/Library/Application Support` (`/A`) |
/// | config (`/A`) | `$XDG_CONFIG_HOME` (`/A`) | `~/Library/Application Support` (`/A`) |
/// | cache (`/A`) | `$XDG_CACHE_HOME` (`/A`) | `~/Library/Caches` (`/A`) |
/// | state (`/A`) | `$XDG_STATE_HOME` (`/A`) | `~/Library/Application Support` (`/A`) |
/// | logs | `$XDG_STATE_HOME/A/log` | `~/Library/Logs/A` |
/// | executables | `$XDG_BIN_HOME` | `~/.local/bin` |
/// | every other kind | — | as ``DirectoryLayout/native`` |
struct XDGWhereSetLayout: PlatformLayout {
  let environment: ProcessEnvironment

  private var native: DarwinLayout { DarwinLayout(environment: environment) }
  private var xdg: XDGLayout { XDGLayout(environment: environment) }

  /// The variable that decides `kind` under the XDG rules, for the kinds the user can set.
  private static func variable(for kind: StandardDirectory) -> String? {
    switch kind {
    case .data: "XDG_DATA_HOME"
    case .config: "XDG_CONFIG_HOME"
    case .cache: "XDG_CACHE_HOME"
    case .state: "XDG_STATE_HOME"
    case .executables: "XDG_BIN_HOME"
    default: nil
    }
  }

  /// Whether the user set the variable for `kind` to a usable path; a value that was set but
  /// is ignored (relative, not UTF-8) is returned to be told as a warning.
  private func choice(_ kind: StandardDirectory) -> (isSet: Bool, ignored: [IgnoredValue]) {
    guard let name = Self.variable(for: kind) else { return (false, []) }
    switch environment.pathVariable(name) {
    case .path: return (true, [])
    case .ignored(let why) where why.warning != nil: return (false, [why])
    case .ignored: return (false, [])
    }
  }

  func base(_ kind: StandardDirectory) throws(DirectoryError) -> DirectoryResolution {
    let (isSet, ignored) = choice(kind)
    if isSet { return try xdg.base(kind) }
    return try native.base(kind).passingOver(ignored)
  }

  func place(_ kind: AppDirectory, name: String, organization: String?) throws(DirectoryError)
    -> AppPlacement
  {
    let decidingBase: StandardDirectory? =
      switch kind.placement {
      case .inBase(let base): base
      case .logs: .state
      case .shared: nil
      }
    guard let decidingBase else {
      return try native.place(kind, name: name, organization: organization)
    }
    let (isSet, ignored) = choice(decidingBase)
    if isSet { return try xdg.place(kind, name: name, organization: organization) }
    return try native.place(kind, name: name, organization: organization).passingOver(ignored)
  }

  func searchBases(_ kind: AppDirectory) -> [DirectoryResolution] { native.searchBases(kind) }
}
