// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

/// The system's own directories, which are no application's: one list for the proof before a
/// removal (SPEC section 10, which compares them by identity on the file system) and for the
/// service manager's entries that a layout passes over (SPEC section 15, by spelling alone, as a
/// layout touches no file).
enum SystemDirectories {
  /// Directories whose every directory entry is protected, and which are themselves.
  static let protectedParents = [
    "/", "/var", "/run", "/opt", "/srv", "/home", "/Users", "/private", "/private/var",
  ]
  /// Trees in which nothing is the application's to remove (with `/lib*` from `/`'s listing).
  static let trees = [
    "/usr", "/etc", "/bin", "/sbin", "/boot", "/dev", "/proc", "/sys", "/System", "/Library",
    "/Applications", "/private/etc",
  ]
  /// The folders a service's own directories are made in (`/var/lib/A`), themselves no
  /// application's.
  static let serviceParents = [
    "/var/lib", "/var/cache", "/var/log", "/var/tmp", "/tmp", "/run/user", "/root",
  ]
}
