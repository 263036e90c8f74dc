// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

// These tests run the tool or other processes, which the tests do on macOS and Linux: iOS,
// tvOS, watchOS and visionOS have no Process, and Windows none of the POSIX tools they use.
#if os(macOS) || os(Linux)
  import Foundation
  import Testing

  @testable import TestSupport

  /// `appdirs sandbox ROOT -- COMMAND…`, end to end.
  @Suite struct SandboxCommandTests {
    /// An environment that points everywhere but the sandbox, to show that the sandbox wins.
    static func hostile(_ root: TemporaryRoot) -> [String: String] {
      root.toolEnvironment.merging([
        "XDG_CONFIG_HOME": "/etc", "XDG_DATA_DIRS": "/usr/share", "XDG_CACHE_HOME": root.at("real"),
        "PATH": "/usr/bin:/bin",
      ]) { $1 }
    }

    @Test func listInTheSandboxListsOnlyPathsInIt() throws {
      let root = try TemporaryRoot.withUserDirectories()
      let box = root.at("box")
      let result = try Tool.run(
        ["sandbox", box, "--", Tool.path, "list", "--app", "ExampleApp", "--json"],
        environment: Self.hostile(root), in: root)
      #expect(result.status == 0, "\(result.standardError)")
      let json = try #require(
        try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
      let directories = try #require(json["directories"] as? [String: [String: Any]])
      let search = try #require(json["search"] as? [String: [String]])
      var paths = directories.values.compactMap { $0["path"] as? String }
      paths += search.values.flatMap { $0 }
      #expect(paths.count > 20)
      for path in paths { #expect(path.hasPrefix(box + "/"), "\(path) is outside the sandbox") }
      #expect(result.standardError.isEmpty, "\(result.standardError)")
      #expect(root.mode(of: "box/runtime") == 0o700)
      #expect(root.isDirectory("box/home"))
      #expect(!root.exists(root.at("real")))
    }

    @Test func theCommandGetsItsArgumentsAndTheSandboxsHome() throws {
      let root = try TemporaryRoot.withUserDirectories()
      let result = try Tool.run(
        [
          "sandbox", root.at("box"), "--", "/bin/sh", "-c",
          "echo \"$HOME\" \"$XDG_RUNTIME_DIR\" \"$1\"", "sh", "--help",
        ],
        environment: Self.hostile(root), in: root)
      #expect(result.status == 0, "\(result.standardError)")
      #expect(result.lines == ["\(root.path)/box/home \(root.path)/box/runtime --help"])
    }

    @Test func theCommandsExitCodeIsTheToolsExitCode() throws {
      let root = try TemporaryRoot.withUserDirectories()
      let result = try Tool.run(
        ["sandbox", root.at("box"), "--", "/bin/sh", "-c", "exit 3"],
        environment: Self.hostile(root), in: root)
      #expect(result.status == 3)
    }

    @Test(arguments: [
      (["sandbox"], 64, "sandbox needs a ROOT and a command"),
      (["sandbox", "box"], 64, "sandbox needs a ROOT and a command"),
      (["sandbox", "@/box", "--", "no-such-command-here"], 127, "cannot run no-such-command-here"),
    ])
    func aMissingOrUnknownCommandIsAnError(
      _ arguments: [String], status: Int32, message: String
    ) throws {
      let root = try TemporaryRoot.withUserDirectories()
      // A command that cannot be started is one line with the system's reason.
      let result = try Tool.run(
        arguments.map { $0.replacingOccurrences(of: "@", with: root.path) },
        environment: Self.hostile(root), in: root,
        standardError: status == 64
          ? .usageError(message, command: "sandbox")
          : .linesStarting(["appdirs: error: " + message + ": "]))
      #expect(result.status == status)
      #expect(result.standardOutput == "")
    }

    /// System directories as roots, only in a private mount namespace whose `/srv` and `/mnt`
    /// are fresh tmpfs: were the check wrong, nothing of the machine would change.
    @Test(.needsPrivateMounts) func systemDirectoriesAreRefusedAsRoots() throws {
      let root = try TemporaryRoot.withUserDirectories()
      let mounts = try PrivateMounts(["/srv", "/mnt"])
      for (path, reason) in [
        ("/srv", "/srv, a directory of the system"),
        ("/srv/box", "/srv, a directory of the system"),
        ("/mnt", "/mnt, a directory of the system"), ("/srv/box/..", "without '..'"),
      ] {
        let result = try Tool.runProcess(
          mounts.inside([Tool.path, "sandbox", path, "--", "/bin/sh", "-c", "true"]),
          environment: Self.hostile(root), in: root,
          standardError: .usageError(
            "refusing the sandbox root '\(path)': "
              + (reason.hasPrefix("/") ? "it is, holds or lies inside " : ""),
            command: "sandbox"))
        #expect(result.status == 64, "\(path): \(result.standardError)")
        #expect(result.standardError.contains(reason), "\(path): \(result.standardError)")
      }
      #expect(try FileManager.default.contentsOfDirectory(atPath: mounts.view("/srv")) == [])
      #expect(try FileManager.default.contentsOfDirectory(atPath: mounts.view("/mnt")) == [])
    }

    /// Each bad ROOT (`@` for the test's root, `~` for its home) and the reason the tool gives.
    static let badRoots: [(String, String)] = [
      ("", "give an absolute path"),
      ("box", "give an absolute path"),
      ("~", "it is, or holds, the home directory"),
      ("~/Documents", "it is, or holds, the base directory documents"),
      ("@/a:b", "it contains ':'"),
      ("@/link", "it is a symbolic link"),
      ("@/full", "it holds notes, so it is neither empty nor a root appdirs made"),
      ("@/swapped", "@/swapped/home is not a directory of yours with mode 0700"),
      ("@/file", "it exists and is not a directory"),
      // Base directories that do not exist yet, by their normalized paths: the cache
      // (XDG_CACHE_HOME, in a folder that exists), the state's in a folder that does not, and a
      // missing folder that would hold the data's.
      ("@/real", "it is, or holds, the base directory cache"),
      ("~/.local/state", "it is, or holds, the base directory state"),
      ("~/.local", "it is, or holds, the base directory data"),
    ]

    @Test(arguments: badRoots)
    func aBadRootIsAUsageErrorAndNothingIsMade(_ root: String, _ reason: String) throws {
      let box = try TemporaryRoot.withUserDirectories()
      try box.write("n", to: "full/notes")
      try box.makeDirectory("swapped/home", mode: 0o777)
      try box.write("f", to: "file")
      try box.makeDirectory("target")
      try box.symlink("link", to: box.at("target"))
      try box.makeDirectory("home/Documents")
      let expand = { (text: String) in
        text.replacingOccurrences(of: "@", with: box.path).replacingOccurrences(
          of: "~", with: box.home)
      }
      let before = TreeSnapshot.lines(of: box.path)
      let result = try Tool.run(
        ["sandbox", expand(root), "--", "/bin/sh", "-c", "touch \"$HOME/ran\""],
        environment: Self.hostile(box), in: box,
        standardError: .usageError(expand(reason), command: "sandbox"))
      #expect(result.status == 64, "\(root): \(result.standardError)")
      #expect(result.standardOutput == "")
      #expect(
        result.standardError.hasPrefix("appdirs: error: refusing the sandbox root")
          && result.standardError.contains(expand(reason)), "\(root): \(result.standardError)")
      #expect(TreeSnapshot.lines(of: box.path) == before, "\(root)")
    }

    /// Inside a sandbox, a nested sandbox must lie inside the first root: the containment of
    /// the first holds for every process it started.
    @Test func aNestedSandboxStaysInsideTheFirst() throws {
      let root = try TemporaryRoot.withUserDirectories()
      let box = root.at("box")
      let outside = try Tool.run(
        [
          "sandbox", box, "--", Tool.path, "sandbox", root.at("other"), "--", "/bin/sh", "-c",
          "true",
        ],
        environment: Self.hostile(root), in: root,
        standardError: .usageError(
          "refusing the sandbox root '\(root.at("other"))': it lies outside the sandbox this command runs in (\(box)); give a directory inside it",
          command: "sandbox"))
      #expect(outside.status == 64, "\(outside.standardError)")
      #expect(!FileManager.default.fileExists(atPath: root.at("other")))
      let inside = try Tool.run(
        [
          "sandbox", box, "--", Tool.path, "sandbox", box + "/inner", "--", "/bin/sh", "-c",
          "echo $HOME",
        ],
        environment: Self.hostile(root), in: root)
      #expect(inside.status == 0, "\(inside.standardError)")
      #expect(inside.lines == [box + "/inner/home"])
    }

    @Test func theChildKnowsItsRootAndSeesNoOtherXDGVariable() throws {
      let root = try TemporaryRoot.withUserDirectories()
      let box = root.at("box")
      let environment = Self.hostile(root).merging([
        "XDG_DESKTOP_DIR": root.at("real/Desktop"), "XDG_BIN_HOME": root.at("real/bin"),
        "TMP": "/tmp", "TEMP": "/tmp",
      ]) { $1 }
      let script =
        "echo \"$APPDIRS_SANDBOX_ROOT|$TMP|$TEMP|${XDG_DESKTOP_DIR-unset}|${XDG_BIN_HOME-unset}\""
      let result = try Tool.run(
        ["sandbox", box, "--", "/bin/sh", "-c", script], environment: environment, in: root)
      #expect(result.status == 0, "\(result.standardError)")
      #expect(result.lines == ["\(box)|\(box)/tmp|\(box)/tmp|unset|unset"])
      // The same root again: a root the tool made is used as it is.
      let again = try Tool.run(
        ["sandbox", box, "--", "/bin/sh", "-c", "true"], environment: environment, in: root)
      #expect(again.status == 0, "\(again.standardError)")
      // The library in the child refuses to migrate from outside the root.
      try root.write("token=real", to: "home/.exampleapp/settings")
      let migrate = try Tool.run(
        [
          "sandbox", box, "--", Tool.path, "migrate", "config", root.home + "/.exampleapp", "--app",
          "exampleapp",
        ], environment: environment, in: root,
        standardError: .failure("lies outside the isolated root \(box)"))
      #expect(migrate.status == 64, "\(migrate.standardError)")
      // An application's override that leads outside the root is passed over, with a warning.
      let overridden = try Tool.run(
        [
          "sandbox", box, "--", Tool.path, "path", "cache", "--app", "ExampleApp", "--env-prefix",
          "EX",
        ], environment: environment.merging(["EX_CACHE_DIR": root.at("real/cache")]) { $1 },
        in: root,
        standardError: .line(
          "appdirs: warning: EX_CACHE_DIR leads outside the sandbox \(box) and is ignored"))
      #expect(overridden.status == 0, "\(overridden.standardError)")
      #expect(overridden.standardOutput == "\(box)/home/.cache/ExampleApp\n")
      #expect(try Tool.readText(root.home + "/.exampleapp/settings") == "token=real")
    }

    /// A child of the sandbox that points a variable outside ROOT (the parent's value, or its
    /// own): what `appdirs` then does, and where. platformdirs would follow the variable; the
    /// sandbox's promise (SPEC 3) is that nothing is created outside ROOT.
    static let escapes: [(variable: String, arguments: [String], exit: Int32, inside: String?)] =
      [
        ("HOME", ["path", "home"], 78, nil),
        ("HOME", ["path", "documents"], 78, nil),
        (
          "XDG_CACHE_HOME", ["path", "cache", "--app", "ExampleApp", "--create"], 0,
          "home/.cache/ExampleApp"
        ),
        (
          "XDG_STATE_HOME", ["path", "logs", "--app", "ExampleApp", "--create"], 0,
          "home/.local/state/ExampleApp/log"
        ),
        ("XDG_DOCUMENTS_DIR", ["path", "documents", "--create"], 0, "home/Documents"),
        (
          "CFFIXED_USER_HOME", ["path", "data", "--app", "ExampleApp", "--create"], 0,
          "home/.local/share/ExampleApp"
        ),
      ]

    @Test(arguments: escapes)
    func aChildsVariableThatLeavesTheRootCreatesNothingOutside(
      variable: String, arguments: [String], exit: Int32, inside: String?
    ) throws {
      let root = try TemporaryRoot.withUserDirectories()
      let box = root.at("box")
      let outside = root.at("outside")
      let result = try Tool.unchecked(
        ["sandbox", box, "--", "/usr/bin/env", "\(variable)=\(outside)", Tool.path] + arguments,
        environment: root.toolEnvironment.merging(["PATH": "/usr/bin:/bin"]) { $1 }, in: root)
      #expect(result.status == exit, "\(result.standardError)")
      if let inside {
        #expect(result.standardOutput == root.at("box/\(inside)") + "\n")
        #expect(root.isDirectory("box/\(inside)"))
      } else {
        #expect(
          result.standardError.contains(
            "\(variable) is unset or leads outside the sandbox root \(box)"))
      }
      #expect(!root.exists(outside), "\(variable) led outside the sandbox")
    }

    @Test func theChildsFoundationHomeIsTheSandboxs() throws {
      let root = try TemporaryRoot.withUserDirectories()
      let box = root.at("box")
      let result = try Tool.run(
        ["sandbox", box, "--", "/bin/sh", "-c", "echo \"$CFFIXED_USER_HOME\""],
        environment: root.toolEnvironment.merging(["CFFIXED_USER_HOME": root.home]) { $1 }, in: root
      )
      #expect(result.standardOutput == box + "/home\n")
    }
  }
#endif
