@testable import AppDirectories

/// Typical environments of each platform, as the tests describe them.
enum PlatformSamples {
  static let macHome = "/Users/ada"
  static let macTemporary = "/var/folders/xy/abc123/T"
  static let container = "/var/mobile/Containers/Data/Application/0C5A8E2B"
  static let windowsProfile = #"C:\Users\Ada"#
  static let androidStorage = "/data/user/0/com.example.app"

  static func macOS(_ overrides: [String: String?] = [:]) -> ProcessEnvironment {
    ProcessEnvironment(
      variables: apply(overrides, to: ["HOME": macHome, "TMPDIR": macTemporary + "/"]),
      passwordDatabaseHome: "/Users/ada-from-passwd", effectiveUserID: 501, platform: .macOS)
  }

  static func iOS(_ overrides: [String: String?] = [:], groups: [String: String] = [:])
    -> ProcessEnvironment
  {
    ProcessEnvironment(
      variables: apply(overrides, to: ["HOME": container, "TMPDIR": container + "/tmp/"]),
      effectiveUserID: 501, platform: .iOS, groupContainers: .paths(groups))
  }

  static func windows(
    _ overrides: [String: String?] = [:], knownFolders: [WindowsKnownFolder: String] = [:]
  ) -> ProcessEnvironment {
    var environment = ProcessEnvironment(
      variables: apply(
        overrides,
        to: [
          "USERPROFILE": windowsProfile, "APPDATA": windowsProfile + #"\AppData\Roaming"#,
          "LOCALAPPDATA": windowsProfile + #"\AppData\Local"#, "PUBLIC": #"C:\Users\Public"#,
        ]), platform: .windows)
    environment.knownFolders = knownFolders
    return environment
  }

  static func android(_ overrides: [String: String?] = [:], storage: String? = androidStorage)
    -> ProcessEnvironment
  {
    ProcessEnvironment(
      variables: apply(
        overrides, to: ["ANDROID_DATA": "/data", "ANDROID_ROOT": "/system", "HOME": "/"]),
      effectiveUserID: 10_123, platform: .android, androidAppStorage: storage)
  }

  /// `variables` with each override set, or removed when it is `nil`.
  static func apply(_ overrides: [String: String?], to variables: [String: String])
    -> [String: String]
  {
    var result = variables
    for (name, value) in overrides { result[name] = value }
    return result
  }

  /// The path of an app directory of `ExampleApp`.
  static func appPath(
    _ kind: AppDirectory, organization: String? = nil, layout: Layout = .native,
    in environment: ProcessEnvironment
  ) throws -> String {
    try AppDirectories(
      app: "ExampleApp", organization: organization, layout: layout, environment: environment
    ).resolution(for: kind).path
  }

  /// The path of a base directory.
  static func basePath(
    _ kind: StandardDirectory, layout: Layout = .native, in environment: ProcessEnvironment
  ) throws -> String {
    try StandardDirectories.resolution(for: kind, layout: layout, environment: environment).path
  }
}
