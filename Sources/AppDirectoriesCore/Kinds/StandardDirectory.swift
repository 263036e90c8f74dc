// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

/// A per-user base directory: the folder that every application shares, such as the user's
/// cache or documents folder.
///
/// Use ``StandardDirectories/url(for:layout:environment:)`` to resolve one:
///
/// ```swift
/// import AppDirectories
///
/// let documents = try StandardDirectories.url(for: .documents)
/// ```
public enum StandardDirectory: String, Sendable, Hashable, CaseIterable, Codable {
  /// The user's home directory.
  case home
  /// The base for application data (`$XDG_DATA_HOME`, `~/Library/Application Support`).
  case data
  /// The base for configuration files (`$XDG_CONFIG_HOME`).
  case config
  /// The base for caches, which may be deleted at any time (`$XDG_CACHE_HOME`).
  case cache
  /// The base for state that should persist but is not worth backing up (`$XDG_STATE_HOME`).
  case state
  /// The base for sockets and other runtime objects (`$XDG_RUNTIME_DIR`).
  case runtime
  /// The user's own executables (`~/.local/bin`).
  case executables
  /// The user's fonts.
  case fonts
  /// The user's application launchers: `.desktop` files on XDG systems
  /// (`$XDG_DATA_HOME/applications`), `~/Applications` on macOS, the Start menu's Programs on
  /// Windows.
  case applications
  /// The user's documents.
  case documents
  /// The user's downloads.
  case downloads
  /// The user's desktop.
  case desktop
  /// The user's music.
  case music
  /// The user's pictures.
  case pictures
  /// The user's videos (`~/Movies` on macOS).
  case videos
  /// The user's document templates.
  case templates
  /// The user's folder shared with others.
  case publicShare
  /// The user's software projects (`XDG_PROJECTS_DIR`, `~/Projects`); on macOS and Windows the
  /// home's `Projects`.
  case projects
  /// The directory for temporary files (`$TMPDIR` or `/tmp`).
  case temporary
  /// The user's library (`~/Library` on Apple platforms, the data directory elsewhere).
  case library
}
