import Foundation
import Testing

@testable import TestSupport

/// `appdirs doctor`: one row per finding, each with its fix, and the exit code.
///
/// The doctor compares HOME with the password database, so these runs use the unprivileged
/// user 65534 with HOME set to that user's passwd home (`/nonexistent`, which does not exist)
/// and every XDG variable pointing into the temporary root; the root is handed to that user.
@Suite(.needsRoot) struct DoctorCommandTests {
  static let user = Tool.unprivilegedUser

  static func healthyEnvironment(_ root: TemporaryRoot) -> [String: String] {
    [
      "HOME": String(cString: getpwuid(user).pointee.pw_dir),
      "XDG_DATA_HOME": root.at("data"), "XDG_CONFIG_HOME": root.at("config"),
      "XDG_CACHE_HOME": root.at("cache"), "XDG_STATE_HOME": root.at("state"),
      "XDG_RUNTIME_DIR": root.at("run"), "TMPDIR": root.at("tmp"),
    ]
  }

  func doctor(
    _ root: TemporaryRoot, _ environment: [String: String], arguments: [String] = []
  ) throws -> ToolResult {
    root.chownAll(to: Self.user)
    return try Tool.run(
      ["doctor", "--app", "ExampleApp"] + arguments, environment: environment, asUser: Self.user,
      in: root)
  }

  @Test func healthySetupExits0() throws {
    let root = try TemporaryRoot.withUserDirectories()
    try root.makeDirectory("data/ExampleApp", mode: 0o700)
    try root.makeDirectory("config/ExampleApp", mode: 0o755)
    let result = try doctor(root, Self.healthyEnvironment(root))
    #expect(result.status == 0)
    #expect(result.lines.last == "No problems found.")
    #expect(!result.standardOutput.contains("problem:"))
  }

  struct Finding: Sendable, CustomTestStringConvertible {
    let name: String
    let prepare: @Sendable (TemporaryRoot, inout [String: String]) throws -> Void
    let problem: String
    let fix: String
    /// Findings that come with this one, such as the unset variable behind a fallback.
    var others = 0
    var testDescription: String { name }
  }

  static let findings: [Finding] = [
    Finding(
      name: "relative XDG value", prepare: { _, env in env["XDG_CACHE_HOME"] = "cache" },
      problem: "XDG_CACHE_HOME is not an absolute path (\"cache\") and is ignored",
      fix: "Set XDG_CACHE_HOME to an absolute path, or unset it."),
    Finding(
      name: "empty XDG value", prepare: { _, env in env["XDG_CONFIG_HOME"] = "" },
      problem: "XDG_CONFIG_HOME is set but empty, so it is treated as unset",
      fix: "Unset it (unset XDG_CONFIG_HOME) or set it to an absolute path."),
    Finding(
      name: "relative XDG_DATA_DIRS entry",
      prepare: { _, env in env["XDG_DATA_DIRS"] = "share:/usr/share" },
      problem: "XDG_DATA_DIRS entry \"share\" is not an absolute path and is ignored",
      fix: "Remove the entry from XDG_DATA_DIRS or make it absolute."),
    Finding(
      name: "ignored user-dirs.dirs line",
      prepare: { root, _ in
        try root.write("# header\nXDG_MUSIC_DIR=\"$HOMER/x\"\n", to: "config/user-dirs.dirs")
      },
      problem: "@/config/user-dirs.dirs line 2 is ignored: the value must be \"$HOME\"",
      fix: "Write it as XDG_MUSIC_DIR=\"$HOME/Folder\""),
    Finding(
      name: "unset XDG_RUNTIME_DIR", prepare: { _, env in env["XDG_RUNTIME_DIR"] = nil },
      problem: "XDG_RUNTIME_DIR is not set; using @/tmp/runtime-65534 instead",
      fix: "Log in through a session manager that sets XDG_RUNTIME_DIR"),
    Finding(
      name: "unsafe XDG_RUNTIME_DIR",
      prepare: { root, _ in chmod(root.at("run"), 0o755) },
      problem:
        "XDG_RUNTIME_DIR is unsafe: @/run has mode 0755, not 0700; using @/tmp/runtime-65534 instead",
      fix: "set it to a directory you own with mode 0700"),
    Finding(
      name: "unsafe fallback runtime directory",
      prepare: { root, env in
        env["XDG_RUNTIME_DIR"] = nil
        try root.makeDirectory("tmp/runtime-65534", mode: 0o777)
      },
      problem: "the fallback runtime directory @/tmp/runtime-65534 has mode 0777, not 0700",
      fix: "Remove @/tmp/runtime-65534 if it is yours"),
    Finding(
      name: "HOME differs from passwd", prepare: { root, env in env["HOME"] = root.at("home") },
      problem: "HOME is @/home, but the password database says /nonexistent for user 65534",
      fix: "export HOME=/nonexistent"),
    Finding(
      name: "HOME unset", prepare: { _, env in env["HOME"] = nil },
      problem: "HOME is not set or empty; the password database's home /nonexistent is used",
      fix: "export HOME=/nonexistent"),
    Finding(
      name: "HOME relative", prepare: { _, env in env["HOME"] = "home" },
      problem: "HOME is not an absolute path (\"home\") and is ignored",
      fix: "Set HOME to an absolute path, or unset it."),
    Finding(
      name: "world-writable app directory",
      prepare: { root, _ in try root.makeDirectory("data/ExampleApp", mode: 0o777) },
      problem: "@/data/ExampleApp is world-writable (mode 0777)",
      fix: "chmod go-w '@/data/ExampleApp'"),
    Finding(
      name: "group-writable app directory",
      prepare: { root, _ in try root.makeDirectory("state/ExampleApp/log", mode: 0o770) },
      problem: "@/state/ExampleApp/log is group-writable (mode 0770)",
      fix: "chmod go-w '@/state/ExampleApp/log'"),
    Finding(
      name: "group-writable base directory",
      prepare: { root, _ in try root.makeDirectory("cache", mode: 0o775) },
      problem: "@/cache is group-writable (mode 0775)", fix: "chmod go-w '@/cache'"),
    Finding(
      name: "app directory not writable by the user",
      prepare: { root, _ in
        try root.makeDirectory("cache/ExampleApp", mode: 0o500)
      },
      problem: "@/cache/ExampleApp is not writable by user 65534",
      fix: "chmod u+rwx '@/cache/ExampleApp'"),
    Finding(
      name: "dangling symlink",
      prepare: { root, _ in
        try root.makeDirectory("config")
        try root.symlink("config/ExampleApp", to: root.at("gone"))
      },
      problem: "@/config/ExampleApp is a symbolic link to @/gone, which does not exist",
      fix: "mkdir -p '@/gone'"),
    Finding(
      name: "file instead of a directory",
      prepare: { root, _ in try root.write("", to: "data/ExampleApp") },
      problem: "@/data/ExampleApp is not a directory", fix: "mv '@/data/ExampleApp'"),
  ]

  @Test(arguments: findings)
  func eachFindingIsReportedWithItsFixAndExits1(finding: Finding) throws {
    let root = try TemporaryRoot.withUserDirectories()
    var environment = Self.healthyEnvironment(root)
    try finding.prepare(root, &environment)
    let result = try doctor(root, environment)
    let expand = { (text: String) in text.replacingOccurrences(of: "@", with: root.path) }
    #expect(result.status == 1, "\(result.standardOutput)")
    let lines = result.lines
    let index = try #require(
      lines.firstIndex { $0.hasPrefix("problem: " + expand(finding.problem)) },
      "\(result.standardOutput)")
    #expect(lines[index + 1].hasPrefix("  fix: "))
    #expect(lines[index + 1].contains(expand(finding.fix)), "\(lines[index + 1])")
    let count = 1 + finding.others
    #expect(lines.filter { $0.hasPrefix("problem: ") }.count == count, "\(result.standardOutput)")
    #expect(lines.last == "\(count) problem\(count == 1 ? "" : "s") found.")
  }

  @Test(arguments: [
    ("FLATPAK_ID", "org.example.App", "running in a Flatpak sandbox (FLATPAK_ID=org.example.App)"),
    ("SNAP_NAME", "example", "running in a Snap (SNAP_NAME=example)"),
  ])
  func sandboxIsANoteNotAProblem(variable: String, value: String, note: String) throws {
    let root = try TemporaryRoot.withUserDirectories()
    var environment = Self.healthyEnvironment(root)
    environment[variable] = value
    let result = try doctor(root, environment)
    #expect(result.status == 0)
    let index = try #require(result.lines.firstIndex { $0.hasPrefix("note: " + note) })
    #expect(result.lines[index + 1].hasPrefix("  fix: "))
    #expect(result.lines.last == "No problems found.")
  }

  @Test func noHomeAtAllIsAProblem() throws {
    try #require(getpwuid(12345) == nil)
    let root = try TemporaryRoot.withUserDirectories()
    var environment = Self.healthyEnvironment(root)
    environment["HOME"] = nil
    root.chownAll(to: 12345)
    let result = try Tool.run(
      ["doctor"], environment: environment, asUser: 12345, in: root)
    #expect(result.status == 1)
    #expect(result.standardOutput.contains("problem: no home directory"))
  }

  @Test func severalProblemsAreCounted() throws {
    let root = try TemporaryRoot.withUserDirectories()
    var environment = Self.healthyEnvironment(root)
    environment["XDG_CACHE_HOME"] = "cache"
    environment["XDG_STATE_HOME"] = ""
    let result = try doctor(root, environment)
    #expect(result.status == 1)
    #expect(result.lines.last == "2 problems found.")
  }
}
