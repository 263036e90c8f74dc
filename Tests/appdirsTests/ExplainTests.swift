// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

// These tests run the tool or other processes, which the tests do on macOS and Linux: iOS,
// tvOS, watchOS and visionOS have no Process, and Windows none of the POSIX tools they use.
#if os(macOS) || os(Linux)
  import Foundation
  import Testing

  @testable import TestSupport

  /// `appdirs path KIND --explain`: the path first, then where it came from and every warning.
  @Suite struct ExplainTests {
    struct Case: Sendable, CustomTestStringConvertible {
      let name: String
      let arguments: [String]
      let environment: [String: String]
      let userDirectories: String?
      let path: String
      let mentions: [String]
      var testDescription: String { name }
    }

    static let cases: [Case] = [
      Case(
        name: "default", arguments: ["cache", "--app", "ExampleApp"], environment: [:],
        userDirectories: nil, path: "~/.cache/ExampleApp",
        mentions: [
          "source: the default, because XDG_CACHE_HOME is not set", "home: ~, from HOME",
          "app: ExampleApp is appended", "warnings: none",
        ]),
      Case(
        name: "logs", arguments: ["logs", "--app", "ExampleApp"], environment: [:],
        userDirectories: nil, path: "~/.local/state/ExampleApp/log",
        mentions: [
          "kind: logs of the application ExampleApp",
          "app: ExampleApp/log is appended for the application ExampleApp",
        ]),
      Case(
        name: "variable", arguments: ["config"], environment: ["XDG_CONFIG_HOME": "@/conf"],
        userDirectories: nil, path: "@/conf",
        mentions: ["source: the environment variable XDG_CONFIG_HOME (XDG_CONFIG_HOME=@/conf)"]),
      Case(
        name: "empty variable", arguments: ["state"], environment: ["XDG_STATE_HOME": ""],
        userDirectories: nil, path: "~/.local/state",
        mentions: ["because XDG_STATE_HOME is empty"]),
      Case(
        name: "relative variable", arguments: ["data"], environment: ["XDG_DATA_HOME": "rel"],
        userDirectories: nil, path: "~/.local/share",
        mentions: [
          "source: the default, because XDG_DATA_HOME is not an absolute path",
          "warning: XDG_DATA_HOME is not an absolute path (\"rel\") and is ignored",
          "  fix: Set XDG_DATA_HOME to an absolute path, or unset it.",
        ]),
      Case(
        name: "user-dirs.dirs line", arguments: ["documents"], environment: [:],
        userDirectories: "# written by xdg-user-dirs-update\nXDG_DOCUMENTS_DIR=\"$HOME/Docs\"\n",
        path: "~/Docs",
        mentions: ["source: line 2 of ~/.config/user-dirs.dirs"]),
      Case(
        name: "ignored user-dirs.dirs line", arguments: ["music"], environment: [:],
        userDirectories: "XDG_MUSIC_DIR=Music\n", path: "~/Music",
        mentions: [
          "source: the default, because ~/.config/user-dirs.dirs line 1 is ignored",
          "warning: ~/.config/user-dirs.dirs line 1 is ignored: the value is not in double quotes",
        ]),
      Case(
        name: "runtime fallback", arguments: ["runtime"], environment: ["XDG_RUNTIME_DIR": "-"],
        userDirectories: nil, path: "@/tmp/runtime-\(geteuid())",
        mentions: [
          "source: the fallback runtime directory", "warning: XDG_RUNTIME_DIR is not set",
          "  fix: Log in through a session manager",
        ]),
      Case(
        name: "logs", arguments: ["logs", "--app", "ExampleApp"], environment: [:],
        userDirectories: nil, path: "~/.local/state/ExampleApp/log",
        mentions: ["kind: logs of the application ExampleApp", "because XDG_STATE_HOME is not set"]
      ),
    ]

    static func expand(_ text: String, _ root: TemporaryRoot) -> String {
      text.replacingOccurrences(of: "~", with: root.home).replacingOccurrences(
        of: "@", with: root.path)
    }

    @Test(arguments: cases)
    func explainPrintsThePathFirstThenItsSource(testCase: Case) throws {
      let root = try TemporaryRoot.withUserDirectories()
      var environment = root.toolEnvironment
      for (name, value) in testCase.environment {
        environment[name] = value == "-" ? nil : Self.expand(value, root)
      }
      if let text = testCase.userDirectories {
        try root.write(text, to: "home/.config/user-dirs.dirs")
      }
      let result = try Tool.run(
        ["path"] + testCase.arguments + ["--explain"], environment: environment, in: root,
        standardError: .empty)
      #expect(result.status == 0)
      #expect(result.lines.first == Self.expand(testCase.path, root))
      for mention in testCase.mentions {
        #expect(
          result.lines.contains(where: { $0.contains(Self.expand(mention, root)) }), "\(mention)")
      }
      // Each warning once, in the explanation: standard error stays empty.
      let warnings = result.lines.filter { $0.hasPrefix("warning: ") }
      #expect(Set(warnings).count == warnings.count)
    }

    /// Without `--explain` the warning goes to standard error, once; with it, into the
    /// explanation alone.
    @Test func aWarningIsPrintedOnceWithOrWithoutExplain() throws {
      let root = try TemporaryRoot.withUserDirectories()
      var environment = root.toolEnvironment
      environment["XDG_RUNTIME_DIR"] = nil
      let warning =
        "XDG_RUNTIME_DIR is not set; using \(root.path)/tmp/runtime-\(geteuid()) instead"
      let plain = try Tool.run(
        ["path", "runtime", "--app", "ExampleApp"], environment: environment, in: root,
        standardError: .lines(["appdirs: warning: " + warning]))
      #expect(plain.lines == ["\(root.path)/tmp/runtime-\(geteuid())/ExampleApp"])
      let explained = try Tool.run(
        ["path", "runtime", "--app", "ExampleApp", "--explain"], environment: environment,
        in: root, standardError: .empty)
      #expect(explained.lines.filter { $0 == "warning: " + warning }.count == 1)
    }

    @Test func explainWithCreateCreatesAndExplains() throws {
      let root = try TemporaryRoot.withUserDirectories()
      let result = try Tool.run(
        ["path", "cache", "--app", "ExampleApp", "--create", "--explain"],
        environment: root.toolEnvironment, in: root)
      #expect(result.status == 0)
      #expect(result.lines.first == root.home + "/.cache/ExampleApp")
      #expect(root.isDirectory("home/.cache/ExampleApp"))
    }

    /// Where each platform keeps an application's logs, and what its table appends to get there,
    /// seen through `--platform`.
    @Test(arguments: [
      ("macos", "/Users/ada/Library/Logs/ExampleApp", "ExampleApp"),
      (
        "ios",
        "/var/mobile/Containers/Data/Application/5A0C31A6-2F5B-4C1E-9D3A-7E2B8C4D1F60/Library/Logs/ExampleApp",
        "ExampleApp"
      ),
      (
        "windows", #"C:\Users\ada\AppData\Local\Example\ExampleApp\Logs"#,
        #"Example\ExampleApp\Logs"#
      ),
      ("android", "/data/user/0/com.example.app/cache/ExampleApp/log", "ExampleApp/log"),
      ("linux", "/home/ada/.local/state/ExampleApp/log", "ExampleApp/log"),
    ])
    func logsAreExplainedAsEachPlatformKeepsThem(platform: String, path: String, appended: String)
      throws
    {
      let root = try TemporaryRoot.withUserDirectories()
      var environment = root.toolEnvironment
      environment["USER"] = "tester"
      let result = try Tool.run(
        [
          "path", "logs", "--app", "ExampleApp", "--org", "Example", "--explain", "--platform",
          platform,
        ],
        environment: environment, in: root)
      #expect(result.status == 0, "\(result.standardError)")
      #expect(result.lines.first == path)
      #expect(result.lines.contains("app: \(appended) is appended for the application ExampleApp"))
    }

    /// For every kind on every platform the explanation starts with the path `path` prints, and
    /// what it says was appended is how that path ends; a kind the platform lacks fails alike.
    @Test(arguments: ["macos", "ios", "windows", "android", "linux"])
    func everyExplanationAgreesWithItsPath(platform: String) throws {
      let root = try TemporaryRoot.withUserDirectories()
      var environment = root.toolEnvironment
      environment["USER"] = "tester"
      let separator = platform == "windows" ? #"\"# : "/"
      let kinds = [
        "home", "data", "config", "cache", "state", "runtime", "executables", "fonts", "temporary",
        "library", "documents", "downloads", "desktop", "music", "pictures", "videos", "templates",
        "public", "logs", "shared",
      ]
      for kind in kinds {
        let arguments = [
          "path", kind, "--app", "ExampleApp", "--org", "Example", "--group",
          "group.com.example.app", "--platform", platform,
        ]
        let plain = try Tool.unchecked(arguments, environment: environment, in: root)
        // The explanation warns, or fails, exactly as the path does.
        let explained = try Tool.run(
          arguments + ["--explain"], environment: environment, in: root,
          standardError: .text(plain.standardError))
        #expect(explained.status == plain.status, "\(platform) \(kind)")
        guard plain.status == 0 else {
          #expect(plain.status == 64, "\(platform) \(kind)")
          #expect(
            ExpectedStandardError.failure(" has no ").matches(plain.standardError),
            "\(platform) \(kind): \(plain.standardError)")
          continue
        }
        // A kind every application shares says that --app does not change it; the simulated
        // machine's own warnings are the preview's, in the explanation, never on standard
        // error: a preview of Linux has no session, so its runtime directory is the fallback,
        // and a `group.` identifier on macOS asks for permission since macOS 15.
        #expect(
          ExpectedStandardError.empty.matches(plain.standardError)
            || ExpectedStandardError.line(
              "appdirs: warning: \(kind) is shared by every application; --app ExampleApp does not change it"
            ).matches(plain.standardError), "\(platform) \(kind): \(plain.standardError)")
        let simulatedWarnings = explained.lines.filter { $0.hasPrefix("warning: ") }
        let expectedWarning: String? =
          switch (platform, kind) {
          case ("linux", "runtime"): "warning: XDG_RUNTIME_DIR is not set; using /tmp/runtime-"
          case ("macos", "shared"):
            "warning: the app group group.com.example.app starts with group."
          default: nil
          }
        if let expectedWarning {
          #expect(
            simulatedWarnings.count == 1 && simulatedWarnings[0].hasPrefix(expectedWarning),
            "\(platform) \(kind): \(simulatedWarnings)")
        } else {
          #expect(simulatedWarnings.isEmpty, "\(platform) \(kind): \(simulatedWarnings)")
        }
        let path = plain.standardOutput.trimmingCharacters(in: .newlines)
        #expect(explained.lines.first == path, "\(platform) \(kind)")
        #expect(explained.lines.contains { $0.hasPrefix("kind: ") }, "\(platform) \(kind)")
        #expect(explained.lines.contains { $0.hasPrefix("source: ") }, "\(platform) \(kind)")
        for line in explained.lines where line.hasPrefix("app: ") && line.contains(" is appended") {
          let appended = String(
            line.dropFirst("app: ".count).prefix { $0 != " " })
          #expect(path.hasSuffix(separator + appended), "\(platform) \(kind): \(line)")
        }
      }
    }

    /// A preview describes another machine: `--create` with `--platform` is a usage error, and
    /// nothing is made here.
    @Test func aPreviewCreatesNothing() throws {
      let root = try TemporaryRoot.withUserDirectories()
      let before = TreeSnapshot.listing(root.path)
      let result = try Tool.run(
        ["path", "cache", "--app", "ExampleApp", "--create", "--platform", "linux"],
        environment: root.toolEnvironment, in: root,
        standardError: .usageError(
          "--create makes directories on this machine, not a preview's", command: "path"))
      #expect(result.status == 64)
      #expect(result.standardOutput.isEmpty)
      #expect(TreeSnapshot.listing(root.path) == before)
    }

    /// On Windows data and config are in LocalAppData; `--roaming` puts them in RoamingAppData
    /// and leaves the rest on the machine. Without `--app` it is a usage error.
    @Test func roamingMovesDataAndConfigOnWindows() throws {
      let root = try TemporaryRoot.withUserDirectories()
      var environment = root.toolEnvironment
      environment["USER"] = "tester"
      let profile = #"C:\Users\ada\AppData"#
      for (kind, local, roaming) in [
        ("data", #"\Local\ExampleApp"#, #"\Roaming\ExampleApp"#),
        ("config", #"\Local\ExampleApp"#, #"\Roaming\ExampleApp"#),
        ("cache", #"\Local\ExampleApp\Cache"#, #"\Local\ExampleApp\Cache"#),
      ] {
        let arguments = ["path", kind, "--app", "ExampleApp", "--platform", "windows"]
        let plain = try Tool.run(arguments, environment: environment, in: root)
        let moved = try Tool.run(arguments + ["--roaming"], environment: environment, in: root)
        #expect(plain.lines == [profile + local], "\(kind)")
        #expect(moved.lines == [profile + roaming], "\(kind)")
      }
      let alone = try Tool.run(
        ["path", "data", "--roaming"], environment: environment, in: root,
        standardError: .usageError(
          "--roaming needs --app NAME: it moves one application's data and config", command: "path")
      )
      #expect(alone.status == 64)
    }
  }
#endif
