// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

/// What shows that a directory is the application's: the positive proof that must hold before
/// anything in it is removed or moved away. Not being on a list of dangerous places is no
/// proof.
package enum OwnershipEvidence: Sendable, Hashable, CustomStringConvertible {
  /// (a) It is the application's folder where the platform puts it by default in the user's
  /// scope, with no override, `XDG_*` value, portable root or service manager involved.
  case defaultLocation
  /// (b) The library made it: it holds the application's marker, written only when the walk
  /// creates a directory (`CACHEDIR.TAG` for a cache, `.appdirectories` otherwise).
  case marker(String)
  /// (c) The service manager made it for this application: its variable
  /// (`CACHE_DIRECTORY`) at a place where systemd makes that kind's directories, or, for root
  /// in system scope, it is the application's entry of the machine's folders that systemd
  /// handed to the unit's own user (owned by a user other than root).
  case serviceManager(String)
  /// The application's code names it: a legacy path or a group container given to `clean`,
  /// or a migration's source.
  case namedByCaller

  /// Why, in words: `it is the platform's default place`.
  package var description: String {
    switch self {
    case .defaultLocation: "it is the application's folder at the platform's default place"
    case .marker(let name): "the library made it: it holds the application's \(name)"
    case .serviceManager(let how): "the service manager made it for the application (\(how))"
    case .namedByCaller: "the application names it"
    }
  }
}

/// The positive proof's answer on one directory: the evidence that it is the application's,
/// or the rule that refuses it.
package enum OwnershipVerdict: Sendable, Hashable {
  /// It is the application's, for this reason.
  case proved(OwnershipEvidence)
  /// It is not to be touched, for this reason.
  case refused(CleanRefusal)
}

/// What a removal does with a directory proved the application's.
package enum RemovalPurpose {
  /// Empties it or removes some of what it holds (`clean --cache`, `prune`, other versions):
  /// a link the service manager made to the unit's data (`DynamicUser=`) is followed.
  case empty
  /// Removes it with everything in it (`clean --all`).
  case remove
  /// Moves it away (a migration's source): it may be a mount point.
  case move
}

extension AppDirectories {
  /// A directory proved the application's, held open: the directory (`nil` for a link or a
  /// file, which is removed as itself), its parent, and the evidence.
  package struct ProvedTarget {
    package let path: String
    package let parent: Int32
    package let name: FileName
    package let directory: Int32?
    package let evidence: OwnershipEvidence

    package func close(_ syscalls: any SystemCalls) {
      if let directory { syscalls.close(descriptor: directory) }
      syscalls.close(descriptor: parent)
    }
  }

  /// The positive proof, the one door of every removal: opens `path` through descriptors under
  /// the walk's link rule and proves it the application's (the directory of `kinds`, or with
  /// no kind a path the application's code names), or throws
  /// ``DirectoryError/cleanRefused(path:reason:)`` with the rule it breaks, before anything is
  /// removed; `nil` when nothing is there.
  ///
  /// The evidence (``OwnershipEvidence``) comes first; the rules of ``RemovalProof`` (never the
  /// home, a base directory, a system folder, a mount point, another user's) stay as a second
  /// line. A link or a file where the directory would be is removed as itself, never followed,
  /// and only at the platform's default place or where the application names it; the one
  /// link that is followed is the service manager's to a unit's data, when emptying it.
  package func proveTheApplications(
    _ path: String, as kinds: [AppDirectory], for purpose: RemovalPurpose, proof: RemovalProof
  ) throws(DirectoryError) -> ProvedTarget? {
    guard let located = try directoryOpener.locate(path) else { return nil }
    var keep = false
    defer { if !keep { syscalls.close(descriptor: located.parent) } }
    let outside = isolationRootNotHolding(located.parent).map(CleanRefusal.outsideIsolationRoot)
    let directory: Int32
    switch located.entry {
    case .missing: return nil
    case .symbolicLink where purpose == .empty && followsServiceManagersLinks(kinds):
      // `DynamicUser=`: `/var/cache/A -> private/A`, root's link, leads to the unit's data,
      // and nowhere else: what the walk reaches must be `private/A` beside the link.
      guard let reached = try directoryOpener.openDirectory(path) else { return nil }
      let style = environment.platform.pathStyle
      let data = style.join(style.join(style.parent(path), "private"), app)
      guard case .success(let status) = syscalls.status(descriptor: reached),
        case .success(let expected) = syscalls.status(path: data, followSymlinks: false),
        FileIdentity(status) == FileIdentity(expected)
      else {
        syscalls.close(descriptor: reached)
        throw .cleanRefused(path: path, reason: .symbolicLink)
      }
      directory = reached
    case .symbolicLink(let status), .other(let status):
      if let tree = proof.systemTree(holding: located.parent) {
        throw .cleanRefused(path: path, reason: .protectedDirectory(tree))
      }
      if let outside { throw .cleanRefused(path: path, reason: outside) }
      if status.owner != environment.effectiveUserID {
        throw .cleanRefused(path: path, reason: .ownedByAnotherUser(status.owner))
      }
      // Nothing to empty there.
      let isLink = if case .symbolicLink = located.entry { true } else { false }
      if purpose == .empty {
        throw .cleanRefused(path: path, reason: isLink ? .symbolicLink : .notADirectory)
      }
      let evidence: OwnershipEvidence? =
        Self.areNamedByCaller(kinds)
        ? .namedByCaller
        : kinds.contains { isDefaultLocation($0, at: path, scope: .user) } ? .defaultLocation : nil
      guard let evidence else {
        throw .cleanRefused(
          path: path,
          reason: isLink && followsServiceManagersLinks(kinds)
            ? .serviceManagersLink : unproven(kinds))
      }
      keep = true
      return ProvedTarget(
        path: path, parent: located.parent, name: located.name, directory: nil,
        evidence: evidence)
    case .directory:
      switch syscalls.openDirectory(in: located.parent, entry: located.name) {
      case .success(let opened): directory = opened
      case .failure(let error) where error == .noSuchFileOrDirectory: return nil
      case .failure(let error) where error == .tooManySymbolicLinks || error == .notDirectory:
        // Swapped for something else since it was looked at: refused, nothing removed.
        throw .cleanRefused(path: path, reason: .symbolicLink)
      case .failure(let error): throw DirectoryCreator.error(error, at: path)
      }
    }
    switch ownership(of: directory, at: path, as: kinds, for: purpose, proof: proof) {
    case .proved(let evidence) where outside == nil:
      keep = true
      return ProvedTarget(
        path: path, parent: located.parent, name: located.name, directory: directory,
        evidence: evidence)
    case .proved:
      syscalls.close(descriptor: directory)
      throw .cleanRefused(path: path, reason: outside ?? .unexaminable)
    case .refused(let rule):
      syscalls.close(descriptor: directory)
      throw .cleanRefused(path: path, reason: rule)
    }
  }

  /// The decision on an open directory: the evidence that it is the application's, or the rule
  /// it breaks. Every removal reaches it through
  /// ``proveTheApplications(_:as:for:proof:)``, and a migration's source check on the
  /// descriptor it holds.
  package func ownership(
    of directory: Int32, at path: String, as kinds: [AppDirectory], for purpose: RemovalPurpose,
    proof: RemovalProof
  ) -> OwnershipVerdict {
    guard case .success(let status) = syscalls.status(descriptor: directory) else {
      return .refused(.unexaminable)
    }
    let evidence = self.evidence(for: directory, status: status, at: path, as: kinds)
    // Root acts on a service user's directory that the library or the service manager made.
    let isService: Bool
    switch evidence {
    case .marker?, .serviceManager?: isService = scope == .system || servicesVariable(kinds) != nil
    default: isService = false
    }
    if let rule = proof.refusal(
      for: directory,
      allowingMountPoint: purpose == .move || servicesVariable(kinds) != nil,
      allowingAnyOwner: isService && environment.effectiveUserID == 0)
    {
      return .refused(rule)
    }
    guard let evidence else { return .refused(unproven(kinds)) }
    return .proved(evidence)
  }

  /// The evidence that the open directory at `path` is the application's directory of one of
  /// `kinds`, or `nil`.
  private func evidence(
    for directory: Int32, status: FileStatus, at path: String, as kinds: [AppDirectory]
  ) -> OwnershipEvidence? {
    if Self.areNamedByCaller(kinds) { return .namedByCaller }
    if kinds.contains(where: { isDefaultLocation($0, at: path, scope: .user) }) {
      return .defaultLocation
    }
    if let variable = servicesVariable(kinds) { return .serviceManager(variable) }
    if scope == .system, environment.effectiveUserID == 0, status.owner != 0,
      kinds.contains(where: { isDefaultLocation($0, at: path, scope: .system) })
    {
      return .serviceManager("owned by the unit's user \(status.owner)")
    }
    if kinds.contains(.cache),
      DirectoryMarker.cacheTag.isHeld(in: directory, naming: app, syscalls: syscalls)
    {
      return .marker(DirectoryMarker.cacheTag.name.description)
    }
    if DirectoryMarker.owner.isHeld(in: directory, naming: app, syscalls: syscalls) {
      return .marker(DirectoryMarker.owner.name.description)
    }
    return nil
  }

  /// Whether a location of `kinds` is one the application's code names: a legacy path (no
  /// kind) or a group container, which the system or the application makes.
  private static func areNamedByCaller(_ kinds: [AppDirectory]) -> Bool {
    kinds.allSatisfy { if case .shared = $0 { true } else { false } }
  }

  /// The refusal of a directory of `kinds` that nothing proves the application's.
  private func unproven(_ kinds: [AppDirectory]) -> CleanRefusal {
    kinds == [.cache]
      ? .missingCacheTag(application: app)
      : .unproven(application: app, marker: DirectoryMarker.owner.name.description)
  }

  /// The service manager's variable that chose one of `kinds` for this application
  /// (`STATE_DIRECTORY`), if any, where it names a place where systemd makes that kind's
  /// directories: the machine's folder (`/var/lib/A`), its `private` folder for
  /// `DynamicUser=` (`/var/lib/private/A`), or a user unit's XDG place (`~/.local/state/A`,
  /// `~/.local/state/log/A` for logs). A variable that names any other folder
  /// (`CACHE_DIRECTORY=~/proj/svc`) proves nothing.
  private func servicesVariable(_ kinds: [AppDirectory]) -> String? {
    for kind in kinds {
      guard let chosen = try? resolution(for: kind), Self.isServiceManagers(chosen.source),
        case .variable(let name) = chosen.source
      else { continue }
      if servicesPlaces(of: kind).contains(where: { isSame($0, chosen.path) }) { return name }
    }
    return nil
  }

  /// Where systemd makes this application's directory of `kind`, for system and user units.
  private func servicesPlaces(of kind: AppDirectory) -> [String] {
    var plain = environment
    for name in ServiceManagerDirectories.variables { plain.variables[name] = nil }
    let style = environment.platform.pathStyle
    var places: [String] = []
    for scope in [DirectoryScope.system, .user] {
      guard
        let directories = try? AppDirectories(
          app: app, organization: organization, layout: layout, roaming: roaming, scope: scope,
          environment: plain, syscalls: syscalls)
      else { continue }
      if scope == .system, let place = try? directories.resolution(for: kind).path {
        places += [place, style.join(style.join(style.parent(place), "private"), app)]
      } else if scope == .user {
        let base = kind == .logs ? AppDirectory.state : kind
        if let place = try? directories.resolution(for: base).path {
          places.append(
            kind == .logs ? style.join(style.join(style.parent(place), "log"), app) : place)
        }
      }
    }
    return places
  }

  /// Whether two paths are the same directory: by spelling, or by identity when both exist.
  private func isSame(_ one: String, _ other: String) -> Bool {
    if one == other { return true }
    guard case .success(let first) = syscalls.status(path: one, followSymlinks: true),
      case .success(let second) = syscalls.status(path: other, followSymlinks: true)
    else { return false }
    return FileIdentity(first) == FileIdentity(second)
  }

  /// Whether a link at one of `kinds` may be the service manager's, which leads to the unit's
  /// data: in system scope, or where its variable chose the directory.
  private func followsServiceManagersLinks(_ kinds: [AppDirectory]) -> Bool {
    !Self.areNamedByCaller(kinds) && (scope == .system || servicesVariable(kinds) != nil)
  }

  /// The variables that choose a directory instead of the platform's default: the `XDG_*`
  /// homes and the service manager's. (The runtime directory's `XDG_RUNTIME_DIR` is the
  /// platform's own: the login session's, checked private to the user.)
  private static let choosingVariables =
    ["XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME"]
    + ServiceManagerDirectories.variables

  /// Whether `path` is, by spelling or by identity, where the platform puts this application's
  /// directory of `kind` by default in `scope`: no override of the application's, `XDG_*`
  /// value, service manager, portable root or temporary fallback involved.
  func isDefaultLocation(_ kind: AppDirectory, at path: String, scope: DirectoryScope) -> Bool {
    if case .shared = kind { return false }
    var plain = environment
    for name in Self.choosingVariables { plain.variables[name] = nil }
    guard
      let standard = try? AppDirectories(
        app: app, organization: organization, layout: layout, roaming: roaming, scope: scope,
        environment: plain, syscalls: syscalls
      ).verifiedResolution(for: kind).path
    else { return false }
    return isSame(standard, path)
  }

  /// What the walk calls when it has just made the directory of `kind`: the cache's
  /// `CACHEDIR.TAG` (where the cache is tagged), and the owner marker where the platform's
  /// default place would not prove the directory the application's.
  func markingCreated(_ kind: AppDirectory) -> @Sendable (Int32, String) -> Void {
    let tagsCache =
      kind == .cache && tagsCacheDirectory
      && !(environment.platform.isApple && layout == .native)
    return { [self] directory, path in
      let user = environment.effectiveUserID
      if tagsCache {
        DirectoryMarker.cacheTag.write(
          into: directory, application: app, syscalls: syscalls, effectiveUserID: user)
      } else if scope == .system || !isDefaultLocation(kind, at: path, scope: .user) {
        DirectoryMarker.owner.write(
          into: directory, application: app, syscalls: syscalls, effectiveUserID: user)
      }
    }
  }

  /// The root of the isolated environment, while one is current and the open `directory`
  /// is neither it nor below it (by identity); `nil` otherwise. Nothing outside the root is
  /// removed or moved while it is current.
  package func isolationRootNotHolding(_ directory: Int32) -> String? {
    guard let root = environment.trustedRoot else { return nil }
    guard case .success(let status) = syscalls.status(path: root, followSymlinks: true),
      let chain = syscalls.ancestry(of: directory),
      chain.contains(where: { FileIdentity($0) == FileIdentity(status) })
    else { return root }
    return nil
  }
}
