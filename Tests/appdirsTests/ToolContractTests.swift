// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

// These tests run the tool or other processes, which the tests do on macOS and Linux: iOS,
// tvOS, watchOS and visionOS have no Process, and Windows none of the POSIX tools they use.
#if os(macOS) || os(Linux)
  import Foundation
  import Testing

  @testable import TestSupport

  /// The tool's contract, value by value: each exit code from a real failure, JSON escaping, each
  /// warning told once, and the parser's forms (`--opt=value`, `--`, a valid `--layout`).
  @Suite struct ToolContractTests {
    /// The time limit of every wait on a child: a child that outlives it is killed, and the
    /// test that waited fails, instead of hanging the run.
    @Test func aChildThatOutlivesTheTimeLimitIsKilledAndFailsItsTest() throws {
      let child = Process()
      child.executableURL = URL(fileURLWithPath: "/bin/sleep")
      child.arguments = ["30"]
      try child.run()
      let start = Date()
      withKnownIssue { child.waitUntilExit(within: 0.2) }
      #expect(Date().timeIntervalSince(start) < 10)
      #expect(child.terminationReason == .uncaughtSignal)
      #expect(child.terminationStatus == SIGKILL)
    }

    // MARK: Messages that depend on what is found

    @Test func theExplanationOfASharedContainerNamesItsGroup() throws {
      let root = try TemporaryRoot.withUserDirectories()
      let result = try Tool.run(
        ["path", "shared", "--group", "group.com.example", "--explain"],
        environment: root.toolEnvironment, in: root)
      #expect(result.status == 0)
      #expect(result.lines.first == root.home + "/.local/share/group-containers/group.com.example")
      #expect(result.lines.contains("group: the container of the group group.com.example"))
    }

    @Test func helpTakesOneCommand() throws {
      let root = try TemporaryRoot.withUserDirectories()
      let result = try Tool.run(
        ["help", "path", "list"], environment: root.toolEnvironment, in: root,
        standardError: .lines([
          "appdirs: error: too many arguments: list", "Run 'appdirs help help' for usage.",
        ]))
      #expect(result.status == 64)
    }

    @Test func aUserFolderThatCannotBeMadeNamesItsLine() throws {
      let root = try TemporaryRoot.withUserDirectories()
      try root.write("XDG_MUSIC_DIR=\"$HOME/Tunes\"\n", to: "home/.config/user-dirs.dirs")
      try root.write("a file", to: "home/Tunes")
      let result = try Tool.run(
        ["path", "music", "--create"], environment: root.toolEnvironment, in: root,
        standardError: .lines([
          "appdirs: error: \(root.home)/Tunes exists but is not a directory",
          "appdirs: note: Move or remove what is at \(root.home)/Tunes, or choose another directory for it.",
          "appdirs: note: \(root.home)/Tunes comes from line 1 of \(root.home)/.config/user-dirs.dirs.",
        ]))
      #expect(result.status == 73)
    }

    @Test func doctorNamesALinkThatLeadsNowhereOnTheWay() throws {
      let root = try TemporaryRoot.withUserDirectories()
      try root.symlink("home/.cache", to: root.at("nowhere"))
      let result = try Tool.run(
        ["doctor", "--app", "ExampleApp"], environment: root.toolEnvironment, in: root)
      #expect(result.status == 1)
      // The link's own finding, once: the directory below it is blocked by the same cause.
      #expect(
        result.lines.filter { $0.hasPrefix("problem: ") } == [
          "problem: \(root.home)/.cache is a symbolic link to \(root.at("nowhere")), which does not exist, so \(root.home)/.cache/ExampleApp cannot be created"
        ])
      #expect(
        result.lines.contains(
          "  fix: Create the target (mkdir -p '\(root.at("nowhere"))') or remove the link (rm '\(root.home)/.cache')."
        ))
    }

    @Test func sizesInMebibytesAndGibibytes() throws {
      let root = try TemporaryRoot.withUserDirectories()
      // Sparse files: the apparent sizes du -sb counts, without the blocks.
      try root.write("", to: "home/.cache/ExampleApp/five")
      try root.write("", to: "home/.local/share/ExampleApp/three")
      #expect(truncate(root.home + "/.cache/ExampleApp/five", 5 << 20) == 0)
      #expect(truncate(root.home + "/.local/share/ExampleApp/three", 3 << 30) == 0)
      let result = try Tool.run(
        ["list", "--app", "ExampleApp", "--sizes"], environment: root.toolEnvironment, in: root)
      #expect(result.status == 0)
      let cache = try #require(result.lines.first { $0.hasPrefix("cache ") })
      let data = try #require(result.lines.first { $0.hasPrefix("data ") })
      #expect(cache.hasSuffix("  5.0 MiB"), "\(cache)")
      #expect(data.hasSuffix("  3.0 GiB"), "\(data)")
    }

    // MARK: What the tool reads from its own process

    @Test func aVariableThatIsNotUTF8IsIgnoredWithAWarning() throws {
      let root = try TemporaryRoot.withUserDirectories()
      // The shell sets the bytes ("caf" and 0xE9), which no [String: String] environment holds.
      let result = try Tool.runProcess(
        [
          "/bin/sh", "-c",
          #"XDG_CACHE_HOME="$(printf '/tmp/caf\351')" exec "$0" path cache --app X"#,
          Tool.path,
        ], environment: root.toolEnvironment, in: root,
        standardError: .line("appdirs: warning: XDG_CACHE_HOME is not valid UTF-8 and is ignored"))
      #expect(result.status == 0)
      #expect(result.standardOutput == root.home + "/.cache/X\n")
    }

    @Test func anAndroidAppProcessWithoutItsStorageExits78() throws {
      // ANDROID_DATA and ANDROID_ROOT without SHELL: an app's process, whose storage the tool
      // cannot know (its process name is no app's package).
      let root = try TemporaryRoot.withUserDirectories()
      var environment = root.toolEnvironment
      environment["ANDROID_DATA"] = "/data"
      environment["ANDROID_ROOT"] = "/system"
      let result = try Tool.run(
        ["path", "data", "--app", "X"], environment: environment, in: root,
        standardError: .lines([
          "appdirs: error: no home directory: the app's private storage is unknown",
          "appdirs: note: Set ProcessEnvironment.androidAppStorage to Context.getFilesDir().getParent() before asking for a directory.",
        ]))
      #expect(result.status == 78)
      #expect(result.standardOutput == "")
    }

    // MARK: Exit 73 from each way creation fails

    @Test func aNameTooLongForTheFileSystemExits73() throws {
      let root = try TemporaryRoot.withUserDirectories()
      let long = String(repeating: "n", count: 300)
      var environment = root.toolEnvironment
      environment["XDG_CACHE_HOME"] = root.at(long)
      let result = try Tool.run(
        ["path", "cache", "--create"], environment: environment, in: root,
        standardError: .lines([
          "appdirs: error: cannot create \(root.at(long)): the name is too long for the file system",
          "appdirs: note: Use a shorter application name or a shorter base directory.",
        ]))
      #expect(result.status == 73)
    }

    @Test(.needsPrivateMounts) func aFullFileSystemExits73WithCreationFailed() throws {
      let root = try TemporaryRoot.withUserDirectories()
      try root.makeDirectory("full", mode: 0o755)
      // Room for one inode besides the root: the cache base, and not the app's folder.
      let mounts = try PrivateMounts([root.at("full")], options: "nr_inodes=2")
      var environment = root.toolEnvironment
      environment["XDG_CACHE_HOME"] = root.at("full/cache")
      let result = try Tool.runProcess(
        mounts.inside([Tool.path, "path", "cache", "--app", "ExampleApp", "--create"]),
        environment: environment, in: root,
        standardError: .lines([
          "appdirs: error: cannot create \(root.at("full/cache/ExampleApp")): ENOSPC (No space left on device)",
          "appdirs: note: Free some disk space or raise the quota, then try again.",
        ]))
      #expect(result.status == 73)
    }

    @Test(.needsPrivateMounts) func aReadOnlyFileSystemExits73() throws {
      let root = try TemporaryRoot.withUserDirectories()
      try root.makeDirectory("ro", mode: 0o755)
      let mounts = try PrivateMounts([root.at("ro")], options: "ro")
      var environment = root.toolEnvironment
      environment["XDG_DATA_HOME"] = root.at("ro")
      let result = try Tool.runProcess(
        mounts.inside([Tool.path, "path", "data", "--app", "ExampleApp", "--create"]),
        environment: environment, in: root,
        standardError: .failure(
          "cannot create \(root.at("ro/ExampleApp")): the file system is read-only", notes: 2))
      #expect(result.status == 73)
    }

    // MARK: JSON

    @Test func jsonEscapesControlCharactersQuotesAndNewlines() throws {
      let root = try TemporaryRoot.withUserDirectories()
      let odd = root.at("odd \"dir\"\\\n\t\u{1}\u{1b}\u{1f}\u{7f}é")
      var environment = root.toolEnvironment
      environment["XDG_CONFIG_HOME"] = odd
      let result = try Tool.run(
        ["list", "--app", "ExampleApp", "--json"], environment: environment, in: root)
      #expect(result.status == 0)
      #expect(
        result.standardOutput.contains(#"odd \"dir\"\\\n\t\u0001\u001b\u001f"#),
        "\(result.standardOutput)")
      // No control character is written raw.
      #expect(!result.standardOutput.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
      // Every line of the output is one line of JSON: the newline was escaped.
      #expect(!result.lines.contains { $0.hasSuffix("odd \"dir\"\\") })
      let object = try #require(
        try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
      let directories = try #require(object["directories"] as? [String: [String: Any]])
      #expect(directories["config"]?["path"] as? String == odd + "/ExampleApp")
    }

    // MARK: Warnings, each once

    /// A command that passed over a variable and what it must say on standard error.
    struct PassedOver: Sendable, CustomTestStringConvertible {
      let arguments: [String]
      let variable: (name: String, value: String)
      /// The warning, or none where the command's own output carries it.
      let warning: String?
      let status: Int32
      var testDescription: String { arguments.joined(separator: " ") }
    }

    static let relativeConfig = (name: "XDG_CONFIG_HOME", value: "relative/config")
    static let relativeConfigWarning =
      "appdirs: warning: XDG_CONFIG_HOME is not an absolute path (\"relative/config\") and is ignored"
    static let relativeSearch = (name: "XDG_CONFIG_DIRS", value: "etc/xdg:/etc/xdg")
    static let relativeSearchWarning =
      "appdirs: warning: XDG_CONFIG_DIRS entry \"etc/xdg\" is not an absolute path and is ignored"
    static let relativeCache = (name: "XDG_CACHE_HOME", value: "relative/cache")
    static let relativeCacheWarning =
      "appdirs: warning: XDG_CACHE_HOME is not an absolute path (\"relative/cache\") and is ignored"

    static let passedOver: [PassedOver] = [
      PassedOver(
        arguments: ["path", "config"], variable: relativeConfig, warning: relativeConfigWarning,
        status: 0),
      PassedOver(
        arguments: ["path", "config", "--app", "ExampleApp", "--create"], variable: relativeConfig,
        warning: relativeConfigWarning, status: 0),
      PassedOver(
        arguments: ["list"], variable: relativeConfig, warning: relativeConfigWarning, status: 0),
      PassedOver(
        arguments: ["list", "--shell"], variable: relativeSearch, warning: relativeSearchWarning,
        status: 0),
      // JSON carries its warnings in its "warnings" member.
      PassedOver(arguments: ["list", "--json"], variable: relativeSearch, warning: nil, status: 0),
      PassedOver(
        arguments: ["locate", "config", "settings.json"], variable: relativeSearch,
        warning: relativeSearchWarning, status: 0),
      PassedOver(
        arguments: ["locate", "config", "settings.json", "--app", "ExampleApp", "--all"],
        variable: relativeSearch, warning: relativeSearchWarning, status: 0),
      PassedOver(
        arguments: ["clean", "--app", "ExampleApp", "--cache"], variable: relativeCache,
        warning: relativeCacheWarning, status: 0),
      PassedOver(
        arguments: ["clean", "--app", "ExampleApp", "--all", "--yes"], variable: relativeCache,
        warning: relativeCacheWarning, status: 0),
      PassedOver(
        arguments: ["migrate", "cache", "@/old", "--app", "ExampleApp", "--dry-run"],
        variable: relativeCache, warning: relativeCacheWarning, status: 0),
      // The doctor's findings are its output.
      PassedOver(
        arguments: ["doctor", "--app", "ExampleApp"], variable: relativeCache, warning: nil,
        status: 1),
    ]

    @Test(arguments: passedOver)
    func everyCommandTellsAVariableItPassesOverOnStandardError(_ row: PassedOver) throws {
      let root = try TemporaryRoot.withUserDirectories()
      try root.write("{}", to: "home/.config/settings.json")
      try root.write("{}", to: "home/.config/ExampleApp/settings.json")
      try root.write("x", to: "home/.cache/ExampleApp/file")
      try root.write("x", to: "old/file")
      var environment = root.toolEnvironment
      environment[row.variable.name] = row.variable.value
      let arguments = row.arguments.map { $0.replacingOccurrences(of: "@", with: root.path) }
      let result = try Tool.run(
        arguments, environment: environment, in: root,
        standardError: row.warning.map { .line($0) } ?? .empty)
      #expect(result.status == row.status, "\(result.standardOutput)")
      #expect(!result.standardOutput.isEmpty)
    }

    @Test func aWarningSharedByManyDirectoriesIsToldOnce() throws {
      let root = try TemporaryRoot.withUserDirectories()
      var environment = root.toolEnvironment
      environment["HOME"] = root.home
      environment["XDG_DATA_HOME"] = "relative/data"
      environment["XDG_DATA_DIRS"] = "also-relative:/usr/share"
      let result = try Tool.run(
        ["list", "--app", "ExampleApp"], environment: environment, in: root,
        standardError: .lines([
          "appdirs: warning: XDG_DATA_HOME is not an absolute path (\"relative/data\") and is ignored",
          "appdirs: warning: XDG_DATA_DIRS entry \"also-relative\" is not an absolute path and is ignored",
        ]))
      #expect(result.status == 0)
      let json = try Tool.run(
        ["list", "--app", "ExampleApp", "--json"], environment: environment, in: root)
      let object = try #require(
        try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
      #expect(
        object["warnings"] as? [String] == [
          "XDG_DATA_HOME is not an absolute path (\"relative/data\") and is ignored",
          "XDG_DATA_DIRS entry \"also-relative\" is not an absolute path and is ignored",
        ])
    }

    // MARK: The parser

    @Test func optionValuesAfterAnEqualsSignAndTheEndOfOptions() throws {
      let root = try TemporaryRoot.withUserDirectories()
      let spaced = try Tool.run(
        ["path", "cache", "--app", "ExampleApp"], environment: root.toolEnvironment, in: root)
      let equals = try Tool.run(
        ["path", "--app=ExampleApp", "cache"], environment: root.toolEnvironment, in: root)
      #expect(equals.status == 0)
      #expect(equals.standardOutput == spaced.standardOutput)
      #expect(equals.standardOutput == root.home + "/.cache/ExampleApp\n")
      // After `--` a word that looks like an option is a positional argument.
      try root.write("x", to: "home/.config/ExampleApp/--all")
      let ended = try Tool.run(
        ["locate", "config", "--app", "ExampleApp", "--", "--all"],
        environment: root.toolEnvironment,
        in: root)
      #expect(ended.status == 0)
      #expect(ended.standardOutput == root.home + "/.config/ExampleApp/--all\n")
      let empty = try Tool.run(
        ["path", "--app=", "cache"], environment: root.toolEnvironment, in: root,
        standardError: .failure("invalid name \"\": the application name is empty"))
      #expect(empty.status == 64)
    }

    @Test func aValidLayoutIsTaken() throws {
      let root = try TemporaryRoot.withUserDirectories()
      for layout in ["native", "xdg"] {
        let result = try Tool.run(
          ["path", "config", "--app", "ExampleApp", "--layout", layout],
          environment: root.toolEnvironment,
          in: root)
        #expect(result.status == 0)
        #expect(result.standardOutput == root.home + "/.config/ExampleApp\n")
      }
      let mac = try Tool.run(
        ["list", "--platform", "macos", "--app", "ExampleApp", "--layout=xdg", "--json"],
        environment: root.toolEnvironment, in: root)
      let object = try #require(
        try JSONSerialization.jsonObject(with: Data(mac.standardOutput.utf8)) as? [String: Any])
      #expect(object["layout"] as? String == "xdg")
      let directories = try #require(object["directories"] as? [String: [String: Any]])
      #expect((directories["config"]?["path"] as? String)?.hasSuffix("/.config/ExampleApp") == true)
    }

    @Test(.asTheUnprivilegedUser) func doctorChecksTheGroupContainer() throws {
      let root = try TemporaryRoot.withUserDirectories()
      let environment = DoctorCommandTests.healthyEnvironment(root)
      try root.write("x", to: "data/group-containers")
      root.chownAll(to: Tool.unprivilegedUser)
      let result = try Tool.run(
        ["doctor", "--app", "ExampleApp", "--group", "group.com.example.app"],
        environment: environment, asUser: Tool.unprivilegedUser, in: root)
      #expect(result.status == 1)
      #expect(
        result.lines.contains {
          $0.hasPrefix(
            "problem: \(root.at("data/group-containers")) is not a directory, so \(root.at("data/group-containers/group.com.example.app")) cannot be created"
          )
        }, "\(result.standardOutput)")
    }
  }
#endif
