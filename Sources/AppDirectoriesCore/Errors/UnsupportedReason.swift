// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

/// Why a directory does not exist for the caller: the platform has no such folder, the domain
/// is not the user's, or the application is not entitled to it.
#if hasAttribute(nonexhaustive)
  @nonexhaustive
#endif
public enum UnsupportedReason: Sendable, Hashable, CustomStringConvertible {
  /// The platform has no such base directory (templates on macOS, fonts on iOS).
  case directory(StandardDirectory, on: OperatingSystem)
  /// The platform has no app group containers (Android).
  case appGroups(on: OperatingSystem)
  /// The system gives no container for this group: on iOS the app needs the group in its
  /// `com.apple.security.application-groups` entitlement.
  case appGroupNotEntitled(group: String)
  /// A `FileManager.SearchPathDomainMask` other than the user's domain.
  case searchPathDomain(rawValue: UInt)
  /// A `FileManager.SearchPathDirectory` that has no meaning on this platform.
  case searchPathDirectory(rawValue: UInt)
  /// Pruning a kind other than the cache, whose files the application can make again.
  case pruning(AppDirectory)
  /// The platform has no machine-wide directory of this kind (``DirectoryScope/system``): an
  /// iOS, Mac Catalyst or Android app lives in its container, and Windows has no machine-wide
  /// runtime directory.
  case machineWide(AppDirectory, on: OperatingSystem)
  /// The process cannot shut itself in to its directories here
  /// (``AppDirectories/AppDirectories/confine(allowing:bestEffort:)``): `problem` says why.
  case confinement(ConfinementProblem)

  /// What is unsupported, in one sentence.
  public var description: String {
    switch self {
    case .directory(let kind, let system):
      "\(system.displayName) has no \(kind.rawValue) directory"
    case .appGroups(let system):
      "\(system.displayName) has no app group containers"
    case .appGroupNotEntitled(let group):
      "the system gives no container for the app group \(quoted(group))"
    case .searchPathDomain(let rawValue):
      "the search-path domain \(rawValue) is not supported; only .userDomainMask is"
    case .searchPathDirectory(let rawValue):
      "FileManager.SearchPathDirectory(rawValue: \(rawValue)) has no meaning on this platform"
    case .pruning(let kind):
      "only the cache and the logs are pruned, not \(kind): its files may be the only copy"
    case .machineWide(let kind, let system):
      "\(system.displayName) has no machine-wide \(kind) directory"
    case .confinement(let problem):
      "cannot confine the process: \(problem)"
    }
  }

  /// How to get what was meant, in one sentence.
  public var recoverySuggestion: String {
    switch self {
    case .directory, .searchPathDirectory:
      "Choose another kind of directory for this platform."
    case .appGroups:
      "Keep shared files in the application's own data directory on this platform."
    case .appGroupNotEntitled(let group):
      "Add \(group) to the app's com.apple.security.application-groups entitlement."
    case .searchPathDomain:
      "Use the user domain, .userDomainMask."
    case .pruning:
      "Prune .cache or .logs; remove the files of other kinds yourself when the application no longer needs them."
    case .machineWide:
      "Use the user's scope (scope: .user, without --system) on this platform."
    case .confinement(let problem): problem.recoverySuggestion
    }
  }
}
