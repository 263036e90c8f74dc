// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

// These tests run the tool or other processes, which the tests do on macOS and Linux: iOS,
// tvOS, watchOS and visionOS have no Process, and Windows none of the POSIX tools they use.
#if os(macOS) || os(Linux)
  import Foundation
  import Testing

  @testable import TestSupport

  /// `--portable DIR` on `path` and `list`: what an application portable at `DIR` gets
  /// (SPEC section 16).
  @Suite struct PortableCommandTests {
    static let kinds = ["data", "config", "cache", "state", "logs"]

    @Test("path: each of the app's kinds is a folder of DIR", arguments: kinds)
    func pathIsAFolderOfTheRoot(_ kind: String) throws {
      let root = try TemporaryRoot.withUserDirectories()
      let portable = root.at("stick/ExampleApp-portable")
      let result = try Tool.run(
        ["path", kind, "--app", "ExampleApp", "--portable", portable],
        environment: root.toolEnvironment, in: root)
      #expect(result.status == 0)
      #expect(result.standardOutput == portable + "/" + kind + "\n")
      // Resolving made nothing; --create makes the folder.
      #expect(!root.exists(portable))
      let created = try Tool.run(
        ["path", kind, "--app", "ExampleApp", "--portable", portable, "--create"],
        environment: root.toolEnvironment, in: root)
      #expect(created.standardOutput == result.standardOutput)
      #expect(root.isDirectory(portable + "/" + kind))
    }

    @Test func runtimeStaysThePlatformsAndOverridesComeFirst() throws {
      let root = try TemporaryRoot.withUserDirectories()
      let portable = root.at("stick/ExampleApp-portable")
      var environment = root.toolEnvironment
      let runtime = try Tool.run(
        ["path", "runtime", "--app", "ExampleApp", "--portable", portable],
        environment: environment, in: root)
      #expect(runtime.standardOutput == root.at("run/ExampleApp") + "\n")
      environment["EX_HOME"] = root.at("exhome")
      let overridden = try Tool.run(
        ["path", "data", "--app", "ExampleApp", "--env-prefix", "EX", "--portable", portable],
        environment: environment, in: root)
      #expect(overridden.standardOutput == root.at("exhome/data") + "\n")
    }

    @Test func listJSONNamesPortableAsTheSource() throws {
      let root = try TemporaryRoot.withUserDirectories()
      let portable = root.at("stick/ExampleApp-portable")
      try root.makeDirectory(portable + "/config", mode: 0o700)
      let result = try Tool.run(
        ["list", "--app", "ExampleApp", "--portable", portable, "--json"],
        environment: root.toolEnvironment, in: root)
      #expect(result.status == 0)
      let object = try #require(
        try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
      let directories = try #require(object["directories"] as? [String: [String: Any]])
      for kind in Self.kinds {
        #expect(directories[kind]?["path"] as? String == portable + "/" + kind, "\(kind)")
        #expect(directories[kind]?["source"] as? String == "portable", "\(kind)")
      }
      #expect(directories["config"]?["exists"] as? Bool == true)
      #expect(directories["data"]?["exists"] as? Bool == false)
      #expect(directories["runtime"]?["source"] as? String == "XDG_RUNTIME_DIR")
      #expect(directories["home"]?["source"] as? String == "HOME")
      let search = try #require(object["search"] as? [String: [String]])
      #expect(search["config"]?.first == portable + "/config")
      // The table says so too.
      let table = try Tool.run(
        ["list", "--app", "ExampleApp", "--portable", portable],
        environment: root.toolEnvironment, in: root)
      #expect(table.lines.contains { $0.hasPrefix("data") && $0.contains("portable") })
    }

    @Test func explainNamesThePortableFolder() throws {
      let root = try TemporaryRoot.withUserDirectories()
      let portable = root.at("stick/ExampleApp-portable")
      let result = try Tool.run(
        ["path", "logs", "--app", "ExampleApp", "--portable", portable, "--explain"],
        environment: root.toolEnvironment, in: root)
      #expect(
        result.lines == [
          portable + "/logs",
          "kind: logs of the application ExampleApp",
          "source: the portable folder \(portable)",
          "app: logs is appended to the portable folder \(portable)",
          "warnings: none",
        ])
    }

    @Test func folderThatCannotBeMadeNamesThePortableRoot() throws {
      let root = try TemporaryRoot.withUserDirectories()
      let portable = root.at("stick/ExampleApp-portable")
      try root.write("x", to: "stick/ExampleApp-portable/data")
      let result = try Tool.run(
        ["path", "data", "--app", "ExampleApp", "--portable", portable, "--create"],
        environment: root.toolEnvironment, in: root,
        standardError: .failure("\(portable)/data exists but is not a directory", notes: 2))
      #expect(result.status == 73)
      #expect(
        result.standardError.contains(
          "\(portable)/data is a folder of the portable root; give another --portable DIR"))
    }

    static let refusals: [(arguments: [String], status: Int32, message: String)] = [
      (["path", "data", "--portable", "/x"], 64, "--portable needs --app NAME"),
      (
        ["path", "data", "--app", "ExampleApp", "--portable", "/x", "--platform", "windows"], 64,
        "--portable looks at a folder on this machine"
      ),
      (["list", "--portable", "/x"], 64, "--portable needs --app NAME"),
    ]

    @Test("--portable needs an app and this machine", arguments: refusals)
    func usageErrors(_ arguments: [String], _ status: Int32, _ message: String) throws {
      let root = try TemporaryRoot.withUserDirectories()
      let result = try Tool.run(
        arguments, environment: root.toolEnvironment, in: root,
        standardError: .usageError(message, command: arguments[0]))
      #expect(result.status == status)
      #expect(result.standardOutput == "")
    }

    @Test func relativeOrRefusedRootIsAnError() throws {
      let root = try TemporaryRoot.withUserDirectories()
      let relative = try Tool.run(
        ["path", "data", "--app", "ExampleApp", "--portable", "stick/ExampleApp-portable"],
        environment: root.toolEnvironment, in: root,
        standardError: .failure(
          "refusing the portable folder stick/ExampleApp-portable: it is not an absolute path"))
      #expect(relative.status == 64)
      let file = root.at("stick/file")
      try root.write("x", to: "stick/file")
      let refused = try Tool.run(
        ["list", "--app", "ExampleApp", "--portable", file],
        environment: root.toolEnvironment, in: root,
        standardError: .failure("\(file) exists but is not a directory"))
      #expect(refused.status == 73)
      #expect(refused.standardOutput == "")
    }

    @Test func sandboxedCommandIgnoresARootOutsideWithAWarning() throws {
      let root = try TemporaryRoot.withUserDirectories()
      let box = root.at("box")
      let outside = root.at("stick/ExampleApp-portable")
      try root.makeDirectory(outside, mode: 0o700)
      let result = try Tool.run(
        [
          "sandbox", box, "--", Tool.path, "path", "data", "--app", "ExampleApp", "--portable",
          outside,
        ],
        environment: root.toolEnvironment.merging(["PATH": "/usr/bin:/bin"]) { $1 }, in: root,
        standardError: .line(
          "appdirs: warning: the portable folder \(outside) leads outside the sandbox \(box) and is ignored"
        ))
      #expect(result.status == 0)
      #expect(result.standardOutput == box + "/home/.local/share/ExampleApp\n")
    }

    @Test(
      "doctor offers to adopt the installed copy's files into the portable root, and migrate does")
    func installedFilesAreAdoptedIntoThePortableRoot() throws {
      let root = try TemporaryRoot.withUserDirectories()
      let portable = root.at("stick/ExampleApp-portable")
      try root.makeDirectory(portable, mode: 0o700)
      try root.write("{}\n", to: "home/.config/ExampleApp/settings.json")
      let doctor = try Tool.unchecked(
        ["doctor", "--app", "ExampleApp", "--portable", portable],
        environment: root.toolEnvironment, in: root)
      #expect(
        doctor.standardOutput.contains(
          "fix: Adopt it: appdirs migrate config --previous --app 'ExampleApp' --portable '\(portable)'"
        ), "\(doctor.standardOutput)")
      let migrate = try Tool.unchecked(
        ["migrate", "config", "--previous", "--app", "ExampleApp", "--portable", portable],
        environment: root.toolEnvironment, in: root)
      #expect(migrate.status == 0, "\(migrate.standardError)")
      #expect(root.exists(portable + "/config/settings.json"))
      #expect(!root.exists(root.home + "/.config/ExampleApp/settings.json"))
    }

    @Test func helpListsTheOption() throws {
      let root = try TemporaryRoot.withUserDirectories()
      for command in ["path", "list", "locate", "doctor", "clean", "migrate"] {
        let help = try Tool.run(
          ["help", command], environment: root.toolEnvironment, in: root)
        #expect(help.standardOutput.contains("--portable DIR"), "\(command)")
      }
    }
  }
#endif
