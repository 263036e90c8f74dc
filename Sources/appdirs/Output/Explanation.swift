import AppDirectories

/// The text of `appdirs path KIND --explain`: the path on the first line, then where it came
/// from and every warning met on the way, each with its fix.
struct Explanation {
  let kind: DirectoryQuery.Kind
  let query: DirectoryQuery
  let resolution: DirectoryResolution

  var text: String {
    var lines = [resolution.path]
    lines.append("kind: " + kindDescription)
    lines.append("source: " + sourceDescription)
    if needsHome,
      let home = try? StandardDirectories.resolution(
        for: .home, layout: query.layout,
        environment: query.environment)
    {
      lines.append("home: \(home.path), from \(Explanation.describe(home.source))")
    }
    if let app = query.app?.app, kind.becomesAppFolder {
      let folder = kind == .logs ? "\(app)/log" : app
      lines.append("app: \(folder) is appended for the application \(app)")
    }
    if case .shared = kind, let group = query.group {
      lines.append("group: group-containers/\(group) is appended for the group \(group)")
    }
    var seen = Set<String>()
    for warning in resolution.warnings where seen.insert(warning.message).inserted {
      lines.append("warning: \(warning.message)")
      lines.append("  fix: \(warning.suggestion)")
    }
    if resolution.warnings.isEmpty { lines.append("warnings: none") }
    return lines.joined(separator: "\n") + "\n"
  }

  private var kindDescription: String {
    switch kind {
    case .logs: return "logs of the application \(query.app?.app ?? "")"
    case .shared: return "shared container of the group \(query.group ?? "")"
    case .base(let base):
      if let app = query.app?.app, kind.becomesAppFolder {
        return "\(base.commandLineName) of the application \(app)"
      }
      return "\(base.commandLineName) (the base directory every application shares)"
    }
  }

  /// Whether the path was built from the home directory.
  private var needsHome: Bool {
    switch resolution.source {
    case .default: kind != .base(.temporary)
    case .userDirectoriesFile: true
    case .variable, .passwordDatabase, .fallback, .system: false
    }
  }

  private var sourceDescription: String {
    let environment = query.environment
    switch resolution.source {
    case .variable(let name):
      let value = environment.variables[name] ?? ""
      return "the environment variable \(name) (\(name)=\(value))"
    case .passwordDatabase:
      return "the password database (passwd), because HOME is unset, empty or relative"
    case .fallback:
      return "the fallback runtime directory, because XDG_RUNTIME_DIR is missing or unsafe"
    case .userDirectoriesFile:
      return "the XDG_\(userDirectoriesKey)_DIR line of \(userDirectoriesPath)"
    case .system(let name):
      return "the system (\(name))"
    case .default:
      guard environment.platform.usesXDG || query.layout == .xdg else {
        return "the platform's default"
      }
      guard let variable = xdgVariable else {
        if userDirectoriesKey.isEmpty { return "the default" }
        return "the default, because \(userDirectoriesPath) has no usable"
          + " XDG_\(userDirectoriesKey)_DIR line"
      }
      let state: String
      switch environment.variables[variable] {
      case nil: state = "is not set"
      case ""?: state = "is empty"
      default:
        state =
          environment.isSecureExecution
          ? "is not trusted in a setuid or setgid process" : "is not an absolute path"
      }
      return "the default, because \(variable) \(state)"
    }
  }

  /// The variable that would have overridden the default, on XDG systems.
  private var xdgVariable: String? {
    switch kind {
    case .logs: return "XDG_STATE_HOME"
    case .shared: return "XDG_DATA_HOME"
    case .base(let base):
      switch base {
      case .data, .library, .fonts: return "XDG_DATA_HOME"
      case .config: return "XDG_CONFIG_HOME"
      case .cache: return "XDG_CACHE_HOME"
      case .state: return "XDG_STATE_HOME"
      case .runtime: return "XDG_RUNTIME_DIR"
      case .temporary: return "TMPDIR"
      case .home: return "HOME"
      default: return nil
      }
    }
  }

  private var userDirectoriesKey: String {
    guard case .base(let base) = kind else { return "" }
    switch base {
    case .desktop: return "DESKTOP"
    case .downloads: return "DOWNLOAD"
    case .templates: return "TEMPLATES"
    case .publicShare: return "PUBLICSHARE"
    case .documents: return "DOCUMENTS"
    case .music: return "MUSIC"
    case .pictures: return "PICTURES"
    case .videos: return "VIDEOS"
    default: return ""
    }
  }

  private var userDirectoriesPath: String {
    let config = try? StandardDirectories.resolution(
      for: .config, layout: query.layout, environment: query.environment)
    return (config?.path ?? "~/.config") + "/user-dirs.dirs"
  }

  static func describe(_ source: DirectorySource) -> String {
    switch source {
    case .variable(let name): name
    case .passwordDatabase: "the password database"
    default: source.description
    }
  }
}

extension DirectoryQuery.Kind {
  /// Whether, given an application, the kind is the application's own folder.
  var becomesAppFolder: Bool { appScoped != nil }
}
