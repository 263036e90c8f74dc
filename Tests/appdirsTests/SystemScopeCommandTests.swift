// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

// These tests run the tool or other processes, which the tests do on macOS and Linux: iOS,
// tvOS, watchOS and visionOS have no Process, and Windows none of the POSIX tools they use.
#if os(macOS) || os(Linux)
  import Foundation
  import Testing

  @testable import TestSupport

  /// `--system` on the commands (SPEC section 15): the machine's directories inside a sandbox's
  /// root, `"scope"` in `list --json`, a user without the right to create them, and `clean
  /// --system --all` under the proof rules, on the real folders in a private mount namespace.
  @Suite("appdirs --system")
  struct SystemScopeCommandTests {
    /// A sandbox's environment: the machine's directories are folders of `<root>/system`.
    static func sandboxed(_ root: TemporaryRoot) -> [String: String] {
      root.toolEnvironment.merging(["APPDIRS_SANDBOX_ROOT": root.path]) { $1 }
    }

    static let kinds: [(kind: String, relative: String)] = [
      ("data", "var/lib/ExampleApp"), ("config", "etc/ExampleApp"),
      ("cache", "var/cache/ExampleApp"), ("state", "var/lib/ExampleApp"),
      ("logs", "var/log/ExampleApp"), ("runtime", "run/ExampleApp"),
    ]

    @Test(arguments: kinds)
    func pathGivesAndCreatesTheMachinesDirectory(kind: String, relative: String) throws {
      let root = try TemporaryRoot.withUserDirectories()
      let expected = root.at("system/" + relative)
      let printed = try Tool.run(
        ["path", kind, "--app", "ExampleApp", "--system"], environment: Self.sandboxed(root),
        in: root)
      #expect(printed.status == 0)
      #expect(printed.standardOutput == expected + "\n")
      #expect(!root.exists(expected))
      let created = try Tool.run(
        ["path", kind, "--app", "ExampleApp", "--system", "--create"],
        environment: Self.sandboxed(root), in: root)
      #expect(created.standardOutput == expected + "\n")
      #expect(root.isDirectory(expected))
      #expect(root.mode(expected) == 0o700)
      // Nothing of the user's was made.
      #expect(!root.exists(root.home + "/.local"))
    }

    /// In a sandbox, by whichever user runs the suite, `clean --system --all` removes the
    /// application's machine directories inside the root and nothing else: the sandbox's
    /// machine folders stay, and so does another application's directory.
    @Test func cleanInASandboxRemovesOnlyTheApplicationsOwn() throws {
      let root = try TemporaryRoot.withUserDirectories()
      for (kind, _) in Self.kinds {
        let made = try Tool.run(
          ["path", kind, "--app", "ExampleApp", "--system", "--create"],
          environment: Self.sandboxed(root), in: root)
        #expect(made.status == 0)
      }
      try root.write("kept", to: "system/var/lib/Other/file")
      try root.write("settings", to: "system/etc/ExampleApp/settings.conf")
      let removed = try Tool.run(
        ["clean", "--all", "--app", "ExampleApp", "--system", "--yes"],
        environment: Self.sandboxed(root), in: root)
      #expect(removed.status == 0)
      #expect(
        removed.lines
          == ["var/lib", "etc", "var/cache", "var/log", "run"].map {
            "removed " + root.at("system/\($0)/ExampleApp")
          })
      for folder in ["var/lib", "etc", "var/cache", "var/log", "run"] {
        #expect(root.isDirectory(root.at("system/" + folder)), "\(folder)")
        #expect(!root.exists(root.at("system/\(folder)/ExampleApp")), "\(folder)")
      }
      #expect(root.exists(root.at("system/var/lib/Other/file")))
    }

    /// An application's name that reaches a shared folder of the machine (`/run/lock` for
    /// `lock`) proves nothing: the library did not make it, and no service user owns it. The
    /// refusal is exit 64, in a dry run too, and `doctor` says that `clean` would not act.
    @Test func cleanRefusesAMachineFolderTheLibraryDidNotMake() throws {
      let root = try TemporaryRoot.withUserDirectories()
      try root.makeDirectory("system/run/lock", mode: 0o1777)
      try root.write("1234", to: "system/run/lock/other.lock")
      let before = TreeSnapshot.lines(of: root.path)
      for yes in [[], ["--yes"]] {
        let refused = try Tool.unchecked(
          ["clean", "--all", "--app", "lock", "--system"] + yes,
          environment: Self.sandboxed(root), in: root)
        #expect(refused.status == 64)
        #expect(refused.standardOutput.isEmpty)
        #expect(
          refused.standardError.contains(
            "refusing to remove \(root.at("system/run/lock")): nothing shows it is lock's"))
      }
      #expect(TreeSnapshot.lines(of: root.path) == before)
      let doctor = try Tool.unchecked(
        ["doctor", "--app", "lock", "--system"], environment: Self.sandboxed(root), in: root)
      #expect(
        doctor.lines.contains(
          "note: clean would not act on \(root.at("system/run/lock")): nothing shows it is lock's: it is not lock's folder at the platform's default place, holds no .appdirectories naming lock (written when the library creates the folder), and no service manager made it for lock"
        ))
    }

    @Test func listSaysTheScope() throws {
      let root = try TemporaryRoot.withUserDirectories()
      for (flags, scope, state) in [
        ([String](), "user", root.home + "/.local/state/ExampleApp"),
        (["--system"], "system", root.at("system/var/lib/ExampleApp")),
      ] {
        let result = try Tool.run(
          ["list", "--app", "ExampleApp", "--json"] + flags, environment: Self.sandboxed(root),
          in: root)
        let object = try #require(
          try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8))
            as? [String: Any])
        #expect(object["scope"] as? String == scope)
        let directories = try #require(object["directories"] as? [String: [String: Any]])
        #expect(directories["state"]?["path"] as? String == state)
        #expect(directories["state"]?["source"] as? String == "default")
        // The user folders stay the user's.
        #expect(directories["documents"]?["path"] as? String == root.home + "/Documents")
      }
      let bases = try Tool.run(
        ["path", "data", "--system"], environment: Self.sandboxed(root), in: root)
      #expect(bases.standardOutput == root.at("system/var/lib") + "\n")
    }

    /// A user who may not write to the machine's folder gets the permission error naming it and
    /// the fix, exit 73, and nothing is created anywhere. `/var/lib` is a fresh root-owned tmpfs
    /// in a private mount namespace, never the machine's own (which may be read-only, or hold
    /// anything): the kernel stops user 65534 whatever the code does.
    @Test(.needsPrivateMounts)
    func aUserWithoutTheRightIsTold() throws {
      let root = try TemporaryRoot.withUserDirectories()
      try root.makeDirectory("home", mode: 0o755)
      try root.makeDirectory("shared-tmp", mode: 0o1777)
      let mounts = try PrivateMounts(["/var/lib"], options: "size=1m,mode=0755")
      let result = try Tool.uncheckedProcess(
        mounts.inside(
          Tool.command(
            ["path", "state", "--app", "ExampleApp", "--system", "--create"], shellPrefix: nil,
            asUser: Tool.unprivilegedUser)),
        environment: ["HOME": root.home, "TMPDIR": root.at("shared-tmp")], in: root)
      #expect(result.status == 73)
      #expect(result.standardOutput.isEmpty)
      #expect(
        result.standardError.hasPrefix(
          "appdirs: error: permission denied at /var/lib: EACCES (Permission denied)\n"))
      #expect(
        result.standardError.contains(
          "appdirs: note: /var/lib is the machine's: run as root or as the service's user"))
      #expect(try FileManager.default.contentsOfDirectory(atPath: mounts.view("/var/lib")) == [])
      #expect(root.relativePaths().allSatisfy { !$0.contains("ExampleApp") })
    }

    /// `doctor` on a service's machine: the service manager's directories in the machine's
    /// folders are the application's own, the unit's other names are notes, and an entry that
    /// names a machine's folder itself is a warning. Nothing is created. The machine is the
    /// root's own (`<root>/system`, as in `appdirs sandbox`): nothing of the real one is read.
    @Test func doctorOnAServicesMachine() throws {
      let root = try TemporaryRoot.withUserDirectories()
      let app = "appdirs-test-" + UUID().uuidString.prefix(8).lowercased()
      let machine = root.at("system")
      for folder in ["etc", "var/lib"] { try root.makeDirectory("system/" + folder, mode: 0o755) }
      let sandboxed = root.toolEnvironment.merging(["APPDIRS_SANDBOX_ROOT": root.path]) { $1 }
      let environment = sandboxed.merging([
        "CONFIGURATION_DIRECTORY": "\(machine)/etc/" + app,
        "STATE_DIRECTORY": "\(machine)/var/lib/\(app):\(machine)/var/lib/other-\(app)",
      ]) { $1 }
      for flags in [[String](), ["--system"]] {
        let result = try Tool.unchecked(
          ["doctor", "--app", app] + flags, environment: environment, in: root)
        #expect(
          !result.standardOutput.contains("is not the application's own"),
          "\(result.standardOutput)")
        #expect(
          result.standardOutput.contains(
            "note: STATE_DIRECTORY names \(machine)/var/lib/other-\(app), the unit's directory for another name"
          ), "\(result.standardOutput)")
      }
      let passedOver = try Tool.unchecked(
        ["doctor", "--app", app, "--system"],
        environment: sandboxed.merging(["STATE_DIRECTORY": "\(machine)/var/lib/../lib/\(app)"]) {
          $1
        }, in: root)
      #expect(passedOver.status == 1)
      #expect(passedOver.standardOutput.contains("whose .. leads out of it; it is ignored"))
      #expect(TreeSnapshot.listing(machine + "/etc") == [])
      #expect(TreeSnapshot.listing(machine + "/var/lib") == [])
    }

    /// The service's own user, whose directories root made for it in the machine's folders:
    /// `doctor --system` finds nothing wrong, though it may not write the folders themselves.
    @Test(.asTheUnprivilegedUser)
    func doctorAsTheServicesUser() throws {
      let root = try TemporaryRoot.withUserDirectories()
      try root.makeDirectory("home", mode: 0o755)
      try root.changeOwner(root.home, to: Tool.unprivilegedUser)
      try root.makeDirectory("shared-tmp", mode: 0o1777)
      for (_, relative) in Self.kinds {
        try root.makeDirectory("system/" + relative, mode: 0o700)
        try root.changeOwner(root.at("system/" + relative), to: Tool.unprivilegedUser)
      }
      let environment = [
        "HOME": root.home, "TMPDIR": root.at("shared-tmp"), "APPDIRS_SANDBOX_ROOT": root.path,
      ]
      let result = try Tool.unchecked(
        ["doctor", "--app", "ExampleApp", "--system"], environment: environment,
        asUser: Tool.unprivilegedUser, in: root)
      #expect(result.status == 0, "\(result.standardOutput)")
      #expect(
        result.standardOutput.hasPrefix(
          "Checked HOME, the XDG variables, user-dirs.dirs, the runtime directory and the machine's directories of ExampleApp."
        ))
      #expect(result.standardOutput.hasSuffix("No problems found.\n"))
    }

    /// As root, `clean --system --all` lists each of the application's machine directories with
    /// its size, then removes them, and never the machine's folders themselves: on tmpfs file
    /// systems mounted over `/etc`, `/var/lib`, `/var/cache`, `/var/log` and `/run` in a
    /// namespace of their own, so the machine's are never touched.
    @Test(.needsPrivateMounts)
    func cleanRemovesTheMachinesDirectoriesOfTheApplicationOnly() throws {
      let root = try TemporaryRoot.withUserDirectories()
      let folders = ["/etc", "/var/lib", "/var/cache", "/var/log", "/run"]
      let mounts = try PrivateMounts(folders, options: "size=16m")
      func tool(_ arguments: [String], variables: [String: String] = [:]) throws -> ToolResult {
        try Tool.uncheckedProcess(
          mounts.inside([Tool.path] + arguments),
          environment: root.toolEnvironment.merging(variables) { $1 }, in: root)
      }
      let paths = [
        "/var/lib/ExampleApp", "/etc/ExampleApp", "/var/cache/ExampleApp",
        "/var/log/ExampleApp", "/run/ExampleApp",
      ]
      for kind in ["data", "config", "cache", "logs", "runtime"] {
        #expect(
          try tool(["path", kind, "--app", "ExampleApp", "--system", "--create"]).status == 0)
      }
      try Data(repeating: 7, count: 5000).write(
        to: URL(fileURLWithPath: mounts.view("/etc/ExampleApp/settings.conf")))
      // Another service's folders, which must stay.
      for other in ["/run/user", "/var/lib/other"] {
        try FileManager.default.createDirectory(
          atPath: mounts.view(other), withIntermediateDirectories: true)
      }
      let dryRun = try tool(["clean", "--all", "--app", "ExampleApp", "--system"])
      #expect(dryRun.status == 0, "\(dryRun.standardError)")
      #expect(dryRun.lines.count == paths.count + 1)
      for (line, path) in zip(dryRun.lines, paths) {
        #expect(line.hasPrefix("would remove \(path) ("), "\(line)")
      }
      // The settings file makes /etc's KiB; the others are empty directories of tmpfs.
      #expect(dryRun.lines[1].hasSuffix(" KiB)"), "\(dryRun.lines[1])")
      #expect(dryRun.lines[0].hasSuffix(" B)"), "\(dryRun.lines[0])")
      for path in paths { #expect(root.isDirectory(mounts.view(path))) }
      let removed = try tool(["clean", "--all", "--app", "ExampleApp", "--system", "--yes"])
      #expect(removed.status == 0, "\(removed.standardError)")
      #expect(removed.lines == paths.map { "removed \($0)" })
      for path in paths { #expect(!root.exists(mounts.view(path)), "\(path)") }
      for folder in folders + ["/run/user", "/var/lib/other"] {
        #expect(root.isDirectory(mounts.view(folder)), "\(folder)")
      }
      // An application whose directory would be a folder every service shares, or an override
      // that names a machine's folder itself, is refused, in the dry run too.
      let shared = try tool(["clean", "--all", "--app", "user", "--system"])
      #expect(shared.status == 64)
      #expect(shared.standardError.contains("refusing to remove /run/user"))
      for folder in ["/var/lib", "/etc", "/run"] {
        let override = try tool(
          ["clean", "--all", "--app", "ExampleApp", "--system", "--env-prefix", "EXAMPLEAPP"],
          variables: ["EXAMPLEAPP_STATE_DIR": folder])
        #expect(override.status == 64)
        #expect(
          override.standardError.hasPrefix("appdirs: error: refusing to remove \(folder): "),
          "\(override.standardError)")
      }
      for folder in folders + ["/run/user", "/var/lib/other"] {
        #expect(root.isDirectory(mounts.view(folder)), "\(folder)")
      }
    }
  }

  /// Homes that cannot be written (SPEC section 15): the warning that names the home, the exit
  /// code 78, and `--fallback temporary`.
  @Suite("appdirs --fallback temporary")
  struct TemporaryFallbackCommandTests {
    /// User 65534 with `HOME` below a folder of root's that does not hold it, as a container
    /// runs an arbitrary user with `HOME=/nonexistent`.
    @Test(.asTheUnprivilegedUser)
    func aHomeThatDoesNotExist() throws {
      let root = try TemporaryRoot.withUserDirectories()
      // Not writable by user 65534, whether root or that user made it.
      try root.makeDirectory("locked", mode: 0o555)
      try root.makeDirectory("shared-tmp", mode: 0o1777)
      let home = root.at("locked/nonexistent")
      let environment = ["HOME": home, "TMPDIR": root.at("shared-tmp")]
      func run(_ arguments: [String]) throws -> ToolResult {
        try Tool.unchecked(
          ["path", "cache", "--app", "ExampleApp"] + arguments, environment: environment,
          asUser: Tool.unprivilegedUser, in: root)
      }
      let problem =
        "no home directory: HOME is \(home), which does not exist, and user 65534 cannot create it"
      let printed = try run([])
      #expect(printed.status == 0)
      #expect(printed.standardOutput == home + "/.cache/ExampleApp\n")
      #expect(
        printed.standardError.hasPrefix(
          "appdirs: warning: \(problem), so \(home)/.cache/ExampleApp cannot be created\n"),
        "\(printed.standardError)")
      let refused = try run(["--create"])
      #expect(refused.status == 78)
      #expect(refused.standardError.hasPrefix("appdirs: error: \(problem)\n"))
      #expect(refused.standardError.contains("--fallback temporary"))
      let fallback = root.at("shared-tmp/ExampleApp-65534/cache")
      let planned = try run(["--fallback", "temporary"])
      #expect(planned.status == 0)
      #expect(planned.standardOutput == fallback + "\n")
      #expect(
        planned.standardError.hasPrefix(
          "appdirs: warning: the cache directory cannot be made (\(problem)); using \(fallback) instead, whose files are not kept\n"
        ), "\(planned.standardError)")
      #expect(!root.exists(fallback))
      let made = try run(["--fallback", "temporary", "--create"])
      #expect(made.status == 0)
      #expect(made.standardOutput == fallback + "\n")
      #expect(root.mode(fallback) == 0o700)
      #expect(root.mode(root.at("shared-tmp/ExampleApp-65534")) == 0o700)
      #expect(!root.exists(home))
      let listed = try Tool.unchecked(
        ["list", "--app", "ExampleApp", "--json", "--fallback", "temporary"],
        environment: environment, asUser: Tool.unprivilegedUser, in: root)
      let object = try #require(
        try JSONSerialization.jsonObject(with: Data(listed.standardOutput.utf8))
          as? [String: Any])
      let directories = try #require(object["directories"] as? [String: [String: Any]])
      #expect(directories["cache"]?["source"] as? String == "fallback")
      #expect(directories["cache"]?["path"] as? String == fallback)
    }

    /// The fallback replaces one application's directories: without `--app` it is a usage
    /// error, and an unknown fallback is named.
    @Test func theFallbackNeedsAnApplication() throws {
      let root = try TemporaryRoot.withUserDirectories()
      let alone = try Tool.unchecked(
        ["path", "cache", "--fallback", "temporary"], environment: root.toolEnvironment, in: root)
      #expect(alone.status == 64)
      #expect(
        alone.standardError.hasPrefix(
          "appdirs: error: --fallback needs --app NAME: it replaces one application's directories"))
      let unknown = try Tool.unchecked(
        ["path", "cache", "--app", "ExampleApp", "--fallback", "tmp"],
        environment: root.toolEnvironment, in: root)
      #expect(unknown.status == 64)
      #expect(unknown.standardError.contains("unknown fallback 'tmp'"), "\(unknown.standardError)")
      #expect(root.relativePaths().allSatisfy { !$0.contains("ExampleApp") })
    }

    /// A read-only home (a tmpfs mounted read-only over it, in a namespace of its own): the
    /// error without the option, the fallback with it.
    @Test(.needsPrivateMounts)
    func aReadOnlyHome() throws {
      let root = try TemporaryRoot.withUserDirectories()
      let mounts = try PrivateMounts([root.home], options: "ro,size=1m")
      func run(_ arguments: [String]) throws -> ToolResult {
        try Tool.uncheckedProcess(
          mounts.inside([Tool.path, "path", "state", "--app", "ExampleApp"] + arguments),
          environment: root.toolEnvironment, in: root)
      }
      let refused = try run(["--create"])
      #expect(refused.status == 73)
      #expect(refused.standardError.contains("read-only"), "\(refused.standardError)")
      let made = try run(["--create", "--fallback", "temporary"])
      #expect(made.status == 0, "\(made.standardError)")
      #expect(made.standardOutput == root.tmp + "/ExampleApp-\(geteuid())/state\n")
      #expect(made.standardError.contains("whose files are not kept"))
      #expect(root.isDirectory(root.tmp + "/ExampleApp-\(geteuid())/state"))
    }
  }
#endif
