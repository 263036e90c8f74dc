#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// Where a resolved path came from.
public enum DirectorySource: Sendable, Hashable, CustomStringConvertible {
  /// An environment variable, such as `XDG_DATA_HOME`.
  case variable(String)
  /// The platform's default, built from the home directory.
  case `default`
  /// A line of `user-dirs.dirs`.
  case userDirectoriesFile
  /// The password database (`getpwuid_r`).
  case passwordDatabase
  /// The replacement for a missing or unsafe runtime directory.
  case fallback
  /// A platform API, such as `SHGetKnownFolderPath` or `containerURL(forSecurityApplicationGroupIdentifier:)`.
  case system(String)

  /// The name used in `appdirs list --json`: the variable name, `default`, `user-dirs.dirs`,
  /// `passwd` or `fallback`.
  public var description: String {
    switch self {
    case .variable(let name): name
    case .default: "default"
    case .userDirectoriesFile: "user-dirs.dirs"
    case .passwordDatabase: "passwd"
    case .fallback: "fallback"
    case .system(let name): name
    }
  }
}

/// Something odd about the environment that did not stop resolution, with a way to fix it.
public struct DirectoryWarning: Sendable, Hashable, CustomStringConvertible {
  /// What was found, naming the variable, line or path.
  public let message: String
  /// How to fix it, in one line.
  public let suggestion: String

  /// Creates a warning.
  public init(_ message: String, suggestion: String) {
    self.message = message
    self.suggestion = suggestion
  }

  /// The message.
  public var description: String { message }
}

/// A resolved directory: its path, where the path came from, and what was odd on the way.
public struct DirectoryResolution: Sendable, Hashable {
  /// The absolute path, without a trailing `/`.
  public let path: String
  /// Which variable, default, file or fallback decided the path.
  public let source: DirectorySource
  /// Everything that was ignored or replaced on the way, in the order it was found.
  public let warnings: [DirectoryWarning]

  /// What must still be checked on the file system before the path may be used as a runtime
  /// directory; `nil` for every other kind.
  let runtimeCheck: RuntimeCheck?

  /// The pending check of a runtime directory candidate.
  enum RuntimeCheck: Sendable, Hashable {
    /// The path came from `XDG_RUNTIME_DIR`: use it if it is safe, else this fallback.
    case verify(fallback: String)
    /// The path is the fallback: create it safely, then check it.
    case createFallback
  }

  /// Creates a resolution.
  public init(path: String, source: DirectorySource, warnings: [DirectoryWarning] = []) {
    self.init(path: path, source: source, warnings: warnings, runtimeCheck: nil)
  }

  init(
    path: String, source: DirectorySource, warnings: [DirectoryWarning],
    runtimeCheck: RuntimeCheck?
  ) {
    self.path = path
    self.source = source
    self.warnings = warnings
    self.runtimeCheck = runtimeCheck
  }

  /// The path as a file URL for a directory.
  public var url: URL { DirectoryURLCache.url(forDirectory: path) }

  /// The same resolution with a path component appended, keeping source and warnings.
  func appending(_ component: String) -> DirectoryResolution {
    DirectoryResolution(
      path: PathNormalization.join(path, component), source: source, warnings: warnings,
      runtimeCheck: runtimeCheck)
  }
}
