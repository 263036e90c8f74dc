// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

import AppDirectories

/// The text of `appdirs path KIND --explain`: the path on the first line, then where it came
/// from and every warning met on the way, each with its fix, all read from the library's
/// provenance of the resolution.
struct Explanation {
  let kind: DirectoryQuery.Kind
  let query: DirectoryQuery
  let resolution: DirectoryResolution
  /// The name given with `--file`: the file's path comes first, then its directory's story.
  var file: String? = nil
  /// What the tool found on the file system besides the resolution's own warnings (a home
  /// that does not exist).
  var moreWarnings: [DirectoryWarning] = []

  var text: String {
    var lines = [resolution.path]
    if let file {
      lines = [
        query.environment.platform.joinPath(resolution.path, file),
        "file: \(file), in the directory \(resolution.path)",
      ]
    }
    lines.append("kind: " + kindDescription)
    lines.append("source: " + sourceDescription)
    if let home = resolution.home {
      let source = home.source == .passwordDatabase ? "the password database" : "\(home.source)"
      lines.append("home: \(home.path), from \(source)")
    }
    if let app = query.app, let appKind = kind.appScoped {
      // What the library's table appended, as it says.
      let appended = (try? app.appendedPath(for: appKind)) ?? nil
      switch (appended, overrideVariable(of: app)) {
      case (nil, let variable?):
        lines.append("app: \(variable) is the application's own override; nothing is appended")
      case (let appended?, let variable?):
        lines.append("app: \(appended) is appended to \(variable), the application's own override")
      case (_, nil) where resolution.source == .fallback && appKind != .runtime:
        lines.append(
          "app: the folder \(app.app)-\(query.environment.effectiveUserID) of the temporary directory holds each kind's fallback"
        )
      case (let appended?, nil) where resolution.source == .portable:
        lines.append(
          "app: \(appended) is appended to the portable folder \(app.portableRootPath ?? "")")
      case (let appended?, nil):
        lines.append("app: \(appended) is appended for the application \(app.app)")
      case (nil, nil):
        break
      }
    }
    if case .shared = kind, let group = query.group {
      lines.append("group: the container of the group \(group)")
    }
    let warnings = (resolution.warnings + moreWarnings).uniqued()
    for warning in warnings {
      lines.append("warning: \(warning.message)")
      lines.append("  fix: \(warning.suggestion)")
    }
    if warnings.isEmpty { lines.append("warnings: none") }
    return lines.joined(separator: "\n") + "\n"
  }

  /// The application's override variable that chose the path (`P_CACHE_DIR`, `P_HOME`), if
  /// one did.
  private func overrideVariable(of app: AppDirectories) -> String? {
    guard case .variable(let name) = resolution.source, let prefix = app.environmentPrefix,
      name.hasPrefix(prefix + "_")
    else { return nil }
    return name
  }

  private var kindDescription: String {
    switch kind {
    case .logs: return "logs of the application \(query.app?.app ?? "")"
    case .shared: return "shared container of the group \(query.group ?? "")"
    case .base:
      if let app = query.app?.app, kind.appScoped != nil {
        return "\(kind.name) of the application \(app)"
      }
      return "\(kind.name) (the base directory every application shares)"
    }
  }

  private var sourceDescription: String {
    // The application's environment also holds its override variables.
    let environment = query.app?.environment ?? query.environment
    var text: String
    switch resolution.source {
    case .variable(let name):
      text = "the environment variable \(name) (\(name)=\(environment.variables[name] ?? ""))"
    case .passwordDatabase:
      text = "the password database (passwd)"
    case .fallback where kind.appScoped == .runtime || query.app == nil:
      text = "the fallback runtime directory"
    case .fallback:
      text = "the temporary fallback (--fallback temporary), whose files are not kept"
    case .userDirectoriesFile(let path, let line):
      text = "line \(line) of \(path)"
    case .loginSession:
      text = "the login session's runtime directory"
    case .system(let name):
      text = "the system (\(name))"
    case .portable:
      text = "the portable folder \(query.app?.portableRootPath ?? "")"
    case .default:
      text = query.standard.followsXDG ? "the default" : "the platform's default"
    }
    // The unit's directories for other names, in the variable that gave the path, are not why
    // it was chosen: `doctor` notes them.
    let passedOver = resolution.ignored.filter { ignored in
      guard case .anotherApplication = ignored.reason, case .variable(let name) = ignored.origin
      else { return true }
      return resolution.source != .variable(name)
    }.map(\.description)
    if !passedOver.isEmpty { text += ", because " + passedOver.joined(separator: ", and ") }
    return text
  }
}
