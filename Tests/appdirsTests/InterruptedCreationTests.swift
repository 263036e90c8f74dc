// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

// These tests run the tool or other processes, which the tests do on macOS and Linux: iOS,
// tvOS, watchOS and visionOS have no Process, and Windows none of the POSIX tools they use.
#if os(macOS) || os(Linux)
  import Foundation
  import Testing

  @testable import TestSupport

  /// `appdirs path --create` killed with SIGKILL at random moments while it creates a very deep
  /// tree; the next run must complete the tree, every directory private.
  @Suite("Creation interrupted by SIGKILL")
  struct InterruptedCreationTests {
    /// Deep enough that creation takes a few milliseconds, so that kills land inside it.
    static let depth = 600
    /// Kills that must land in the middle of the creation, and the most runs to get them.
    static let kills = 20
    static let attempts = 300

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
        if info.mode & S_IFMT != S_IFDIR || info.mode & 0o7777 != 0o700 { allPrivate = false }
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

      // An uninterrupted run measures the whole creation (and, in a coverage build, the profile
      // written at exit, which can be most of it).
      let started = Date()
      let first = try Tool.run(arguments, environment: environment(0), in: root)
      let duration = Date().timeIntervalSince(started)
      #expect(first.status == 0, "\(first.standardError)")
      #expect(Self.survey(root.at("run0")) == (total, true))

      // Kills are drawn from a window that closes in on the creation: a kill that found nothing
      // made moves its start up, one that found the tree whole moves its end down. The loop ends
      // once enough kills landed in the middle, so a slow or loaded machine only takes more runs.
      let whole = duration * 1.1
      var window = (start: 0.0, end: whole)
      var generator = SystemRandomNumberGenerator()
      var partial = 0
      var runs = 0
      while partial < Self.kills && runs < Self.attempts {
        runs += 1
        let index = runs
        let delay = Double.random(in: window.start...window.end, using: &generator)
        let process = try Tool.start(arguments, environment: environment(index))
        usleep(UInt32(delay * 1_000_000))
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit(within: Process.timeLimit)

        let left = Self.survey(root.at("run\(index)"))
        #expect(left.allPrivate, "run \(index) left a directory that is not private")
        if left.levels > 0 && left.levels < total {
          partial += 1
        } else if left.levels == 0 {
          window.start = (window.start + delay) / 2
        } else {
          window.end = (window.end + delay) / 2
        }
        if window.end - window.start < 0.001 { window = (0, whole) }

        let next = try Tool.run(arguments, environment: environment(index), in: root)
        #expect(next.status == 0, "run \(index): \(next.standardError)")
        #expect(Self.survey(root.at("run\(index)")) == (total, true), "run \(index)")
      }
      // Kills that all landed before or after the creation would prove nothing.
      #expect(
        partial == Self.kills,
        "only \(partial) of \(runs) kills landed in the middle of the creation")
      print(
        "InterruptedCreationTests: \(runs) kills, \(partial) in the middle of creating "
          + "\(total) levels (a whole run \(Int(duration * 1000)) ms)")
    }
  }
#endif
