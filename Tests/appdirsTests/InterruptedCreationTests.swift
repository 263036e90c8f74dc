import Foundation
import Testing

@testable import TestSupport

/// `appdirs path --create` killed with SIGKILL at random moments while it creates a very deep
/// tree; the next run must complete the tree, every directory private.
@Suite("Creation interrupted by SIGKILL")
struct InterruptedCreationTests {
  /// Deep enough that creation takes a few milliseconds, so that kills land inside it.
  static let depth = 600
  static let kills = 30

  static func components() -> [String] { (1...depth).map { "d\($0)" } }

  /// How many levels of the chain exist below `base`, and whether each is a private directory.
  static func survey(_ base: String) -> (levels: Int, allPrivate: Bool) {
    var path = base
    var levels = 0
    var allPrivate = true
    for component in components() + ["ExampleApp"] {
      path += "/" + component
      var info = stat()
      guard lstat(path, &info) == 0 else { break }
      levels += 1
      if info.st_mode & S_IFMT != S_IFDIR || info.st_mode & 0o7777 != 0o700 { allPrivate = false }
    }
    return (levels, allPrivate)
  }

  @Test("A run killed at any point leaves a tree that the next run completes")
  func killedRunsAreCompletedByTheNextRun() throws {
    let root = try TemporaryRoot.withUserDirectories()
    let total = Self.depth + 1
    func environment(_ index: Int) -> [String: String] {
      [
        "HOME": root.home, "TMPDIR": root.at("tmp"),
        "XDG_CACHE_HOME": root.at("run\(index)/" + Self.components().joined(separator: "/")),
      ]
    }
    let arguments = ["path", "cache", "--app", "ExampleApp", "--create"]

    // A run that only resolves measures the start-up; an uninterrupted run measures the whole
    // creation. Kills land between the two, and a little around them.
    var started = Date()
    _ = try Tool.run(
      ["path", "cache", "--app", "ExampleApp"], environment: environment(0), in: root)
    let startUp = Date().timeIntervalSince(started)
    started = Date()
    let first = try Tool.run(arguments, environment: environment(0), in: root)
    let duration = Date().timeIntervalSince(started)
    let earliest = UInt32(startUp * 800_000)
    let latest = max(earliest + 1, UInt32(duration * 1_100_000))
    #expect(first.status == 0, "\(first.standardError)")
    #expect(Self.survey(root.at("run0")) == (total, true))

    var generator = SystemRandomNumberGenerator()
    var partial = 0
    for index in 1...Self.kills {
      let process = try Tool.start(arguments, environment: environment(index))
      usleep(UInt32.random(in: earliest...latest, using: &generator))
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()

      let left = Self.survey(root.at("run\(index)"))
      #expect(left.allPrivate, "run \(index) left a directory that is not private")
      if left.levels > 0 && left.levels < total { partial += 1 }

      let next = try Tool.run(arguments, environment: environment(index), in: root)
      #expect(next.status == 0, "run \(index): \(next.standardError)")
      #expect(Self.survey(root.at("run\(index)")) == (total, true), "run \(index)")
    }
    // Kills that all landed before or after the creation would prove nothing.
    #expect(partial > 0, "no kill of \(Self.kills) landed in the middle of the creation")
    print(
      "InterruptedCreationTests: \(Self.kills) kills, \(partial) in the middle of creating "
        + "\(total) levels (start-up \(Int(startUp * 1000)) ms, whole run \(Int(duration * 1000)) ms)"
    )
  }
}
