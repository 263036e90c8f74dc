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
  func searchBases(_ kind: AppDirectory) throws(DirectoryError) -> [DirectoryResolution]
  /// Where `user-dirs.dirs` is read from, or `nil` where the platform has no such file.
  func userDirectoriesFilePath() throws(DirectoryError) -> String?
}

extension XDGLayout {
  func userDirectoriesFilePath() throws(DirectoryError) -> String? {
    try variable("XDG_CONFIG_HOME", orHome: ".config").appending("user-dirs.dirs").path
  }
}

extension ProcessEnvironment {
  /// The layout for this environment's platform.
  func layout(_ layout: Layout) -> any PlatformLayout {
    switch (platform, layout) {
    default: XDGLayout(environment: self)
    }
  }
}
