// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

public import AppDirectoriesCore

/// A grant with the descriptor that the walk opened for it and the proof judged (path
/// operations only), `nil` when the directory does not exist: what a Landlock rule names.
package struct OpenedGrant {
  package let grant: DirectoryGrant
  package let descriptor: Int32?
}

extension AppDirectories {
  /// The application's directories with the access each needs in a sandbox, every one proved
  /// first by the rules of section 10: read-write for data, config, cache, state, logs and the
  /// runtime directory; read-only for the other entries of the data and config search lists;
  /// read and execute for the user's executables directory.
  ///
  /// A directory is never granted when it is, or holds, `/`, the home, a base directory that
  /// every application shares, the temporary directory or a directory of the system, nor when
  /// another user owns it (root, for the read-only ones, aside); nor outside the isolated root
  /// while one is current. One refusal refuses everything: nothing is granted.
  ///
  /// ```swift
  /// import AppDirectories
  ///
  /// let dirs = try AppDirectories(app: "ExampleApp")
  /// let writable = try dirs.grants(creating: true).filter { $0.access == .readWrite }
  /// print(writable.map(\.path))
  /// ```
  ///
  /// - Parameter creating: Whether to find or create the application's own directories first
  ///   (as ``AppDirectories/AppDirectories/directoryPath(_:)`` does); otherwise an absent one
  ///   is listed with ``DirectoryGrant/exists`` false. The search lists' entries and the
  ///   executables directory are never created.
  /// - Returns: The grants, the application's own directories first, each directory once.
  /// - Throws: ``DirectoryError/grantRefused(path:reason:)`` naming the directory and the rule;
  ///   the errors of find-or-create when `creating`.
  public func grants(creating: Bool = false) throws -> [DirectoryGrant] {
    let opened = try _openedGrants(creating: creating)
    for grant in opened { grant.descriptor.map { syscalls.close(descriptor: $0) } }
    return opened.map(\.grant)
  }

  /// `grants` with each directory's descriptor held open, for the rules that name them; the
  /// caller closes them. On a refusal, every descriptor opened so far is closed.
  package func _openedGrants(creating: Bool) throws(DirectoryError) -> [OpenedGrant] {
    // Everything is proved before anything is made: what exists by its descriptor, what does
    // not by where it would be made.
    let found = try openedGrants(creating: false)
    guard creating, found.contains(where: { !$0.grant.exists && $0.grant.access == .readWrite })
    else { return found }
    for grant in found { grant.descriptor.map { syscalls.close(descriptor: $0) } }
    return try openedGrants(creating: true)
  }

  private func openedGrants(creating: Bool) throws(DirectoryError) -> [OpenedGrant] {
    let (proof, bases) = grantRules()
    var opened: [OpenedGrant] = []
    var seen: Set<FileIdentity> = []
    var seenPaths: Set<String> = []
    do throws(DirectoryError) {
      func add(
        _ path: String, _ kind: DirectoryGrant.Kind, _ access: DirectoryGrant.Access,
        _ source: DirectorySource, sharedBase: StandardDirectory? = nil
      ) throws(DirectoryError) {
        let normalized = environment.platform.pathStyle.normalize(path)
        guard !seenPaths.contains(normalized) else { return }
        let descriptor = try openGrantable(
          path, writable: access == .readWrite, sharedBase: sharedBase, proof: proof)
        if descriptor == nil, access == .readWrite,
          let refusal = newGrantRefusal(path, proof: proof, bases: bases)
        {
          throw .grantRefused(path: path, reason: refusal)
        }
        if let descriptor, case .success(let status) = syscalls.status(descriptor: descriptor) {
          // One directory by two names (an XDG_DATA_DIRS entry that is XDG_DATA_HOME): the
          // first grant, the broader, stands.
          guard seen.insert(FileIdentity(status)).inserted else {
            syscalls.close(descriptor: descriptor)
            return
          }
        }
        seenPaths.insert(normalized)
        opened.append(
          OpenedGrant(
            grant: DirectoryGrant(
              path: path, access: access, kind: kind, source: source, exists: descriptor != nil),
            descriptor: descriptor))
      }
      let own: [(AppDirectory, DirectoryGrant.Kind)] = [
        (.data, .data), (.config, .config), (.cache, .cache), (.state, .state), (.logs, .logs),
        (.runtime, .runtime),
      ]
      for (kind, name) in own {
        let resolution: DirectoryResolution
        do throws(DirectoryError) {
          resolution = try _resolution(for: kind)
        } catch {
          // A kind the platform does not have here (Windows's machine-wide runtime) is no
          // grant.
          if case .unsupported = error { continue }
          throw error
        }
        let path = creating ? try _directoryPath(kind) : resolution.path
        try add(
          path, name, .readWrite,
          creating && path != resolution.path ? .fallback : resolution.source)
      }
      for (kind, name) in [(AppDirectory.data, DirectoryGrant.Kind.data), (.config, .config)] {
        for entry in try _searchResolutions(for: kind).dropFirst() {
          try add(entry.path, name, .readOnly, entry.source)
        }
      }
      if let executables = try? standardDirectories._resolution(for: .executables) {
        try add(
          executables.path, .executables, .readExecute, executables.source,
          sharedBase: .executables)
      }
    } catch {
      for grant in opened { grant.descriptor.map { syscalls.close(descriptor: $0) } }
      throw error
    }
    return opened
  }
}
