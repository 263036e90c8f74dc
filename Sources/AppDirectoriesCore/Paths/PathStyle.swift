// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

/// The path rules of an operating system: POSIX (`/` roots and separators) or Windows (`C:\`
/// and `\\server\share` roots, `\` or `/` between components).
///
/// Everything that joins, splits or checks a path the library did not build itself goes through
/// the style of the platform it is for, so that the Windows rules are the same when they are
/// checked on Linux.
package enum PathStyle: Sendable, Hashable {
  case posix
  case windows

  /// The style of the platform this program was compiled for.
  static var host: PathStyle { OperatingSystem.host.pathStyle }

  /// Whether `path` is absolute: it names the same file whatever the current directory and
  /// drive.
  package func isAbsolute(_ path: String) -> Bool {
    switch self {
    case .posix: POSIXPath.isAbsolute(path)
    case .windows: WindowsPath.isAbsolute(path)
    }
  }

  /// Whether `path` has a root of any kind, so that joining it to a directory would leave that
  /// directory: absolute, or on Windows also `\x` (the current drive's root) and `C:x` (the
  /// drive's current directory).
  func hasRoot(_ path: String) -> Bool {
    switch self {
    case .posix: POSIXPath.isAbsolute(path)
    case .windows: WindowsPath.hasRoot(path)
    }
  }

  /// The path with repeated separators, `.` components and a trailing separator removed.
  package func normalize(_ path: String) -> String {
    switch self {
    case .posix: POSIXPath.normalize(path)
    case .windows: WindowsPath.normalize(path)
    }
  }

  /// `base` (normalized) with one component or relative path appended.
  package func join(_ base: String, _ component: String) -> String {
    switch self {
    case .posix: POSIXPath.join(base, component)
    case .windows: WindowsPath.join(base, [component])
    }
  }

  /// The directory that holds `path` (absolute and normalized); a root is its own parent.
  func parent(_ path: String) -> String {
    switch self {
    case .posix: POSIXPath.parent(path)
    case .windows: WindowsPath.parent(path)
    }
  }

  /// The non-empty components of a path, split at every separator of the style.
  func components(_ path: String) -> [Substring] {
    switch self {
    case .posix: POSIXPath.components(path)
    case .windows: WindowsPath.components(path)
    }
  }

  /// An absolute, normalized path split into its root (`/`, `C:\`, `\\server\share`) and the
  /// components below it.
  func splitRoot(_ path: String) -> (root: String, components: [String]) {
    switch self {
    case .posix:
      return ("/", POSIXPath.components(path).map(String.init))
    case .windows:
      let parts = WindowsPath.components(path).map(String.init)
      if WindowsPath.isUNC(path) {
        // `\\server\share` is the root; a UNC path names at least a server and a share.
        let root = "\\\\" + parts.prefix(2).joined(separator: "\\")
        return (root, Array(parts.dropFirst(2)))
      }
      guard let drive = parts.first else { return (path, []) }
      return (drive + "\\", Array(parts.dropFirst()))
    }
  }

  /// Whether `path` is `directory` or lies below it (both normalized).
  package func isInside(_ path: String, _ directory: String) -> Bool {
    switch self {
    case .posix: POSIXPath.isInside(path, directory)
    case .windows: WindowsPath.isInside(path, directory)
    }
  }
}

extension OperatingSystem {
  /// The path rules of the platform.
  package var pathStyle: PathStyle { self == .windows ? .windows : .posix }

  /// The command that shows who owns a file and who may write to it: `icacls` on Windows,
  /// `ls -ld` elsewhere.
  package var ownerCommand: String { self == .windows ? "icacls" : "ls -ld" }

  /// `component` appended to `base` by the platform's rules (`\` between them on Windows).
  package func joinPath(_ base: String, _ component: String) -> String {
    pathStyle.join(base, component)
  }

  /// Whether `path` is `directory` or lies below it, by the platform's rules (component by
  /// component, in any case on Windows): a comparison of normalized spellings, for paths that
  /// need not exist.
  package func path(_ path: String, isInside directory: String) -> Bool {
    pathStyle.isInside(pathStyle.normalize(path), pathStyle.normalize(directory))
  }
}
