// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

/// The rules every layout shares for reading paths from the environment value.
extension ProcessEnvironment {
  /// A path read from a variable, or the record of why the variable was passed over.
  enum VariablePath {
    case path(String)
    case ignored(IgnoredValue)
  }

  /// Whether a variable is ignored in a setuid or setgid process (`AT_SECURE`): the variables
  /// that choose where files go.
  static func distrustedWhenSecure(_ name: String) -> Bool {
    name.hasPrefix("XDG_") || name == "HOME" || name == "CFFIXED_USER_HOME" || name == "TMPDIR"
  }

  /// The value of a variable that must hold an absolute path, normalized, or why it cannot be
  /// used: unset, empty, relative, not UTF-8, or not trusted. `windows` reads the value as a
  /// Windows path (`C:\…`, `\\server\share`). An application's override (`isOverride`) is
  /// distrusted in a setuid or setgid process, as `XDG_*` is.
  func pathVariable(_ name: String, windows: Bool = false, isOverride: Bool = false)
    -> VariablePath
  {
    // One lookup in the common case: this runs several times for every resolution.
    let value = variables[name]
    let isUndecodable =
      value == nil && !undecodableVariables.isEmpty && undecodableVariables[name] != nil
    if isSecureExecution && (isOverride || Self.distrustedWhenSecure(name)) {
      let isSet = value != nil || isUndecodable
      return .ignored(IgnoredValue(.variable(name), isSet ? .untrustedInSecureExecution : .unset))
    }
    if isUndecodable { return .ignored(IgnoredValue(.variable(name), .notUTF8)) }
    guard let value else { return .ignored(IgnoredValue(.variable(name), .unset)) }
    if value.isEmpty { return .ignored(IgnoredValue(.variable(name), .empty)) }
    let isAbsolute = windows ? WindowsPath.isAbsolute(value) : POSIXPath.isAbsolute(value)
    guard isAbsolute, !value.utf8.contains(0) else {
      return .ignored(IgnoredValue(.variable(name), .notAbsolute(value)))
    }
    let path = windows ? WindowsPath.normalize(value) : POSIXPath.normalize(value)
    // In a process that `appdirs sandbox` runs, an application's override, `HOME`,
    // `CFFIXED_USER_HOME` or an `XDG_*` value that leads outside its root (a child that set
    // its own) is passed over, as a test's isolated environment never reads one.
    if isOverride || Self.staysInSandbox(name), let root = sandboxRoot, !windows,
      !POSIXPath.isInside(path, root) || POSIXPath.components(path).contains("..")
    {
      return .ignored(IgnoredValue(.variable(name), .outsideIsolationRoot(root)))
    }
    return .path(path)
  }

  /// Whether a variable that chooses where files go must stay inside the root of
  /// `appdirs sandbox`: `HOME`, `CFFIXED_USER_HOME` and the `XDG_*` ones.
  static func staysInSandbox(_ name: String) -> Bool {
    name.hasPrefix("XDG_") || name == "HOME" || name == "CFFIXED_USER_HOME"
  }

  /// In a process that `appdirs sandbox` runs, the error for a home that `variable` does not
  /// give inside the root: the password database's home is the real one, outside it.
  private func homeOutsideSandbox(_ variable: String) -> DirectoryError? {
    guard let root = sandboxRoot else { return nil }
    return .homeUnavailable(reason: .outsideSandboxRoot(variable: variable, root: root))
  }

  /// The entries of a `:`-separated list of absolute paths, with a warning for each relative
  /// entry and each entry that is not UTF-8; empty entries are dropped silently. One bad entry
  /// never costs the others.
  func pathList(_ name: String) -> (entries: [String], warnings: [DirectoryWarning]) {
    if isSecureExecution && Self.distrustedWhenSecure(name) { return ([], []) }
    var entries: [String] = []
    var warnings: [DirectoryWarning] = []
    func add(_ entry: String) {
      if POSIXPath.isAbsolute(entry), !entry.utf8.contains(0) {
        entries.append(POSIXPath.normalize(entry))
      } else {
        warnings.append(
          DirectoryWarning(
            "\(name) entry \(quoted(entry)) is not an absolute path and is ignored",
            suggestion: "Remove the entry from \(name) or make it absolute."))
      }
    }
    // Split the bytes, not the characters: ':' is ASCII, a ':' followed by a combining mark is
    // still a separator, and grapheme breaking would cost more than everything else here.
    let colon = UInt8(ascii: ":")
    if let value = variables[name] {
      for bytes in value.utf8.split(separator: colon) { add(String(Substring(bytes))) }
    } else if let raw = undecodableVariables[name] {
      for (index, bytes) in raw.split(separator: colon).enumerated() {
        if let entry = decodedUTF8(bytes) {
          add(entry)
        } else {
          warnings.append(
            DirectoryWarning(
              "\(name) entry \(index + 1) is not valid UTF-8 and is ignored",
              suggestion: "Remove the entry from \(name) or rename the directory in UTF-8."))
        }
      }
    }
    return (entries, warnings)
  }

  /// The user's home directory: `HOME` when it is usable, else the password database, else an
  /// error; on Apple platforms Foundation's order (``resolveAppleHome()``).
  func resolveHome() throws(DirectoryError) -> HomeDirectory {
    if platform.isApple { return try resolveAppleHome() }
    let ignored: IgnoredValue
    switch pathVariable("HOME") {
    case .path(let home): return HomeDirectory(path: home, source: .variable("HOME"), ignored: [])
    case .ignored(let why): ignored = why
    }
    if let error = homeOutsideSandbox("HOME") { throw error }
    if let home = passwordDatabaseHome, POSIXPath.isAbsolute(home) {
      return HomeDirectory(
        path: POSIXPath.normalize(home), source: .passwordDatabase, ignored: [ignored])
    }
    throw .homeUnavailable(
      reason: isSecureExecution
        ? .untrustedHome(userID: effectiveUserID) : .noHome(userID: effectiveUserID))
  }

  /// The home directory in Foundation's order on Apple platforms (swift-foundation's
  /// `String.homeDirectoryPath()`): `CFFIXED_USER_HOME` (which the system sets for a sandboxed
  /// app), then ``passwordDatabaseHome`` (`NSHomeDirectory()`), then `HOME`, else an error.
  func resolveAppleHome() throws(DirectoryError) -> HomeDirectory {
    var ignored: [IgnoredValue] = []
    switch pathVariable("CFFIXED_USER_HOME") {
    case .path(let home):
      return HomeDirectory(path: home, source: .variable("CFFIXED_USER_HOME"), ignored: [])
    case .ignored(let why) where why.reason != .unset: ignored.append(why)
    case .ignored: break
    }
    // In `appdirs sandbox`, never the real home of the password database.
    if homeOutsideSandbox("HOME") == nil, let home = passwordDatabaseHome,
      POSIXPath.isAbsolute(home)
    {
      return HomeDirectory(
        path: POSIXPath.normalize(home), source: .passwordDatabase, ignored: ignored)
    }
    switch pathVariable("HOME") {
    case .path(let home):
      return HomeDirectory(path: home, source: .variable("HOME"), ignored: ignored)
    case .ignored(let why):
      if let error = homeOutsideSandbox("HOME") { throw error }
      throw .homeUnavailable(reason: .noAppleHome(userID: effectiveUserID, home: why))
    }
  }

  /// The home directory as a resolution of its own.
  func homeResolution() throws(DirectoryError) -> DirectoryResolution {
    let home = try resolveHome()
    return DirectoryResolution(path: home.path, source: home.source, ignored: home.ignored)
  }

  /// A folder of the home directory, such as `.config`: the platform's default.
  func inHome(_ relative: String, ignored: [IgnoredValue] = []) throws(DirectoryError)
    -> DirectoryResolution
  {
    let home = try resolveHome()
    return DirectoryResolution(
      path: POSIXPath.join(home.path, relative), source: .default, ignored: ignored, home: home)
  }

  /// `$TMPDIR` when it is absolute, else `fallback`.
  func temporaryDirectory(orElse fallback: () throws(DirectoryError) -> DirectoryResolution)
    throws(DirectoryError) -> DirectoryResolution
  {
    switch pathVariable("TMPDIR") {
    case .path(let path): return DirectoryResolution(path: path, source: .variable("TMPDIR"))
    case .ignored(let why): return try fallback().passingOver([why])
    }
  }
}
