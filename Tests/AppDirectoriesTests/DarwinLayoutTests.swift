import Testing

@testable import AppDirectories
@testable import TestSupport

@Suite("macOS and iOS layout")
struct DarwinLayoutTests {
  static let organizations: [String?] = [nil, "Example"]

  /// The table of the app directories, with and without an organization (never in the path).
  static let macOSAppRows: [(AppDirectory, String)] = [
    (.data, "/Users/ada/Library/Application Support/ExampleApp"),
    (.config, "/Users/ada/Library/Application Support/ExampleApp"),
    (.cache, "/Users/ada/Library/Caches/ExampleApp"),
    (.state, "/Users/ada/Library/Application Support/ExampleApp"),
    (.logs, "/Users/ada/Library/Logs/ExampleApp"),
    (.runtime, "/var/folders/xy/abc123/T/ExampleApp"),
    (
      .shared(group: "group.com.example.app"),
      "/Users/ada/Library/Group Containers/group.com.example.app"
    ),
    (
      .shared(group: "ABCDE12345.com.example.app"),
      "/Users/ada/Library/Group Containers/ABCDE12345.com.example.app"
    ),
  ]

  @Test(arguments: macOSAppRows, organizations)
  func macOSAppDirectoryFollowsTheTable(row: (AppDirectory, String), organization: String?)
    throws
  {
    #expect(
      try PlatformSamples.appPath(row.0, organization: organization, in: PlatformSamples.macOS())
        == row.1)
  }

  static let iOSAppRows: [(AppDirectory, String)] = [
    (
      .data,
      "/var/mobile/Containers/Data/Application/0C5A8E2B/Library/Application Support/ExampleApp"
    ),
    (
      .config,
      "/var/mobile/Containers/Data/Application/0C5A8E2B/Library/Application Support/ExampleApp"
    ),
    (.cache, "/var/mobile/Containers/Data/Application/0C5A8E2B/Library/Caches/ExampleApp"),
    (
      .state,
      "/var/mobile/Containers/Data/Application/0C5A8E2B/Library/Application Support/ExampleApp"
    ),
    (.logs, "/var/mobile/Containers/Data/Application/0C5A8E2B/Library/Logs/ExampleApp"),
    (.runtime, "/var/mobile/Containers/Data/Application/0C5A8E2B/tmp/ExampleApp"),
    (
      .shared(group: "group.com.example.app"), "/private/var/mobile/Containers/Shared/AppGroup/7F3E"
    ),
  ]

  @Test(arguments: iOSAppRows, organizations)
  func iOSAppDirectoryFollowsTheTable(row: (AppDirectory, String), organization: String?) throws {
    let environment = PlatformSamples.iOS(
      groups: ["group.com.example.app": "/private/var/mobile/Containers/Shared/AppGroup/7F3E/"])
    #expect(
      try PlatformSamples.appPath(row.0, organization: organization, in: environment) == row.1)
  }

  static let macOSBaseRows: [(StandardDirectory, String)] = [
    (.home, "/Users/ada"),
    (.data, "/Users/ada/Library/Application Support"),
    (.config, "/Users/ada/Library/Application Support"),
    (.cache, "/Users/ada/Library/Caches"),
    (.state, "/Users/ada/Library/Application Support"),
    (.runtime, "/var/folders/xy/abc123/T"),
    (.executables, "/Users/ada/.local/bin"),
    (.fonts, "/Users/ada/Library/Fonts"),
    (.documents, "/Users/ada/Documents"),
    (.downloads, "/Users/ada/Downloads"),
    (.desktop, "/Users/ada/Desktop"),
    (.music, "/Users/ada/Music"),
    (.pictures, "/Users/ada/Pictures"),
    (.videos, "/Users/ada/Movies"),
    (.publicShare, "/Users/ada/Public"),
    (.temporary, "/var/folders/xy/abc123/T"),
    (.library, "/Users/ada/Library"),
  ]

  @Test(arguments: macOSBaseRows)
  func macOSBaseDirectoryFollowsTheTable(row: (StandardDirectory, String)) throws {
    #expect(try PlatformSamples.basePath(row.0, in: PlatformSamples.macOS()) == row.1)
  }

  static let iOSBaseRows: [(StandardDirectory, String)] = [
    (.home, ""),
    (.data, "/Library/Application Support"),
    (.config, "/Library/Application Support"),
    (.cache, "/Library/Caches"),
    (.state, "/Library/Application Support"),
    (.runtime, "/tmp"),
    (.documents, "/Documents"),
    (.downloads, "/Documents/Downloads"),
    (.desktop, "/Documents/Desktop"),
    (.music, "/Documents/Music"),
    (.pictures, "/Documents/Pictures"),
    (.videos, "/Documents/Movies"),
    (.publicShare, "/Documents/Public"),
    (.temporary, "/tmp"),
    (.library, "/Library"),
  ]

  @Test(arguments: iOSBaseRows)
  func iOSBaseDirectoryIsInsideTheContainer(row: (StandardDirectory, String)) throws {
    #expect(
      try PlatformSamples.basePath(row.0, in: PlatformSamples.iOS())
        == PlatformSamples.container + row.1)
  }

  static let unsupportedRows: [(OperatingSystem, StandardDirectory)] = [
    (.macOS, .templates), (.iOS, .templates), (.iOS, .executables), (.iOS, .fonts),
  ]

  @Test(arguments: unsupportedRows)
  func kindWithoutANativeFolderIsUnsupported(row: (OperatingSystem, StandardDirectory)) {
    let environment = row.0 == .macOS ? PlatformSamples.macOS() : PlatformSamples.iOS()
    #expect {
      try PlatformSamples.basePath(row.1, in: environment)
    } throws: { error in
      guard case .unsupported = error as? DirectoryError else { return false }
      return true
    }
  }

  /// `HOME` and `TMPDIR` overrides, and what replaces them when they are unusable.
  static let overrideRows: [(OperatingSystem, [String: String?], AppDirectory, String)] = [
    (
      .macOS, ["HOME": "/Volumes/Home/ada/"], .data,
      "/Volumes/Home/ada/Library/Application Support/ExampleApp"
    ),
    (.macOS, ["HOME": nil], .cache, "/Users/ada-from-passwd/Library/Caches/ExampleApp"),
    (.macOS, ["HOME": "relative/home"], .logs, "/Users/ada-from-passwd/Library/Logs/ExampleApp"),
    (.macOS, ["TMPDIR": "/private/tmp/custom"], .runtime, "/private/tmp/custom/ExampleApp"),
    (.macOS, ["TMPDIR": nil], .runtime, "/tmp/ExampleApp"),
    (.macOS, ["TMPDIR": "tmp"], .runtime, "/tmp/ExampleApp"),
    (
      .macOS, ["XDG_DATA_HOME": "/Users/ada/.local/share"], .data,
      "/Users/ada/Library/Application Support/ExampleApp"
    ),
    (
      .macOS, ["XDG_CACHE_HOME": "/Users/ada/.cache"], .cache,
      "/Users/ada/Library/Caches/ExampleApp"
    ),
    (
      .iOS, ["HOME": "/var/mobile/Containers/Data/Application/FFFF"], .cache,
      "/var/mobile/Containers/Data/Application/FFFF/Library/Caches/ExampleApp"
    ),
    (
      .iOS, ["TMPDIR": "/somewhere/else"], .runtime,
      "/var/mobile/Containers/Data/Application/0C5A8E2B/tmp/ExampleApp"
    ),
  ]

  @Test(arguments: overrideRows)
  func environmentOverridesApply(row: (OperatingSystem, [String: String?], AppDirectory, String))
    throws
  {
    let environment =
      row.0 == .macOS ? PlatformSamples.macOS(row.1) : PlatformSamples.iOS(row.1)
    #expect(try PlatformSamples.appPath(row.2, in: environment) == row.3)
  }

  @Test func relativeTMPDIRIsIgnoredWithAWarning() throws {
    let resolution = try StandardDirectories.resolution(
      for: .temporary, environment: PlatformSamples.macOS(["TMPDIR": "tmp"]))
    #expect(resolution.path == "/tmp")
    #expect(resolution.warnings.map(\.message).contains { $0.contains("TMPDIR") })
  }

  @Test func iOSTemporaryDirectoryWithoutTMPDIRIsTheContainersTmp() throws {
    #expect(
      try PlatformSamples.basePath(.temporary, in: PlatformSamples.iOS(["TMPDIR": nil]))
        == PlatformSamples.container + "/tmp")
  }

  @Test func userDirsFileIsNotReadOnMacOS() throws {
    var environment = PlatformSamples.macOS()
    environment.userDirectoriesFile = .contents("XDG_DOCUMENTS_DIR=\"$HOME/Docs\"\n")
    #expect(try PlatformSamples.basePath(.documents, in: environment) == "/Users/ada/Documents")
  }

  @Test func xdgLayoutOnMacOSFollowsTheXDGRules() throws {
    let environment = PlatformSamples.macOS(["XDG_CONFIG_HOME": "/Users/ada/dotfiles"])
    #expect(
      try PlatformSamples.appPath(.data, layout: .xdg, in: environment)
        == "/Users/ada/.local/share/ExampleApp")
    #expect(
      try PlatformSamples.appPath(.config, layout: .xdg, in: environment)
        == "/Users/ada/dotfiles/ExampleApp")
    #expect(
      try PlatformSamples.appPath(.cache, layout: .xdg, in: environment)
        == "/Users/ada/.cache/ExampleApp")
    #expect(
      try PlatformSamples.basePath(.library, layout: .xdg, in: environment)
        == "/Users/ada/.local/share")
  }

  @Test func xdgLayoutIsIgnoredInAnIOSContainer() throws {
    #expect(
      try PlatformSamples.appPath(.data, layout: .xdg, in: PlatformSamples.iOS())
        == PlatformSamples.container + "/Library/Application Support/ExampleApp")
  }

  @Test func macOSSearchesTheLocalDomainAfterTheUsersOwn() throws {
    let dirs = try AppDirectories(app: "ExampleApp", environment: PlatformSamples.macOS())
    for kind in [AppDirectory.data, .config] {
      #expect(
        try dirs.searchResolutions(for: kind).map(\.path) == [
          "/Users/ada/Library/Application Support/ExampleApp",
          "/Library/Application Support/ExampleApp",
        ])
    }
    #expect(
      try dirs.searchResolutions(for: .cache).map(\.path) == [
        "/Users/ada/Library/Caches/ExampleApp"
      ])
  }

  @Test func iOSSearchesOnlyTheContainer() throws {
    let dirs = try AppDirectories(app: "ExampleApp", environment: PlatformSamples.iOS())
    #expect(
      try dirs.searchResolutions(for: .data).map(\.path) == [
        PlatformSamples.container + "/Library/Application Support/ExampleApp"
      ])
  }

  @Test func macOSGroupContainerFromTheSystemWins() throws {
    var environment = PlatformSamples.macOS()
    environment.groupContainers = .paths(
      ["group.com.example.app": "/Users/ada/Library/Group Containers/group.com.example.app"])
    let resolution = try AppDirectories(app: "ExampleApp", environment: environment)
      .resolution(for: .shared(group: "group.com.example.app"))
    #expect(resolution.source == .system("containerURL"))
  }

  @Test func iOSGroupWithoutAContainerIsUnsupported() {
    #expect {
      try PlatformSamples.appPath(
        .shared(group: "group.com.example.other"), in: PlatformSamples.iOS())
    } throws: { error in
      guard case .unsupported = error as? DirectoryError else { return false }
      return true
    }
  }

  @Test func macOSWithoutAnyHomeThrowsHomeUnavailable() {
    var environment = PlatformSamples.macOS(["HOME": nil])
    environment.passwordDatabaseHome = nil
    #expect {
      try PlatformSamples.appPath(.data, in: environment)
    } throws: { error in
      guard case .homeUnavailable = error as? DirectoryError else { return false }
      return true
    }
  }
}
