// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

/// Why there is no home directory to build paths from, for
/// ``DirectoryError/homeUnavailable(reason:)``: each platform finds the home its own way, and
/// each way fails with its own fix.
///
/// ```swift
/// import AppDirectories
///
/// do {
///   _ = try StandardDirectories.url(for: .cache)
/// } catch DirectoryError.homeUnavailable(reason: .androidAppStorageUnknown) {
///   // set ProcessEnvironment.androidAppStorage first
/// } catch {}
/// ```
#if hasAttribute(nonexhaustive)
  @nonexhaustive
#endif
public enum HomeProblem: Sendable, Hashable, CustomStringConvertible {
  /// Linux and the BSDs: `HOME` is unset, empty or relative, and the password database has no
  /// entry for the user.
  case noHome(userID: UInt32)
  /// Linux and the BSDs: the process is setuid or setgid, so `HOME` is not trusted, and the
  /// password database has no entry for the user.
  case untrustedHome(userID: UInt32)
  /// Linux and the BSDs: `HOME` gives no home (it is unset, empty or relative, or not trusted
  /// in a setuid program), and the home the password database gives does not exist (user 65534, `nobody`, has `/nonexistent`). The library never creates
  /// a home directory.
  case passwordDatabaseHomeMissing(path: String, userID: UInt32)
  /// The home that `variable` names (`HOME=/nonexistent` in a container that runs an
  /// arbitrary user) does not exist, and the user cannot create it: its parent is not
  /// writable, or the file system is read-only.
  case homeMissing(path: String, variable: String, userID: UInt32)
  /// Apple platforms: `CFFIXED_USER_HOME` is unset or unusable, the system gives no home for
  /// the user, and `HOME` was passed over for the recorded reason.
  case noAppleHome(userID: UInt32, home: IgnoredValue)
  /// Windows: the Profile known folder is unavailable and `USERPROFILE` is unset or relative.
  case noWindowsProfile
  /// Android: the app's private storage is not known; see
  /// ``ProcessEnvironment/androidAppStorage``.
  case androidAppStorageUnknown
  /// In a process that `appdirs sandbox ROOT` runs, `variable` (`HOME`, or
  /// `CFFIXED_USER_HOME` on Apple platforms) is unset or leads outside `root`: the home would
  /// be outside the sandbox, where nothing is created while it is current.
  case outsideSandboxRoot(variable: String, root: String)

  /// The problem as a clause: `HOME is unset, empty or relative, and …`.
  public var description: String {
    switch self {
    case .noHome(let user):
      "HOME is unset, empty or relative, and the password database has no entry for user \(user)"
    case .untrustedHome(let user):
      "the process is setuid or setgid, so HOME is not trusted, and the password database has no entry for user \(user)"
    case .passwordDatabaseHomeMissing(let path, let user):
      "HOME gives none, and \(path), the home the password database gives user \(user), does not exist"
    case .homeMissing(let path, let variable, let user):
      "\(variable) is \(path), which does not exist, and user \(user) cannot create it"
    case .noAppleHome(let user, let home):
      "CFFIXED_USER_HOME is unset or unusable, the system gives no home directory for user \(user), and \(home)"
    case .noWindowsProfile:
      "the Profile known folder is unavailable and USERPROFILE is unset or relative"
    case .androidAppStorageUnknown:
      "the app's private storage is unknown"
    case .outsideSandboxRoot(let variable, let root):
      "\(variable) is unset or leads outside the sandbox root \(root), and nothing outside it is created while it is current"
    }
  }

  /// How to fix it, in one sentence.
  var recoverySuggestion: String {
    switch self {
    case .noHome(let user):
      "Set HOME to an absolute path, or give user \(user) a home directory in the password database."
    case .untrustedHome(let user):
      "Give user \(user) a home directory in the password database: a setuid or setgid program does not trust HOME."
    case .passwordDatabaseHomeMissing(let path, let user):
      "Set HOME to a directory you own (for a throwaway one, export HOME=\"$(mktemp -d)\"), or create \(path) as user \(user)'s home."
    case .homeMissing(let path, let variable, _):
      "Set \(variable) to a writable directory you own, mount a writable volume at \(path), or let the application fall back to a temporary directory (fallback: .temporary, --fallback temporary)."
    case .noAppleHome:
      "Set HOME to an absolute path; a sandboxed app gets CFFIXED_USER_HOME from the system."
    case .noWindowsProfile:
      "Set USERPROFILE to the user's profile folder, such as C:\\Users\\NAME, or sign in with a profile that Windows can load."
    case .androidAppStorageUnknown:
      "Set ProcessEnvironment.androidAppStorage to Context.getFilesDir().getParent() before asking for a directory."
    case .outsideSandboxRoot(let variable, let root):
      "Set \(variable) to a directory inside \(root) (the sandbox's own is \(root)/home), or run the command outside appdirs sandbox."
    }
  }
}
