// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

// These tests run the tool or other processes, which the tests do on macOS and Linux: iOS,
// tvOS, watchOS and visionOS have no Process, and Windows none of the POSIX tools they use.
#if os(macOS) || os(Linux)
  import Foundation
  import Testing

  @testable import TestSupport

  /// `--env-prefix` on `path`, `list`, `locate`, `doctor` and `--explain`: the overrides read by
  /// the tool from its own process environment (SPEC section 8).
  @Suite struct OverrideCommandTests {
    static let kinds: [(kind: String, variable: String, folder: String)] = [
      ("data", "EX_DATA_DIR", "data"), ("config", "EX_CONFIG_DIR", "config"),
      ("cache", "EX_CACHE_DIR", "cache"), ("state", "EX_STATE_DIR", "state"),
      ("logs", "EX_LOG_DIR", "logs"), ("runtime", "EX_RUNTIME_DIR", "runtime"),
    ]

    @Test("path: the kind's own variable, then P_HOME", arguments: kinds)
    func pathFollowsThePrecedence(kind: String, variable: String, folder: String) throws {
      let root = try TemporaryRoot.withUserDirectories()
      var environment = root.toolEnvironment
      environment["EX_HOME"] = root.at("exhome")
      let arguments = ["path", kind, "--app", "ExampleApp", "--env-prefix", "EX"]
      let fromHome = try Tool.run(arguments, environment: environment, in: root)
      #expect(fromHome.status == 0)
      #expect(fromHome.standardOutput == root.at("exhome/\(folder)") + "\n")
      #expect(fromHome.standardError == "")

      environment[variable] = root.at("own")
      let own = try Tool.run(arguments, environment: environment, in: root)
      #expect(own.standardOutput == root.at("own") + "\n")
      #expect(own.standardError == "")

      // Without the prefix the variables mean nothing.
      let plain = try Tool.run(
        Array(arguments.dropLast(2)), environment: environment, in: root)
      #expect(plain.standardOutput != own.standardOutput)
      #expect(!plain.standardOutput.hasPrefix(root.at("exhome")))
    }

    @Test func listJSONNamesTheVariableAsTheSource() throws {
      let root = try TemporaryRoot.withUserDirectories()
      var environment = root.toolEnvironment
      environment["EX_HOME"] = root.at("exhome")
      environment["EX_CACHE_DIR"] = root.at("cache")
      let result = try Tool.run(
        ["list", "--app", "ExampleApp", "--env-prefix", "EX", "--json"], environment: environment,
        in: root)
      #expect(result.status == 0)
      let object = try #require(
        try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
      let directories = try #require(object["directories"] as? [String: [String: Any]])
      for (kind, _, folder) in Self.kinds where kind != "cache" {
        #expect(directories[kind]?["path"] as? String == root.at("exhome/\(folder)"), "\(kind)")
        #expect(directories[kind]?["source"] as? String == "EX_HOME", "\(kind)")
      }
      #expect(directories["cache"]?["path"] as? String == root.at("cache"))
      #expect(directories["cache"]?["source"] as? String == "EX_CACHE_DIR")
      #expect(directories["home"]?["source"] as? String == "HOME")
      #expect(directories["data"]?["exists"] as? Bool == false)
      let search = try #require(object["search"] as? [String: [String]])
      #expect(search["config"]?.first == root.at("exhome/config"))
      #expect(search["config"]?.dropFirst().first == "/etc/xdg/ExampleApp")
      #expect(object["warnings"] as? [String] == [])
    }

    @Test func aRelativeOverrideIsWarnedOfOnce() throws {
      let root = try TemporaryRoot.withUserDirectories()
      var environment = root.toolEnvironment
      environment["EX_HOME"] = "relative/home"
      let result = try Tool.run(
        ["list", "--app", "ExampleApp", "--env-prefix", "EX"], environment: environment, in: root,
        standardError: .line(
          "appdirs: warning: EX_HOME is not an absolute path (\"relative/home\") and is ignored"))
      #expect(result.status == 0)
      #expect(
        result.lines.contains {
          $0.hasPrefix("cache ") && $0.contains(root.home + "/.cache/ExampleApp")
        })
    }

    @Test func explainTellsTheOverrideAndWhatWasPassedOver() throws {
      let root = try TemporaryRoot.withUserDirectories()
      var environment = root.toolEnvironment
      environment["EX_CACHE_DIR"] = "cache-here"
      environment["EX_HOME"] = root.at("exhome")
      let result = try Tool.run(
        ["path", "cache", "--app", "ExampleApp", "--env-prefix", "EX", "--explain"],
        environment: environment, in: root, standardError: .empty)
      #expect(result.status == 0)
      #expect(
        result.lines == [
          root.at("exhome/cache"),
          "kind: cache of the application ExampleApp",
          "source: the environment variable EX_HOME (EX_HOME=\(root.at("exhome"))), because EX_CACHE_DIR is not an absolute path (\"cache-here\")",
          "app: cache is appended to EX_HOME, the application's own override",
          "warning: EX_CACHE_DIR is not an absolute path (\"cache-here\") and is ignored",
          "  fix: Set EX_CACHE_DIR to an absolute path, or unset it.",
        ])
    }

    @Test func explainSaysNothingIsAppendedToTheKindsOwnVariable() throws {
      let root = try TemporaryRoot.withUserDirectories()
      var environment = root.toolEnvironment
      environment["EX_CACHE_DIR"] = root.at("mine")
      let result = try Tool.run(
        ["path", "cache", "--app", "ExampleApp", "--env-prefix", "EX", "--explain"],
        environment: environment, in: root)
      #expect(result.status == 0)
      #expect(result.lines.first == root.at("mine"))
      #expect(
        result.lines.contains(
          "app: EX_CACHE_DIR is the application's own override; nothing is appended"))
    }

    @Test func locateSearchesTheOverriddenDirectoryFirst() throws {
      let root = try TemporaryRoot.withUserDirectories()
      try root.write("{}", to: "conf/settings.json")
      var environment = root.toolEnvironment
      environment["EX_CONFIG_DIR"] = root.at("conf")
      environment["XDG_CONFIG_DIRS"] = root.at("system")
      try root.write("{}", to: "system/ExampleApp/settings.json")
      let result = try Tool.run(
        [
          "locate", "config", "settings.json", "--app", "ExampleApp", "--env-prefix", "EX", "--all",
        ],
        environment: environment, in: root)
      #expect(result.status == 0)
      #expect(
        result.lines == [root.at("conf/settings.json"), root.at("system/ExampleApp/settings.json")])
    }

    @Test func overriddenRuntimeIsCreatedPrivateAndNeverReplaced() throws {
      let root = try TemporaryRoot.withUserDirectories()
      var environment = root.toolEnvironment
      environment["EX_RUNTIME_DIR"] = root.at("exrun/sockets")
      let arguments = ["path", "runtime", "--app", "ExampleApp", "--env-prefix", "EX", "--create"]
      let created = try Tool.run(arguments, environment: environment, in: root)
      #expect(created.status == 0)
      #expect(created.standardOutput == root.at("exrun/sockets") + "\n")
      #expect(root.mode(root.at("exrun/sockets")).map { $0 & 0o7777 } == 0o700)

      chmod(root.at("exrun/sockets"), 0o755)
      let refused = try Tool.run(
        arguments, environment: environment, in: root,
        standardError: .failure(
          "refusing the runtime directory \(root.at("exrun/sockets")): it has mode 0755, not 0700"))
      #expect(refused.status == 78)
      #expect(refused.standardOutput == "")
      // The fallback was not made behind the user's back.
      #expect(!root.exists(root.at("tmp/runtime-\(geteuid())")))
      #expect(!root.exists(root.at("run/ExampleApp")))
    }

    @Test(.asTheUnprivilegedUser) func doctorChecksTheOverriddenDirectories() throws {
      let root = try TemporaryRoot.withUserDirectories()
      try root.write("", to: "blocked")
      var environment = DoctorCommandTests.healthyEnvironment(root)
      environment["EX_DATA_DIR"] = root.at("blocked/data")
      root.chownAll(to: Tool.unprivilegedUser)
      let result = try Tool.run(
        ["doctor", "--app", "ExampleApp", "--env-prefix", "EX"], environment: environment,
        asUser: Tool.unprivilegedUser, in: root)
      #expect(result.status == 1)
      #expect(
        result.lines.contains {
          $0.hasPrefix(
            "problem: \(root.at("blocked")) is not a directory, so \(root.at("blocked/data")) cannot be created"
          )
        }, "\(result.standardOutput)")
    }

    static let usageErrors: [(arguments: [String], message: String)] = [
      (
        ["path", "cache", "--env-prefix", "EX"],
        "appdirs: error: --env-prefix needs --app NAME: its variables name one application's directories"
      ),
      (
        ["path", "cache", "--app", "ExampleApp", "--env-prefix", "XDG"],
        "appdirs: error: invalid name \"XDG\": the environment prefix XDG belongs to the base directories"
      ),
      (
        ["list", "--app", "ExampleApp", "--env-prefix=ex"],
        "appdirs: error: invalid name \"ex\": an environment prefix starts with a capital letter A-Z"
      ),
      (
        ["locate", "config", "x", "--env-prefix", "BAD-ONE"],
        "appdirs: error: invalid name \"BAD-ONE\": an environment prefix is made of capital letters A-Z, digits and _ only"
      ),
    ]

    @Test(arguments: usageErrors)
    func badPrefixesAreUsageErrors(arguments: [String], message: String) throws {
      let root = try TemporaryRoot.withUserDirectories()
      let result = try Tool.run(
        arguments, environment: root.toolEnvironment, in: root,
        standardError: message.contains("invalid name")
          ? .failure(message) : .usageError(message, command: arguments.first))
      #expect(result.status == 64)
      #expect(result.standardOutput == "")
      #expect(result.standardError.split(separator: "\n").first.map(String.init) == message)
    }
  }
#endif
