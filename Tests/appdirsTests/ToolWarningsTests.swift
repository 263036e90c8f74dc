// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

// These tests run the tool or other processes, which the tests do on macOS and Linux: iOS,
// tvOS, watchOS and visionOS have no Process, and Windows none of the POSIX tools they use.
#if os(macOS) || os(Linux)
  import Foundation
  import Testing

  @testable import TestSupport

  /// The tool says each thing once, about what it is asked, with the exit code of its cause.
  @Suite struct ToolWarningsTests {
    /// The lines of the doctor's report that are problems.
    static func problems(_ result: ToolResult) -> [String] {
      result.lines.filter { $0.hasPrefix("problem: ") }
    }

    @Test func aHomeThatIsAFileIsOneProblemNotOnePerDirectory() throws {
      let root = try TemporaryRoot.withUserDirectories()
      try root.write("", to: "file-home")
      var environment = root.toolEnvironment
      environment["HOME"] = root.at("file-home")
      let result = try Tool.run(
        ["doctor", "--app", "ExampleApp"], environment: environment, in: root)
      #expect(result.status == 1)
      let problems = Self.problems(result)
      #expect(problems.count == 1, "\(result.standardOutput)")
      #expect(problems.first?.contains("\(root.at("file-home")) is not a directory") == true)
    }

    @Test func aFileOnTheWayIsOneProblemNamingWhatItBlocks() throws {
      let root = try TemporaryRoot.withUserDirectories()
      try root.write("", to: "home/.local")
      let result = try Tool.run(
        ["doctor", "--app", "ExampleApp"], environment: root.toolEnvironment, in: root)
      #expect(result.status == 1)
      // .local/share, .local/state and the application's three folders below them.
      #expect(
        Self.problems(result) == [
          "problem: \(root.home)/.local is not a directory, so \(root.home)/.local/share and 4 other directories cannot be created"
        ], "\(result.standardOutput)")
      #expect(
        result.lines.contains(
          "  fix: Move it out of the way: mv '\(root.home)/.local' '\(root.home)/.local.bak'"))
    }

    @Test func aRelativeRuntimeVariableWarnsOnce() throws {
      let root = try TemporaryRoot.withUserDirectories()
      var environment = root.toolEnvironment
      environment["XDG_RUNTIME_DIR"] = "relative"
      let result = try Tool.run(
        ["path", "runtime"], environment: environment, in: root,
        standardError: .line(
          "appdirs: warning: XDG_RUNTIME_DIR is not an absolute path (\"relative\") and is ignored")
      )
      #expect(result.status == 0)
    }

    @Test func aUserFolderIsNotWarnedAboutAnotherFoldersLine() throws {
      let root = try TemporaryRoot.withUserDirectories()
      let file = root.home + "/.config/user-dirs.dirs"
      try root.writeFile(file, "XDG_FOO_DIR=\"$HOME/foo\"\nXDG_DESKTOP_DIR=\"$HOME/Desk\"\n")
      let path = try Tool.run(["path", "desktop"], environment: root.toolEnvironment, in: root)
      #expect(path.status == 0)
      #expect(path.lines == ["\(root.home)/Desk"])
      // The doctor, which checks the file, names the line.
      let doctor = try Tool.run(
        ["doctor", "--app", "ExampleApp"], environment: root.toolEnvironment, in: root)
      #expect(
        doctor.lines.contains(
          "problem: \(file) line 1 is ignored: XDG_FOO_DIR is not a known key"),
        "\(doctor.standardOutput)")
    }

    @Test func sizesWithShellLinesIsAUsageErrorNotASilentDrop() throws {
      let root = try TemporaryRoot.withUserDirectories()
      let result = try Tool.run(
        ["list", "--app", "ExampleApp", "--sizes", "--shell"], environment: root.toolEnvironment,
        in: root,
        standardError: .usageError(
          "--sizes does not go with --shell, whose lines hold paths only: use --sizes alone or with --json",
          command: "list"))
      #expect(result.status == 64)
      #expect(result.standardOutput.isEmpty)
    }

    @Test func aBadGroupGetsAFixAboutGroups() throws {
      let root = try TemporaryRoot.withUserDirectories()
      let result = try Tool.run(
        ["path", "shared", "--group", "bad group"], environment: root.toolEnvironment, in: root,
        standardError: .lines([
          "appdirs: error: invalid name \"bad group\": group identifiers are reverse-DNS names made of letters, digits, '.', '-' and '_'",
          "appdirs: note: Use a reverse-DNS identifier such as group.com.example.app (on Apple platforms, the one in the app's App Groups entitlement): letters, digits, '.', '-' and '_' only.",
        ]))
      #expect(result.status == 64)
    }

    /// For the tests of a home that the password database gives and that does not exist.
    static let nobodysHomeIsMissing = ConditionTrait.enabled(
      if: getpwuid(Tool.unprivilegedUser).map { String(cString: $0.pointee.pw_dir) }
        .map { !FileManager.default.fileExists(atPath: $0) } ?? false,
      "needs user 65534's password database home to be missing, as Debian's /nonexistent is")

    /// User 65534 (`nobody`) has the password database home `/nonexistent`; without `HOME`
    /// there is no home, exit 78 as for every missing home, never a permission error at `/`.
    @Test(.asTheUnprivilegedUser, Self.nobodysHomeIsMissing)
    func noHomeForNobodyIsAConfigurationError() throws {
      let root = try TemporaryRoot.withUserDirectories()
      root.chownAll(to: Tool.unprivilegedUser)
      let home = try #require(getpwuid(Tool.unprivilegedUser)).pointee.pw_dir.map {
        String(cString: $0)
      }
      let environment = ["TMPDIR": root.at("tmp"), "XDG_RUNTIME_DIR": root.at("run")]
      let result = try Tool.run(
        ["path", "cache", "--app", "ExampleApp", "--create"], environment: environment,
        asUser: Tool.unprivilegedUser, in: root,
        standardError: .lines([
          "appdirs: error: no home directory: HOME gives none, and \(home ?? ""), the home the password database gives user 65534, does not exist",
          "appdirs: note: Set HOME to a directory you own (for a throwaway one, export HOME=\"$(mktemp -d)\"), or create \(home ?? "") as user 65534's home.",
        ]))
      #expect(result.status == 78)
      let doctor = try Tool.run(
        ["doctor", "--app", "ExampleApp"], environment: environment, asUser: Tool.unprivilegedUser,
        in: root)
      #expect(doctor.status == 1)
      #expect(
        Self.problems(doctor) == [
          "problem: no home directory: HOME gives none, and \(home ?? ""), the home the password database gives user 65534, does not exist"
        ], "\(doctor.standardOutput)")
    }

    /// Without `--create`, the path under that missing home is still printed, with a warning
    /// that names the home and where it came from, as `doctor` does (SPEC 15).
    @Test(.asTheUnprivilegedUser, Self.nobodysHomeIsMissing)
    func aPathUnderAMissingHomeIsPrintedWithAWarning() throws {
      let root = try TemporaryRoot.withUserDirectories()
      root.chownAll(to: Tool.unprivilegedUser)
      let home = try #require(
        getpwuid(Tool.unprivilegedUser)?.pointee.pw_dir.map { String(cString: $0) })
      let environment = ["TMPDIR": root.at("tmp"), "XDG_RUNTIME_DIR": root.at("run")]
      let problem =
        "no home directory: HOME gives none, and \(home), the home the password database gives user 65534, does not exist"
      let result = try Tool.run(
        ["path", "cache", "--app", "ExampleApp"], environment: environment,
        asUser: Tool.unprivilegedUser, in: root,
        standardError: .line(
          "appdirs: warning: \(problem), so \(home)/.cache/ExampleApp cannot be created"))
      #expect(result.status == 0)
      #expect(result.standardOutput == "\(home)/.cache/ExampleApp\n")
      let explained = try Tool.run(
        ["path", "cache", "--app", "ExampleApp", "--explain"], environment: environment,
        asUser: Tool.unprivilegedUser, in: root)
      #expect(explained.status == 0)
      #expect(
        explained.lines.contains(
          "warning: \(problem), so \(home)/.cache/ExampleApp cannot be created"),
        "\(explained.standardOutput)")
      #expect(!explained.lines.contains("warnings: none"))
    }
  }
#endif
