// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

package import AppDirectoriesCore
import CLandlock

/// Linux's Landlock system calls, behind a protocol so that tests can play a kernel without
/// Landlock, an older one, or a process with threads.
package protocol LandlockCalls: Sendable {
  /// The kernel's Landlock version.
  func version() -> Result<Int, SystemErrno>
  /// A new ruleset handling `access`: its descriptor.
  func createRuleset(handling access: LandlockAccess) -> Result<Int32, SystemErrno>
  /// Allows `access` beneath the open `directory` (or file).
  func addRule(to ruleset: Int32, beneath directory: Int32, allowing access: LandlockAccess)
    -> SystemErrno?
  /// Sets `no_new_privs` and restricts the calling thread, or with `allThreads` every thread
  /// of the process (Landlock 8), to `ruleset`.
  func restrictSelf(to ruleset: Int32, allThreads: Bool) -> SystemErrno?
  /// How many threads the process runs, when it can be read.
  func threadCount() -> Int?
}

/// The kernel's Landlock, through the `CLandlock` target.
package struct LiveLandlockCalls: LandlockCalls {
  package init() {}

  /// `LANDLOCK_RESTRICT_SELF_TSYNC`: every thread of the process (Landlock 8, Linux 7.0).
  static let allThreadsFlag: UInt32 = 1 << 3

  package func version() -> Result<Int, SystemErrno> {
    Self.result(appdirs_landlock_version()).map(Int.init)
  }

  package func createRuleset(handling access: LandlockAccess) -> Result<Int32, SystemErrno> {
    Self.result(appdirs_landlock_create_ruleset(access.rawValue))
  }

  package func addRule(to ruleset: Int32, beneath directory: Int32, allowing access: LandlockAccess)
    -> SystemErrno?
  {
    Self.failure(appdirs_landlock_add_path_rule(ruleset, directory, access.rawValue))
  }

  package func restrictSelf(to ruleset: Int32, allThreads: Bool) -> SystemErrno? {
    Self.failure(appdirs_landlock_restrict_self(ruleset, allThreads ? Self.allThreadsFlag : 0))
  }

  package func threadCount() -> Int? {
    let count = appdirs_thread_count()
    return count > 0 ? Int(count) : nil
  }

  private static func result(_ value: Int32) -> Result<Int32, SystemErrno> {
    value < 0 ? .failure(SystemErrno(rawValue: -value)) : .success(value)
  }

  private static func failure(_ value: Int32) -> SystemErrno? {
    value < 0 ? SystemErrno(rawValue: -value) : nil
  }
}
