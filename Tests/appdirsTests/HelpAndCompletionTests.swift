// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

// These tests run the tool or other processes, which the tests do on macOS and Linux: iOS,
// tvOS, watchOS and visionOS have no Process, and Windows none of the POSIX tools they use.
#if os(macOS) || os(Linux)
  import Foundation
  import Testing

  @testable import TestSupport

  /// Help, version and the shell completion scripts.
  @Suite struct HelpAndCompletionTests {
    static let commands = [
      "path", "list", "locate", "doctor", "lock", "sandbox", "grants", "confine", "help",
    ]

    @Test(arguments: [["help"], ["--help"], ["-h"]])
    func overviewListsEveryCommand(arguments: [String]) throws {
      let root = try TemporaryRoot.withUserDirectories()
      let result = try Tool.run(arguments, environment: root.toolEnvironment, in: root)
      #expect(result.status == 0)
      #expect(result.standardError == "")
      #expect(result.lines.first?.hasPrefix("OVERVIEW: ") == true)
      #expect(result.standardOutput.contains("USAGE: appdirs <command> [options]"))
      for command in Self.commands {
        #expect(result.lines.contains { $0.hasPrefix("  \(command) ") }, "\(command)")
      }
      for option in ["--help", "--version", "--generate-completion-script bash|zsh|fish"] {
        #expect(result.lines.filter { $0.hasPrefix("  \(option) ") }.count == 1, "\(option)")
      }
      #expect(result.standardOutput.contains("EXAMPLES:"))
    }

    static let options: [(String, [String])] = [
      (
        "path",
        [
          "--app", "--env-prefix", "--org", "--roaming", "--system", "--fallback", "--portable",
          "--group", "--create", "--socket", "--file", "--version", "--explain", "--layout",
          "--platform", "--help",
        ]
      ),
      (
        "list",
        [
          "--app", "--env-prefix", "--org", "--roaming", "--system", "--portable", "--group",
          "--layout", "--fallback", "--platform", "--json", "--shell", "--sizes", "--host",
          "--help",
        ]
      ),
      (
        "locate",
        [
          "--app", "--env-prefix", "--org", "--roaming", "--system", "--portable", "--group",
          "--layout", "--all", "--help",
        ]
      ),
      (
        "doctor",
        [
          "--app", "--env-prefix", "--org", "--roaming", "--system", "--portable", "--group",
          "--layout", "--fallback", "--help",
        ]
      ),
      ("lock", ["--app", "--env-prefix", "--org", "--system", "--layout", "--wait", "--help"]),
      ("help", ["--help"]),
    ]

    @Test(arguments: options)
    func commandHelpHasAbstractUsageOneLinePerOptionAndExamples(
      command: String, options: [String]
    ) throws {
      let root = try TemporaryRoot.withUserDirectories()
      let viaHelp = try Tool.run(["help", command], environment: root.toolEnvironment, in: root)
      let viaFlag = try Tool.run([command, "--help"], environment: root.toolEnvironment, in: root)
      #expect(viaHelp.status == 0)
      #expect(viaFlag.status == 0)
      #expect(viaHelp.standardOutput == viaFlag.standardOutput)
      let lines = viaHelp.lines
      #expect(lines.first?.hasPrefix("OVERVIEW: ") == true)
      #expect(lines.contains { $0.hasPrefix("USAGE: appdirs \(command)") })
      let optionLines = lines.drop { $0 != "OPTIONS:" }.dropFirst().prefix { !$0.isEmpty }
      #expect(optionLines.map { String($0.split(separator: " ")[0]) } == options)
      let examples = lines.drop { $0 != "EXAMPLES:" }.dropFirst()
      #expect(!examples.isEmpty)
      #expect(examples.allSatisfy { $0.hasPrefix("  appdirs ") || $0.contains("appdirs ") })
    }

    /// The commands that cannot run without an application show `--app NAME` without
    /// brackets, and its help names every kind it makes the application's own.
    @Test(arguments: ["clean", "migrate", "lock"])
    func aRequiredAppIsShownRequired(command: String) throws {
      let root = try TemporaryRoot.withUserDirectories()
      let help = try Tool.run(["help", command], environment: root.toolEnvironment, in: root)
      let usage = try #require(help.lines.first { $0.hasPrefix("USAGE: ") })
      #expect(usage.contains(" --app NAME "), "\(usage)")
      #expect(!usage.contains("[--app NAME]"), "\(usage)")
      #expect(
        help.lines.contains {
          $0.hasPrefix("  --app NAME ")
            && $0.hasSuffix(
              "The application's name; data, config, cache, state, logs, runtime become its own.")
        })
    }

    @Test func pathsKindsNameTheAliasOfData() throws {
      let root = try TemporaryRoot.withUserDirectories()
      let help = try Tool.run(["help", "path"], environment: root.toolEnvironment, in: root)
      #expect(
        help.lines.contains {
          $0.hasPrefix("  KIND ") && $0.hasSuffix("(applicationSupport is another name for data)")
        }, "\(help.standardOutput)")
    }

    @Test func versionIsOneLine() throws {
      let root = try TemporaryRoot.withUserDirectories()
      let result = try Tool.run(["--version"], environment: root.toolEnvironment, in: root)
      #expect(result.status == 0)
      #expect(result.lines.count == 1)
      #expect(result.standardOutput.wholeMatch(of: /appdirs \d+\.\d+\.\d+\n/) != nil)
    }

    /// Completes `words` (after `appdirs`; the last one is being typed) in bash.
    func bashComplete(_ words: [String], root: TemporaryRoot) throws -> [String] {
      let quoted = words.map { "'\($0)'" }.joined(separator: " ")
      let script = """
        source <("$0" --generate-completion-script bash) || exit 9
        COMP_WORDS=(appdirs \(quoted))
        COMP_CWORD=\(words.count)
        _appdirs
        printf '%s\\n' "${COMPREPLY[@]}"
        """
      var environment = root.toolEnvironment
      environment["PATH"] = "/usr/bin:/bin"
      let result = try Tool.runProcess(
        ["/bin/bash", "-c", script, Tool.path], environment: environment, in: root)
      #expect(result.status == 0, "\(result.standardError)")
      #expect(result.standardError == "")
      return result.lines.filter { !$0.isEmpty }
    }

    static let bashCases: [([String], [String])] = [
      (["path", "ca"], ["cache"]),
      (["path", "appl"], ["applications", "applicationSupport"]),
      (["path", "--app", "X", "c"], ["config", "cache"]),
      (["locate", "d"], ["data", "documents", "downloads", "desktop"]),
      (["pa"], ["path"]),
      (
        [""],
        [
          "path", "list", "locate", "doctor", "migrate", "clean", "lock", "sandbox", "grants",
          "confine", "help",
        ]
      ),
      (["--v"], ["--version"]),
      (["--generate-completion-script", ""], ["bash", "zsh", "fish"]),
      (["help", "do"], ["doctor"]),
      (["path", "cache", "--la"], ["--layout"]),
      (["path", "cache", "--layout", ""], ["native", "xdg", "xdg-where-set"]),
      (["list", "--j"], ["--json"]),
      (
        ["doctor", "--"],
        [
          "--app", "--env-prefix", "--org", "--roaming", "--system", "--portable", "--group",
          "--layout", "--fallback", "--help",
        ]
      ),
      (["path", "--app", ""], []),
      (["path", "cache", ""], []),
    ]

    @Test(arguments: bashCases)
    func bashCompletionCompletes(words: [String], expected: [String]) throws {
      let root = try TemporaryRoot.withUserDirectories()
      #expect(try bashComplete(words, root: root) == expected)
    }

    @Test func bashCompletionCompletesFilesForLocate() throws {
      let root = try TemporaryRoot.withUserDirectories()
      try root.write("", to: "settings.json")
      #expect(try bashComplete(["locate", "config", "sett"], root: root) == ["settings.json"])
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/zsh"), "needs zsh"))
    func zshCompletionOffersKindNames() throws {
      let root = try TemporaryRoot.withUserDirectories()
      // compadd is replaced by a printer, so that the completion function runs outside the line
      // editor.
      let script = """
        compdef() { :; }
        compadd() { [ "$1" = -- ] && shift; printf '%s\\n' "$@"; }
        source <("$0" --generate-completion-script zsh) || exit 9
        words=(appdirs path --app X "")
        CURRENT=5
        _appdirs
        """
      let result = try Tool.runProcess(
        ["/usr/bin/zsh", "-f", "-c", script, Tool.path], environment: root.toolEnvironment, in: root
      )
      #expect(result.status == 0, "\(result.standardError)")
      #expect(result.lines.contains("cache"))
      #expect(result.lines.contains("logs"))
      #expect(result.lines.contains("public"))
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/fish"), "needs fish"))
    func fishCompletionCompletesAKindName() throws {
      let root = try TemporaryRoot.withUserDirectories()
      var environment = root.toolEnvironment
      environment["PATH"] = "/usr/bin:/bin"
      let script = """
        '\(Tool.path)' --generate-completion-script fish | source
        complete -C 'appdirs path ca'
        complete -C 'appdirs path cache --layout '
        """
      let result = try Tool.runProcess(
        ["/usr/bin/fish", "--no-config", "-c", script], environment: environment, in: root)
      #expect(result.status == 0, "\(result.standardError)")
      #expect(result.lines == ["cache", "native", "xdg", "xdg-where-set"])
    }
  }
#endif
