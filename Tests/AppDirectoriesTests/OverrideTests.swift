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

  /// The per-application overrides (SPEC section 8): `P_<KIND>_DIR`, then `$P_HOME/<kind>`, then
  /// the platform's rule, for each of an application's kinds, on every platform.
  @Suite("Per-application overrides")
  struct OverrideTests {
    /// One row of the precedence table.
    struct Row: Sendable, CustomTestStringConvertible {
      let kind: AppDirectory
      let variable: String
      let folder: String
      /// The platform's rule on Linux with `HOME=/home/ada` and no XDG variable.
      let platformPath: String

      var testDescription: String { variable }
    }

    static let rows: [Row] = [
      Row(
        kind: .data, variable: "EX_DATA_DIR", folder: "data",
        platformPath: "/home/ada/.local/share/ExampleApp"),
      Row(
        kind: .config, variable: "EX_CONFIG_DIR", folder: "config",
        platformPath: "/home/ada/.config/ExampleApp"),
      Row(
        kind: .cache, variable: "EX_CACHE_DIR", folder: "cache",
        platformPath: "/home/ada/.cache/ExampleApp"),
      Row(
        kind: .state, variable: "EX_STATE_DIR", folder: "state",
        platformPath: "/home/ada/.local/state/ExampleApp"),
      Row(
        kind: .logs, variable: "EX_LOG_DIR", folder: "logs",
        platformPath: "/home/ada/.local/state/ExampleApp/log"),
      Row(
        kind: .runtime, variable: "EX_RUNTIME_DIR", folder: "runtime",
        platformPath: "/run/user/1000/ExampleApp"),
    ]

    private func resolve(_ kind: AppDirectory, _ variables: [String: String], secure: Bool = false)
      throws -> DirectoryResolution
    {
      let environment = pureEnvironment(
        ["HOME": "/home/ada", "XDG_RUNTIME_DIR": "/run/user/1000"].merging(variables) { $1 },
        passwordDatabaseHome: "/home/ada", isSecureExecution: secure)
      return try AppDirectories(
        app: "ExampleApp", environmentPrefix: "EX", environment: environment
      )
      .resolution(for: kind)
    }

    @Test("The kind's own variable names the directory itself, ahead of P_HOME", arguments: rows)
    func ownVariableWins(_ row: Row) throws {
      let resolution = try resolve(
        row.kind, [row.variable: "/srv/own//x/", "EX_HOME": "/srv/home"])
      #expect(resolution.path == "/srv/own/x")
      #expect(resolution.source == .variable(row.variable))
      #expect(resolution.source.description == row.variable)
      #expect(resolution.ignored == [])
      #expect(resolution.warnings == [])
    }

    @Test("P_HOME is one root: $P_HOME/<kind>, the app's name not appended", arguments: rows)
    func homeVariableIsTheSecondChoice(_ row: Row) throws {
      let resolution = try resolve(row.kind, ["EX_HOME": "/srv/home"])
      #expect(resolution.path == "/srv/home/\(row.folder)")
      #expect(resolution.source == .variable("EX_HOME"))
      #expect(resolution.ignored == [IgnoredValue(.variable(row.variable), .unset)])
      #expect(resolution.warnings == [])
    }

    @Test("Without either, the platform's rule, with both variables passed over", arguments: rows)
    func platformRuleIsTheLastChoice(_ row: Row) throws {
      let resolution = try resolve(row.kind, [:])
      let plain = try AppDirectories(
        app: "ExampleApp",
        environment: pureEnvironment(["HOME": "/home/ada", "XDG_RUNTIME_DIR": "/run/user/1000"])
      ).resolution(for: row.kind)
      #expect(resolution.path == row.platformPath)
      #expect(resolution.path == plain.path)
      #expect(resolution.source == plain.source)
      #expect(
        Array(resolution.ignored.prefix(2)) == [
          IgnoredValue(.variable(row.variable), .unset), IgnoredValue(.variable("EX_HOME"), .unset),
        ])
      #expect(Array(resolution.ignored.dropFirst(2)) == plain.ignored)
      #expect(resolution.warnings == plain.warnings)
    }

    @Test("A relative value is passed over with one warning naming it", arguments: rows)
    func relativeValueIsIgnoredWithAWarning(_ row: Row) throws {
      let resolution = try resolve(row.kind, [row.variable: "dotfiles/x", "EX_HOME": "/srv/home"])
      #expect(resolution.path == "/srv/home/\(row.folder)")
      #expect(
        resolution.ignored == [IgnoredValue(.variable(row.variable), .notAbsolute("dotfiles/x"))])
      #expect(
        resolution.warnings == [
          DirectoryWarning(
            "\(row.variable) is not an absolute path (\"dotfiles/x\") and is ignored",
            suggestion: "Set \(row.variable) to an absolute path, or unset it.")
        ])

      let relativeHome = try resolve(row.kind, ["EX_HOME": "."])
      #expect(relativeHome.path == row.platformPath)
      #expect(
        relativeHome.warnings.map(\.message) == [
          "EX_HOME is not an absolute path (\".\") and is ignored"
        ])
    }

    @Test("An empty value counts as unset, silently", arguments: rows)
    func emptyValueIsUnset(_ row: Row) throws {
      let resolution = try resolve(row.kind, [row.variable: "", "EX_HOME": ""])
      #expect(resolution.path == row.platformPath)
      #expect(
        Array(resolution.ignored.prefix(2)) == [
          IgnoredValue(.variable(row.variable), .empty), IgnoredValue(.variable("EX_HOME"), .empty),
        ])
      #expect(resolution.warnings == [])
    }

    @Test("A setuid or setgid process ignores every override", arguments: rows)
    func secureExecutionIgnoresOverrides(_ row: Row) throws {
      let resolution = try resolve(
        row.kind, [row.variable: "/srv/own", "EX_HOME": "/srv/home", "HOME": "/home/ada"],
        secure: true)
      #expect(
        resolution.path.hasPrefix("/home/ada/") || resolution.path.hasPrefix("/tmp/runtime-1000"))
      #expect(
        Array(resolution.ignored.prefix(2)) == [
          IgnoredValue(.variable(row.variable), .untrustedInSecureExecution),
          IgnoredValue(.variable("EX_HOME"), .untrustedInSecureExecution),
        ])
    }

    @Test("Only the overridden runtime directory must be private, with no fallback")
    func runtimeOverrideCarriesAStrictRequirement() throws {
      for variables in [["EX_RUNTIME_DIR": "/srv/run"], ["EX_HOME": "/srv"]] {
        let resolution = try resolve(.runtime, variables)
        #expect(resolution.path == (variables["EX_HOME"] == nil ? "/srv/run" : "/srv/runtime"))
        #expect(
          resolution.requirement
            == .privateDirectory(base: resolution.path, createsIfMissing: true, otherwise: nil))
      }
      #expect(try resolve(.cache, ["EX_CACHE_DIR": "/srv/c"]).requirement == nil)
    }

    @Test("Base directories and group containers keep the platform's rules")
    func baseDirectoriesAndGroupsAreNotOverridden() throws {
      let environment = pureEnvironment([
        "HOME": "/home/ada", "EX_HOME": "/srv", "EX_DATA_DIR": "/srv/d",
      ])
      let dirs = try AppDirectories(
        app: "ExampleApp", environmentPrefix: "EX", environment: environment)
      let shared = try dirs.resolution(for: .shared(group: "group.com.example"))
      #expect(shared.path == "/home/ada/.local/share/group-containers/group.com.example")
      #expect(
        try StandardDirectories.url(for: .data, environment: environment).path
          == "/home/ada/.local/share")
    }

    @Test("The overrides layout hands base directories and group containers to the platform's")
    func theLayoutDelegatesWhatItDoesNotOverride() throws {
      let environment = pureEnvironment(["HOME": "/home/ada", "EX_HOME": "/srv"])
      let platform = environment.layout(.native)
      let overrides = ApplicationOverrides(
        prefix: "EX", environment: environment, platformLayout: platform)
      for kind in StandardDirectory.allCases {
        #expect(try overrides.base(kind) == platform.base(kind), "\(kind)")
      }
      let shared = AppDirectory.shared(group: "group.com.example")
      #expect(
        try overrides.app(shared, name: "ExampleApp", organization: nil)
          == platform.app(shared, name: "ExampleApp", organization: nil))
    }

    @Test("Search lists keep their system entries: only the user's own is replaced")
    func searchListsKeepTheirSystemEntries() throws {
      let environment = pureEnvironment([
        "HOME": "/home/ada", "EX_CONFIG_DIR": "/srv/conf", "XDG_CONFIG_DIRS": "/etc/one:/etc/two",
      ])
      let dirs = try AppDirectories(
        app: "ExampleApp", environmentPrefix: "EX", environment: environment)
      #expect(
        try dirs.searchResolutions(for: .config).map(\.path) == [
          "/srv/conf", "/etc/one/ExampleApp", "/etc/two/ExampleApp",
        ])
      #expect(
        try dirs.searchResolutions(for: .data).map(\.path) == [
          "/home/ada/.local/share/ExampleApp", "/usr/local/share/ExampleApp",
          "/usr/share/ExampleApp",
        ])
    }

    @Test("Without a prefix, variables that look like overrides are not read")
    func noPrefixNoOverrides() throws {
      let environment = pureEnvironment(["HOME": "/home/ada", "EXAMPLEAPP_CACHE_DIR": "/srv/c"])
      let dirs = try AppDirectories(app: "ExampleApp", environment: environment)
      #expect(try dirs.url(for: .cache).path == "/home/ada/.cache/ExampleApp")
      #expect(dirs.environmentPrefix == nil)
    }

    /// Overrides on every platform, with the platform's own path rules.
    struct PlatformRow: Sendable, CustomTestStringConvertible {
      let platform: OperatingSystem
      let variables: [String: String]
      let kind: AppDirectory
      let expected: String
      let source: String
      var testDescription: String { "\(platform.rawValue) \(source)" }
    }

    static let platformRows: [PlatformRow] = [
      PlatformRow(
        platform: .macOS, variables: ["EX_HOME": "/Users/ada/ex"], kind: .logs,
        expected: "/Users/ada/ex/logs", source: "EX_HOME"),
      PlatformRow(
        platform: .iOS, variables: ["EX_CACHE_DIR": "/var/mobile/c"], kind: .cache,
        expected: "/var/mobile/c", source: "EX_CACHE_DIR"),
      PlatformRow(
        platform: .android, variables: ["EX_HOME": "/data/local/ex"], kind: .config,
        expected: "/data/local/ex/config", source: "EX_HOME"),
      PlatformRow(
        platform: .windows, variables: ["EX_HOME": #"D:\Ex"#], kind: .state,
        expected: #"D:\Ex\state"#, source: "EX_HOME"),
      PlatformRow(
        platform: .windows, variables: ["EX_DATA_DIR": #"\\server\share\ex\"#], kind: .data,
        expected: #"\\server\share\ex"#, source: "EX_DATA_DIR"),
      PlatformRow(
        platform: .freeBSD, variables: ["EX_STATE_DIR": "/var/db/ex"], kind: .state,
        expected: "/var/db/ex", source: "EX_STATE_DIR"),
    ]

    static func sample(_ platform: OperatingSystem) -> ProcessEnvironment {
      switch platform {
      case .macOS: PlatformSamples.macOS()
      case .iOS: PlatformSamples.iOS()
      case .windows: PlatformSamples.windows()
      case .android: PlatformSamples.android()
      default: pureEnvironment(["HOME": "/home/ada"], platform: platform)
      }
    }

    @Test("The same rules hold on every platform", arguments: platformRows)
    func overridesOnEveryPlatform(_ row: PlatformRow) throws {
      var environment = Self.sample(row.platform)
      environment.variables.merge(row.variables) { $1 }
      let resolution = try AppDirectories(
        app: "ExampleApp", environmentPrefix: "EX", environment: environment
      )
      .resolution(for: row.kind)
      #expect(resolution.path == row.expected)
      #expect(resolution.source == .variable(row.source))
    }

    @Test("A Windows override must be a Windows absolute path")
    func windowsOverrideMustBeAbsoluteThere() throws {
      var environment = PlatformSamples.windows()
      environment.variables["EX_CACHE_DIR"] = "/srv/cache"
      let resolution = try AppDirectories(
        app: "ExampleApp", environmentPrefix: "EX", environment: environment
      )
      .resolution(for: .cache)
      #expect(resolution.source != .variable("EX_CACHE_DIR"))
      #expect(
        resolution.ignored.first
          == IgnoredValue(.variable("EX_CACHE_DIR"), .notAbsolute("/srv/cache")))
    }

    static let badPrefixes: [(String, NameProblem, String)] = [
      ("", .emptyEnvironmentPrefix, "the environment prefix is empty"),
      ("ex", .environmentPrefixStart, "an environment prefix starts with a capital letter A-Z"),
      ("1EX", .environmentPrefixStart, "an environment prefix starts with a capital letter A-Z"),
      ("_EX", .environmentPrefixStart, "an environment prefix starts with a capital letter A-Z"),
      (
        "EX-APP", .environmentPrefixCharacters,
        "an environment prefix is made of capital letters A-Z, digits and _ only"
      ),
      (
        "EXé", .environmentPrefixCharacters,
        "an environment prefix is made of capital letters A-Z, digits and _ only"
      ),
      (
        "EX APP", .environmentPrefixCharacters,
        "an environment prefix is made of capital letters A-Z, digits and _ only"
      ),
      ("XDG", .environmentPrefixXDG, "the environment prefix XDG belongs to the base directories"),
      (
        String(repeating: "A", count: 65), .environmentPrefixTooLong(bytes: 65),
        "the environment prefix is 65 bytes long; the limit is 64"
      ),
    ]

    @Test("A prefix that cannot name variables is an invalid name", arguments: badPrefixes)
    func badPrefixIsRefused(_ prefix: String, _ reason: NameProblem, _ text: String) {
      #expect(reason.description == text)
      #expect(throws: DirectoryError.invalidName(name: prefix, reason: reason)) {
        try AppDirectories(
          app: "ExampleApp", environmentPrefix: prefix, environment: pureEnvironment())
      }
      #expect(throws: DirectoryError.invalidName(name: prefix, reason: reason)) {
        try AppDirectories.validate(environmentPrefix: prefix)
      }
    }

    @Test(
      "Good prefixes",
      arguments: [
        "A", "EX", "SWIFTPM", "TUIST_XDG", "A1_", "XDGX", String(repeating: "Z", count: 64),
      ])
    func goodPrefixIsAccepted(_ prefix: String) throws {
      try AppDirectories.validate(environmentPrefix: prefix)
      let dirs = try AppDirectories(
        app: "ExampleApp", environmentPrefix: prefix,
        environment: pureEnvironment(["HOME": "/h", "\(prefix)_HOME": "/p"]))
      #expect(try dirs.url(for: .data).path == "/p/data")
    }

    @Test("An environment not captured from the process never reads the process's variables")
    func injectedEnvironmentStaysItsOwn() {
      let environment = pureEnvironment(["HOME": "/home/ada"])
      #expect(!environment.isCaptured)
      #expect(environment.readingOverrides(prefix: "PATH") == environment)
      #expect(
        ApplicationOverrides.variableNames(prefix: "EX") == [
          "EX_DATA_DIR", "EX_CONFIG_DIR", "EX_CACHE_DIR", "EX_STATE_DIR", "EX_LOG_DIR",
          "EX_RUNTIME_DIR", "EX_HOME",
        ])
    }
  }

  /// The overridden runtime directory on the file system: created 0700, checked, never replaced.
  @Suite("Overridden runtime directory")
  struct OverriddenRuntimeTests {
    @Test("A missing override is created 0700, parents included")
    func missingOverrideIsCreatedPrivate() throws {
      try TemporaryRoot.with { root in
        let environment = root.environment(["EX_RUNTIME_DIR": root.at("a/b/run")])
        let dirs = try AppDirectories(
          app: "ExampleApp", environmentPrefix: "EX", environment: environment)
        #expect(try dirs.directory(.runtime).path == root.at("a/b/run"))
        #expect(root.mode(root.at("a/b/run")).map { $0 & 0o7777 } == 0o700)
        #expect(try dirs.url(for: .runtime).path == root.at("a/b/run"))
      }
    }

    @Test(
      "An unsafe override is refused, never replaced by the fallback",
      arguments: [0o755, 0o711] as [mode_t])
    func unsafeOverrideIsRefused(_ mode: mode_t) throws {
      try TemporaryRoot.with { root in
        try root.makeDirectory("run", mode: mode)
        let environment = root.environment(["EX_HOME": root.path, "EX_RUNTIME_DIR": root.at("run")])
        let dirs = try AppDirectories(
          app: "ExampleApp", environmentPrefix: "EX", environment: environment)
        let expected = DirectoryError.insecureRuntimeDirectory(
          path: root.at("run"), problem: .mode(UInt32(mode)))
        #expect(throws: expected) { try dirs.directory(.runtime) }
        #expect(throws: expected) { try dirs.url(for: .runtime) }
        #expect(throws: expected) { try dirs.verifiedResolution(for: .runtime) }
        #expect(root.mode(root.at("run")).map { $0 & 0o7777 } == mode)
        #expect(!root.exists(root.at("tmp")))
      }
    }

    @Test("A symlink as the override is refused")
    func symlinkOverrideIsRefused() throws {
      try TemporaryRoot.with { root in
        try root.makeDirectory("real", mode: 0o700)
        try root.symlink("link", to: root.at("real"))
        let environment = root.environment(["EX_RUNTIME_DIR": root.at("link")])
        let dirs = try AppDirectories(
          app: "ExampleApp", environmentPrefix: "EX", environment: environment)
        #expect(
          throws: DirectoryError.insecureRuntimeDirectory(
            path: root.at("link"), problem: .symbolicLink)
        ) {
          try dirs.directory(.runtime)
        }
      }
    }
  }
#endif
