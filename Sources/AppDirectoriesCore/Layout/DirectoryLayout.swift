// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

/// Which set of rules turns a kind of directory into a path.
public enum DirectoryLayout: String, Sendable, Hashable, CaseIterable, Codable {
  /// The platform's own conventions: `~/Library` on Apple platforms, Known Folders on Windows,
  /// the XDG rules on Linux and the BSDs.
  case native
  /// The XDG Base Directory rules on every Unix-like platform, the convention of command-line
  /// tools on macOS.
  case xdg
  /// On macOS, the user's choice: each `XDG_*_HOME` variable the user set to an absolute path
  /// (`XDG_DATA_HOME`, `XDG_CONFIG_HOME`, `XDG_CACHE_HOME`, `XDG_STATE_HOME`, `XDG_BIN_HOME`)
  /// decides its kind by the XDG rules, and the native rules decide the rest. An application
  /// that moves to this layout finds its files where they were with
  /// ``AppDirectories/AppDirectories/migrate(from:to:options:)``. Elsewhere it is ``native``.
  case xdgWhereSet = "xdg-where-set"
}

extension ProcessEnvironment {
  /// The path table for this environment's platform. `DirectoryLayout.xdg` and
  /// `.xdgWhereSet` change only macOS:
  /// Linux and the BSDs use the XDG rules anyway, and an iOS or Mac Catalyst container,
  /// Android's private storage and Windows have no place for them.
  ///
  /// In ``DirectoryScope/system`` the machine's table is laid over the user's.
  func layout(_ layout: DirectoryLayout, roaming: Bool = false, scope: DirectoryScope = .user)
    -> any PlatformLayout
  {
    let user = userLayout(layout, roaming: roaming)
    switch scope {
    case .user: return user
    case .system: return SystemLayout(environment: self, platformLayout: user)
    }
  }

  /// The user's table of ``layout(_:roaming:scope:)``.
  private func userLayout(_ layout: DirectoryLayout, roaming: Bool) -> any PlatformLayout {
    if followsXDG(layout) { return XDGLayout(environment: self) }
    if platform == .macOS, layout == .xdgWhereSet { return XDGWhereSetLayout(environment: self) }
    switch platform {
    case .macOS, .iOS, .macCatalyst: return DarwinLayout(environment: self)
    case .windows: return WindowsLayout(environment: self, roaming: roaming)
    case .android: return AndroidLayout(environment: self)
    case .linux, .freeBSD, .openBSD: return XDGLayout(environment: self)
    }
  }

  /// Whether the XDG rules apply to this platform with this layout, as in ``layout(_:)``.
  func followsXDG(_ layout: DirectoryLayout) -> Bool {
    switch (platform, layout) {
    case (.linux, _), (.freeBSD, _), (.openBSD, _), (.macOS, .xdg): true
    // Where set, the user's XDG variables decide on macOS; the user folders stay native.
    case (.macOS, .native), (.macOS, .xdgWhereSet), (.iOS, _), (.macCatalyst, _), (.windows, _),
      (.android, _):
      false
    }
  }
}
