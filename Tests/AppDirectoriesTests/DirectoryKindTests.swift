// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

import Testing

@testable import AppDirectoriesCore
@testable import AppDirectoriesFiles
@testable import AppDirectoriesMaintenance
@testable import TestSupport

/// The path table of SPEC section 3, one row per kind, with and without an application.
/// Pure resolution: nothing here touches the file system.
@Suite("XDG path table")
struct DirectoryKindTests {
  static let home = "/home/ada"

  /// Every variable set to a distinct absolute path, to see which kind reads which.
  static let everyVariable: [String: String] = [
    "HOME": home, "XDG_DATA_HOME": "/xdg/data", "XDG_CONFIG_HOME": "/xdg/config",
    "XDG_CACHE_HOME": "/xdg/cache", "XDG_STATE_HOME": "/xdg/state", "TMPDIR": "/xdg/tmp",
    "XDG_BIN_HOME": "/xdg/bin",
  ]

  /// A base kind and where it resolves to with no variables but `HOME`, and with every one.
  struct BaseRow: Sendable, CustomTestStringConvertible {
    let kind: StandardDirectory
    let byDefault: String
    let defaultSource: DirectorySource
    let withVariables: String
    let variableSource: DirectorySource

    var testDescription: String { kind.rawValue }
  }

  static let baseRows: [BaseRow] = [
    BaseRow(
      kind: .home, byDefault: home, defaultSource: .variable("HOME"), withVariables: home,
      variableSource: .variable("HOME")),
    BaseRow(
      kind: .data, byDefault: home + "/.local/share", defaultSource: .default,
      withVariables: "/xdg/data", variableSource: .variable("XDG_DATA_HOME")),
    BaseRow(
      kind: .library, byDefault: home + "/.local/share", defaultSource: .default,
      withVariables: "/xdg/data", variableSource: .variable("XDG_DATA_HOME")),
    BaseRow(
      kind: .config, byDefault: home + "/.config", defaultSource: .default,
      withVariables: "/xdg/config", variableSource: .variable("XDG_CONFIG_HOME")),
    BaseRow(
      kind: .cache, byDefault: home + "/.cache", defaultSource: .default,
      withVariables: "/xdg/cache", variableSource: .variable("XDG_CACHE_HOME")),
    BaseRow(
      kind: .state, byDefault: home + "/.local/state", defaultSource: .default,
      withVariables: "/xdg/state", variableSource: .variable("XDG_STATE_HOME")),
    BaseRow(
      kind: .executables, byDefault: home + "/.local/bin", defaultSource: .default,
      withVariables: "/xdg/bin", variableSource: .variable("XDG_BIN_HOME")),
    BaseRow(
      kind: .fonts, byDefault: home + "/.local/share/fonts", defaultSource: .default,
      withVariables: "/xdg/data/fonts", variableSource: .variable("XDG_DATA_HOME")),
    BaseRow(
      kind: .applications, byDefault: home + "/.local/share/applications", defaultSource: .default,
      withVariables: "/xdg/data/applications", variableSource: .variable("XDG_DATA_HOME")),
    BaseRow(
      kind: .documents, byDefault: home + "/Documents", defaultSource: .default,
      withVariables: home + "/Documents", variableSource: .default),
    BaseRow(
      kind: .downloads, byDefault: home + "/Downloads", defaultSource: .default,
      withVariables: home + "/Downloads", variableSource: .default),
    BaseRow(
      kind: .desktop, byDefault: home + "/Desktop", defaultSource: .default,
      withVariables: home + "/Desktop", variableSource: .default),
    BaseRow(
      kind: .music, byDefault: home + "/Music", defaultSource: .default,
      withVariables: home + "/Music", variableSource: .default),
    BaseRow(
      kind: .pictures, byDefault: home + "/Pictures", defaultSource: .default,
      withVariables: home + "/Pictures", variableSource: .default),
    BaseRow(
      kind: .videos, byDefault: home + "/Videos", defaultSource: .default,
      withVariables: home + "/Videos", variableSource: .default),
    BaseRow(
      kind: .templates, byDefault: home + "/Templates", defaultSource: .default,
      withVariables: home + "/Templates", variableSource: .default),
    BaseRow(
      kind: .publicShare, byDefault: home + "/Public", defaultSource: .default,
      withVariables: home + "/Public", variableSource: .default),
    BaseRow(
      kind: .projects, byDefault: home + "/Projects", defaultSource: .default,
      withVariables: home + "/Projects", variableSource: .default),
    BaseRow(
      kind: .temporary, byDefault: "/tmp", defaultSource: .default, withVariables: "/xdg/tmp",
      variableSource: .variable("TMPDIR")),
    BaseRow(
      kind: .runtime, byDefault: "/tmp/runtime-1000", defaultSource: .fallback,
      withVariables: "/xdg/tmp/runtime-1000", variableSource: .fallback),
  ]

  @Test func everyBaseKindHasARow() {
    #expect(Set(Self.baseRows.map(\.kind)) == Set(StandardDirectory.allCases))
  }

  @Test(arguments: baseRows)
  func baseKindResolvesToItsDefault(_ row: BaseRow) throws {
    let resolution = try StandardDirectories(environment: pureEnvironment(["HOME": Self.home]))
      .resolution(for: row.kind)
    #expect(resolution.path == row.byDefault)
    #expect(resolution.source == row.defaultSource)
    #expect(
      try StandardDirectories(environment: pureEnvironment()).resolution(for: row.kind).path
        == row.byDefault)
  }

  @Test(arguments: baseRows)
  func baseKindFollowsItsVariable(_ row: BaseRow) throws {
    let resolution = try StandardDirectories(environment: pureEnvironment(Self.everyVariable))
      .resolution(for: row.kind)
    #expect(resolution.path == row.withVariables)
    #expect(resolution.source == row.variableSource)
  }

  /// An application kind and where it resolves to for the app `ExampleApp`.
  struct AppRow: Sendable, CustomTestStringConvertible {
    let kind: AppDirectory
    let byDefault: String
    let withVariables: String

    var testDescription: String { "\(kind)" }
  }

  static let appRows: [AppRow] = [
    AppRow(
      kind: .data, byDefault: home + "/.local/share/ExampleApp",
      withVariables: "/xdg/data/ExampleApp"),
    AppRow(
      kind: .config, byDefault: home + "/.config/ExampleApp",
      withVariables: "/xdg/config/ExampleApp"),
    AppRow(
      kind: .cache, byDefault: home + "/.cache/ExampleApp", withVariables: "/xdg/cache/ExampleApp"
    ),
    AppRow(
      kind: .state, byDefault: home + "/.local/state/ExampleApp",
      withVariables: "/xdg/state/ExampleApp"),
    AppRow(
      kind: .logs, byDefault: home + "/.local/state/ExampleApp/log",
      withVariables: "/xdg/state/ExampleApp/log"),
    AppRow(
      kind: .runtime, byDefault: "/tmp/runtime-1000/ExampleApp",
      withVariables: "/xdg/tmp/runtime-1000/ExampleApp"),
    AppRow(
      kind: .shared(group: "group.com.example.app"),
      byDefault: home + "/.local/share/group-containers/group.com.example.app",
      withVariables: "/xdg/data/group-containers/group.com.example.app"),
  ]

  @Test(arguments: appRows)
  func appKindResolvesUnderItsDefaultBase(_ row: AppRow) throws {
    let dirs = try AppDirectories(app: "ExampleApp", environment: pureEnvironment())
    #expect(try dirs.resolution(for: row.kind).path == row.byDefault)
    #expect(try dirs.resolution(for: row.kind).path == row.byDefault)
  }

  @Test(arguments: appRows)
  func appKindFollowsItsBaseVariable(_ row: AppRow) throws {
    let dirs = try AppDirectories(
      app: "ExampleApp", environment: pureEnvironment(Self.everyVariable))
    #expect(try dirs.resolution(for: row.kind).path == row.withVariables)
  }

  @Test(arguments: appRows)
  func organizationIsNotPartOfLinuxPaths(_ row: AppRow) throws {
    let dirs = try AppDirectories(
      app: "ExampleApp", organization: "Example Corp", environment: pureEnvironment())
    #expect(try dirs.resolution(for: row.kind).path == row.byDefault)
  }

  @Test func applicationSupportIsTheDataDirectory() throws {
    let dirs = try AppDirectories(app: "ExampleApp", environment: pureEnvironment())
    #expect(AppDirectory.applicationSupport == .data)
    #expect(try dirs.url(for: .applicationSupport) == dirs.url(for: .data))
  }

  @Test(arguments: appRows)
  func appURLIsADirectoryURL(_ row: AppRow) throws {
    let dirs = try AppDirectories(app: "ExampleApp", environment: pureEnvironment())
    let url = try dirs.resolution(for: row.kind).url
    #expect(url.isFileURL)
    #expect(url.hasDirectoryPath)
  }

  // MARK: Temporary directory

  @Test(arguments: [
    (String?.none, "/tmp", DirectorySource.default, false),
    ("", "/tmp", .default, false),
    ("tmp", "/tmp", .default, true),
    ("/var/tmp", "/var/tmp", .variable("TMPDIR"), false),
    ("/var/tmp/", "/var/tmp", .variable("TMPDIR"), false),
    ("//var//tmp", "/var/tmp", .variable("TMPDIR"), false),
  ])
  func temporaryIsTMPDIRWhenAbsoluteElseSlashTmp(
    _ row: (tmpdir: String?, path: String, source: DirectorySource, warns: Bool)
  ) throws {
    var variables = ["HOME": Self.home]
    variables["TMPDIR"] = row.tmpdir
    let resolution = try StandardDirectories(environment: pureEnvironment(variables)).resolution(
      for: .temporary)
    #expect(resolution.path == row.path)
    #expect(resolution.source == row.source)
    #expect(resolution.warningText.contains("TMPDIR") == row.warns)
  }

  // MARK: Every path is clean

  /// Values full of doubled and trailing slashes and `.` components.
  static let messyVariables: [String: String] = [
    "HOME": "//home//ada/./", "XDG_DATA_HOME": "/xdg//data/", "XDG_CONFIG_HOME": "//xdg/config//",
    "XDG_CACHE_HOME": "/xdg/./cache", "XDG_STATE_HOME": "/xdg/state/.", "TMPDIR": "/xdg//tmp/",
    "XDG_DATA_DIRS": "//usr//share/:/opt/./share/", "XDG_CONFIG_DIRS": "/etc//xdg/",
  ]

  @Test(arguments: StandardDirectory.allCases)
  func everyBasePathIsAbsoluteAndClean(_ kind: StandardDirectory) throws {
    for variables in [Self.messyVariables, ["HOME": "//home//ada/"], ["HOME": "/"]] {
      let userDirectories = "XDG_DOCUMENTS_DIR=\"$HOME//Docs/\"\nXDG_MUSIC_DIR=\"$HOME/\"\n"
      let environment = pureEnvironment(variables, userDirectories: userDirectories)
      let path = try StandardDirectories(environment: environment).resolution(for: kind).path
      #expect(path.isCleanAbsolutePath, "\(kind) in \(variables): \(path)")
    }
  }

  @Test(arguments: appRows)
  func everyAppPathIsAbsoluteAndClean(_ row: AppRow) throws {
    for variables in [Self.messyVariables, ["HOME": "//home//ada/"], ["HOME": "/"]] {
      let dirs = try AppDirectories(app: "ExampleApp", environment: pureEnvironment(variables))
      // The runtime search list is checked on the file system; its own path is enough here.
      let search =
        row.kind == .runtime
        ? [] : try dirs.searchResolutions(for: row.kind).dropFirst().map(\.path)
      for path in search + [try dirs.resolution(for: row.kind).path] {
        #expect(path.isCleanAbsolutePath, "\(row.kind) in \(variables): \(path)")
      }
    }
  }

  @Test(arguments: [
    ("/", "/"), ("//", "/"), ("/a", "/a"), ("/a/", "/a"), ("/a//b", "/a/b"), ("//a///b//", "/a/b"),
    ("/a/./b", "/a/b"), ("/./a/.", "/a"), ("/a/../b", "/a/../b"), ("/a/.hidden", "/a/.hidden"),
  ])
  func pathNormalizationCollapsesSlashesAndDotsButKeepsDotDot(
    _ row: (input: String, expected: String)
  ) {
    #expect(POSIXPath.normalize(row.input) == row.expected)
  }
}

extension String {
  /// Absolute, no `//`, no trailing `/` (except `/` itself), no `.` component.
  var isCleanAbsolutePath: Bool {
    guard hasPrefix("/") else { return false }
    if self == "/" { return true }
    return !contains("//") && !hasSuffix("/") && !contains("/./") && !hasSuffix("/.")
  }
}
