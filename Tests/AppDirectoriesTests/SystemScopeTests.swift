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

  /// The machine's directories of a service or an install for every user (SPEC section 15):
  /// the table of every platform, the search lists, the precedence of the service manager and
  /// the overrides, and the isolated environment's containment.
  @Suite("System scope")
  struct SystemScopeTests {
    static func linux(_ platform: OperatingSystem = .linux, uid: UInt32 = 1000)
      -> ProcessEnvironment
    {
      ProcessEnvironment(
        variables: ["HOME": "/home/ada"], effectiveUserID: uid, platform: platform)
    }

    static func system(
      _ environment: ProcessEnvironment, organization: String? = nil, prefix: String? = nil,
      layout: DirectoryLayout = .native
    ) throws -> AppDirectories {
      try AppDirectories(
        app: "ExampleApp", organization: organization, layout: layout, environmentPrefix: prefix,
        scope: .system, environment: environment)
    }

    /// The table of SPEC section 15, row by row, for each platform that has one.
    static let table: [(platform: String, kind: AppDirectory, path: String)] = [
      ("linux", .data, "/var/lib/ExampleApp"),
      ("linux", .config, "/etc/ExampleApp"),
      ("linux", .cache, "/var/cache/ExampleApp"),
      ("linux", .state, "/var/lib/ExampleApp"),
      ("linux", .logs, "/var/log/ExampleApp"),
      ("linux", .runtime, "/run/ExampleApp"),
      ("freebsd", .state, "/var/lib/ExampleApp"),
      ("freebsd", .runtime, "/var/run/ExampleApp"),
      ("openbsd", .config, "/etc/ExampleApp"),
      ("openbsd", .runtime, "/var/run/ExampleApp"),
      ("macos", .data, "/Library/Application Support/ExampleApp"),
      ("macos", .config, "/Library/Application Support/ExampleApp"),
      ("macos", .cache, "/Library/Caches/ExampleApp"),
      ("macos", .state, "/Library/Application Support/ExampleApp"),
      ("macos", .logs, "/Library/Logs/ExampleApp"),
      ("macos", .runtime, "/var/run/ExampleApp"),
      ("windows", .data, #"C:\ProgramData\ExampleApp"#),
      ("windows", .config, #"C:\ProgramData\ExampleApp"#),
      ("windows", .cache, #"C:\ProgramData\ExampleApp\Cache"#),
      ("windows", .state, #"C:\ProgramData\ExampleApp"#),
      ("windows", .logs, #"C:\ProgramData\ExampleApp\Logs"#),
    ]

    static func environment(named name: String) -> ProcessEnvironment {
      switch name {
      case "macos": PlatformSamples.macOS()
      case "windows": PlatformSamples.windows()
      case "freebsd": linux(.freeBSD)
      case "openbsd": linux(.openBSD)
      default: linux()
      }
    }

    @Test(arguments: table)
    func eachPlatformHasTheMachinesTable(platform: String, kind: AppDirectory, path: String)
      throws
    {
      let environment = Self.environment(named: platform)
      let resolution = try Self.system(environment).resolution(for: kind)
      #expect(resolution.path == path)
      #expect(resolution.source == .default)
      #expect(resolution.requirement == nil)
      #expect(resolution.warnings.isEmpty)
      // The user's scope is the default and is unchanged, for root too.
      let user = try AppDirectories(app: "ExampleApp", environment: environment)
      #expect(user.scope == .user)
      #expect(try user.resolution(for: kind).path != path)
    }

    /// Root in the user's scope keeps the user's directories: no silent switch.
    @Test func rootStaysInTheUsersScope() throws {
      let environment = ProcessEnvironment(
        variables: ["HOME": "/root"], effectiveUserID: 0, platform: .linux)
      let dirs = try AppDirectories(app: "ExampleApp", environment: environment)
      #expect(try dirs.resolution(for: .state).path == "/root/.local/state/ExampleApp")
      #expect(try Self.system(environment).resolution(for: .state).path == "/var/lib/ExampleApp")
    }

    /// Windows: the organization's folder, the ProgramData known folder before its variable,
    /// the variable before `%SystemDrive%`, and no machine-wide runtime directory.
    @Test func windowsUsesProgramData() throws {
      let sample = PlatformSamples.windows()
      #expect(
        try Self.system(sample, organization: "Example").resolution(for: .logs).path
          == #"C:\ProgramData\Example\ExampleApp\Logs"#)
      let known = PlatformSamples.windows(
        ["ProgramData": #"E:\Data"#], knownFolders: [.programData: #"D:\ProgramData"#])
      let fromKnown = try Self.system(known).resolution(for: .data)
      #expect(fromKnown.path == #"D:\ProgramData\ExampleApp"#)
      #expect(fromKnown.source == .system("FOLDERID_ProgramData"))
      let fromVariable = try Self.system(PlatformSamples.windows(["ProgramData": #"E:\Data"#]))
        .resolution(for: .data)
      #expect(fromVariable.path == #"E:\Data\ExampleApp"#)
      #expect(fromVariable.source == .variable("ProgramData"))
      let onDrive = try Self.system(PlatformSamples.windows(["SystemDrive": "F:"]))
      #expect(try onDrive.resolution(for: .cache).path == #"F:\ProgramData\ExampleApp\Cache"#)
      let odd = try Self.system(PlatformSamples.windows(["SystemDrive": "nonsense"]))
      #expect(try odd.resolution(for: .cache).path == #"C:\ProgramData\ExampleApp\Cache"#)
      #expect(throws: DirectoryError.unsupported(reason: .machineWide(.runtime, on: .windows))) {
        try Self.system(sample).resolution(for: .runtime)
      }
    }

    /// An app in a container has no machine-wide directories: a typed error, whatever the kind.
    @Test(arguments: [OperatingSystem.iOS, .macCatalyst, .android])
    func containedAppsHaveNone(platform: OperatingSystem) throws {
      let environment = ProcessEnvironment(
        variables: ["HOME": "/container"], platform: platform, androidAppStorage: "/data/app")
      let dirs = try Self.system(environment)
      for kind in AppDirectory.ownKinds {
        #expect(throws: DirectoryError.unsupported(reason: .machineWide(kind, on: platform))) {
          try dirs.resolution(for: kind)
        }
      }
      let error = DirectoryError.unsupported(reason: .machineWide(.state, on: platform))
      #expect(error.description.contains("no machine-wide"))
      #expect(error.recoverySuggestion.contains("scope: .user"))
    }

    /// The search lists are the user's without the user's own entry, and without the machine's
    /// directory twice; the base directories that are not the application's stay the user's.
    @Test func searchListsAndBaseDirectories() throws {
      let linux = try Self.system(Self.linux())
      #expect(
        try linux.searchResolutions(for: .data).map(\.path) == [
          "/var/lib/ExampleApp", "/usr/local/share/ExampleApp", "/usr/share/ExampleApp",
        ])
      #expect(
        try linux.searchResolutions(for: .config).map(\.path) == [
          "/etc/ExampleApp", "/etc/xdg/ExampleApp",
        ])
      let mac = try Self.system(PlatformSamples.macOS())
      #expect(
        try mac.searchResolutions(for: .data).map(\.path) == [
          "/Library/Application Support/ExampleApp"
        ])
      let standard = StandardDirectories(scope: .system, environment: Self.linux())
      #expect(standard.scope == .system)
      #expect(try standard.resolution(for: .data).path == "/var/lib")
      #expect(try standard.resolution(for: .config).path == "/etc")
      #expect(try standard.resolution(for: .runtime).path == "/run")
      #expect(try standard.resolution(for: .documents).path == "/home/ada/Documents")
      #expect(try standard.resolution(for: .temporary).path == "/tmp")
      #expect(linux.standardDirectories.scope == .system)
    }

    /// A group's container is where the platform keeps it, in either scope.
    @Test func groupContainersStayThePlatforms() throws {
      let environment = Self.linux()
      let user = environment.layout(.native)
      let system = environment.layout(.native, scope: .system)
      let group = AppDirectory.shared(group: "group.example")
      #expect(
        try system.place(group, name: "ExampleApp", organization: nil).resolution
          == user.place(group, name: "ExampleApp", organization: nil).resolution)
    }

    /// The layout changes only the user's directories: macOS keeps `/Library` with `.xdg`.
    @Test func theLayoutChangesOnlyTheUsersDirectories() throws {
      let dirs = try Self.system(PlatformSamples.macOS(), layout: .xdg)
      #expect(try dirs.resolution(for: .cache).path == "/Library/Caches/ExampleApp")
      #expect(
        try dirs.standardDirectories.resolution(for: .documents).path == "/Users/ada/Documents")
    }

    /// Precedence in system scope: the application's own variable, then the service manager's
    /// entry, then P_HOME, then the machine's table.
    @Test func overridesAndTheServiceManagerComeFirst() throws {
      let environment = ProcessEnvironment(
        variables: [
          "HOME": "/home/ada", "STATE_DIRECTORY": "/var/lib/private/ExampleApp",
          "EXAMPLEAPP_CACHE_DIR": "/srv/cache", "EXAMPLEAPP_HOME": "/srv/exampleapp",
        ], platform: .linux)
      let dirs = try Self.system(environment, prefix: "EXAMPLEAPP")
      let state = try dirs.resolution(for: .state)
      #expect(state.path == "/var/lib/private/ExampleApp")
      #expect(state.source == .variable("STATE_DIRECTORY"))
      #expect(try dirs.resolution(for: .cache).path == "/srv/cache")
      #expect(try dirs.resolution(for: .config).path == "/srv/exampleapp/config")
      let plain = try Self.system(
        ProcessEnvironment(
          variables: ["HOME": "/home/ada", "STATE_DIRECTORY": "/var/lib/other"], platform: .linux))
      let passedOver = try plain.resolution(for: .state)
      #expect(passedOver.path == "/var/lib/ExampleApp")
      #expect(
        passedOver.ignored == [
          IgnoredValue(.variable("STATE_DIRECTORY"), .anotherApplication("/var/lib/other"))
        ])
    }

    /// An isolated environment keeps the machine's directories inside its root, on every
    /// platform that has them.
    @Test(arguments: [OperatingSystem.linux, .freeBSD, .macOS, .windows])
    func isolationContainsTheMachinesDirectories(platform: OperatingSystem) throws {
      let root = platform == .windows ? #"D:\isolated"# : "/isolated/root"
      let environment = ProcessEnvironment.isolated(
        inNativePath: root, platform: platform, effectiveUserID: 1000)
      let dirs = try Self.system(environment)
      for kind in AppDirectory.ownKinds where !(platform == .windows && kind == .runtime) {
        let path = try dirs.resolution(for: kind).path
        #expect(platform.path(path, isInside: root), "\(kind): \(path)")
        #expect(path.hasPrefix(platform.pathStyle.join(root, "system")), "\(kind): \(path)")
      }
    }

    /// Found, a machine-wide directory costs one system call, as the user's do; made, it is
    /// 0700 like any other, inside the isolated root.
    @Test func theSteadyStateIsOneSystemCall() throws {
      try TemporaryRoot.with { root in
        let recorder = RecordingSystemCalls()
        let dirs = try AppDirectories(
          app: "ExampleApp", organization: nil, layout: .native, scope: .system,
          environment: .isolated(inPath: root.path), syscalls: recorder.syscalls)
        let state = try dirs.directoryPath(.state)
        #expect(state == root.at("system/var/lib/ExampleApp"))
        #expect(root.mode(state) == 0o700)
        recorder.reset()
        #expect(try dirs.directoryPath(.state) == state)
        #expect(recorder.calls.count == 1, "\(recorder.calls)")
        #expect(try dirs.directoryPath(.runtime) == root.at("system/run/ExampleApp"))
        #expect(!FileManager.default.fileExists(atPath: root.home))
      }
    }

    /// The machine's folders hold applications' directories, and nothing else of this table is
    /// a folder a user without privileges could write to.
    @Test func theMachinesFoldersAreKnownBySpelling() {
      #expect(SystemLayout.isMachineFolder("/var/lib", on: .linux))
      #expect(SystemLayout.isMachineFolder("/run", on: .linux))
      #expect(!SystemLayout.isMachineFolder("/run", on: .freeBSD))
      #expect(SystemLayout.isMachineFolder("/Library/Caches", on: .macOS))
      #expect(SystemLayout.isMachineFolder(#"C:\ProgramData"#, on: .windows))
      #expect(!SystemLayout.isMachineFolder("/home/ada", on: .linux))
      let denied = DirectoryError.permissionDenied(path: "/var/lib", errno: .permissionDenied)
      #expect(
        denied.recoverySuggestion(for: .linux).contains("run as root or as the service's user"))
      let other = DirectoryError.permissionDenied(path: "/home/ada", errno: .permissionDenied)
      #expect(!other.recoverySuggestion(for: .linux).contains("service"))
      #expect(
        DirectoryError.permissionDenied(path: #"C:\ProgramData"#, errno: .permissionDenied)
          .recoverySuggestion(for: .windows).contains("administrator"))
    }
  }
#endif
