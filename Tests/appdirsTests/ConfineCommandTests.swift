// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

// Landlock and bubblewrap are Linux's: these tests confine child processes, never the tests.
#if os(Linux)
  import Foundation
  import Testing

  @testable import AppDirectoriesSandbox
  @testable import TestSupport

  /// `appdirs grants` and `appdirs confine` (SPEC 17), end to end: the kernel's Landlock in a
  /// child process, bubblewrap launched with the printed arguments.
  @Suite struct ConfineCommandTests {
    /// Whether this kernel has Landlock (Linux 5.13 or later, enabled).
    static let hasLandlock: Bool = {
      if case .success = LiveLandlockCalls().version() { return true }
      return false
    }()

    /// Whether bubblewrap is installed and may make its namespaces as this user.
    static let bubblewrap: String? = {
      let path = "/usr/bin/bwrap"
      guard FileManager.default.isExecutableFile(atPath: path) else { return nil }
      let probe = Process()
      probe.executableURL = URL(fileURLWithPath: path)
      probe.arguments = ["--ro-bind", "/", "/", "/bin/true"]
      probe.standardError = FileHandle.nullDevice
      guard (try? probe.run()) != nil else { return nil }
      probe.waitUntilExit()
      return probe.terminationStatus == 0 ? path : nil
    }()

    /// The tool's environment in `root`, with the search lists inside it too.
    static func environment(_ root: TemporaryRoot) -> [String: String] {
      root.toolEnvironment.merging([
        "XDG_DATA_DIRS": root.at("usr/share"), "XDG_CONFIG_DIRS": root.at("etc/xdg"),
      ]) { $1 }
    }

    static func prepare() throws -> TemporaryRoot {
      let root = try TemporaryRoot.withUserDirectories()
      try root.makeDirectory("run")
      try root.makeDirectory("tmp")
      try root.write("SECRET", to: "home/.ssh/id_ed25519")
      return root
    }

    /// Where the confined shell writes: the app's own directories, then what must stay shut.
    static let allowed = [
      "home/.cache/ExampleApp", "home/.local/share/ExampleApp", "home/.local/state/ExampleApp",
    ]
    static let denied = ["home/.ssh/planted", "home/planted", "tmp/planted"]

    /// A shell script that tries to write each of its arguments, a child shell the last one,
    /// and prints `wrote PATH` or `denied PATH` for each.
    static let writer = """
      for target in "$@"; do
        if /bin/sh -c 'echo written > "$1"' sh "$target" 2>/dev/null; then
          echo "wrote $target"
        else
          echo "denied $target"
        fi
      done
      cat "$HOME/.ssh/id_ed25519" 2>/dev/null || echo "unread"
      """

    @Test(
      "After confine, the app's directories are written and the home, ~/.ssh and the temporary directory are not, by a child either",
      .enabled(if: hasLandlock, "needs a kernel with Landlock"))
    func confinedWritesOnlyItsOwnDirectories() throws {
      let root = try Self.prepare()
      let targets = (Self.allowed + Self.denied).map {
        root.at($0) + (Self.allowed.contains($0) ? "/file" : "")
      }
      let result = try Tool.run(
        ["confine", "--app", "ExampleApp", "--", "/bin/sh", "-c", Self.writer, "sh"] + targets,
        environment: Self.environment(root), in: root)
      #expect(result.status == 0)
      let expected =
        targets.prefix(Self.allowed.count).map { "wrote \($0)" }
        + targets.suffix(Self.denied.count).map { "denied \($0)" } + ["unread"]
      #expect(result.lines == expected)
      for target in targets.prefix(Self.allowed.count) {
        #expect(try Tool.readText(target) == "written\n")
      }
      for denied in Self.denied {
        #expect(!FileManager.default.fileExists(atPath: root.at(denied)))
      }
    }

    @Test(
      "A denied write fails with EACCES, as the kernel says it",
      .enabled(if: hasLandlock, "needs a kernel with Landlock"))
    func aDeniedWriteIsPermissionDenied() throws {
      let root = try Self.prepare()
      let result = try Tool.unchecked(
        [
          "confine", "--app", "ExampleApp", "--", "/bin/sh", "-c", "echo x > \"$1\"", "sh",
          root.at("home/planted"),
        ],
        environment: Self.environment(root), in: root)
      #expect(result.status != 0)
      #expect(result.standardError.contains("Permission denied"), "\(result.standardError)")
    }

    @Test(
      "The Landlock ruleset printed is the one confinement enforces",
      .enabled(if: hasLandlock, "needs a kernel with Landlock"))
    func theRulesetRoundTrips() throws {
      let root = try Self.prepare()
      try root.makeDirectory("usr/share/ExampleApp", mode: 0o755)
      let printed = try Tool.run(
        [
          "grants", "--app", "ExampleApp", "--create", "--format", "landlock", "--allow",
          root.at("usr/share"),
        ],
        environment: Self.environment(root), in: root)
      let enforced = try Tool.run(
        [
          "confine", "--app", "ExampleApp", "--allow", root.at("usr/share"), "--report", "--",
          "/bin/true",
        ],
        environment: Self.environment(root), in: root)
      #expect(printed.status == 0 && enforced.status == 0)
      #expect(printed.standardOutput == enforced.standardOutput)
      let json = try #require(
        try JSONSerialization.jsonObject(with: Data(printed.standardOutput.utf8)) as? [String: Any])
      #expect(json["abi"] as? Int == 3)
      let rules = try #require(json["rules"] as? [[String: Any]])
      let paths = rules.compactMap { $0["path"] as? String }
      #expect(paths.contains(root.at("usr/share")))
      #expect(paths.contains(root.at("usr/share/ExampleApp")))
      #expect(!paths.contains(root.home) && !paths.contains(root.tmp))
      // Each rule's rights read back into the library's set.
      for rule in rules {
        #expect(LandlockAccess(names: rule["allowed_access"] as? [String] ?? ["?"]) != nil)
      }
    }

    @Test("A directory that is no app's is refused, exit 64, and the command never runs")
    func aRefusedGrantRunsNothing() throws {
      let root = try Self.prepare()
      var environment = Self.environment(root)
      environment["EX_CACHE_DIR"] = root.home
      for arguments in [
        ["grants", "--app", "ExampleApp", "--env-prefix", "EX"],
        [
          "confine", "--app", "ExampleApp", "--env-prefix", "EX", "--", "/bin/sh", "-c",
          "echo ran > \"$1\"", "sh", root.at("tmp/ran"),
        ],
      ] {
        let result = try Tool.run(
          arguments, environment: environment, in: root,
          standardError: .failure(
            "refusing to grant \(root.home) to a sandbox: it is, or holds, the home directory"))
        #expect(result.status == 64)
        #expect(result.standardOutput.isEmpty)
      }
      #expect(!FileManager.default.fileExists(atPath: root.at("tmp/ran")))
    }

    @Test("grants --format json: one object, each grant's keys in the documented order")
    func theJSONSchema() throws {
      let root = try Self.prepare()
      let result = try Tool.run(
        ["grants", "--app", "ExampleApp", "--create"], environment: Self.environment(root), in: root
      )
      #expect(result.status == 0)
      #expect(
        result.lines.prefix(5) == [
          "{", "  \"app\": \"ExampleApp\",", "  \"grants\": [", "    {",
          "      \"path\": \"\(root.at("home/.local/share/ExampleApp"))\",",
        ])
      #expect(
        result.lines.dropFirst(5).prefix(4) == [
          "      \"access\": \"read-write\",", "      \"kind\": \"data\",",
          "      \"source\": \"default\",", "      \"exists\": true",
        ])
    }

    @Test("flatpak and seatbelt name each grant with its access")
    func theFlatpakAndSeatbeltForms() throws {
      let root = try Self.prepare()
      try root.makeDirectory("usr/share/ExampleApp", mode: 0o755)
      let environment = Self.environment(root)
      let flatpak = try Tool.run(
        ["grants", "--app", "ExampleApp", "--create", "--format", "flatpak"],
        environment: environment, in: root)
      #expect(flatpak.lines.first == "--filesystem=\(root.at("home/.local/share/ExampleApp"))")
      #expect(flatpak.lines.contains("--filesystem=xdg-run/ExampleApp"))
      #expect(flatpak.lines.contains("--filesystem=\(root.at("usr/share/ExampleApp")):ro"))
      let seatbelt = try Tool.run(
        ["grants", "--app", "ExampleApp", "--create", "--format", "seatbelt"],
        environment: environment, in: root)
      #expect(
        seatbelt.lines.contains(
          "(allow file-read* file-write* (subpath \"\(root.at("home/.cache/ExampleApp"))\"))"))
      #expect(
        seatbelt.lines.contains(
          "(allow file-read* (subpath \"\(root.at("usr/share/ExampleApp"))\"))"))
    }

    @Test(
      "A shell launched by bubblewrap with the printed arguments writes its own directories and sees nothing else of the home",
      .enabled(if: bubblewrap != nil, "needs bubblewrap, and namespaces for this user"))
    func bubblewrapRunsWithThePrintedArguments() throws {
      let root = try Self.prepare()
      let environment = Self.environment(root)
      let options = try Tool.run(
        ["grants", "--app", "ExampleApp", "--create", "--format", "bwrap"],
        environment: environment, in: root)
      #expect(options.status == 0)
      let arguments = options.standardOutput.split(whereSeparator: \.isWhitespace).map(String.init)
      let script = """
        echo inside > "$1/file" && echo "wrote cache"
        ls -A "$HOME/.ssh" 2>/dev/null && echo "saw .ssh"
        cat "$HOME/.ssh/id_ed25519" 2>/dev/null && echo "read the key"
        echo planted > "$HOME/.ssh/planted" 2>/dev/null
        echo done
        """
      let result = try Tool.uncheckedProcess(
        [try #require(Self.bubblewrap)] + arguments
          + ["/bin/sh", "-c", script, "sh", root.at("home/.cache/ExampleApp")],
        environment: environment, in: root)
      #expect(result.status == 0, "\(result.standardError)")
      #expect(result.lines == ["wrote cache", "done"], "\(result.standardError)")
      #expect(try Tool.readText(root.at("home/.cache/ExampleApp/file")) == "inside\n")
      #expect(!FileManager.default.fileExists(atPath: root.at("home/.ssh/planted")))
    }
  }
#endif
