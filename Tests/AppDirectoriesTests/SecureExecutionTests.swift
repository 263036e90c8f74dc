// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

// These tests make files, users and processes through POSIX calls.
#if !os(Windows)
  import Foundation
  import Testing

  @testable import AppDirectoriesCore
  @testable import AppDirectoriesFiles
  @testable import AppDirectoriesMaintenance
  @testable import TestSupport

  /// A setuid or setgid process (`AT_SECURE`) must not let its caller's environment choose where
  /// it writes: every `XDG_*` variable and `HOME` are ignored, and home comes from the password
  /// database.
  @Suite("Secure execution: the environment is not trusted")
  struct SecureExecutionTests {
    /// Every variable the caller of a setuid program could set to steer it.
    static let hostileVariables: [String: String] = [
      "HOME": "/attacker/home", "XDG_DATA_HOME": "/attacker/data",
      "XDG_CONFIG_HOME": "/attacker/config", "XDG_CACHE_HOME": "/attacker/cache",
      "XDG_STATE_HOME": "/attacker/state", "XDG_RUNTIME_DIR": "/attacker/run",
      "XDG_DATA_DIRS": "/attacker/share", "XDG_CONFIG_DIRS": "/attacker/etc",
    ]

    static func environment(_ variables: [String: String], passwordHome: String)
      -> ProcessEnvironment
    {
      ProcessEnvironment(
        variables: variables, passwordDatabaseHome: passwordHome, effectiveUserID: 1000,
        platform: .linux, isSecureExecution: true,
        userDirectoriesFile: .contents("XDG_DOCUMENTS_DIR=\"$HOME/Docs\"\n"))
    }

    static let appKinds: [AppDirectory] = [
      .data, .config, .cache, .state, .logs, .shared(group: "group.example"),
    ]

    @Test(
      "App directories resolve as if no variable were set", arguments: appKinds)
    func appDirectoryIgnoresEnvironment(kind: AppDirectory) throws {
      let hostile = try AppDirectories(
        app: "A", environment: Self.environment(Self.hostileVariables, passwordHome: "/home/ada"))
      let clean = try AppDirectories(
        app: "A", environment: Self.environment([:], passwordHome: "/home/ada"))
      let path = try hostile.resolution(for: kind).path
      #expect(path == (try clean.resolution(for: kind).path))
      #expect(path.hasPrefix("/home/ada/"))
      let search = try hostile.searchResolutions(for: kind).map(\.path)
      #expect(search == (try clean.searchResolutions(for: kind).map(\.path)))
      #expect(!search.contains { $0.hasPrefix("/attacker") })
    }

    @Test(
      "Base directories resolve as if no variable were set",
      arguments: StandardDirectory.allCases.filter { $0 != .runtime && $0 != .temporary })
    func baseDirectoryIgnoresEnvironment(kind: StandardDirectory) throws {
      let hostile = Self.environment(Self.hostileVariables, passwordHome: "/home/ada")
      let clean = Self.environment([:], passwordHome: "/home/ada")
      let path = try StandardDirectories(environment: hostile).resolution(for: kind).path
      #expect(path == (try StandardDirectories(environment: clean).resolution(for: kind).path))
      #expect(path == "/home/ada" || path.hasPrefix("/home/ada/"))
    }

    @Test("Creation in a setuid process happens under the password database's home only")
    func creationIgnoresEnvironment() throws {
      try TemporaryRoot.with { scratch in
        var variables: [String: String] = [:]
        for (name, _) in Self.hostileVariables { variables[name] = scratch.at("attacker/\(name)") }
        let environment = Self.environment(variables, passwordHome: scratch.at("home"))
        let dirs = try AppDirectories(app: "A", environment: environment)
        // The library never makes a home directory, the password database's included.
        #expect(throws: DirectoryError.self) { try dirs.directory(.data) }
        #expect(scratch.relativePaths().isEmpty)
        try scratch.makeDirectory("home", mode: 0o700)
        for kind in [AppDirectory.data, .config, .cache, .state, .logs] {
          _ = try dirs.directory(kind)
        }
        #expect(scratch.relativePaths().allSatisfy { $0.hasPrefix("home") })
        #expect(scratch.relativePaths().contains("home/.cache/A"))
        #expect(TemporaryRoot.fileStatus(scratch.at("attacker")) == nil)
      }
    }
  }
#endif
