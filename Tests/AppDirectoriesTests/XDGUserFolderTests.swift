// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

import Foundation
import Testing

@testable import AppDirectoriesCore
@testable import AppDirectoriesFiles
@testable import AppDirectoriesMaintenance
@testable import TestSupport

/// The folders that follow the user's own choice: `projects`, `XDG_BIN_HOME`, and a user
/// folder's variable when `user-dirs.dirs` says nothing usable of it.
@Suite("Projects, XDG_BIN_HOME and the user folders' variables")
struct XDGUserFolderTests {
  static let home = "/home/ada"

  struct Row: Sendable, CustomTestStringConvertible {
    let name: String
    let environment: ProcessEnvironment
    let kind: StandardDirectory
    /// The path, or `nil` when the platform has no such folder.
    let path: String?
    var source: DirectorySource = .default
    var warnings = 0
    var testDescription: String { name }
  }

  static func linux(_ variables: [String: String] = [:], file: String? = nil)
    -> ProcessEnvironment
  {
    pureEnvironment(["HOME": home].merging(variables) { $1 }, userDirectories: file)
  }

  static let rows: [Row] = [
    Row(
      name: "projects by default", environment: linux(), kind: .projects, path: home + "/Projects"),
    Row(
      name: "projects from user-dirs.dirs",
      environment: linux(file: "XDG_PROJECTS_DIR=\"$HOME/code\"\n"),
      kind: .projects, path: home + "/code",
      source: .userDirectoriesFile(path: home + "/.config/user-dirs.dirs", line: 1)),
    Row(
      name: "projects from its variable", environment: linux(["XDG_PROJECTS_DIR": "/srv/code"]),
      kind: .projects, path: "/srv/code", source: .variable("XDG_PROJECTS_DIR")),
    Row(
      name: "projects on macOS",
      environment: ProcessEnvironment(
        variables: ["HOME": "/Users/ada"], passwordDatabaseHome: "/Users/ada", platform: .macOS),
      kind: .projects, path: "/Users/ada/Projects"),
    Row(
      name: "projects on Windows",
      environment: ProcessEnvironment(
        variables: ["USERPROFILE": #"C:\Users\ada"#], platform: .windows),
      kind: .projects, path: #"C:\Users\ada\Projects"#, source: .variable("USERPROFILE")),
    Row(
      name: "no projects on iOS",
      environment: ProcessEnvironment(
        variables: ["HOME": "/var/mobile/app"], passwordDatabaseHome: "/var/mobile/app",
        platform: .iOS),
      kind: .projects, path: nil),
    Row(
      name: "no projects on Mac Catalyst",
      environment: ProcessEnvironment(
        variables: ["HOME": "/Users/ada"], passwordDatabaseHome: "/Users/ada",
        platform: .macCatalyst),
      kind: .projects, path: nil),
    Row(
      name: "no projects on Android",
      environment: ProcessEnvironment(
        variables: [:], platform: .android, androidAppStorage: "/data/user/0/a"),
      kind: .projects, path: nil),
    Row(
      name: "executables in XDG_BIN_HOME", environment: linux(["XDG_BIN_HOME": "/opt/ada/bin"]),
      kind: .executables, path: "/opt/ada/bin", source: .variable("XDG_BIN_HOME")),
    Row(
      name: "a relative XDG_BIN_HOME is ignored with a warning",
      environment: linux(["XDG_BIN_HOME": "bin"]), kind: .executables,
      path: home + "/.local/bin", warnings: 1),
    Row(
      name: "an empty XDG_BIN_HOME is unset", environment: linux(["XDG_BIN_HOME": ""]),
      kind: .executables, path: home + "/.local/bin"),
    Row(
      name: "a user folder's variable when the file has no line",
      environment: linux(["XDG_DOCUMENTS_DIR": "/srv/docs/"]), kind: .documents,
      path: "/srv/docs", source: .variable("XDG_DOCUMENTS_DIR")),
    Row(
      name: "the file's usable line wins over the variable",
      environment: linux(
        ["XDG_DOCUMENTS_DIR": "/srv/docs"], file: "XDG_DOCUMENTS_DIR=\"$HOME/Docs\"\n"),
      kind: .documents, path: home + "/Docs",
      source: .userDirectoriesFile(path: home + "/.config/user-dirs.dirs", line: 1)),
    Row(
      name: "the variable after the file's unusable line, which is still told",
      environment: linux(["XDG_MUSIC_DIR": "/srv/music"], file: "XDG_MUSIC_DIR=Music\n"),
      kind: .music, path: "/srv/music", source: .variable("XDG_MUSIC_DIR"), warnings: 1),
    Row(
      name: "a relative user folder variable is ignored with a warning",
      environment: linux(["XDG_DESKTOP_DIR": "Desk"]), kind: .desktop,
      path: home + "/Desktop", warnings: 1),
    Row(
      name: "a user folder variable is not trusted in a setuid program",
      environment: pureEnvironment(
        ["HOME": home, "XDG_DOCUMENTS_DIR": "/attacker"], passwordDatabaseHome: home,
        isSecureExecution: true),
      kind: .documents, path: home + "/Documents"),
  ]

  @Test(arguments: rows)
  func eachFolderFollowsTheRule(_ row: Row) throws {
    let standard = StandardDirectories(layout: .native, environment: row.environment)
    guard let path = row.path else {
      #expect(
        throws: DirectoryError.unsupported(
          reason: .directory(row.kind, on: row.environment.platform))
      ) { try standard.resolution(for: row.kind) }
      return
    }
    let resolution = try standard.resolution(for: row.kind)
    #expect(resolution.path == path)
    #expect(resolution.source == row.source)
    #expect(resolution.warnings.count == row.warnings, "\(resolution.warnings)")
  }

  @Test func anIsolatedEnvironmentHasNoUserFolderVariable() throws {
    let environment = ProcessEnvironment.isolated(
      inNativePath: "/tmp/root", platform: .linux, effectiveUserID: 1000)
    let names = environment.variables.keys.filter {
      $0.hasSuffix("_DIR") && $0.hasPrefix("XDG_") && $0 != "XDG_RUNTIME_DIR"
    }
    #expect(names.isEmpty)
    #expect(
      try StandardDirectories(layout: .native, environment: environment).resolution(
        for: .projects
      ).path == "/tmp/root/home/Projects")
  }
}
