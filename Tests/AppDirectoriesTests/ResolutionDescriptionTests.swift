// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

import Testing

@testable import AppDirectoriesCore
@testable import AppDirectoriesFiles
@testable import AppDirectoriesMaintenance

/// What `print(resolution)` shows: the path, its source, what was passed over and why, the
/// warnings and what the file system must confirm; never the private storage of those.
@Suite("A resolution's description")
struct ResolutionDescriptionTests {
  static func linux(_ variables: [String: String]) -> ProcessEnvironment {
    ProcessEnvironment(
      variables: ["HOME": "/home/ada"].merging(variables) { $1 }, effectiveUserID: 1000,
      platform: .linux)
  }

  @Test func aPassedOverValueIsShownWithWhyAndItsWarning() throws {
    let resolution = try StandardDirectories(environment: Self.linux(["XDG_CONFIG_HOME": "config"]))
      .resolution(for: .config)
    let lines = resolution.description.split(separator: "\n").map(String.init)
    #expect(lines.first == "/home/ada/.config")
    #expect(lines.contains("  source: \(resolution.source)"))
    #expect(lines.contains("  passed over: \(try #require(resolution.ignored.first))"))
    #expect(lines.contains("  warning: \(try #require(resolution.warnings.first).message)"))
    #expect(!resolution.description.contains("Provenance"))
    #expect(String(describing: resolution) == resolution.description)
  }

  @Test func aRuntimeFallbackShowsWhatTheFileSystemMustConfirm() throws {
    let resolution = try StandardDirectories(environment: Self.linux([:])).resolution(for: .runtime)
    #expect(resolution.description.hasPrefix(resolution.path + "\n  source: fallback"))
    #expect(
      resolution.description.contains(
        "  requires: \(resolution.path) private to the user (mode 0700), created if missing"))
  }

  @Test func aDefaultShowsItsHomeAndTheUnsetVariable() throws {
    let resolution = try StandardDirectories(environment: Self.linux([:])).resolution(for: .cache)
    #expect(
      resolution.description == """
        /home/ada/.cache
          source: default
          home: /home/ada (HOME)
          passed over: XDG_CACHE_HOME is not set
        """)
  }
}
