// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

/// Where a resolved path came from.
public enum DirectorySource: Sendable, Hashable, CustomStringConvertible {
  /// An environment variable, such as `XDG_DATA_HOME`.
  case variable(String)
  /// The platform's default, built from the home directory.
  case `default`
  /// The `XDG_<KEY>_DIR` line with this number (from 1) of the `user-dirs.dirs` file at `path`.
  case userDirectoriesFile(path: String, line: Int)
  /// The password database (`getpwuid_r`), or the system's home of the process on Apple
  /// platforms.
  case passwordDatabase
  /// The replacement for a missing or unsafe runtime directory.
  case fallback
  /// A platform API, such as `SHGetKnownFolderPath` or `containerURL(forSecurityApplicationGroupIdentifier:)`.
  case system(String)
  /// The folder of a portable application (``PortableMode``): `<app>-portable` beside the
  /// executable, or the root given.
  case portable

  /// The runtime directory that the login session manager made for the user
  /// (`loginSessionRuntimeDirectory`), used when `XDG_RUNTIME_DIR` is not
  /// set or not usable: `login-session` in `appdirs list --json`.
  public static let loginSession = DirectorySource.system("login-session")

  /// The name used in `appdirs list --json`: the variable name, `default`, `user-dirs.dirs`,
  /// `passwd`, `fallback`, the API's name or `portable`.
  public var description: String {
    switch self {
    case .variable(let name): name
    case .default: "default"
    case .userDirectoriesFile: "user-dirs.dirs"
    case .passwordDatabase: "passwd"
    case .fallback: "fallback"
    case .system(let name): name
    case .portable: "portable"
    }
  }
}

/// A place that was looked at for a path before the one that gave it, and why it was passed
/// over: the typed record behind `appdirs path --explain`.
public struct IgnoredValue: Sendable, Hashable, CustomStringConvertible {
  /// What was looked at.
  public enum Origin: Sendable, Hashable {
    /// An environment variable.
    case variable(String)
    /// The `XDG_<key>_DIR` line of the `user-dirs.dirs` file at `path`.
    case userDirectoriesFile(path: String, key: String)
    /// The path a socket would have had in the application's runtime directory.
    case socketPath(String)
    /// The root of a portable application (``PortableMode``) at this path.
    case portableRoot(String)
  }

  /// Why it was passed over.
  public enum Reason: Sendable, Hashable {
    /// The variable is not set.
    case unset
    /// The variable is set to the empty string, which counts as unset.
    case empty
    /// The value is not an absolute path.
    case notAbsolute(String)
    /// The value's bytes are not UTF-8.
    case notUTF8
    /// The process is setuid or setgid, so the environment is not trusted.
    case untrustedInSecureExecution
    /// The `user-dirs.dirs` file does not exist.
    case fileMissing
    /// The `user-dirs.dirs` file exists but cannot be read.
    case fileUnreadable(SystemErrno)
    /// The `user-dirs.dirs` file, or the folder it is in (`path`), belongs to another user
    /// than the effective one and root (`owner`), or others may write to it (`mode`,
    /// `st_mode & 0o7777`): anyone could choose the user's folders, so it is not read.
    case fileUntrusted(path: String, owner: UInt32, mode: UInt32)
    /// The file has no line for the key.
    case noLine
    /// The file's line for the key, with this number, cannot be used.
    case invalidLine(number: Int, problem: String)
    /// The directory is not private to the user, as a runtime directory must be.
    case unsafe(path: String, problem: PrivateDirectoryProblem)
    /// The value leads outside the root of the isolated environment (`appdirs sandbox`) that
    /// this process runs in.
    case outsideIsolationRoot(String)
    /// The socket path is `bytes` long with its terminating NUL, more than the `limit` of the
    /// platform's `sun_path`, so a socket cannot be bound there.
    case tooLongForSocketAddress(bytes: Int, limit: Int)
    /// The service manager's variable names this directory for another name of the unit's
    /// (`StateDirectory=other`), not the application's: a child process of the service
    /// inherits the variables.
    case anotherApplication(String)
    /// The entry has a `..` component, which leads out of the directory it names.
    case leavesItsParent(String)
    /// The entry names a directory that is no application's own: one of the system's
    /// (`/var/lib`), the home, or a base directory.
    case protectedDirectory(String)
  }

  /// What was looked at.
  public let origin: Origin
  /// Why it was passed over.
  public let reason: Reason

  /// Records a place that was looked at and passed over.
  public init(_ origin: Origin, _ reason: Reason) {
    self.origin = origin
    self.reason = reason
  }

  /// The finding as a sentence: `XDG_CONFIG_HOME is not an absolute path ("dotfiles")`.
  public var description: String {
    let subject: String
    switch origin {
    case .variable(let name): subject = name
    case .socketPath(let path): subject = path
    case .portableRoot(let path): subject = "the portable folder \(path)"
    case .userDirectoriesFile(let path, let key):
      switch reason {
      case .fileMissing: return "\(path) does not exist"
      case .fileUnreadable(let errno): return "\(path) cannot be read (\(errno))"
      case .fileUntrusted(let untrusted, let owner, let mode):
        let who =
          mode & 0o002 != 0
          ? "others may write to \(untrusted) (mode \(zeroPadded(mode, radix: 8, width: 4)))"
          : "\(untrusted) belongs to user \(owner)"
        return "\(path) is not read: \(who)"
      case .noLine: return "\(path) has no XDG_\(key)_DIR line"
      case .invalidLine(let number, let problem):
        return "\(path) line \(number) is ignored: \(problem)"
      default: subject = "the XDG_\(key)_DIR line of \(path)"
      }
    }
    switch reason {
    case .unset: return "\(subject) is not set"
    case .empty: return "\(subject) is empty"
    case .notAbsolute(let value): return "\(subject) is not an absolute path (\(quoted(value)))"
    case .notUTF8: return "\(subject) is not valid UTF-8"
    case .untrustedInSecureExecution:
      return "\(subject) is not trusted in a setuid or setgid process"
    case .unsafe(let path, let problem): return "\(subject) is unsafe: \(path) \(problem)"
    case .outsideIsolationRoot(let root): return "\(subject) leads outside the sandbox \(root)"
    case .tooLongForSocketAddress(let bytes, let limit):
      return
        "\(subject) is \(bytes) bytes with its NUL, more than the \(limit) of a socket address (sun_path)"
    case .anotherApplication(let entry):
      return "\(subject) names \(entry), the unit's directory for another name"
    case .leavesItsParent(let entry):
      return "\(subject) names \(quoted(entry)), whose .. leads out of it"
    case .protectedDirectory(let entry):
      return
        "\(subject) names \(entry), a directory of the system or a base directory, not the application's own"
    case .fileMissing, .fileUnreadable, .fileUntrusted, .noLine, .invalidLine:
      return "\(subject) cannot be used"
    }
  }

  /// The warning this finding deserves, or `nil` when it is an ordinary state (unset, empty,
  /// no file, no line), which passes silently, or an unsafe runtime directory, which the
  /// fallback's own warning or the error reports.
  public var warning: DirectoryWarning? {
    switch (origin, reason) {
    case (_, .unset), (_, .empty), (_, .untrustedInSecureExecution), (_, .fileMissing),
      (_, .noLine), (_, .unsafe), (_, .tooLongForSocketAddress), (_, .anotherApplication):
      return nil
    case (.variable(let name), .leavesItsParent), (.variable(let name), .protectedDirectory):
      let setting = ServiceManagerDirectories.setting(of: name)
      return DirectoryWarning(
        "\(description); it is ignored",
        suggestion:
          "Give the unit's \(setting) the application's own name (\(setting)NAME, where NAME is the application's), or unset \(name)."
      )
    case (.variable(let name), .notAbsolute):
      return DirectoryWarning(
        "\(description) and is ignored", suggestion: "Set \(name) to an absolute path, or unset it."
      )
    case (.variable(let name), .notUTF8):
      return DirectoryWarning(
        "\(description) and is ignored",
        suggestion: "Set \(name) to an absolute path in UTF-8, or unset it.")
    case (.variable(let name), .outsideIsolationRoot(let root)):
      return DirectoryWarning(
        "\(description) and is ignored",
        suggestion: "Point \(name) inside \(root), or run the command outside the sandbox.")
    case (.portableRoot, .outsideIsolationRoot(let root)):
      return DirectoryWarning(
        "\(description) and is ignored",
        suggestion: "Put the portable folder inside \(root), or run the application outside it.")
    case (.userDirectoriesFile(let path, _), .fileUnreadable):
      return DirectoryWarning(
        "\(description); the default folders are used",
        suggestion: "Make \(path) readable by your user, or remove it.")
    case (.userDirectoriesFile, .fileUntrusted(let untrusted, _, let mode)):
      return DirectoryWarning(
        "\(description); the default folders are used",
        suggestion: mode & 0o002 != 0
          ? "Take the write permission of others away (chmod o-w \(untrusted)) if the file is yours."
          : "Remove \(untrusted) if you did not put it there, or have its owner hand it over (chown)."
      )
    case (.userDirectoriesFile(_, let key), .invalidLine):
      return DirectoryWarning(description, suggestion: UserDirectoriesRules.lineFix(key: key))
    case (.userDirectoriesFile(_, let key), .notUTF8):
      return DirectoryWarning(
        description + " and is ignored", suggestion: UserDirectoriesRules.lineFix(key: key))
    case (.userDirectoriesFile, .notAbsolute), (.variable, .fileUnreadable),
      (.variable, .fileUntrusted),
      (.variable, .invalidLine), (.userDirectoriesFile, .outsideIsolationRoot), (.socketPath, _),
      (.userDirectoriesFile, .leavesItsParent), (.userDirectoriesFile, .protectedDirectory),
      (.portableRoot, _):
      // Combinations the layouts never make.
      return DirectoryWarning(description, suggestion: "Check the value.")
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
  package init(_ message: String, suggestion: String) {
    self.message = message
    self.suggestion = suggestion
  }

  /// The message.
  public var description: String { message }

  static let runtimeFix =
    "Log in through a session manager that sets XDG_RUNTIME_DIR (systemd-logind, elogind), or set it to a directory you own with mode 0700."

  /// The runtime directory gave way to the fallback, for the reason in `ignored`.
  static func runtimeFallback(_ ignored: IgnoredValue, fallback: String) -> DirectoryWarning {
    DirectoryWarning("\(ignored); using \(fallback) instead", suggestion: runtimeFix)
  }
}

/// The home directory a path was built from, and where the home came from.
public struct HomeDirectory: Sendable, Hashable {
  /// The absolute path of the home directory.
  public let path: String
  /// `HOME`, the password database, or a platform API.
  public let source: DirectorySource
  /// What was passed over on the way (`HOME` relative, say).
  public let ignored: [IgnoredValue]
}
