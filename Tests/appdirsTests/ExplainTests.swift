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
      ["path"] + testCase.arguments + ["--explain"], environment: environment, in: root)
    #expect(result.status == 0)
    #expect(result.lines.first == Self.expand(testCase.path, root))
    for mention in testCase.mentions {
      #expect(
        result.lines.contains(where: { $0.contains(Self.expand(mention, root)) }), "\(mention)")
    }
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
}
