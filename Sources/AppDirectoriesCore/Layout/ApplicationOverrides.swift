// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

/// The per-application overrides: the variables named with an application's own prefix, such
/// as `EXAMPLEAPP_CACHE_DIR` and `EXAMPLEAPP_HOME`, laid over a platform's table.
///
/// | kind | 1. its own variable | 2. `P_HOME` | 3. |
/// |---|---|---|---|
/// | data | `P_DATA_DIR` | `$P_HOME/data` | the platform's rule |
/// | config | `P_CONFIG_DIR` | `$P_HOME/config` | the platform's rule |
/// | cache | `P_CACHE_DIR` | `$P_HOME/cache` | the platform's rule |
/// | state | `P_STATE_DIR` | `$P_HOME/state` | the platform's rule |
/// | logs | `P_LOG_DIR` | `$P_HOME/logs` | the platform's rule |
/// | runtime | `P_RUNTIME_DIR` | `$P_HOME/runtime` | the platform's rule |
///
/// A variable is used when it is set, not empty and absolute; it names the application's
/// directory itself, so nothing is appended. A relative value is passed over with a warning, an
/// empty one silently, and in a setuid or setgid process every one is distrusted, as `XDG_*`
/// is. An overridden runtime directory must be private like the fallback: created 0700 when
/// missing, and refused, never replaced, when it is not. Base directories, group containers and
/// the system search directories are the platform's. Pure, like every layout.
struct ApplicationOverrides: PlatformLayer {
  /// The prefix, already checked.
  let prefix: String
  let environment: ProcessEnvironment
  /// The table the overrides are laid over.
  let platformLayout: any PlatformLayout

  func place(_ kind: AppDirectory, name: String, organization: String?) throws(DirectoryError)
    -> AppPlacement
  {
    guard let (variable, folder) = Self.names(of: kind) else {
      return try platformLayout.place(kind, name: name, organization: organization)
    }
    let style = environment.platform.pathStyle
    let own = "\(prefix)_\(variable)_DIR"
    let home = "\(prefix)_HOME"
    var passedOver: [IgnoredValue] = []
    switch environment.pathVariable(own, windows: style == .windows, isOverride: true) {
    case .path(let path): return AppPlacement(overridden(kind, path: path, source: own))
    case .ignored(let why): passedOver.append(why)
    }
    // The service manager's directory comes next, before P_HOME.
    var inner = platformLayout
    if let service = platformLayout as? ServiceManagerDirectories {
      let (found, ignored) = service.lookUp(kind, name: name)
      if let found { return found.passingOver(passedOver) }
      passedOver += ignored
      inner = service.platformLayout
    }
    switch environment.pathVariable(home, windows: style == .windows, isOverride: true) {
    case .path(let path):
      // The requirement is on the directory itself, so it is made with the folder appended.
      let resolution = overridden(
        kind, path: style.join(path, folder), source: home, passedOver: passedOver)
      return AppPlacement(resolution, appended: [folder])
    case .ignored(let why): passedOver.append(why)
    }
    return try inner.place(kind, name: name, organization: organization)
      .passingOver(passedOver)
  }

  /// An overridden directory; a runtime directory must be private, with no fallback.
  private func overridden(
    _ kind: AppDirectory, path: String, source: String, passedOver: [IgnoredValue] = []
  ) -> DirectoryResolution {
    let requirement: DirectoryRequirement? =
      kind == .runtime
      ? .privateDirectory(base: path, createsIfMissing: true, otherwise: nil) : nil
    return DirectoryResolution(
      path: path, source: .variable(source), ignored: passedOver, requirement: requirement)
  }

  /// Every variable of the overrides with this prefix.
  static func variableNames(prefix: String) -> [String] {
    AppDirectory.ownKinds.compactMap { names(of: $0).map { "\(prefix)_\($0.variable)_DIR" } }
      + ["\(prefix)_HOME"]
  }

  /// The kind's word in its own variable and its folder under `P_HOME`; `nil` for a group
  /// container, which is shared and never overridden by one application.
  static func names(of kind: AppDirectory) -> (variable: String, folder: String)? {
    switch kind {
    case .data: ("DATA", "data")
    case .config: ("CONFIG", "config")
    case .cache: ("CACHE", "cache")
    case .state: ("STATE", "state")
    case .logs: ("LOG", "logs")
    case .runtime: ("RUNTIME", "runtime")
    case .shared: nil
    }
  }

  /// Why `prefix` cannot name an application's variables, or `nil` when it can: it must be
  /// `[A-Z][A-Z0-9_]*`, at most 64 bytes, and not `XDG`, whose variables are the base
  /// directories'.
  static func problem(withPrefix prefix: String) -> NameProblem? {
    guard let first = prefix.utf8.first else { return .emptyEnvironmentPrefix }
    if prefix.utf8.count > 64 { return .environmentPrefixTooLong(bytes: prefix.utf8.count) }
    guard (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(first) else {
      return .environmentPrefixStart
    }
    for byte in prefix.utf8 {
      let allowed =
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
        || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "_")
      if !allowed { return .environmentPrefixCharacters }
    }
    if prefix == "XDG" { return .environmentPrefixXDG }
    return nil
  }
}
