// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

/// Why a process cannot shut itself in to its own directories, for
/// ``UnsupportedReason/confinement(_:)``: the library never confines silently less than it was
/// asked to, unless best effort was asked for.
#if hasAttribute(nonexhaustive)
  @nonexhaustive
#endif
public enum ConfinementProblem: Sendable, Hashable, CustomStringConvertible {
  /// The platform has no confinement that a process applies to itself through the library:
  /// only Linux's Landlock is used (a Mac app is confined by the App Sandbox entitlement or a
  /// Seatbelt profile at launch, a Windows one by an AppContainer).
  case platform(OperatingSystem)
  /// The kernel's Landlock cannot be used: the kernel is older than Linux 5.13 (`ENOSYS`),
  /// Landlock is not enabled (`EOPNOTSUPP`, the `lsm=` boot parameter), or a Landlock system
  /// call failed otherwise (its `errno`).
  case landlockUnavailable(SystemErrno)
  /// The kernel's Landlock is older than the version whose rights confinement needs
  /// (truncation is controlled from version 3, Linux 6.2).
  case landlockVersion(found: Int, needed: Int)
  /// The process runs more threads than the calling one, and the kernel's Landlock (before
  /// version 8, Linux 7.0) restricts only the thread that asks: the others would stay free.
  case otherThreads(count: Int, landlockVersion: Int)

  /// What is missing, as the end of a sentence.
  public var description: String {
    switch self {
    case .platform(let system):
      "\(system.displayName) has no confinement a process applies to itself (the library uses Linux's Landlock)"
    case .landlockUnavailable(let errno):
      "the kernel's Landlock cannot be used: \(errno)"
    case .landlockVersion(let found, let needed):
      "the kernel's Landlock is version \(found), and confinement needs version \(needed) (Linux 6.2) to control every way of writing"
    case .otherThreads(let count, let version):
      "the process runs \(count) other thread\(count == 1 ? "" : "s"), and the kernel's Landlock (version \(version)) restricts only the thread that asks"
    }
  }

  /// How to confine anyway, in one sentence.
  public var recoverySuggestion: String {
    switch self {
    case .platform:
      "Launch the program in a sandbox built from its grants (appdirs grants --format seatbelt), or ask for best effort."
    case .landlockUnavailable:
      "Run on Linux 5.13 or later with Landlock enabled (landlock in the kernel's lsm= parameter), or ask for best effort."
    case .landlockVersion:
      "Run on Linux 6.2 or later, or ask for best effort, which enforces what this kernel can."
    case .otherThreads:
      "Confine first thing in main, before Dispatch, Swift concurrency or another thread starts; or run on Linux 7.0 or later (Landlock 8); or ask for best effort."
    }
  }
}
