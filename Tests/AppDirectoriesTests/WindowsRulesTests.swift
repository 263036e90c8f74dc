// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

import Foundation
import Testing

@testable import AppDirectoriesCore
@testable import AppDirectoriesFiles
@testable import AppDirectoriesMaintenance

/// The Windows rules that are plain functions, checked on every host: which reparse points are
/// links, and which paths a caller may give as a legacy directory.
@Suite("Windows rules checked on any host")
struct WindowsRulesTests {
  static let directory: UInt32 = 0x10
  static let reparsePoint: UInt32 = 0x400

  /// Only the tags that name another place are links; a placeholder of a cloud file, a
  /// deduplicated file or an unknown tag is what its attributes say.
  @Test(
    arguments: [
      ("plain folder", directory, 0, FileStatus.FileType.directory),
      ("plain file", 0x20, 0, .regular),
      ("symbolic link to a folder", directory | reparsePoint, 0xA000_000C, .symbolicLink),
      ("symbolic link to a file", reparsePoint, 0xA000_000C, .symbolicLink),
      ("junction or mounted volume", directory | reparsePoint, 0xA000_0003, .symbolicLink),
      ("OneDrive folder placeholder", directory | reparsePoint, 0x9000_601A, .directory),
      ("OneDrive file placeholder", reparsePoint, 0x9000_001A, .regular),
      ("deduplicated file", reparsePoint, 0x8000_0013, .regular),
      ("a link's tag without the attribute", directory, 0xA000_000C, .directory),
    ] as [(String, UInt32, UInt32, FileStatus.FileType)])
  func reparsePointsAreLinksOnlyWhenTheyLeadElsewhere(
    name: String, attributes: UInt32, tag: UInt32, expected: FileStatus.FileType
  ) {
    #expect(
      FileStatus.FileType(windowsAttributes: attributes, reparseTag: tag) == expected, "\(name)")
  }

  static var windows: ProcessEnvironment {
    ProcessEnvironment(
      variables: [
        "USERPROFILE": #"C:\Users\ada"#, "LOCALAPPDATA": #"C:\Users\ada\AppData\Local"#,
        "APPDATA": #"C:\Users\ada\AppData\Roaming"#,
      ], effectiveUserID: 0, platform: .windows)
  }

  /// Foundation's `URL.path` on Windows is `C:/…`; a long path is `\\?\C:\…`. Both are
  /// absolute there, and come back in the platform's spelling; a path that depends on the
  /// current drive or directory is refused.
  @Test(arguments: [
    ("C:/Users/ada/.exampleapp", #"C:\Users\ada\.exampleapp"#),
    (#"C:\Users\ada\.exampleapp\"#, #"C:\Users\ada\.exampleapp"#),
    (#"\\?\C:\Users\ada\.exampleapp"#, #"\\?\C:\Users\ada\.exampleapp"#),
    (#"\\server\share\ExampleApp"#, #"\\server\share\ExampleApp"#),
    ("c:/users/ada", #"c:\users\ada"#),
  ])
  func windowsLegacyPathsAreTakenInTheirOwnSpelling(given: String, path: String) throws {
    let dirs = try AppDirectories(app: "ExampleApp", environment: Self.windows)
    #expect(try dirs.legacyPath(given) == path)
  }

  @Test(arguments: [#"Users\ada"#, #"\Users\ada"#, "C:Users", "", "C:/a\u{0}b"])
  func windowsLegacyPathsThatAreNotAbsoluteAreRefused(given: String) throws {
    let dirs = try AppDirectories(app: "ExampleApp", environment: Self.windows)
    #expect(throws: DirectoryError.self) { try dirs.legacyPath(given) }
  }

  @Test func posixLegacyPathsKeepTheirRules() throws {
    let linux = ProcessEnvironment(variables: ["HOME": "/home/ada"], platform: .linux)
    let dirs = try AppDirectories(app: "ExampleApp", environment: linux)
    #expect(try dirs.legacyPath("/home/ada//.exampleapp/") == "/home/ada/.exampleapp")
    #expect(throws: DirectoryError.self) { try dirs.legacyPath("C:/Users/ada") }
  }
}
