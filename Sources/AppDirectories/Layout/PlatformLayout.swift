/// One platform's table from kinds of directory to paths. Implementations are pure: they read
/// only the environment value they were made with.
protocol PlatformLayout: Sendable {
  /// A base directory.
  func base(_ kind: StandardDirectory, userDirectories: UserDirectories?) throws(DirectoryError)
    -> DirectoryResolution
  /// One of an application's directories.
  func app(_ kind: AppDirectory, name: String, organization: String?) throws(DirectoryError)
    -> DirectoryResolution
  /// The system-wide directories searched after the user's own for `kind`, most important first.
  func searchBases(_ kind: AppDirectory) -> [DirectoryResolution]
  /// Where `user-dirs.dirs` is read from, or `nil` where the platform has no such file.
  func userDirectoriesFilePath() throws(DirectoryError) -> String?
}

extension PlatformLayout {
  /// None: only the user's own directory is searched. Windows has no system-wide folder for an
  /// application's files that it should read (ProgramData is for services), and an iOS or
  /// Android app cannot read outside its container.
  func searchBases(_ kind: AppDirectory) -> [DirectoryResolution] { [] }

  /// None: only the XDG layout has `user-dirs.dirs`.
  func userDirectoriesFilePath() throws(DirectoryError) -> String? { nil }
}

extension XDGLayout {
  func userDirectoriesFilePath() throws(DirectoryError) -> String? {
    try variable("XDG_CONFIG_HOME", orHome: ".config").appending("user-dirs.dirs").path
  }
}

extension ProcessEnvironment {
  /// The layout for this environment's platform. `Layout.xdg` changes only macOS: Linux and
  /// the BSDs use the XDG rules anyway, and an iOS container, Android's private storage and
  /// Windows have no place for them.
  func layout(_ layout: Layout) -> any PlatformLayout {
    switch (platform, layout) {
    case (.macOS, .native): DarwinLayout(environment: self, isContainer: false)
    case (.iOS, _): DarwinLayout(environment: self, isContainer: true)
    case (.windows, _): WindowsLayout(environment: self)
    case (.android, _): AndroidLayout(environment: self)
    case (.linux, _), (.freeBSD, _), (.openBSD, _), (.macOS, .xdg): XDGLayout(environment: self)
    }
  }
}
