// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

// These tests run the tool or other processes, which the tests do on macOS and Linux: iOS,
// tvOS, watchOS and visionOS have no Process, and Windows none of the POSIX tools they use.
#if os(macOS) || os(Linux)
  import Foundation
  import Testing

  @testable import TestSupport

  /// `appdirs locate KIND FILE`: the user's directory first, then the system directories.
  @Suite struct LocateCommandTests {
    /// A root with `settings.json` in the app's config dir and in both system config dirs.
    static func root(userCopy: Bool = true) throws -> (TemporaryRoot, [String: String]) {
      let root = try TemporaryRoot.withUserDirectories()
      if userCopy { try root.write("{}", to: "home/.config/ExampleApp/settings.json") }
      try root.write("{}", to: "etc1/ExampleApp/settings.json")
      try root.write("{}", to: "etc2/ExampleApp/settings.json")
      try root.write("", to: "share/icons/app.png")
      var environment = root.toolEnvironment
      environment["XDG_CONFIG_DIRS"] = root.at("etc1") + ":" + root.at("etc2")
      environment["XDG_DATA_DIRS"] = root.at("missing") + ":" + root.at("share")
      return (root, environment)
    }

    @Test func firstMatchIsTheUsersOwn() throws {
      let (root, environment) = try Self.root()
      let result = try Tool.run(
        ["locate", "config", "settings.json", "--app", "ExampleApp"], environment: environment,
        in: root)
      #expect(result.status == 0)
      #expect(result.standardOutput == root.home + "/.config/ExampleApp/settings.json\n")
    }

    @Test func withoutAUserCopyTheFirstSystemDirectoryWins() throws {
      let (root, environment) = try Self.root(userCopy: false)
      let result = try Tool.run(
        ["locate", "config", "settings.json", "--app", "ExampleApp"], environment: environment,
        in: root)
      #expect(result.status == 0)
      #expect(result.standardOutput == root.at("etc1/ExampleApp/settings.json") + "\n")
    }

    @Test func allPrintsEveryMatchMostImportantFirst() throws {
      let (root, environment) = try Self.root()
      let result = try Tool.run(
        ["locate", "config", "settings.json", "--app", "ExampleApp", "--all"],
        environment: environment, in: root)
      #expect(result.status == 0)
      #expect(
        result.lines == [
          root.home + "/.config/ExampleApp/settings.json",
          root.at("etc1/ExampleApp/settings.json"), root.at("etc2/ExampleApp/settings.json"),
        ])
    }

    @Test func withoutAppTheBaseSearchListIsUsed() throws {
      let (root, environment) = try Self.root()
      let result = try Tool.run(
        ["locate", "data", "icons/app.png", "--all"], environment: environment, in: root)
      #expect(result.status == 0)
      #expect(result.lines == [root.at("share/icons/app.png")])
    }

    @Test(arguments: [["--all"], []])
    func notFoundExits1AndPrintsNothing(extra: [String]) throws {
      let (root, environment) = try Self.root()
      let result = try Tool.run(
        ["locate", "config", "absent.json", "--app", "ExampleApp"] + extra,
        environment: environment, in: root)
      #expect(result.status == 1)
      #expect(result.standardOutput == "")
      #expect(result.standardError == "")
    }

    @Test func kindsWithoutASearchListLookOnlyInTheirOwnDirectory() throws {
      let (root, environment) = try Self.root()
      try root.write("", to: "home/.cache/ExampleApp/index.db")
      let found = try Tool.run(
        ["locate", "cache", "index.db", "--app", "ExampleApp", "--all"], environment: environment,
        in: root)
      #expect(found.lines == [root.home + "/.cache/ExampleApp/index.db"])
      let missing = try Tool.run(
        ["locate", "cache", "settings.json", "--app", "ExampleApp"], environment: environment,
        in: root)
      #expect(missing.status == 1)
    }
  }
#endif
