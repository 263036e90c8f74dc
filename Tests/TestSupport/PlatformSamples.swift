// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

#if FoundationAPI
  @testable import AppDirectoriesCore
  @testable import AppDirectoriesFiles
  @testable import AppDirectoriesMaintenance

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
        passwordDatabaseHome: macHome, effectiveUserID: 501, platform: .macOS)
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
      _ kind: AppDirectory, organization: String? = nil, layout: DirectoryLayout = .native,
      roaming: Bool = false, in environment: ProcessEnvironment
    ) throws -> String {
      try AppDirectories(
        app: "ExampleApp", organization: organization, layout: layout, roaming: roaming,
        environment: environment
      ).resolution(for: kind).path
    }

    /// The path of a base directory.
    static func basePath(
      _ kind: StandardDirectory, layout: DirectoryLayout = .native,
      in environment: ProcessEnvironment
    ) throws -> String {
      try StandardDirectories(layout: layout, environment: environment).resolution(for: kind).path
    }
  }

  extension DirectorySource {
    /// Whether the path came from a line of `user-dirs.dirs`, whichever file and line.
    var isUserDirectoriesFile: Bool {
      if case .userDirectoriesFile = self { return true }
      return false
    }
  }

  extension UserDirectories {
    /// Parses text, naming the file `user-dirs.dirs` in warnings.
    init(parsing text: String, home: String) {
      self.init(parsing: Array(text.utf8), home: home, file: "user-dirs.dirs")
    }

    /// Every warning of the file: each ignored line of a known key, then the lines that name no
    /// known key.
    var warnings: [DirectoryWarning] {
      var found: [DirectoryWarning] = []
      for key in Key.allCases {
        for reason in problems[key] ?? [] {
          let origin = IgnoredValue.Origin.userDirectoriesFile(
            path: "user-dirs.dirs", key: key.rawValue)
          if let warning = IgnoredValue(origin, reason).warning { found.append(warning) }
        }
      }
      return found + unattributed
    }
  }
#endif
