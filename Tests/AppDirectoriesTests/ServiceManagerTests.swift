// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

// These tests make files through POSIX calls.
#if !os(Windows)
  import Foundation
  import Testing

  @testable import AppDirectoriesCore
  @testable import AppDirectoriesFiles
  @testable import AppDirectoriesMaintenance
  @testable import TestSupport

  /// The directories the service manager made for the unit (SPEC section 15):
  /// `STATE_DIRECTORY` and its siblings, with the name match, the precedence and the source.
  @Suite("The service manager's directories")
  struct ServiceManagerTests {
    static func directories(
      _ root: TemporaryRoot, _ variables: [String: String], app: String = "exampleapp",
      prefix: String? = nil, syscalls: any SystemCalls = LiveSystemCalls()
    ) throws -> AppDirectories {
      try AppDirectories(
        app: app, organization: nil, layout: .native, environmentPrefix: prefix,
        environment: root.environment(variables), syscalls: syscalls)
    }

    static let variables: [(variable: String, kind: AppDirectory)] = [
      ("STATE_DIRECTORY", .state), ("CACHE_DIRECTORY", .cache), ("LOGS_DIRECTORY", .logs),
      ("CONFIGURATION_DIRECTORY", .config), ("RUNTIME_DIRECTORY", .runtime),
    ]

    /// Each variable names its kind's directory, used as it is: a runtime directory of mode
    /// 0755 (systemd's default) is neither refused nor changed, and an existing directory costs
    /// one system call.
    @Test(arguments: variables)
    func eachVariableNamesItsKind(variable: String, kind: AppDirectory) throws {
      try TemporaryRoot.with { root in
        let path = root.at("var/\(variable)/exampleapp")
        try root.makeDirectory(path, mode: 0o755)
        let recorder = RecordingSystemCalls()
        let dirs = try Self.directories(root, [variable: path], syscalls: recorder.syscalls)
        let resolution = try dirs.verifiedResolution(for: kind)
        #expect(resolution.path == path)
        #expect(resolution.source == .variable(variable))
        #expect(resolution.warnings.isEmpty)
        #expect(resolution.requirement == nil)
        #expect(try dirs.directoryPath(kind) == path)
        recorder.reset()
        #expect(try dirs.directoryPath(kind) == path)
        if kind != .runtime { #expect(recorder.calls.count == 1, "\(recorder.calls)") }
        #expect(root.mode(path) == 0o755)
        // Data has no variable of its own: it stays the platform's.
        #expect(try dirs.resolution(for: .data).source == .default)
      }
    }

    /// Base directories and search lists are the platform's.
    @Test func baseDirectoriesAreThePlatforms() throws {
      try TemporaryRoot.with { root in
        let environment = root.environment(["STATE_DIRECTORY": root.at("lib/state")])
        let platform = environment.layout(.native, roaming: false)
        let service = ServiceManagerDirectories(environment: environment, platformLayout: platform)
        let base = try service.base(.state)
        #expect(base == (try platform.base(.state)))
        #expect(service.searchBases(.data) == platform.searchBases(.data))
      }
    }

    /// The application's entry is the one whose last component is its name; the others belong
    /// to the unit under other names and are passed over without a warning.
    @Test func theEntryForTheApplicationsNameIsChosen() throws {
      try TemporaryRoot.with { root in
        let other = root.at("lib/other")
        let mine = root.at("lib/exampleapp")
        let dirs = try Self.directories(root, ["STATE_DIRECTORY": "\(other):\(mine)"])
        let resolution = try dirs.resolution(for: .state)
        #expect(resolution.path == mine)
        #expect(
          resolution.ignored == [
            IgnoredValue(.variable("STATE_DIRECTORY"), .anotherApplication(other))
          ])
        #expect(resolution.warnings.isEmpty)
        // After the application's own, the unit's other names are recorded too, for doctor;
        // the first of the application's is the one used.
        let after = try Self.directories(
          root, ["STATE_DIRECTORY": "\(mine):\(other):\(root.at("lib2/exampleapp"))"]
        ).resolution(for: .state)
        #expect(after.path == mine)
        #expect(
          after.ignored == [IgnoredValue(.variable("STATE_DIRECTORY"), .anotherApplication(other))])

        let foreign = try Self.directories(root, ["STATE_DIRECTORY": other])
        let fallback = try foreign.resolution(for: .state)
        #expect(fallback.path == root.home + "/.local/state/exampleapp")
        #expect(fallback.source == .default)
        #expect(
          fallback.ignored.contains(
            IgnoredValue(.variable("STATE_DIRECTORY"), .anotherApplication(other))))
        #expect(fallback.warnings.isEmpty)
        #expect(
          IgnoredValue(.variable("STATE_DIRECTORY"), .anotherApplication(other)).description
            == "STATE_DIRECTORY names \(other), the unit's directory for another name")
      }
    }

    /// Entries that cannot be the application's are passed over with a warning; the platform's
    /// rule applies.
    @Test(arguments: [
      ("lib/exampleapp", "is not an absolute path"),
      ("/srv/x/../exampleapp", "whose .. leads out of it"),
      // Its last component is not the application's name, but it is no other name either.
      ("/var/lib/exampleapp/..", "whose .. leads out of it"),
      ("/srv/a::/srv/b", "is not an absolute path (\"\")"),
    ])
    func anEntryThatCannotBeTheApplicationsIsWarnedAbout(value: String, words: String) throws {
      try TemporaryRoot.with { root in
        let dirs = try Self.directories(root, ["STATE_DIRECTORY": value])
        let resolution = try dirs.resolution(for: .state)
        #expect(resolution.path == root.home + "/.local/state/exampleapp")
        #expect(resolution.warningText.contains(words), "\(resolution.warningText)")
      }
    }

    /// A directory of the system, the home or a base directory is never an application's own,
    /// even when the application is named after it.
    @Test(arguments: [
      ("lib", "/var/lib"), ("etc", "/etc"), ("home", "~"), ("state", "~/.local/state"),
      // Named after another application, or none: still the system's, and warned about.
      ("exampleapp", "/var/lib"), ("exampleapp", "/etc"),
    ])
    func aSystemOrBaseDirectoryIsNeverTheApplications(app: String, entry: String) throws {
      try TemporaryRoot.with { root in
        let path = entry.hasPrefix("~") ? root.home + entry.dropFirst() : entry
        let dirs = try Self.directories(root, ["STATE_DIRECTORY": path], app: app)
        let resolution = try dirs.resolution(for: .state)
        #expect(resolution.path == root.home + "/.local/state/\(app)")
        let warning = try #require(resolution.warnings.first)
        #expect(warning.message.contains("a directory of the system or a base directory"))
        #expect(warning.suggestion.contains("StateDirectory=NAME, where NAME is the application's"))
      }
    }

    /// `P_<KIND>_DIR`, then the service manager's entry, then `P_HOME`, then the platform's
    /// rule.
    @Test func theOverridesAndTheServiceManagerTakeTheirTurns() throws {
      try TemporaryRoot.with { root in
        let service = root.at("lib/exampleapp")
        let both = try Self.directories(
          root,
          ["STATE_DIRECTORY": service, "EX_STATE_DIR": root.at("own"), "EX_HOME": root.at("h")],
          prefix: "EX")
        #expect(try both.resolution(for: .state).path == root.at("own"))
        let serviceAndHome = try Self.directories(
          root, ["STATE_DIRECTORY": service, "EX_HOME": root.at("h")], prefix: "EX")
        let resolution = try serviceAndHome.resolution(for: .state)
        #expect(resolution.path == service)
        #expect(resolution.source == .variable("STATE_DIRECTORY"))
        #expect(try serviceAndHome.resolution(for: .cache).path == root.at("h/cache"))
        let foreignAndHome = try Self.directories(
          root, ["STATE_DIRECTORY": root.at("lib/other"), "EX_HOME": root.at("h")], prefix: "EX")
        let home = try foreignAndHome.resolution(for: .state)
        #expect(home.path == root.at("h/state"))
        #expect(home.ignored.contains { $0.reason == .anotherApplication(root.at("lib/other")) })
        let foreignOnly = try Self.directories(
          root, ["STATE_DIRECTORY": root.at("lib/other")], prefix: "EX")
        #expect(
          try foreignOnly.resolution(for: .state).path == root.home + "/.local/state/exampleapp")
      }
    }

    /// Not on other platforms, not in a setuid process, not outside `appdirs sandbox`'s root.
    @Test func whereTheVariablesAreNotTrusted() throws {
      try TemporaryRoot.with { root in
        let entry = root.at("lib/exampleapp")
        let mac = try AppDirectories(
          app: "exampleapp", organization: nil, layout: .native,
          environment: PlatformSamples.macOS(["STATE_DIRECTORY": entry]), syscalls: .live)
        #expect(try mac.resolution(for: .state).path != entry)
        let secure = ProcessEnvironment(
          variables: ["HOME": root.home, "STATE_DIRECTORY": entry], passwordDatabaseHome: root.home,
          effectiveUserID: 0, platform: .linux, isSecureExecution: true)
        let untrusted = try AppDirectories(
          app: "exampleapp", organization: nil, layout: .native, environment: secure,
          syscalls: .live)
        let resolution = try untrusted.resolution(for: .state)
        #expect(resolution.path == root.home + "/.local/state/exampleapp")
        #expect(resolution.ignored.contains { $0.reason == .untrustedInSecureExecution })
        var sandboxed = root.environment(["STATE_DIRECTORY": "/var/lib/exampleapp"])
        sandboxed.isCaptured = true
        let inSandbox = try AppDirectories(
          app: "exampleapp", organization: nil, layout: .native, environment: sandboxed,
          syscalls: .live)
        #expect(
          try inSandbox.resolution(for: .state).path == root.home + "/.local/state/exampleapp")
        let undecodable = ProcessEnvironment(
          variables: ["HOME": root.home], platform: .linux,
          undecodableVariables: ["STATE_DIRECTORY": [0x2F, 0xFF]])
        let bytes = try AppDirectories(
          app: "exampleapp", organization: nil, layout: .native, environment: undecodable,
          syscalls: .live)
        #expect(try bytes.resolution(for: .state).ignored.contains { $0.reason == .notUTF8 })
      }
    }
  }
#endif
