// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

public import AppDirectoriesCore

/// A directory that a sandbox hands the application, with the access it needs there: one
/// entry of ``AppDirectories/AppDirectories/grants(creating:)``.
///
/// ```swift
/// import AppDirectories
///
/// for grant in try AppDirectories(app: "ExampleApp").grants() {
///   print(grant.access, grant.path, grant.exists ? "" : "(absent)")
/// }
/// ```
public struct DirectoryGrant: Sendable, Hashable {
  /// What a sandboxed program may do beneath a granted directory.
  public enum Access: String, Sendable, Hashable, CaseIterable {
    /// Read, write, create and remove: the application's own directories.
    case readWrite = "read-write"
    /// Read only: the other entries of the search lists (`/usr/share/A`).
    case readOnly = "read-only"
    /// Read and run programs: the user's executables directory (`~/.local/bin`).
    case readExecute = "read-execute"
  }

  /// Which directory a grant is, by the tool's name for its kind.
  public enum Kind: String, Sendable, Hashable, CaseIterable {
    /// The application's data directory, or (read-only) an entry of the data search list.
    case data
    /// The application's configuration directory, or (read-only) an entry of its search list.
    case config
    /// The application's cache.
    case cache
    /// The application's state.
    case state
    /// The application's logs.
    case logs
    /// The application's runtime directory.
    case runtime
    /// The user's executables directory, which every application shares.
    case executables
  }

  /// The directory's absolute path, as the application resolves it.
  public let path: String
  /// What the application may do beneath it.
  public let access: Access
  /// Which directory it is.
  public let kind: Kind
  /// What chose the path: `XDG_DATA_HOME`, `default`, an override's variable.
  public let source: DirectorySource
  /// Whether it exists: an absent directory is proved when it is made.
  public let exists: Bool
}
