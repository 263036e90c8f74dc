/// A per-user base directory: the folder that every application shares, such as the user's
/// cache or documents folder.
///
/// Use ``StandardDirectories/url(for:layout:environment:)`` to resolve one:
///
/// ```swift
/// let documents = try StandardDirectories.url(for: .documents)
/// ```
public enum StandardDirectory: String, Sendable, Hashable, CaseIterable, Codable {
  /// The user's home directory.
  case home
  /// The base for application data (`$XDG_DATA_HOME`, `~/Library/Application Support`).
  case data
  /// The base for configuration files (`$XDG_CONFIG_HOME`).
  case config
  /// The base for caches, which may be deleted at any time (`$XDG_CACHE_HOME`).
  case cache
  /// The base for state that should persist but is not worth backing up (`$XDG_STATE_HOME`).
  case state
  /// The base for sockets and other runtime objects (`$XDG_RUNTIME_DIR`).
  case runtime
  /// The user's own executables (`~/.local/bin`).
  case executables
  /// The user's fonts.
  case fonts
  /// The user's documents.
  case documents
  /// The user's downloads.
  case downloads
  /// The user's desktop.
  case desktop
  /// The user's music.
  case music
  /// The user's pictures.
  case pictures
  /// The user's videos (`~/Movies` on macOS).
  case videos
  /// The user's document templates.
  case templates
  /// The user's folder shared with others (`public` on the command line).
  case publicShare
  /// The directory for temporary files (`$TMPDIR` or `/tmp`).
  case temporary
  /// The user's library (`~/Library` on Apple platforms, the data directory elsewhere).
  case library

  /// The name of the kind on the `appdirs` command line (`public` for ``publicShare``).
  public var commandLineName: String {
    self == .publicShare ? "public" : rawValue
  }

  /// Finds a kind by its command-line name, such as `public` or `documents`.
  public init?(commandLineName: String) {
    if commandLineName == "public" {
      self = .publicShare
    } else if commandLineName != "publicShare",
      let kind = StandardDirectory(rawValue: commandLineName)
    {
      self = kind
    } else {
      return nil
    }
  }
}

/// One of an application's own directories: the base directory of its kind plus the
/// application's folder, or a group container shared by several applications.
///
/// ```swift
/// let dirs = try AppDirectories(app: "ExampleApp")
/// let cache = try dirs.directory(.cache)   // ~/.cache/ExampleApp, created if missing
/// ```
public enum AppDirectory: Sendable, Hashable {
  /// Files the application creates and needs to keep (Application Support on Apple platforms).
  case data
  /// Configuration files the user may edit.
  case config
  /// Data that can be recomputed or downloaded again; it may be deleted at any time.
  case cache
  /// State that should survive a restart but is not worth backing up: history, layout, undo.
  case state
  /// Log files.
  case logs
  /// Sockets, pipes and locks that live only while the user is logged in.
  case runtime
  /// A container shared by the applications of one group, named by its identifier.
  case shared(group: String)

  /// Another name for ``data``, matching `FileManager.SearchPathDirectory.applicationSupportDirectory`.
  public static let applicationSupport = AppDirectory.data

  /// The kinds that every application has, in the order `appdirs list` shows them.
  public static let ownKinds: [AppDirectory] = [.data, .config, .cache, .state, .logs, .runtime]

  /// The name of the kind on the `appdirs` command line.
  public var commandLineName: String {
    switch self {
    case .data: "data"
    case .config: "config"
    case .cache: "cache"
    case .state: "state"
    case .logs: "logs"
    case .runtime: "runtime"
    case .shared: "shared"
    }
  }

  /// The base directory this kind lives in, or `nil` for kinds with no base of their own.
  var baseKind: StandardDirectory? {
    switch self {
    case .data: .data
    case .config: .config
    case .cache: .cache
    case .state: .state
    case .runtime: .runtime
    case .logs, .shared: nil
    }
  }
}
