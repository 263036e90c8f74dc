/// One platform's table from kinds of directory to paths. Implementations are pure: they read
/// only the environment value they were made with, and import no C library and no
/// `FileManager` (a check in CI keeps it so).
protocol PlatformLayout: Sendable {
  /// A base directory.
  func base(_ kind: StandardDirectory) throws(DirectoryError) -> DirectoryResolution
  /// One of an application's directories.
  func app(_ kind: AppDirectory, name: String, organization: String?) throws(DirectoryError)
    -> DirectoryResolution
  /// The system-wide directories searched after the user's own for `kind`, most important first.
  func searchBases(_ kind: AppDirectory) -> [DirectoryResolution]
}

extension PlatformLayout {
  /// None: only the user's own directory is searched. Windows has no system-wide folder for an
  /// application's files that it should read (ProgramData is for services), and an iOS or
  /// Android app cannot read outside its container.
  func searchBases(_ kind: AppDirectory) -> [DirectoryResolution] { [] }
}
