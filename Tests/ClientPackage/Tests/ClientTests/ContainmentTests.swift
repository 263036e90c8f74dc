// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

import AppDirectories
import AppDirectoriesTesting
import Foundation
import Testing

/// What a user's own test suite meets: `.isolatedAppDirectories`, and a migration from a path
/// outside the isolated root (as `NSHomeDirectory()` gives it on Linux), which must throw and
/// leave that path as it was. The script names that path in `CLIENT_OUTSIDE_LEGACY`.
@Suite(.isolatedAppDirectories) struct ContainmentTests {
  static var outside: URL? {
    ProcessInfo.processInfo.environment["CLIENT_OUTSIDE_LEGACY"].map {
      URL(fileURLWithPath: $0, isDirectory: true)
    }
  }

  @Test func aMigrationFromOutsideTheRootThrowsAndLeavesItUntouched() throws {
    let legacy = try #require(Self.outside)
    let settings = legacy.appendingPathComponent("settings")
    let before = try Data(contentsOf: settings)
    let dirs = try AppDirectories(app: "exampleapp")
    for options in [MigrationOptions(), .link, .keepSource, .dryRun] {
      #expect(throws: DirectoryError.self) {
        try dirs.migrate(from: legacy, to: .config, options: options)
      }
    }
    #expect(try Data(contentsOf: settings) == before)
    let root = try #require(ProcessEnvironment.current.isolationRoot)
    #expect(try dirs.url(for: .config).path.hasPrefix(root.path))
    #expect(!FileManager.default.fileExists(atPath: try dirs.url(for: .config).path))
  }

  @Test func aMigrationInsideTheRootMovesTheFiles() throws {
    let home = try StandardDirectories.url(for: .home)
    let legacy = home.appendingPathComponent(".exampleapp")
    try FileManager.default.createDirectory(at: legacy, withIntermediateDirectories: true)
    try Data("token=test".utf8).write(to: legacy.appendingPathComponent("settings"))
    let dirs = try AppDirectories(app: "exampleapp")
    let outcome = try dirs.migrate(from: legacy, to: .config)
    #expect(outcome.action == .moved)
    let moved = try dirs.url(for: .config).appendingPathComponent("settings")
    #expect(try Data(contentsOf: moved) == Data("token=test".utf8))
  }
}
