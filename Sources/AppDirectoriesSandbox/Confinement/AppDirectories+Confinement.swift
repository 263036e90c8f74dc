// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

public import AppDirectoriesCore

/// What ``AppDirectories/AppDirectories/confine(allowing:bestEffort:)`` did: the ruleset it
/// was asked to enforce and the one the kernel enforces.
public struct Confinement: Sendable, Hashable {
  /// The ruleset of the grants, the paths allowed and the system's.
  public let requested: LandlockRuleset
  /// What the kernel enforces now: the requested rules with the rights its Landlock knows;
  /// nothing handled and no rules when nothing is enforced (best effort without Landlock).
  public let enforced: LandlockRuleset
  /// The kernel's Landlock version; 0 without Landlock.
  public let landlockVersion: Int
  /// How many threads besides the caller's run unrestricted (best effort, on a kernel whose
  /// Landlock restricts one thread at a time).
  public let unconfinedThreads: Int

  /// Whether everything requested is enforced, on every thread.
  public var isComplete: Bool { enforced == requested && unconfinedThreads == 0 }
}

extension AppDirectories {
  /// The Landlock ruleset that ``confine(allowing:bestEffort:)`` enforces: read and write
  /// beneath the application's own directories, read beneath the search lists' other entries
  /// and `readOnlyPaths`, read and run beneath the executables directory, and what every
  /// program keeps: read and run beneath `/usr`, `/bin`, `/sbin` and `/lib*`, read beneath
  /// `/etc`, `/proc` and `/sys`, read and write of `/dev/null`, `/dev/zero`, `/dev/full`,
  /// `/dev/random`, `/dev/urandom` and `/dev/tty`. The temporary directory is not granted:
  /// a confined program keeps its files in its cache or runtime directory. Running a file is
  /// allowed only where programs are installed, never in a directory the program can write.
  ///
  /// The application's directories are proved as ``grants(creating:)`` proves them; read-only
  /// search entries and system paths that do not exist are left out.
  ///
  /// - Parameters:
  ///   - readOnlyPaths: Absolute paths of directories the program reads besides its own.
  ///   - creating: Whether to find or create the application's own directories first, as
  ///     confinement does.
  public func landlockRuleset(allowing readOnlyPaths: [String] = [], creating: Bool = false)
    throws -> LandlockRuleset
  {
    let (ruleset, descriptors) = try openedRuleset(allowing: readOnlyPaths, creating: creating)
    for descriptor in descriptors.compactMap({ $0 }) { syscalls.close(descriptor: descriptor) }
    return ruleset
  }

  /// Shuts the running process in to its own directories with Linux's Landlock: afterwards
  /// opening a file for writing anywhere but in the application's own directories (and the
  /// devices of ``landlockRuleset(allowing:creating:)``) fails with `EACCES`, in this process,
  /// every thread of it, and every program it starts. It cannot be undone.
  ///
  /// The application's directories are found or created first, then each is opened once
  /// through the walk, proved by the rules of ``grants(creating:)`` on that descriptor, and
  /// named to the kernel by the same descriptor: nothing is resolved twice. `no_new_privs` is
  /// set, as Landlock requires.
  ///
  /// Before Landlock 8 (Linux 7.0) the kernel restricts only the calling thread, and the
  /// threads it starts afterwards: confine first thing in `main`, before Dispatch or Swift
  /// concurrency start threads. A process that runs other threads there is refused.
  ///
  /// ```swift
  /// import AppDirectories
  ///
  /// let dirs = try AppDirectories(app: "ExampleApp")
  /// #if os(Linux)
  ///   let confinement = try dirs.confine(allowing: ["/usr/share/fonts"])
  ///   print("Landlock \(confinement.landlockVersion), \(confinement.enforced.rules.count) rules")
  /// #endif
  /// ```
  ///
  /// - Parameters:
  ///   - readOnlyPaths: Absolute paths of directories the program reads besides its own and
  ///     the system's.
  ///   - bestEffort: Whether to enforce what the kernel can instead of refusing: without
  ///     Landlock, nothing (the result says so); with an older Landlock, the rights it knows;
  ///     with other threads running, the calling thread and those it starts.
  /// - Returns: What was asked and what is enforced.
  /// - Throws: ``DirectoryError/unsupported(reason:)`` with
  ///   ``UnsupportedReason/confinement(_:)`` where it cannot confine as asked (nothing is
  ///   restricted then); ``DirectoryError/grantRefused(path:reason:)`` and the errors of
  ///   find-or-create for the application's directories.
  public func confine(allowing readOnlyPaths: [String] = [], bestEffort: Bool = false) throws
    -> Confinement
  {
    try _confine(allowing: readOnlyPaths, bestEffort: bestEffort, landlock: LiveLandlockCalls())
  }

  /// `confine` with its error typed and the kernel's calls given. With `execsNext` (the tool,
  /// which becomes the command at once) other threads do not matter: `execve` ends them, and
  /// the program keeps the calling thread's restriction alone.
  package func _confine(
    allowing readOnlyPaths: [String], bestEffort: Bool, landlock: any LandlockCalls,
    execsNext: Bool = false
  ) throws(DirectoryError) -> Confinement {
    #if os(Linux)
      let version: Int
      switch landlock.version() {
      case .success(let found): version = found
      case .failure(let error):
        guard bestEffort else {
          throw .unsupported(reason: .confinement(.landlockUnavailable(error)))
        }
        version = 0
      }
    #else
      guard bestEffort else {
        throw .unsupported(reason: .confinement(.platform(environment.platform)))
      }
      let version = 0
    #endif
    let (requested, descriptors) = try openedRuleset(allowing: readOnlyPaths, creating: true)
    defer {
      for descriptor in descriptors.compactMap({ $0 }) { syscalls.close(descriptor: descriptor) }
    }
    let nothing = LandlockRuleset(handledAccess: [], rules: [])
    guard version > 0 else {
      return Confinement(
        requested: requested, enforced: nothing, landlockVersion: 0, unconfinedThreads: 0)
    }
    if version < requested.landlockVersion, !bestEffort {
      throw .unsupported(
        reason: .confinement(.landlockVersion(found: version, needed: requested.landlockVersion)))
    }
    // Landlock 8 restricts every thread at once; before, only the caller and what it starts.
    let allThreads = version >= 8
    let others = allThreads || execsNext ? 0 : max((landlock.threadCount() ?? 2) - 1, 0)
    if others > 0, !bestEffort {
      throw .unsupported(
        reason: .confinement(.otherThreads(count: others, landlockVersion: version)))
    }
    let enforced = requested.known(toVersion: version)
    let ruleset: Int32
    switch landlock.createRuleset(handling: enforced.handledAccess) {
    case .success(let created): ruleset = created
    case .failure(let error):
      throw .unsupported(reason: .confinement(.landlockUnavailable(error)))
    }
    defer { syscalls.close(descriptor: ruleset) }
    for (rule, descriptor) in zip(enforced.rules, descriptors) {
      guard let descriptor else { continue }
      if let error = landlock.addRule(to: ruleset, beneath: descriptor, allowing: rule.access) {
        throw .unsupported(reason: .confinement(.landlockUnavailable(error)))
      }
    }
    if let error = landlock.restrictSelf(to: ruleset, allThreads: allThreads) {
      throw .unsupported(reason: .confinement(.landlockUnavailable(error)))
    }
    return Confinement(
      requested: requested, enforced: enforced, landlockVersion: version,
      unconfinedThreads: others)
  }

  /// The ruleset with, for each rule, the descriptor the walk opened for it (closed by the
  /// caller): the grants as proved, the caller's paths, the system's.
  func openedRuleset(allowing readOnlyPaths: [String], creating: Bool) throws(DirectoryError)
    -> (LandlockRuleset, [Int32?])
  {
    for path in readOnlyPaths
    where !POSIXPath.isAbsolute(path) || path.utf8.contains(0) {
      throw .invalidName(name: path, reason: .allowedPathNotAbsolute)
    }
    var rules: [LandlockRuleset.Rule] = []
    var descriptors: [Int32?] = []
    do throws(DirectoryError) {
      for opened in try _openedGrants(creating: creating) {
        // An absent directory of the application's own is a rule still (confinement makes
        // it); an absent search entry is none.
        guard opened.descriptor != nil || opened.grant.access == .readWrite else { continue }
        rules.append(
          .init(path: opened.grant.path, access: Self.landlockAccess(opened.grant.access)))
        descriptors.append(opened.descriptor)
      }
      let opener = directoryOpener
      for (paths, access) in [
        (readOnlyPaths, LandlockAccess.read), (SystemGrants.programs, .readExecute),
        (SystemGrants.readable, .read),
      ] {
        for path in paths {
          guard let descriptor = try opener.openDirectory(path, readable: false) else { continue }
          rules.append(.init(path: path, access: access))
          descriptors.append(descriptor)
        }
      }
      if let devices = try opener.openDirectory(SystemGrants.deviceDirectory) {
        defer { syscalls.close(descriptor: devices) }
        for name in SystemGrants.devices {
          guard case .success(let device) = syscalls.openFile(in: devices, entry: FileName(name))
          else { continue }
          rules.append(
            .init(path: POSIXPath.join(SystemGrants.deviceDirectory, name), access: .device))
          descriptors.append(device)
        }
      }
    } catch {
      for descriptor in descriptors.compactMap({ $0 }) { syscalls.close(descriptor: descriptor) }
      throw error
    }
    return (LandlockRuleset(handledAccess: .all, rules: rules), descriptors)
  }

  /// The Landlock rights of a grant's access.
  static func landlockAccess(_ access: DirectoryGrant.Access) -> LandlockAccess {
    switch access {
    case .readWrite: .readWrite
    case .readOnly: .read
    case .readExecute: .readExecute
    }
  }
}
