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
        "sandbox", "box", "--", "/bin/sh", "-c", "echo \"$HOME\" \"$XDG_RUNTIME_DIR\" \"$1\"", "sh",
        "--help",
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
    (["sandbox", "box", "--", "no-such-command-here"], 127, "cannot run no-such-command-here"),
  ])
  func aMissingOrUnknownCommandIsAnError(
    _ arguments: [String], status: Int32, message: String
  ) throws {
    let root = try TemporaryRoot.withUserDirectories()
    let result = try Tool.run(arguments, environment: Self.hostile(root), in: root)
    #expect(result.status == status)
    #expect(result.standardError.contains("appdirs: error: " + message), "\(result.standardError)")
  }
}
