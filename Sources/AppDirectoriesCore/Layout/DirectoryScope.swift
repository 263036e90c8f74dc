// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

/// Whose directories: the user's own, or the machine's, which a service or an install for
/// every user keeps (`/var/lib/ExampleApp`, `/Library/Application Support/ExampleApp`,
/// `%ProgramData%\ExampleApp`).
///
/// ```swift
/// import AppDirectories
///
/// let service = try AppDirectories(app: "exampled", scope: .system)
/// let state = try service.resolution(for: .state).path   // /var/lib/exampled on Linux
/// ```
///
/// The user's scope stays the default, for root too: switching is the caller's choice, as with
/// platformdirs' `use_site_for_root`. See <doc:ServicesAndContainers>.
public enum DirectoryScope: String, Sendable, Hashable, CaseIterable, Codable {
  /// The user's own directories, under the home.
  case user
  /// The machine's directories for the application, shared by its users and its service.
  case system
}

/// What ``AppDirectories/AppDirectories/directory(_:)`` does when an application's directory
/// cannot be created because the home cannot be written: a read-only root file system, or
/// `HOME=/nonexistent` in a container that runs an arbitrary user.
///
/// ```swift
/// import AppDirectories
///
/// let dirs = try AppDirectories(app: "ExampleApp", fallback: .temporary)
/// let cache = try dirs.verifiedResolution(for: .cache)
/// if cache.source == .fallback { print(cache.warnings.map(\.message)) }
/// ```
///
/// Off by default, because a silent fallback hides lost data. See <doc:ServicesAndContainers>.
public enum DirectoryFallback: String, Sendable, Hashable, CaseIterable, Codable {
  /// The error says what is wrong and how to fix it; nothing is created elsewhere.
  case none
  /// A private `<temporary>/<app>-<uid>/<kind>`, created 0700 and checked like the runtime
  /// directory's fallback, with a warning that the files are not kept. Only a directory that
  /// is missing and cannot be made (a missing component on a read-only or unwritable parent,
  /// or no home at all) falls back: an existing directory that is merely read-only is used
  /// as it is.
  case temporary
}
