/// Which set of rules turns a kind of directory into a path.
public enum DirectoryLayout: String, Sendable, Hashable, CaseIterable, Codable {
  /// The platform's own conventions: `~/Library` on Apple platforms, Known Folders on Windows,
  /// the XDG rules on Linux and the BSDs.
  case native
  /// The XDG Base Directory rules on every Unix-like platform, the convention of command-line
  /// tools on macOS.
  case xdg
}

extension ProcessEnvironment {
  /// The path table for this environment's platform. `DirectoryLayout.xdg` changes only macOS:
  /// Linux and the BSDs use the XDG rules anyway, and an iOS container, Android's private
  /// storage and Windows have no place for them.
  func layout(_ layout: DirectoryLayout) -> any PlatformLayout {
    switch (platform, layout) {
    case (.macOS, .native): DarwinLayout(environment: self, isContainer: false)
    case (.iOS, _): DarwinLayout(environment: self, isContainer: true)
    case (.windows, _): WindowsLayout(environment: self)
    case (.android, _): AndroidLayout(environment: self)
    case (.linux, _), (.freeBSD, _), (.openBSD, _), (.macOS, .xdg): XDGLayout(environment: self)
    }
  }

  /// Where `user-dirs.dirs` is for this platform and layout, or `nil` where there is none:
  /// only the XDG rules have one. Asked before the file is read into the environment, without
  /// building the layout twice.
  func userDirectoriesFilePath(_ layout: DirectoryLayout) throws(DirectoryError) -> String? {
    if let path = userDirectoriesPath { return path }
    switch (platform, layout) {
    case (.linux, _), (.freeBSD, _), (.openBSD, _), (.macOS, .xdg):
      return try XDGLayout(environment: self).userDirectoriesFilePath()
    case (.macOS, .native), (.iOS, _), (.windows, _), (.android, _):
      return nil
    }
  }
}
