#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// What ``AppDirectories/AppDirectories/clean(_:groups:legacy:dryRun:)`` removes.
public enum CleanScope: Sendable, Hashable {
  /// Everything in the cache directory; the directory and its `CACHEDIR.TAG` stay.
  case cache
  /// Every directory of the application, for an uninstall.
  case all
}

/// A file or directory that could not be removed, and why.
public struct RemovalFailure: Sendable, Hashable, CustomStringConvertible {
  /// Its path.
  public let path: String
  /// The system's error.
  public let errno: SystemErrno

  /// Records a failure.
  public init(path: String, errno: SystemErrno) {
    self.path = path
    self.errno = errno
  }

  /// `cannot remove /path: EACCES (Permission denied)`.
  public var description: String { "cannot remove \(path): \(errno)" }
}

/// What a cleaning removed (or, in a dry run, would remove), and what it could not.
public struct CleanReport: Sendable, Hashable {
  /// The directories removed or emptied, with their sizes when measured (in a dry run).
  public let locations: [AppLocation]
  /// Each file or directory that could not be removed; empty when everything went.
  public let failures: [RemovalFailure]
  /// Whether this describes a dry run, which changed nothing.
  public let isDryRun: Bool

  /// Records a report.
  public init(locations: [AppLocation], failures: [RemovalFailure], isDryRun: Bool) {
    self.locations = locations
    self.failures = failures
    self.isDryRun = isDryRun
  }
}

/// Why a directory is not removed at all.
public enum CleanRefusal: Sendable, Hashable, CustomStringConvertible {
  /// It is a base directory that every application shares (or holds one), reached through an
  /// override or a legacy path: removing it would remove other applications' files.
  case baseDirectory(StandardDirectory)
  /// Another user owns it.
  case ownedByAnotherUser(UInt32)
  /// It is a symbolic link, which is never followed.
  case symbolicLink

  /// Why, as the end of a sentence.
  public var description: String {
    switch self {
    case .baseDirectory(let base):
      "it is, or holds, the base directory \(base.rawValue), which every application shares"
    case .ownedByAnotherUser(let owner): "it belongs to user \(owner)"
    case .symbolicLink: "it is a symbolic link, which is not followed"
    }
  }
}

extension AppDirectories {
  /// Empties the application's cache directory, or removes every directory it has.
  ///
  /// ```swift
  /// import AppDirectories
  ///
  /// let dirs = try AppDirectories(app: "ExampleApp")
  /// let plan = try dirs.clean(.all, dryRun: true)    // what would go, with sizes
  /// let done = try dirs.clean(.all)                   // gone; done.failures lists what stayed
  /// ```
  ///
  /// - Nothing is ever removed through a symbolic link: a link inside is removed as a link; a
  ///   cache directory that is itself a link is refused by `.cache`, and `.all` removes the
  ///   link, not what it points to. Everything is removed with `unlinkat`
  ///   relative to open directories, so a folder renamed or swapped while the removal runs is
  ///   never left for a path that leads elsewhere.
  /// - A directory that is, or holds, a base directory (`~/.cache` itself, reached through
  ///   `EXAMPLEAPP_CACHE_DIR=~/.cache`, or the home) is refused, and so is one that another
  ///   user owns: ``DirectoryError/cleanRefused(path:reason:)``, before anything is removed.
  /// - A file that cannot be removed does not stop the rest; each is in
  ///   ``CleanReport/failures``.
  ///
  /// - Parameters:
  ///   - scope: The cache's contents, or everything.
  ///   - groups: Group containers that belong to the application, removed with `.all`.
  ///   - legacy: Old directories of the application, removed with `.all`.
  ///   - dryRun: Measure and list what would be removed, and remove nothing.
  public func clean(
    _ scope: CleanScope, groups: [String] = [], legacy: [URL] = [], dryRun: Bool = false
  ) throws(DirectoryError) -> CleanReport {
    let all = try locations(
      groups: scope == .all ? groups : [], legacy: scope == .all ? legacy : [], sizes: dryRun)
    let chosen = all.filter { location in
      (location.exists || location.isObstructed)
        && (scope == .all || location.kinds.contains(.cache))
    }
    // A location inside another one goes with it.
    let targets = chosen.filter { location in
      !chosen.contains { other in
        other.url.path != location.url.path
          && POSIXPath.isInside(location.url.path, other.url.path)
      }
    }
    let bases = try baseDirectoryPaths()
    for location in targets {
      let path = location.url.path
      if let base = bases.first(where: { POSIXPath.isInside($0.path, path) }) {
        throw .cleanRefused(path: path, reason: .baseDirectory(base.kind))
      }
      switch syscalls.status(path: path, followSymlinks: false) {
      case .success(let status) where status.type == .symbolicLink && scope == .cache:
        throw .cleanRefused(path: path, reason: .symbolicLink)
      case .success(let status)
      where status.owner != environment.effectiveUserID && status.type == .directory:
        throw .cleanRefused(path: path, reason: .ownedByAnotherUser(status.owner))
      default: break
      }
    }
    if dryRun { return CleanReport(locations: targets, failures: [], isDryRun: true) }
    var failures: [RemovalFailure] = []
    for location in targets {
      failures += try remove(location.url.path, keepingItself: scope == .cache)
    }
    return CleanReport(locations: targets, failures: failures, isDryRun: false)
  }

  /// Removes a directory's contents, and the directory too unless `keepingItself` (then its
  /// `CACHEDIR.TAG` stays as well). The directory is opened without following a link and its
  /// owner checked on the descriptor, so a directory swapped in after the checks above is
  /// refused, never emptied; what stands there that is not a directory is removed as it is.
  private func remove(_ path: String, keepingItself: Bool) throws(DirectoryError)
    -> [RemovalFailure]
  {
    let tree = FileTree(syscalls: syscalls)
    let parentPath = POSIXPath.parent(path)
    let name = FileName(POSIXPath.components(path).last.map(String.init) ?? path)
    let parent: Int32
    switch tree.openDirectory(parentPath, followSymlinks: true) {
    case .success(let opened): parent = opened
    case .failure(let error) where error == .noSuchFileOrDirectory: return []
    case .failure(let error): return [RemovalFailure(path: parentPath, errno: error)]
    }
    defer { syscalls.close(descriptor: parent) }
    let directory: Int32
    switch syscalls.openDirectory(in: parent, entry: name) {
    case .success(let opened): directory = opened
    case .failure(let error) where error == .noSuchFileOrDirectory: return []
    case .failure(let error) where error == .tooManySymbolicLinks || error == .notDirectory:
      // A link or a file: removed itself, never followed.
      if keepingItself { throw .cleanRefused(path: path, reason: .symbolicLink) }
      return syscalls.remove(in: parent, entry: name, isDirectory: false).map {
        [RemovalFailure(path: path, errno: $0)]
      } ?? []
    case .failure(let error): return [RemovalFailure(path: path, errno: error)]
    }
    defer { syscalls.close(descriptor: directory) }
    switch syscalls.status(descriptor: directory) {
    case .success(let status) where status.owner != environment.effectiveUserID:
      throw .cleanRefused(path: path, reason: .ownedByAnotherUser(status.owner))
    case .success: break
    case .failure(let error): return [RemovalFailure(path: path, errno: error)]
    }
    var failures = tree.removeContents(
      of: directory, at: path, keeping: keepingItself ? [CacheDirectoryTag.name] : []
    ).map { RemovalFailure(path: $0.path, errno: $0.errno) }
    if !keepingItself && failures.isEmpty,
      let error = syscalls.remove(in: parent, entry: name, isDirectory: true)
    {
      failures.append(RemovalFailure(path: path, errno: error))
    }
    return failures
  }

  /// The paths of the base directories that resolve here, and of the home.
  private func baseDirectoryPaths() throws(DirectoryError) -> [(
    kind: StandardDirectory, path: String
  )] {
    var paths: [(StandardDirectory, String)] = []
    for kind in StandardDirectory.allCases {
      if let resolution = try? StandardDirectories.resolution(
        for: kind, layout: layout, environment: environment)
      {
        paths.append((kind, resolution.path))
      }
    }
    return paths
  }
}
