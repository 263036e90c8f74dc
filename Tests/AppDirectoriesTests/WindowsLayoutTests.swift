// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

import Foundation
import Testing

@testable import AppDirectoriesCore
@testable import AppDirectoriesFiles
@testable import AppDirectoriesMaintenance
@testable import TestSupport

@Suite("Windows layout")
struct WindowsLayoutTests {
  static let roaming = #"C:\Users\Ada\AppData\Roaming"#
  static let local = #"C:\Users\Ada\AppData\Local"#

  /// The table of the app directories: the organization folder only when one is given.
  static let appRows: [(AppDirectory, String?, String)] = [
    (.data, nil, local + #"\ExampleApp"#),
    (.data, "Example", local + #"\Example\ExampleApp"#),
    (.config, nil, local + #"\ExampleApp"#),
    (.config, "Example", local + #"\Example\ExampleApp"#),
    (.cache, nil, local + #"\ExampleApp\Cache"#),
    (.cache, "Example", local + #"\Example\ExampleApp\Cache"#),
    (.state, nil, local + #"\ExampleApp"#),
    (.state, "Example", local + #"\Example\ExampleApp"#),
    (.logs, nil, local + #"\ExampleApp\Logs"#),
    (.logs, "Example", local + #"\Example\ExampleApp\Logs"#),
    (.runtime, nil, local + #"\Temp\ExampleApp"#),
    (.runtime, "Example", local + #"\Temp\Example\ExampleApp"#),
    (
      .shared(group: "group.com.example.app"), nil,
      local + #"\Group Containers\group.com.example.app"#
    ),
    (
      .shared(group: "group.com.example.app"), "Example",
      local + #"\Group Containers\group.com.example.app"#
    ),
  ]

  @Test(arguments: appRows)
  func appDirectoryFollowsTheTable(row: (AppDirectory, String?, String)) throws {
    #expect(
      try PlatformSamples.appPath(row.0, organization: row.1, in: PlatformSamples.windows())
        == row.2)
  }

  /// With `roaming`, data and config follow the user; the rest stays on the machine.
  @Test(arguments: appRows)
  func roamingMovesOnlyDataAndConfig(row: (AppDirectory, String?, String)) throws {
    let expected =
      row.0 == .data || row.0 == .config
      ? row.2.replacing(Self.local, with: Self.roaming) : row.2
    #expect(
      try PlatformSamples.appPath(
        row.0, organization: row.1, roaming: true, in: PlatformSamples.windows()) == expected)
  }

  /// On other platforms `roaming` changes nothing.
  @Test func roamingIsWindowsOnly() throws {
    let linux = ProcessEnvironment(variables: ["HOME": "/home/ada"], platform: .linux)
    for environment in [linux, PlatformSamples.macOS(), PlatformSamples.android()] {
      for kind in AppDirectory.ownKinds {
        #expect(
          try PlatformSamples.appPath(kind, roaming: true, in: environment)
            == PlatformSamples.appPath(kind, in: environment))
      }
    }
  }

  static let baseRows: [(StandardDirectory, String)] = [
    (.home, #"C:\Users\Ada"#),
    (.data, local), (.config, local), (.library, roaming),
    (.cache, local), (.state, local),
    (.runtime, local + #"\Temp"#),
    (.executables, local + #"\Programs"#),
    (.fonts, local + #"\Microsoft\Windows\Fonts"#),
    (.documents, #"C:\Users\Ada\Documents"#),
    (.downloads, #"C:\Users\Ada\Downloads"#),
    (.desktop, #"C:\Users\Ada\Desktop"#),
    (.music, #"C:\Users\Ada\Music"#),
    (.pictures, #"C:\Users\Ada\Pictures"#),
    (.videos, #"C:\Users\Ada\Videos"#),
    (.templates, roaming + #"\Microsoft\Windows\Templates"#),
    (.publicShare, #"C:\Users\Public"#),
    (.temporary, local + #"\Temp"#),
  ]

  @Test(arguments: baseRows)
  func baseDirectoryFollowsTheKnownFolderDefaults(row: (StandardDirectory, String)) throws {
    #expect(try PlatformSamples.basePath(row.0, in: PlatformSamples.windows()) == row.1)
  }

  /// `APPDATA`, `LOCALAPPDATA`, `USERPROFILE`, `PUBLIC`, `TMP` and `TEMP` overrides, and the
  /// defaults that replace them when they are unset or relative.
  static let overrideRows: [([String: String?], AppDirectory?, StandardDirectory?, String)] = [
    (["APPDATA": #"D:\Roaming"#], nil, .library, #"D:\Roaming"#),
    (["APPDATA": "D:/Roaming/"], nil, .library, #"D:\Roaming"#),
    (["APPDATA": nil], nil, .library, roaming),
    (["APPDATA": #"Roaming"#], nil, .library, roaming),
    (["LOCALAPPDATA": #"E:\Local"#], .data, nil, #"E:\Local\Example\ExampleApp"#),
    (["LOCALAPPDATA": #"E:\Local"#], .cache, nil, #"E:\Local\Example\ExampleApp\Cache"#),
    (["LOCALAPPDATA": #"E:\Local"#], .runtime, nil, #"E:\Local\Temp\Example\ExampleApp"#),
    (
      ["LOCALAPPDATA": nil, "USERPROFILE": #"\\server\home\ada"#], .logs, nil,
      #"\\server\home\ada\AppData\Local\Example\ExampleApp\Logs"#
    ),
    (
      ["APPDATA": nil, "LOCALAPPDATA": nil, "USERPROFILE": #"D:\Profiles\Ada"#], nil, .templates,
      #"D:\Profiles\Ada\AppData\Roaming\Microsoft\Windows\Templates"#
    ),
    (
      ["PUBLIC": nil, "USERPROFILE": #"D:\Profiles\Ada"#], nil, .publicShare, #"D:\Profiles\Public"#
    ),
    (["PUBLIC": #"P:\Shared"#], nil, .publicShare, #"P:\Shared"#),
    (["TMP": #"T:\tmp"#, "TEMP": #"U:\temp"#], nil, .temporary, #"T:\tmp"#),
    (["TEMP": #"U:\temp"#], nil, .temporary, #"U:\temp"#),
    (["HOME": "/home/ada"], nil, .home, #"C:\Users\Ada"#),
    (["TMPDIR": "/tmp"], nil, .temporary, local + #"\Temp"#),
  ]

  @Test(arguments: overrideRows)
  func environmentOverridesApply(
    row: ([String: String?], AppDirectory?, StandardDirectory?, String)
  ) throws {
    let environment = PlatformSamples.windows(row.0)
    let path =
      if let kind = row.1 {
        try PlatformSamples.appPath(kind, organization: "Example", in: environment)
      } else {
        try PlatformSamples.basePath(row.2!, in: environment)
      }
    #expect(path == row.3)
  }

  @Test func knownFoldersWinOverVariables() throws {
    let environment = PlatformSamples.windows(
      knownFolders: [.roamingAppData: #"R:\Roaming\"#, .documents: #"F:\Docs"#])
    let data = try AppDirectories(app: "ExampleApp", roaming: true, environment: environment)
      .resolution(for: .data)
    #expect(data.path == #"R:\Roaming\ExampleApp"#)
    #expect(data.source == .system("FOLDERID_RoamingAppData"))
    #expect(try PlatformSamples.basePath(.documents, in: environment) == #"F:\Docs"#)
    #expect(try PlatformSamples.basePath(.cache, in: environment) == Self.local)
  }

  @Test func relativeAPPDATAIsIgnoredWithAWarning() throws {
    let resolution = try StandardDirectories(
      environment: PlatformSamples.windows(["APPDATA": "AppData"])
    ).resolution(for: .library)
    #expect(resolution.path == Self.roaming)
    #expect(resolution.source == .default)
    #expect(resolution.warnings.map(\.message).contains { $0.contains("APPDATA") })
  }

  @Test func withoutAProfileThereIsNoHome() {
    #expect {
      try PlatformSamples.appPath(
        .data, in: PlatformSamples.windows(["LOCALAPPDATA": nil, "USERPROFILE": nil]))
    } throws: { error in
      guard case .homeUnavailable = error as? DirectoryError else { return false }
      return true
    }
  }

  @Test func windowsSearchesOnlyTheUsersOwnDirectory() throws {
    let dirs = try AppDirectories(app: "ExampleApp", environment: PlatformSamples.windows())
    #expect(
      try dirs.searchResolutions(for: .config).map(\.path) == [Self.local + #"\ExampleApp"#])
  }

  static let nameRows: [String] = ["CON", "aux.txt", "Example.", "Example ", "A<B", "Lpt1"]

  @Test(arguments: nameRows)
  func windowsFileNameRulesApplyToTheOrganization(name: String) {
    #expect(throws: DirectoryError.self) {
      try AppDirectories(
        app: "ExampleApp", organization: name, environment: PlatformSamples.windows())
    }
  }

  static let absoluteRows: [(String, Bool)] = [
    (#"C:\Users"#, true), ("c:/Users", true), (#"\\server\share"#, true), ("//server/share", true),
    (#"C:Users"#, false), (#"\Users"#, false), ("Users", false), ("", false), ("1:\\x", false),
  ]

  @Test(arguments: absoluteRows)
  func windowsAbsolutePathsNeedADriveOrAServer(row: (String, Bool)) {
    #expect(WindowsPath.isAbsolute(row.0) == row.1)
  }

  static let normalizeRows: [(String, String)] = [
    (#"C:\Users\Ada\"#, #"C:\Users\Ada"#), ("C:/Users//Ada/./x", #"C:\Users\Ada\x"#),
    (#"C:\"#, #"C:\"#), ("C:/", #"C:\"#), (#"\\server\share\"#, #"\\server\share"#),
  ]

  @Test(arguments: normalizeRows)
  func windowsPathsAreNormalizedToBackslashes(row: (String, String)) {
    #expect(WindowsPath.normalize(row.0) == row.1)
  }

  /// The identifiers from Microsoft's KNOWNFOLDERID table, split as the `GUID` struct holds them.
  @Test func knownFolderIdentifiersSplitIntoGUIDFields() {
    let fields = WindowsKnownFolder.roamingAppData.guidFields
    #expect(fields.data1 == 0x3EB6_85DB)
    #expect(fields.data2 == 0x65F9)
    #expect(fields.data3 == 0x4CF6)
    #expect(fields.data4 == [0xA0, 0x3A, 0xE3, 0xEF, 0x65, 0x72, 0x9F, 0x3D])
    #expect(Set(WindowsKnownFolder.allCases.map(\.identifier)).count == 12)
  }
}
