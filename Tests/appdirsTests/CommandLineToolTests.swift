// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

// These tests run the tool or other processes, which the tests do on macOS and Linux: iOS,
// tvOS, watchOS and visionOS have no Process, and Windows none of the POSIX tools they use.
#if os(macOS) || os(Linux)
  import Foundation
  import Testing

  @testable import TestSupport

  /// The tool's smaller promises, each run end to end: every name is checked, warnings name what
  /// they are about, and nothing is turned silently into something else.
  @Suite struct CommandLineToolTests {
    static let names: [(arguments: [String], message: String)] = [
      (["path", "cache", "--org", ".."], "invalid name \"..\": .. is not a folder name"),
      (["path", "cache", "--org", "a/b"], "invalid name \"a/b\": it contains /"),
      (["list", "--group", ".."], "invalid name \"..\": .. is not a folder name"),
      (["path", "data", "--group", "a b"], "invalid name \"a b\": group identifiers"),
    ]

    @Test(arguments: names)
    func everyNameIsCheckedEvenWhenTheCommandDoesNotUseIt(
      _ row: (arguments: [String], message: String)
    ) throws {
      let root = try TemporaryRoot.withUserDirectories()
      let result = try Tool.run(
        row.arguments, environment: root.toolEnvironment, in: root,
        standardError: .failure(row.message))
      #expect(result.status == 64)
      #expect(result.standardOutput.isEmpty)
      #expect(
        result.standardError.contains(
          "appdirs: note: Use a single folder name: not empty, not . or .., without / \\ or control characters, at most 255 bytes."
        ) || row.message.contains("group identifiers"))
    }

    @Test func aFileToLocateGetsAFixAboutFiles() throws {
      let root = try TemporaryRoot.withUserDirectories()
      let result = try Tool.run(
        ["locate", "config", "../secret"], environment: root.toolEnvironment, in: root,
        standardError: .lines([
          "appdirs: error: invalid name \"../secret\": the file name contains .., which leaves the search directories",
          "appdirs: note: Give the file as a relative path inside the search directories, such as settings.json or themes/dark.json, without .. components.",
        ]))
      #expect(result.status == 64)
    }

    @Test func anArgumentThatIsNotUTF8IsAUsageErrorNeverAReplacementCharacter() throws {
      let root = try TemporaryRoot.withUserDirectories()
      // The shell passes the bytes as they are; Swift's CommandLine.arguments would repair them.
      let result = try Tool.run(
        ["path", "cache", "--app", "X"], environment: root.toolEnvironment,
        shellPrefix: "set -- path cache --app \"$(printf 'A\\377')\";", in: root,
        standardError: .usageError("argument 4 is not valid UTF-8", command: nil))
      #expect(result.status == 64)
      #expect(result.standardOutput.isEmpty)
      #expect(!root.exists(root.home + "/.cache/A\u{FFFD}"))
    }

    @Test func appOnASharedKindIsNamedAsIgnored() throws {
      let root = try TemporaryRoot.withUserDirectories()
      let result = try Tool.run(
        ["path", "documents", "--app", "ExampleApp"], environment: root.toolEnvironment, in: root,
        standardError: .line(
          "appdirs: warning: documents is shared by every application; --app ExampleApp does not change it"
        ))
      #expect(result.status == 0)
      #expect(result.lines == [root.home + "/Documents"])
    }

    @Test func applicationSupportIsAnotherNameForData() throws {
      let root = try TemporaryRoot.withUserDirectories()
      let support = try Tool.run(
        ["path", "applicationSupport", "--app", "ExampleApp"], environment: root.toolEnvironment,
        in: root)
      let data = try Tool.run(
        ["path", "data", "--app", "ExampleApp"], environment: root.toolEnvironment, in: root)
      #expect(support.status == 0)
      #expect(support.lines == [root.home + "/.local/share/ExampleApp"])
      #expect(support.standardOutput == data.standardOutput)
    }

    @Test func aUserFolderWarnsOnlyAboutItsOwnLines() throws {
      let root = try TemporaryRoot.withUserDirectories()
      try root.write(
        "XDG_MUSIC_DIR=\"$HOMER/m\"\nXDG_VIDEOS_DIR=v\nXDG_DESKTOP_DIR=\"$HOME/Desk\"\n",
        to: "home/.config/user-dirs.dirs")
      let result = try Tool.run(["path", "desktop"], environment: root.toolEnvironment, in: root)
      #expect(result.status == 0)
      #expect(result.lines == [root.home + "/Desk"])
    }

    @Test func anUnknownKeyGetsAFixThatApplies() throws {
      let root = try TemporaryRoot.withUserDirectories()
      try root.write("XDG_FOO_DIR=\"$HOME/f\"\n", to: "home/.config/user-dirs.dirs")
      // Not any one folder's line: the doctor, which checks the file, tells of it.
      let result = try Tool.run(
        ["doctor", "--app", "ExampleApp"], environment: root.toolEnvironment, in: root)
      #expect(
        result.lines.contains(
          "problem: \(root.home)/.config/user-dirs.dirs line 1 is ignored: XDG_FOO_DIR is not a known key"
        ), "\(result.standardOutput)")
      #expect(
        result.lines.contains(
          "  fix: Remove the line, or use one of the keys DESKTOP, DOWNLOAD, TEMPLATES, PUBLICSHARE, DOCUMENTS, MUSIC, PICTURES, VIDEOS, PROJECTS."
        ), "\(result.standardOutput)")
    }

    @Test func explainSaysWhenTheFileDoesNotExist() throws {
      let root = try TemporaryRoot.withUserDirectories()
      let result = try Tool.run(
        ["path", "documents", "--explain"], environment: root.toolEnvironment, in: root)
      #expect(
        result.lines.contains(
          "source: the default, because \(root.home)/.config/user-dirs.dirs does not exist"),
        "\(result.standardOutput)")
    }

    @Test func listSaysWhenAFileStandsWhereADirectoryShouldBe() throws {
      let root = try TemporaryRoot.withUserDirectories()
      try root.write("", to: "home/.cache/ExampleApp")
      let result = try Tool.run(
        ["list", "--app", "ExampleApp"], environment: root.toolEnvironment, in: root)
      let cache = try #require(result.lines.first { $0.hasPrefix("cache ") })
      #expect(cache.hasSuffix("not a directory"), "\(cache)")
      let json = try Tool.run(
        ["list", "--app", "ExampleApp", "--json"], environment: root.toolEnvironment, in: root)
      #expect(json.standardOutput.contains("\"exists\": false"))
    }

    @Test func listWarnsAboutARelativeSearchEntry() throws {
      let root = try TemporaryRoot.withUserDirectories()
      var environment = root.toolEnvironment
      environment["XDG_DATA_DIRS"] = "share:/usr/share"
      let result = try Tool.run(["list", "--json"], environment: environment, in: root)
      #expect(result.status == 0)
      #expect(
        result.standardOutput.contains(
          "\"XDG_DATA_DIRS entry \\\"share\\\" is not an absolute path and is ignored\""),
        "\(result.standardOutput)")
      let table = try Tool.run(
        ["list"], environment: environment, in: root,
        standardError: .line(
          "appdirs: warning: XDG_DATA_DIRS entry \"share\" is not an absolute path and is ignored"))
      #expect(table.status == 0)
    }

    @Test func aFileInTheWayNamesTheVariableThatChoseThePath() throws {
      let root = try TemporaryRoot.withUserDirectories()
      try root.write("", to: "cachefile")
      var environment = root.toolEnvironment
      environment["XDG_CACHE_HOME"] = root.at("cachefile")
      let chosen = try Tool.run(
        ["path", "cache", "--app", "ExampleApp", "--create"], environment: environment, in: root,
        standardError: .lines([
          "appdirs: error: \(root.at("cachefile")) exists but is not a directory",
          "appdirs: note: Move or remove what is at \(root.at("cachefile")), or choose another directory for it.",
          "appdirs: note: \(root.at("cachefile/ExampleApp")) comes from XDG_CACHE_HOME; point XDG_CACHE_HOME at another directory to use that instead.",
        ]))
      #expect(chosen.status == 73)
      try root.write("", to: "home/.cache")
      let byDefault = try Tool.run(
        ["path", "cache", "--app", "ExampleApp", "--create"], environment: root.toolEnvironment,
        in: root,
        standardError: .lines([
          "appdirs: error: \(root.home)/.cache exists but is not a directory",
          "appdirs: note: Move or remove what is at \(root.home)/.cache, or choose another directory for it.",
          "appdirs: note: \(root.home)/.cache/ExampleApp is the default; set XDG_CACHE_HOME to an absolute path to use another directory.",
        ]))
      #expect(byDefault.status == 73)
    }

    @Test func aUsageErrorInACommandPointsAtItsHelp() throws {
      let root = try TemporaryRoot.withUserDirectories()
      let result = try Tool.run(
        ["list", "--json", "--shell"], environment: root.toolEnvironment, in: root,
        standardError: .lines([
          "appdirs: error: --json and --shell cannot be used together",
          "Run 'appdirs help list' for usage.",
        ]))
      #expect(result.status == 64)
    }

    @Test func helpKeepsItsColumnsAligned() throws {
      let root = try TemporaryRoot.withUserDirectories()
      let result = try Tool.run(["help", "list"], environment: root.toolEnvironment, in: root)
      let options = result.lines.drop { $0 != "OPTIONS:" }.dropFirst().prefix { !$0.isEmpty }
      #expect(options.count == 15)
      // Every help text starts in the same column, past the longest label
      // (`--platform macos|ios|windows|android|linux`).
      let starts = Set(
        options.map { line -> Int in
          let body = line.dropFirst(2)
          guard let gap = body.range(of: "  "),
            let help = body[gap.upperBound...].firstIndex(where: { $0 != " " })
          else { return -1 }
          return line.distance(from: line.startIndex, to: help)
        })
      #expect(starts == [46], "\(options)")
    }

    @Test(.readsThePackage) func theVersionIsTheChangelogsNewestReleaseAndTheREADMEs() throws {
      let root = try TemporaryRoot.withUserDirectories()
      let result = try Tool.run(["--version"], environment: root.toolEnvironment, in: root)
      let changelog = packageRoot.appendingPathComponent("CHANGELOG.md")
      let text = try String(contentsOf: changelog, encoding: .utf8)
      let newest = try #require(
        text.split(separator: "\n").first {
          $0.hasPrefix("## [") && !$0.hasPrefix("## [Unreleased]")
        }
      )
      let version = newest.dropFirst(4).prefix { $0 != "]" }
      #expect(result.status == 0)
      #expect(result.standardOutput == "appdirs \(version)\n")
      // The README's dependency line names the same version, the one a user pins.
      let readme = try String(
        contentsOf: packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
      #expect(readme.contains("AppDirectories.git\", from: \"\(version)\")"))
    }
  }
#endif
