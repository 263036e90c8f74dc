// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

/// A Landlock ruleset: the rights it handles (everything else stays allowed) and, for each
/// path, the rights allowed beneath it. What
/// ``AppDirectories/AppDirectories/landlockRuleset(allowing:creating:)`` gives, what
/// ``AppDirectories/AppDirectories/confine(allowing:bestEffort:)`` enforces, and what
/// `appdirs grants --format landlock` prints as JSON.
public struct LandlockRuleset: Sendable, Hashable {
  /// The rights allowed beneath one path.
  public struct Rule: Sendable, Hashable {
    /// The file or directory, absolute.
    public let path: String
    /// What is allowed beneath it.
    public let access: LandlockAccess

    /// A rule allowing `access` beneath `path`.
    public init(path: String, access: LandlockAccess) {
      self.path = path
      self.access = access
    }
  }

  /// The rights the ruleset handles: each is denied wherever no rule allows it.
  public let handledAccess: LandlockAccess
  /// The rules, the application's directories first, then the paths the caller allowed, then
  /// the system's.
  public let rules: [Rule]

  /// A ruleset handling `handledAccess` with `rules`.
  public init(handledAccess: LandlockAccess, rules: [Rule]) {
    self.handledAccess = handledAccess
    self.rules = rules
  }

  /// The Landlock version the ruleset needs: the one that knows every right it handles.
  public var landlockVersion: Int { handledAccess.landlockVersion }

  /// The ruleset as the Landlock `version` enforces it: the rights it knows, handled and
  /// allowed.
  func known(toVersion version: Int) -> LandlockRuleset {
    LandlockRuleset(
      handledAccess: handledAccess.known(toVersion: version),
      rules: rules.map { Rule(path: $0.path, access: $0.access.known(toVersion: version)) })
  }
}

/// What every confined program keeps, whatever its grants: the system's programs and libraries
/// to run, its configuration to read, and the harmless devices. One list, for Landlock and for
/// bubblewrap.
package enum SystemGrants {
  /// Read and run: the programs and the libraries (`/bin` is a link to `usr/bin` on a merged
  /// system, followed as root's).
  package static let programs = ["/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32"]
  /// Read: the system's configuration (name resolution, time zones, certificates) and the
  /// kernel's views of the process.
  package static let readable = ["/etc", "/proc", "/sys"]
  /// Read and write, each file alone: the devices every program may use.
  package static let devices = ["null", "zero", "full", "random", "urandom", "tty"]
  /// The directory of ``devices``.
  package static let deviceDirectory = "/dev"
}
