// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

public import AppDirectoriesCore

/// One place where an application keeps files, as ``AppDirectories/AppDirectories/locations(groups:legacyPaths:sizes:)``
/// lists them: for uninstalling, for cleaning, or for another tool to ask.
public struct AppLocation: Sendable, Hashable {
  /// The application's kinds that live at this path, most important first: several on
  /// platforms where they share a folder (data, config and state are all Application Support
  /// on macOS); empty for a legacy path.
  public let kinds: [AppDirectory]
  /// The directory's path.
  public let path: String
  /// Whether a directory is there (a symbolic link counts as what it is, not followed: a link
  /// is not a directory).
  public let exists: Bool
  /// Whether something is there that is not a directory: a file, or a symbolic link, which is
  /// never followed.
  public let isObstructed: Bool
  /// The bytes below it as `du -sb` counts them (every entry's apparent size, each inode once,
  /// no symbolic link followed), when sizes were asked for and it exists; `nil` too when part
  /// of it could not be read, so that a size is never an undercount.
  public let size: Int64?
  /// What kept the location from being examined whole: the error of looking at it, other than
  /// its not existing (`EACCES` from a parent that cannot be searched, `EIO`), when
  /// ``exists`` is `false` for want of an answer; or, when sizes were asked for, the first
  /// error of reading what is below it, when ``size`` is `nil` for that reason. `nil` when it
  /// was examined whole.
  public let problem: SystemErrno?

  /// Whether this is a legacy path the application named, rather than one of its directories.
  public var isLegacy: Bool { kinds.isEmpty }

  /// Records a location.
  package init(
    kinds: [AppDirectory], path: String, exists: Bool, isObstructed: Bool = false,
    size: Int64? = nil, problem: SystemErrno? = nil
  ) {
    self.kinds = kinds
    self.path = path
    self.exists = exists
    self.isObstructed = isObstructed
    self.size = size
    self.problem = problem
  }
}

extension AppDirectories {
  /// Every directory the application may have on this platform: its data, config, cache,
  /// state, logs and runtime directories, the containers of `groups`, and the `legacy` paths
  /// it names, each once (kinds that share a folder are listed together), with whether it
  /// exists and, when `sizes` is set, its size.
  ///
  /// ```swift
  /// import AppDirectories
  ///
  /// let dirs = try AppDirectories(app: "ExampleApp")
  /// for location in try dirs.locations(sizes: true) where location.exists {
  ///   print(location.path, location.size ?? 0)
  /// }
  /// ```
  ///
  /// Nothing is created. A kind the platform does not have (a group container on Android) is
  /// left out. Each kind is listed where the library would use it, as
  /// ``verifiedResolution(for:)`` finds it: the runtime directory's fallback when the login
  /// session's is missing or not private, a temporary fallback where one is in use; a kind
  /// that has no safe place at all is listed where the platform's table puts it.
  public func locations(
    groups: [String] = [], legacyPaths legacy: [String] = [], sizes: Bool = false
  ) throws -> [AppLocation] {
    try _locations(groups: groups, legacyPaths: legacy, sizes: sizes)
  }

  /// `locations` with its error typed: the body's typed `do … catch .unsupported` inside an
  /// untyped function crashes the Swift 6.3.1 compiler ("Found ownership error").
  package func _locations(
    groups: [String] = [], legacyPaths legacy: [String] = [], sizes: Bool = false
  ) throws(DirectoryError) -> [AppLocation] {
    var entries: [(kinds: [AppDirectory], path: String)] = []
    func add(_ kind: AppDirectory?, _ path: String) {
      if let index = entries.firstIndex(where: { $0.path == path }) {
        if let kind { entries[index].kinds.append(kind) }
      } else {
        entries.append((kind.map { [$0] } ?? [], path))
      }
    }
    // Every platform has all of an application's own kinds; only groups may be missing.
    for kind in AppDirectory.ownKinds {
      guard let used = try? verifiedResolution(for: kind) else {
        add(kind, try _resolution(for: kind).path)
        continue
      }
      add(kind, used.path)
    }
    for group in groups {
      do throws(DirectoryError) {
        add(.shared(group: group), try _resolution(for: .shared(group: group)).path)
      } catch .unsupported {
        continue
      }
    }
    for path in legacy { add(nil, try legacyPath(path)) }
    let tree = FileTree(syscalls: syscalls)
    let reacher = DirectoryCreator(
      syscalls: syscalls, environment: environment, style: environment.platform.pathStyle)
    return entries.map { entry in
      let path = entry.path
      let status: FileStatus
      switch syscalls.status(path: entry.path, followSymlinks: false) {
      case .success(let found): status = found
      case .failure(let error) where error == .noSuchFileOrDirectory || error == .notDirectory:
        return AppLocation(kinds: entry.kinds, path: path, exists: false)
      case .failure(let error):
        // Not known to be absent: said, so that no one takes it for missing.
        return AppLocation(kinds: entry.kinds, path: path, exists: false, problem: error)
      }
      guard status.type == .directory else {
        return AppLocation(kinds: entry.kinds, path: path, exists: false, isObstructed: true)
      }
      // A directory is the application's only as the walk reaches it: through someone else's
      // link on the way it is not there for the application, and is said to be unreachable
      // (`ELOOP`, what `O_NOFOLLOW` gives a link), as every other door refuses it.
      do throws(DirectoryError) {
        _ = try reacher.reach(path)
      } catch {
        return AppLocation(
          kinds: entry.kinds, path: path, exists: false,
          problem: error.errno ?? .tooManySymbolicLinks)
      }
      guard sizes else { return AppLocation(kinds: entry.kinds, path: path, exists: true) }
      let opened: Result<Int32, SystemErrno>
      do throws(DirectoryError) {
        opened = try DirectoryOpener(syscalls: syscalls).openUnfollowed(entry.path)
      } catch {
        // Another user's link on the way: the kernel's walk would have measured its target.
        return AppLocation(
          kinds: entry.kinds, path: path, exists: true, problem: .tooManySymbolicLinks)
      }
      switch opened {
      case .success(let directory):
        // Each location on its own, as `du -sb PATH` measures it: the directory itself and
        // everything below, a hard-linked file once.
        var failures: [FileTree.Failure] = []
        let below = tree.size(of: directory, at: entry.path, failures: &failures)
        syscalls.close(descriptor: directory)
        return AppLocation(
          kinds: entry.kinds, path: path, exists: true,
          size: failures.isEmpty ? status.size + below : nil, problem: failures.first?.errno)
      case .failure(let error):
        return AppLocation(kinds: entry.kinds, path: path, exists: true, problem: error)
      }
    }
  }
}

extension AppDirectories {
  /// A legacy directory's path by the platform's rules: absolute (`/x`, or on Windows `C:\x`,
  /// `C:/x` as Foundation's `URL.path` spells it, `\\?\C:\x`) and normalized.
  ///
  /// - Throws: ``DirectoryError/invalidName(name:reason:)`` for a relative path or one with a
  ///   NUL byte.
  func legacyPath(_ path: String) throws(DirectoryError) -> String {
    let style = environment.platform.pathStyle
    guard style.isAbsolute(path), !path.utf8.contains(0) else {
      throw .invalidName(name: path, reason: .legacyPathNotAbsolute)
    }
    return style.normalize(path)
  }
}

extension AppDirectories {
  /// Whether `clean(.all)` would act on each of the application's directories that exist, and
  /// why or why not, in the order of ``locations(groups:legacyPaths:sizes:)``: what
  /// `appdirs doctor` says. Nothing is removed; a directory that cannot be examined is
  /// refused as ``CleanRefusal/unexaminable``.
  package func cleanVerdicts() -> [(location: AppLocation, verdict: OwnershipVerdict)] {
    guard let all = try? locations() else { return [] }
    let proof = removalProof()
    return all.filter { $0.exists || $0.isObstructed }.map { location in
      do throws(DirectoryError) {
        guard
          let target = try proveTheApplications(
            location.path, as: location.kinds, for: .remove, proof: proof)
        else { return (location, .refused(.unexaminable)) }
        target.close(syscalls)
        return (location, .proved(target.evidence))
      } catch {
        let reason =
          if case .cleanRefused(_, let reason) = error { reason } else { CleanRefusal.unexaminable }
        return (location, .refused(reason))
      }
    }
  }
}
