// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

// These tests run the tool or other processes, which the tests do on macOS and Linux: iOS,
// tvOS, watchOS and visionOS have no Process, and Windows none of the POSIX tools they use.
#if os(macOS) || os(Linux)
  import Foundation
  import Testing

  @testable import TestSupport

  /// `appdirs path`: every kind, the options, the warnings and each exit code, run through the
  /// built tool with an environment that lives in a temporary root.
  @Suite struct PathCommandTests {
    /// `~` stands for the home and `@` for the temporary root.
    static func expand(_ template: String, _ root: TemporaryRoot) -> String {
      if template.hasPrefix("~") { return root.home + template.dropFirst() }
      if template.hasPrefix("@") { return root.path + template.dropFirst() }
      return template
    }

    static let baseKinds: [(String, String)] = [
      ("home", "~"), ("data", "~/.local/share"), ("config", "~/.config"), ("cache", "~/.cache"),
      ("state", "~/.local/state"), ("runtime", "@/run"), ("executables", "~/.local/bin"),
      ("fonts", "~/.local/share/fonts"), ("applications", "~/.local/share/applications"),
      ("documents", "~/Documents"),
      ("downloads", "~/Downloads"), ("desktop", "~/Desktop"), ("music", "~/Music"),
      ("pictures", "~/Pictures"), ("videos", "~/Videos"), ("templates", "~/Templates"),
      ("public", "~/Public"), ("projects", "~/Projects"), ("temporary", "@/tmp"),
      ("library", "~/.local/share"),
    ]

    /// The variables the user sets for the folders that follow their choice, read from the
    /// tool's own process environment.
    static let userChoices: [(variable: String, kind: String)] = [
      ("XDG_BIN_HOME", "executables"), ("XDG_PROJECTS_DIR", "projects"),
      ("XDG_DOCUMENTS_DIR", "documents"), ("XDG_DOWNLOAD_DIR", "downloads"),
      ("XDG_PUBLICSHARE_DIR", "public"),
    ]

    @Test(arguments: userChoices)
    func aUsersVariableIsReadFromTheProcessEnvironment(variable: String, kind: String) throws {
      let root = try TemporaryRoot.withUserDirectories()
      var environment = root.toolEnvironment
      environment[variable] = root.at("chosen")
      let result = try Tool.run(["path", kind], environment: environment, in: root)
      #expect(result.status == 0)
      #expect(result.standardOutput == root.at("chosen") + "\n")
    }

    /// `--version V`, as the library's `directoryPath(_:version:)`: each row the arguments and
    /// the path (`@` the root), or the exit status of a refusal.
    static let versions: [([String], String?, Int32)] = [
      (["path", "cache", "--app", "ExampleApp", "--version", "2.0"], "~/.cache/ExampleApp/2.0", 0),
      (
        ["path", "data", "--app", "ExampleApp", "--version", "2.0", "--create"],
        "~/.local/share/ExampleApp/2.0", 0
      ),
      (
        ["path", "config", "--app", "ExampleApp", "--version", "2", "--file", "a.json"],
        "~/.config/ExampleApp/2/a.json", 0
      ),
      (["path", "documents", "--version", "2.0"], nil, 64),
      (["path", "cache", "--version", "2.0"], nil, 64),
      (["path", "cache", "--app", "ExampleApp", "--version", "../2"], nil, 64),
    ]

    @Test(arguments: versions)
    func aVersionsFolder(arguments: [String], expected: String?, status: Int32) throws {
      let root = try TemporaryRoot.withUserDirectories()
      let result = try Tool.unchecked(arguments, environment: root.toolEnvironment, in: root)
      #expect(result.status == status, "\(result.standardError)")
      if let expected {
        let path = Self.expand(expected, root)
        #expect(result.standardOutput == path + "\n")
        let directory =
          path.hasSuffix(".json") ? (path as NSString).deletingLastPathComponent : path
        #expect(root.exists(directory) == arguments.contains("--create"))
      } else {
        #expect(result.standardOutput.isEmpty)
        #expect(!root.exists(root.at("home/.cache/ExampleApp")))
      }
    }

    @Test(arguments: baseKinds)
    func baseKindPrintsTheBaseDirectory(kind: String, expected: String) throws {
      let root = try TemporaryRoot.withUserDirectories()
      let result = try Tool.run(["path", kind], environment: root.toolEnvironment, in: root)
      #expect(result.status == 0)
      #expect(result.standardOutput == Self.expand(expected, root) + "\n")
      #expect(result.standardError == "")
    }

    /// `--file NAME`: the file's path in the directory; with `--create` the directory is
    /// made, never the file.
    @Test func aFilesPathIsPrintedAndOnlyItsDirectoryMade() throws {
      let root = try TemporaryRoot.withUserDirectories()
      let config = root.home + "/.config/ExampleApp"
      let path = try Tool.run(
        ["path", "config", "--app", "ExampleApp", "--file", "settings.json"],
        environment: root.toolEnvironment, in: root)
      #expect(path.status == 0)
      #expect(path.standardOutput == config + "/settings.json\n")
      #expect(!root.exists(config))
      let created = try Tool.run(
        ["path", "config", "--app", "ExampleApp", "--file", "settings.json", "--create"],
        environment: root.toolEnvironment, in: root)
      #expect(created.standardOutput == config + "/settings.json\n")
      #expect(root.isDirectory(config))
      #expect(!root.exists(config + "/settings.json"))
      let explained = try Tool.run(
        ["path", "config", "--app", "ExampleApp", "--file", "settings.json", "--explain"],
        environment: root.toolEnvironment, in: root)
      #expect(
        Array(explained.lines.prefix(3)) == [
          config + "/settings.json", "file: settings.json, in the directory \(config)",
          "kind: config of the application ExampleApp",
        ])
    }

    static let badFileNames: [(name: String, message: String)] = [
      ("", "the file name is empty"), ("a/b", "it contains /"), ("..", ".. is not a folder name"),
      (".appdirs-write-1", "names starting with .appdirs-write- are the temporary files"),
    ]

    @Test(arguments: badFileNames)
    func aBadFileNameIsAUsageErrorAndNothingIsMade(name: String, message: String) throws {
      let root = try TemporaryRoot.withUserDirectories()
      let result = try Tool.run(
        ["path", "config", "--app", "ExampleApp", "--file", name, "--create"],
        environment: root.toolEnvironment, in: root, standardError: .failure(message))
      #expect(result.status == 64)
      #expect(result.standardOutput == "")
      #expect(!root.exists(root.home + "/.config"))
    }

    @Test func aFileAndASocketAreOneTooMany() throws {
      let root = try TemporaryRoot.withUserDirectories()
      let result = try Tool.run(
        ["path", "runtime", "--app", "ExampleApp", "--file", "a", "--socket", "b.sock"],
        environment: root.toolEnvironment, in: root,
        standardError: .usageError("--file and --socket each name a path", command: "path"))
      #expect(result.status == 64)
    }

    static let appKinds: [(String, String)] = [
      ("data", "~/.local/share/ExampleApp"), ("config", "~/.config/ExampleApp"),
      ("cache", "~/.cache/ExampleApp"), ("state", "~/.local/state/ExampleApp"),
      ("logs", "~/.local/state/ExampleApp/log"), ("runtime", "@/run/ExampleApp"),
      ("home", "~"), ("executables", "~/.local/bin"), ("documents", "~/Documents"),
      ("temporary", "@/tmp"), ("fonts", "~/.local/share/fonts"),
    ]

    @Test(arguments: appKinds)
    func withAppTheAppKindsBecomeTheAppsOwnFolder(kind: String, expected: String) throws {
      let root = try TemporaryRoot.withUserDirectories()
      // A kind every application shares is printed as it is, with a warning that says so.
      let shared = !expected.contains("/ExampleApp")
      let result = try Tool.run(
        ["path", kind, "--app", "ExampleApp"], environment: root.toolEnvironment, in: root,
        standardError: shared
          ? .line(
            "appdirs: warning: \(kind) is shared by every application; --app ExampleApp does not change it"
          ) : .empty)
      #expect(result.status == 0)
      #expect(result.standardOutput == Self.expand(expected, root) + "\n")
    }

    @Test func sharedWithGroupIsTheGroupContainer() throws {
      let root = try TemporaryRoot.withUserDirectories()
      let result = try Tool.run(
        ["path", "shared", "--group", "group.com.example.app"], environment: root.toolEnvironment,
        in: root)
      #expect(result.status == 0)
      #expect(
        result.standardOutput == root.home
          + "/.local/share/group-containers/group.com.example.app\n")
    }

    @Test(
      "A group container is the same with and without --app, and --create makes only it",
      arguments: [[], ["--app", "ExampleApp"]])
    func sharedNeedsNoApp(app: [String]) throws {
      let root = try TemporaryRoot.withUserDirectories()
      let group = "group.com.example.app"
      let container = root.home + "/.local/share/group-containers/" + group
      let created = try Tool.run(
        ["path", "shared", "--group", group, "--create"] + app, environment: root.toolEnvironment,
        in: root)
      #expect(created.status == 0)
      #expect(created.standardOutput == container + "\n")
      #expect(created.standardError == "")
      #expect(root.isDirectory(container))
      #expect(root.mode(container) == 0o700)
      // No application's folder is made beside it.
      let containers = try FileManager.default.contentsOfDirectory(
        atPath: root.home + "/.local/share/group-containers")
      #expect(containers == [group])
      #expect(!root.exists(root.home + "/.local/share/appdirs"))
      #expect(!root.exists(root.home + "/.local/share/ExampleApp"))

      try Data("x".utf8).write(to: URL(fileURLWithPath: container + "/settings.plist"))
      let located = try Tool.run(
        ["locate", "shared", "settings.plist", "--group", group] + app,
        environment: root.toolEnvironment, in: root)
      #expect(located.status == 0)
      #expect(located.standardOutput == container + "/settings.plist\n")
    }

    @Test func organizationIsNotPartOfLinuxPaths() throws {
      let root = try TemporaryRoot.withUserDirectories()
      let result = try Tool.run(
        ["path", "cache", "--app", "ExampleApp", "--org", "Example"],
        environment: root.toolEnvironment,
        in: root)
      #expect(result.standardOutput == root.home + "/.cache/ExampleApp\n")
    }

    @Test func xdgVariableOverridesTheDefault() throws {
      let root = try TemporaryRoot.withUserDirectories()
      var environment = root.toolEnvironment
      environment["XDG_CACHE_HOME"] = root.at("elsewhere/cache/")
      let result = try Tool.run(
        ["path", "cache", "--app", "ExampleApp"], environment: environment, in: root)
      #expect(result.standardOutput == root.at("elsewhere/cache/ExampleApp") + "\n")
    }

    @Test func relativeXDGValueIsIgnoredWithAWarningOnStandardError() throws {
      let root = try TemporaryRoot.withUserDirectories()
      var environment = root.toolEnvironment
      environment["XDG_CACHE_HOME"] = "relative/cache"
      let result = try Tool.run(
        ["path", "cache"], environment: environment, in: root,
        standardError: .line(
          "appdirs: warning: XDG_CACHE_HOME is not an absolute path (\"relative/cache\") and is ignored"
        ))
      #expect(result.status == 0)
      #expect(result.standardOutput == root.home + "/.cache\n")
    }

    static let usageErrors: [([String], String)] = [
      (["path", "logs"], "'logs' needs --app"),
      (["path", "shared"], "'shared' needs --group"),
      (["path", "cahce"], "unknown kind 'cahce' (did you mean 'cache'?)"),
      (["path", "cache", "--app", "a/b"], "invalid name"),
      (["path", "cache", "--app", ".."], "invalid name"),
      (["path", "cache", "--app", ""], "invalid name"),
      (["path", "shared", "--group", "bad/group"], "invalid name"),
      (["path"], "path needs a KIND (KIND is one of home, data, config, cache,"),
      (["path", "cache", "data"], "too many arguments"),
      (["path", "cache", "--ap", "X"], "unknown option '--ap' (did you mean '--app'?)"),
      (["path", "cache", "--app"], "needs a value"),
      (["path", "cache", "--layout", "xgd"], "unknown layout 'xgd' (did you mean 'xdg'?)"),
      (["path", "cache", "--create=yes"], "takes no value"),
      (["lst"], "unknown command 'lst' (did you mean 'list'?)"),
      (["--verison"], "unknown option '--verison' (did you mean '--version'?)"),
      (["list", "--json", "--shell"], "cannot be used together"),
      (["list", "extra"], "list takes no arguments"),
      (["locate", "config"], "locate needs a KIND and a FILE"),
      (["locate", "config", "../escape"], "invalid name"),
      (["locate", "config", "/etc/passwd"], "invalid name"),
      (["locate", "logs", "x.log"], "'logs' needs --app"),
      (["locate", "confg", "x"], "did you mean 'config'?"),
      (["doctor", "extra"], "doctor takes no arguments"),
      (["doctor", "--ap", "X"], "did you mean '--app'?"),
      (["help", "lst"], "unknown command 'lst' (did you mean 'list'?)"),
      (["--generate-completion-script", "tcsh"], "unknown shell 'tcsh'"),
      (["--generate-completion-script"], "needs a value"),
      // Every command's count of arguments, and an option it does not know.
      (["locate"], "locate needs a KIND and a FILE"),
      (["locate", "config", "a", "b"], "too many arguments: b"),
      (["migrate", "config", "/a", "/b", "--app", "A"], "too many arguments: /b"),
      (["list", "--bogus"], "unknown option '--bogus'"),
      (["locate", "config", "a", "--bogus"], "unknown option '--bogus'"),
      (["clean", "--app", "A", "--cache", "--bogus"], "unknown option '--bogus'"),
      (["migrate", "config", "/old", "--app", "A", "--bogus"], "unknown option '--bogus'"),
      (["sandbox", "--bogus", "/x", "--", "true"], "unknown option '--bogus'"),
      (["doctor", "--app"], "option '--app' needs a value (--app NAME)"),
      (["help", "path", "--bogus"], "unknown option '--bogus'"),
      (["--version", "extra"], "--version takes no arguments, got 'extra'"),
      (["--help", "extra"], "--help takes no arguments, got 'extra'"),
      (
        ["--generate-completion-script", "bash", "extra"],
        "--generate-completion-script takes no arguments, got 'extra'"
      ),
    ]

    @Test(arguments: usageErrors)
    func usageErrorExits64WithAnErrorOnStandardError(arguments: [String], message: String)
      throws
    {
      let root = try TemporaryRoot.withUserDirectories()
      // A name the library refuses comes with its fix; the rest point to the command's help,
      // but an unknown command given to help, which points to the list of commands.
      let commands = ["path", "list", "locate", "doctor", "migrate", "clean", "sandbox"]
      let command =
        arguments.first == "help"
        ? (message.hasPrefix("unknown command") ? nil : "help")
        : arguments.first.flatMap {
          commands.contains($0) ? $0 : nil
        }
      let result = try Tool.run(
        arguments, environment: root.toolEnvironment, in: root,
        standardError: message == "invalid name"
          ? .failure(message) : .usageError(message, command: command))
      #expect(result.status == 64)
      #expect(result.standardOutput == "")
    }

    @Test func noArgumentsPrintsTheOverviewOnStandardErrorAndExits64() throws {
      let root = try TemporaryRoot.withUserDirectories()
      let help = try Tool.run(["help"], environment: root.toolEnvironment, in: root)
      let result = try Tool.run(
        [], environment: root.toolEnvironment, in: root, standardError: .text(help.standardOutput))
      #expect(result.status == 64)
      #expect(result.standardOutput == "")
      #expect(result.standardError.contains("USAGE: appdirs <command>"))
    }

    @Test(arguments: [nil, "umask 0277;", "umask 0000;"])
    func createMakesEveryNewDirectoryMode0700(umask: String?) throws {
      let root = try TemporaryRoot.withUserDirectories()
      let result = try Tool.run(
        ["path", "logs", "--app", "ExampleApp", "--create"], environment: root.toolEnvironment,
        shellPrefix: umask, in: root)
      #expect(result.status == 0)
      #expect(result.standardOutput == root.home + "/.local/state/ExampleApp/log\n")
      for created in [
        "home/.local", "home/.local/state", "home/.local/state/ExampleApp",
        "home/.local/state/ExampleApp/log",
      ] {
        #expect(root.isDirectory(created))
        #expect(root.mode(of: created) == 0o700, "\(created)")
      }
    }

    @Test func createLeavesAnExistingDirectoryAlone() throws {
      let root = try TemporaryRoot.withUserDirectories()
      try root.makeDirectory("home/.cache/ExampleApp", mode: 0o755)
      let result = try Tool.run(
        ["path", "cache", "--app", "ExampleApp", "--create"], environment: root.toolEnvironment,
        in: root)
      #expect(result.status == 0)
      #expect(root.mode(of: "home/.cache/ExampleApp") == 0o755)
    }

    @Test func createFollowsASymlinkToADirectory() throws {
      let root = try TemporaryRoot.withUserDirectories()
      try root.makeDirectory("disk/cache")
      try root.symlink("home/.cache", to: root.at("disk/cache"))
      let result = try Tool.run(
        ["path", "cache", "--app", "ExampleApp", "--create"], environment: root.toolEnvironment,
        in: root)
      #expect(result.status == 0)
      #expect(root.isDirectory("disk/cache/ExampleApp"))
    }

    enum Obstacle: String, CaseIterable { case file, danglingSymlink }

    @Test(arguments: Obstacle.allCases)
    func somethingInTheWayExits73AndCreatesNothing(obstacle: Obstacle) throws {
      let root = try TemporaryRoot.withUserDirectories()
      switch obstacle {
      case .file: try root.write("not a directory", to: "home/.cache")
      case .danglingSymlink: try root.symlink("home/.cache", to: root.at("missing"))
      }
      // The error, its fix, and where the path came from.
      let result = try Tool.run(
        ["path", "cache", "--app", "ExampleApp", "--create"], environment: root.toolEnvironment,
        in: root, standardError: .failure(root.home + "/.cache ", notes: 2))
      #expect(result.status == 73)
      #expect(result.standardOutput == "")
      #expect(!root.isDirectory("missing"))
    }

    /// uid 12345 has no entry in the password database here, so without a usable HOME there is
    /// no home at all.
    @Test(.needsRoot, arguments: [nil, "", "relative/home"])
    func noUsableHomeAndNoPasswordEntryExits78(home: String?) throws {
      try #require(getpwuid(12345) == nil, "uid 12345 must have no passwd entry for this test")
      let root = try TemporaryRoot.withUserDirectories()
      var environment = ["TMPDIR": root.at("tmp")]
      environment["HOME"] = home
      let result = try Tool.run(
        ["path", "cache", "--app", "ExampleApp"], environment: environment, asUser: 12345,
        in: root,
        standardError: .failure(
          "no home directory: HOME is unset, empty or relative, and the password database has no entry for user 12345"
        ))
      #expect(result.status == 78)
      #expect(result.standardOutput == "")
    }

    @Test(.needsRoot) func unsetHomeFallsBackToThePasswordDatabase() throws {
      let root = try TemporaryRoot.withUserDirectories()
      let result = try Tool.run(
        ["path", "home"], environment: ["TMPDIR": root.at("tmp")], asUser: Tool.unprivilegedUser,
        in: root)
      #expect(result.status == 0)
      #expect(
        result.standardOutput == String(cString: getpwuid(Tool.unprivilegedUser).pointee.pw_dir)
          + "\n")
    }

    enum UnsafeFallback: String, CaseIterable { case mode0755, symlink, file }

    @Test(arguments: UnsafeFallback.allCases)
    func unsafeFallbackRuntimeDirectoryExits78(fallback: UnsafeFallback) throws {
      let root = try TemporaryRoot.withUserDirectories()
      let name = "tmp/runtime-\(geteuid())"
      switch fallback {
      case .mode0755: try root.makeDirectory(name, mode: 0o755)
      case .symlink:
        try root.makeDirectory("elsewhere", mode: 0o700)
        try root.symlink(name, to: root.at("elsewhere"))
      case .file: try root.write("", to: name)
      }
      var environment = root.toolEnvironment
      environment["XDG_RUNTIME_DIR"] = nil
      let reason =
        switch fallback {
        case .mode0755: "it has mode 0755, not 0700"
        case .symlink: "it is a symbolic link"
        case .file: "it is not a directory"
        }
      let result = try Tool.run(
        ["path", "runtime", "--app", "ExampleApp", "--create"], environment: environment, in: root,
        standardError: .failure("refusing the runtime directory \(root.at(name)): \(reason)"))
      #expect(result.status == 78)
      #expect(result.standardOutput == "")
      #expect(!root.isDirectory("elsewhere/ExampleApp"))
    }

    @Test func missingFallbackRuntimeDirectoryIsCreated0700WithAWarning() throws {
      let root = try TemporaryRoot.withUserDirectories()
      var environment = root.toolEnvironment
      environment["XDG_RUNTIME_DIR"] = nil
      let result = try Tool.run(
        ["path", "runtime", "--create"], environment: environment, shellPrefix: "umask 0;",
        in: root,
        standardError: .line(
          "appdirs: warning: XDG_RUNTIME_DIR is not set; using \(root.at("tmp/runtime-\(geteuid())")) instead"
        ))
      #expect(result.status == 0)
      #expect(result.standardOutput == root.at("tmp/runtime-\(geteuid())") + "\n")
      #expect(root.mode(of: "tmp/runtime-\(geteuid())") == 0o700)
    }

    @Test func unsafeXDGRuntimeDirIsReplacedByTheFallback() throws {
      let root = try TemporaryRoot.withUserDirectories()
      chmod(root.at("run"), 0o755)
      let result = try Tool.run(
        ["path", "runtime"], environment: root.toolEnvironment, in: root,
        standardError: .line(
          "appdirs: warning: XDG_RUNTIME_DIR is unsafe: \(root.at("run")) has mode 0755, not 0700; using \(root.at("tmp/runtime-\(geteuid())")) instead"
        ))
      #expect(result.status == 0)
      #expect(result.standardOutput == root.at("tmp/runtime-\(geteuid())") + "\n")
    }
  }
#endif
