// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

/// The directories that the service manager made for the unit the process runs in, laid over
/// a platform's table: systemd (240 and later, system and user units) passes them as
/// `:`-separated lists of absolute paths.
///
/// | kind | variable | unit setting |
/// |---|---|---|
/// | state | `STATE_DIRECTORY` | `StateDirectory=` |
/// | cache | `CACHE_DIRECTORY` | `CacheDirectory=` |
/// | logs | `LOGS_DIRECTORY` | `LogsDirectory=` |
/// | config | `CONFIGURATION_DIRECTORY` | `ConfigurationDirectory=` |
/// | runtime | `RUNTIME_DIRECTORY` | `RuntimeDirectory=` |
///
/// The application's directory of a kind is the first entry whose last component is the
/// application's name (`StateDirectory=exampleapp`); an entry for another name belongs to the
/// unit, not to this application (a child process of the service inherits the variables), and
/// is passed over, for `appdirs doctor` to name. An entry that is not absolute, has a `..`
/// component, or names a directory of the system or a base directory itself is passed over
/// with a warning. The directory is used as systemd made it, with the unit's owner and mode:
/// it carries no requirement, and a runtime directory from `RUNTIME_DIRECTORY` is not checked
/// for mode 0700 (systemd makes it 0755 by default, for the service's clients). Linux only;
/// pure, like every layout.
struct ServiceManagerDirectories: PlatformLayer {
  let environment: ProcessEnvironment
  /// The table the service manager's directories are laid over.
  let platformLayout: any PlatformLayout

  func place(_ kind: AppDirectory, name: String, organization: String?) throws(DirectoryError)
    -> AppPlacement
  {
    let (found, passedOver) = lookUp(kind, name: name)
    if let found { return found }
    return try platformLayout.place(kind, name: name, organization: organization)
      .passingOver(passedOver)
  }

  /// The service manager's directory of `kind` for the application `name`, or `nil`, with what
  /// was passed over on the way.
  func lookUp(_ kind: AppDirectory, name: String) -> (AppPlacement?, [IgnoredValue]) {
    guard environment.platform == .linux, let variable = Self.variable(of: kind) else {
      return (nil, [])
    }
    var passedOver: [IgnoredValue] = []
    var found: String? = nil
    // Every entry is looked at: those of the unit's other names, after the application's own
    // too, are each a note in `appdirs doctor`.
    for entry in entries(of: variable, passedOver: &passedOver) {
      let components = POSIXPath.components(entry)
      let isOwn = components.last.map(String.init) == name
      if found != nil {
        if !isOwn {
          passedOver.append(IgnoredValue(.variable(variable), .anotherApplication(entry)))
        }
        continue
      }
      // An entry that leaves its folder or names the system's own (`/var/lib`) is wrong
      // whatever its last component: a warning, not another name of the unit's.
      if components.contains("..") {
        passedOver.append(IgnoredValue(.variable(variable), .leavesItsParent(entry)))
      } else if isProtected(entry, kind: kind) {
        passedOver.append(IgnoredValue(.variable(variable), .protectedDirectory(entry)))
      } else if !isOwn {
        passedOver.append(IgnoredValue(.variable(variable), .anotherApplication(entry)))
      } else {
        found = POSIXPath.normalize(entry)
      }
    }
    guard let found else { return (nil, passedOver) }
    let resolution = DirectoryResolution(
      path: found, source: .variable(variable), ignored: passedOver)
    return (AppPlacement(resolution), [])
  }

  /// The entries of the variable, as given; an empty or relative one is passed over with a
  /// warning, and the whole variable in a setuid or setgid process, or outside the root of
  /// `appdirs sandbox`.
  private func entries(of variable: String, passedOver: inout [IgnoredValue]) -> [String] {
    guard let value = environment.variables[variable] else {
      if environment.undecodableVariables[variable] != nil {
        passedOver.append(IgnoredValue(.variable(variable), .notUTF8))
      }
      return []
    }
    if environment.isSecureExecution {
      passedOver.append(IgnoredValue(.variable(variable), .untrustedInSecureExecution))
      return []
    }
    if value.isEmpty { return [] }
    var entries: [String] = []
    for bytes in value.utf8.split(separator: UInt8(ascii: ":"), omittingEmptySubsequences: false) {
      let entry = String(Substring(bytes))
      guard POSIXPath.isAbsolute(entry), !entry.utf8.contains(0) else {
        passedOver.append(IgnoredValue(.variable(variable), .notAbsolute(entry)))
        continue
      }
      if let root = environment.sandboxRoot,
        !POSIXPath.isInside(POSIXPath.normalize(entry), root)
      {
        passedOver.append(IgnoredValue(.variable(variable), .outsideIsolationRoot(root)))
        continue
      }
      entries.append(entry)
    }
    return entries
  }

  /// Whether `path` is a directory that is no application's own: one of the system's, the
  /// home, or the base directory of the kind.
  private func isProtected(_ path: String, kind: AppDirectory) -> Bool {
    let path = POSIXPath.normalize(path)
    if Self.systemDirectories.contains(path) { return true }
    if let home = try? environment.resolveHome(), home.path == path { return true }
    if let base = kind.base, let resolution = try? platformLayout.base(base),
      resolution.path == path
    {
      return true
    }
    return false
  }

  /// The directories of the system, which no entry may name.
  static let systemDirectories = Set(
    SystemDirectories.protectedParents + SystemDirectories.trees
      + SystemDirectories.serviceParents)

  /// The variable of each kind that systemd sets; none for data and shared containers.
  static func variable(of kind: AppDirectory) -> String? {
    switch kind {
    case .state: "STATE_DIRECTORY"
    case .cache: "CACHE_DIRECTORY"
    case .logs: "LOGS_DIRECTORY"
    case .config: "CONFIGURATION_DIRECTORY"
    case .runtime: "RUNTIME_DIRECTORY"
    case .data, .shared: nil
    }
  }

  /// The unit's setting behind a variable, as a message names it: `StateDirectory=`.
  static func setting(of variable: String) -> String {
    switch variable {
    case "STATE_DIRECTORY": "StateDirectory="
    case "CACHE_DIRECTORY": "CacheDirectory="
    case "LOGS_DIRECTORY": "LogsDirectory="
    case "CONFIGURATION_DIRECTORY": "ConfigurationDirectory="
    default: "RuntimeDirectory="
    }
  }

  /// Every variable, for the capture.
  static let variables = [
    "STATE_DIRECTORY", "CACHE_DIRECTORY", "LOGS_DIRECTORY", "CONFIGURATION_DIRECTORY",
    "RUNTIME_DIRECTORY",
  ]
}

extension AppDirectories {
  /// The unit's setting behind one of the service manager's variables, as messages name it:
  /// `StateDirectory=` for `STATE_DIRECTORY`.
  package static func serviceManagerSetting(of variable: String) -> String {
    ServiceManagerDirectories.setting(of: variable)
  }

  /// Whether `source` is one of the service manager's variables (`STATE_DIRECTORY`): a
  /// directory it made for the unit, in the machine's folders (`/etc/A` for
  /// `ConfigurationDirectory=A`), which the proof before a removal lets be the application's.
  package static func isServiceManagers(_ source: DirectorySource) -> Bool {
    guard case .variable(let name) = source else { return false }
    return ServiceManagerDirectories.variables.contains(name)
  }
}
