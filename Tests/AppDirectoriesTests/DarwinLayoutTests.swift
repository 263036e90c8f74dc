// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

// These tests make files, users and processes through POSIX calls.
#if !os(Windows)
  import Testing

  @testable import AppDirectoriesCore
  @testable import AppDirectoriesFiles
  @testable import AppDirectoriesMaintenance
  @testable import TestSupport

  @Suite("macOS and iOS layout")
  struct DarwinLayoutTests {
    static let organizations: [String?] = [nil, "Example"]

    /// The table of the app directories, with and without an organization (never in the path).
    static let macOSAppRows: [(AppDirectory, String)] = [
      (.data, "/Users/ada/Library/Application Support/ExampleApp"),
      (.config, "/Users/ada/Library/Application Support/ExampleApp"),
      (.cache, "/Users/ada/Library/Caches/ExampleApp"),
      (.state, "/Users/ada/Library/Application Support/ExampleApp"),
      (.logs, "/Users/ada/Library/Logs/ExampleApp"),
      (.runtime, "/var/folders/xy/abc123/T/ExampleApp"),
      (
        .shared(group: "group.com.example.app"),
        "/Users/ada/Library/Group Containers/group.com.example.app"
      ),
      (
        .shared(group: "ABCDE12345.com.example.app"),
        "/Users/ada/Library/Group Containers/ABCDE12345.com.example.app"
      ),
    ]

    /// The containers the system gives an app entitled to both groups.
    static let macOSGroups = [
      "group.com.example.app": "/Users/ada/Library/Group Containers/group.com.example.app",
      "ABCDE12345.com.example.app":
        "/Users/ada/Library/Group Containers/ABCDE12345.com.example.app",
    ]

    @Test(arguments: macOSAppRows, organizations)
    func macOSAppDirectoryFollowsTheTable(row: (AppDirectory, String), organization: String?)
      throws
    {
      var environment = PlatformSamples.macOS()
      environment.groupContainers = .paths(Self.macOSGroups)
      #expect(
        try PlatformSamples.appPath(row.0, organization: organization, in: environment) == row.1)
    }

    static let iOSAppRows: [(AppDirectory, String)] = [
      (
        .data,
        "/var/mobile/Containers/Data/Application/0C5A8E2B/Library/Application Support/ExampleApp"
      ),
      (
        .config,
        "/var/mobile/Containers/Data/Application/0C5A8E2B/Library/Application Support/ExampleApp"
      ),
      (.cache, "/var/mobile/Containers/Data/Application/0C5A8E2B/Library/Caches/ExampleApp"),
      (
        .state,
        "/var/mobile/Containers/Data/Application/0C5A8E2B/Library/Application Support/ExampleApp"
      ),
      (.logs, "/var/mobile/Containers/Data/Application/0C5A8E2B/Library/Logs/ExampleApp"),
      (.runtime, "/var/mobile/Containers/Data/Application/0C5A8E2B/tmp/ExampleApp"),
      (
        .shared(group: "group.com.example.app"),
        "/private/var/mobile/Containers/Shared/AppGroup/7F3E"
      ),
    ]

    @Test(arguments: iOSAppRows, organizations)
    func iOSAppDirectoryFollowsTheTable(row: (AppDirectory, String), organization: String?) throws {
      let environment = PlatformSamples.iOS(
        groups: ["group.com.example.app": "/private/var/mobile/Containers/Shared/AppGroup/7F3E/"])
      #expect(
        try PlatformSamples.appPath(row.0, organization: organization, in: environment) == row.1)
    }

    static let macOSBaseRows: [(StandardDirectory, String)] = [
      (.home, "/Users/ada"),
      (.data, "/Users/ada/Library/Application Support"),
      (.config, "/Users/ada/Library/Application Support"),
      (.cache, "/Users/ada/Library/Caches"),
      (.state, "/Users/ada/Library/Application Support"),
      (.runtime, "/var/folders/xy/abc123/T"),
      (.executables, "/Users/ada/.local/bin"),
      (.fonts, "/Users/ada/Library/Fonts"),
      (.documents, "/Users/ada/Documents"),
      (.downloads, "/Users/ada/Downloads"),
      (.desktop, "/Users/ada/Desktop"),
      (.music, "/Users/ada/Music"),
      (.pictures, "/Users/ada/Pictures"),
      (.videos, "/Users/ada/Movies"),
      (.publicShare, "/Users/ada/Public"),
      (.temporary, "/var/folders/xy/abc123/T"),
      (.library, "/Users/ada/Library"),
    ]

    @Test(arguments: macOSBaseRows)
    func macOSBaseDirectoryFollowsTheTable(row: (StandardDirectory, String)) throws {
      #expect(try PlatformSamples.basePath(row.0, in: PlatformSamples.macOS()) == row.1)
    }

    static let iOSBaseRows: [(StandardDirectory, String)] = [
      (.home, ""),
      (.data, "/Library/Application Support"),
      (.config, "/Library/Application Support"),
      (.cache, "/Library/Caches"),
      (.state, "/Library/Application Support"),
      (.runtime, "/tmp"),
      (.documents, "/Documents"),
      (.downloads, "/Documents/Downloads"),
      (.desktop, "/Documents/Desktop"),
      (.music, "/Documents/Music"),
      (.pictures, "/Documents/Pictures"),
      (.videos, "/Documents/Movies"),
      (.publicShare, "/Documents/Public"),
      (.temporary, "/tmp"),
      (.library, "/Library"),
    ]

    @Test(arguments: iOSBaseRows)
    func iOSBaseDirectoryIsInsideTheContainer(row: (StandardDirectory, String)) throws {
      #expect(
        try PlatformSamples.basePath(row.0, in: PlatformSamples.iOS())
          == PlatformSamples.container + row.1)
    }

    static let unsupportedRows: [(OperatingSystem, StandardDirectory)] = [
      (.macOS, .templates), (.iOS, .templates), (.iOS, .executables), (.iOS, .fonts),
      (.macCatalyst, .templates), (.macCatalyst, .executables),
    ]

    @Test(arguments: unsupportedRows)
    func kindWithoutANativeFolderIsUnsupported(row: (OperatingSystem, StandardDirectory)) {
      var environment = row.0 == .iOS ? PlatformSamples.iOS() : PlatformSamples.macOS()
      environment.platform = row.0
      #expect {
        try PlatformSamples.basePath(row.1, in: environment)
      } throws: { error in
        guard case .unsupported = error as? DirectoryError else { return false }
        return true
      }
    }

    /// `CFFIXED_USER_HOME`, `HOME` and `TMPDIR`, and what replaces them when they are unusable.
    static let overrideRows: [(OperatingSystem, [String: String?], AppDirectory, String)] = [
      // Foundation's order: CFFIXED_USER_HOME, the system's answer, then HOME.
      (
        .macOS, ["HOME": "/Volumes/Home/ada/"], .data,
        "/Users/ada/Library/Application Support/ExampleApp"
      ),
      (
        .macOS, ["CFFIXED_USER_HOME": "/Volumes/Fixed/"], .data,
        "/Volumes/Fixed/Library/Application Support/ExampleApp"
      ),
      (.macOS, ["CFFIXED_USER_HOME": "relative"], .cache, "/Users/ada/Library/Caches/ExampleApp"),
      (.macOS, ["HOME": nil], .cache, "/Users/ada/Library/Caches/ExampleApp"),
      (.macOS, ["HOME": "relative/home"], .logs, "/Users/ada/Library/Logs/ExampleApp"),
      (.macOS, ["TMPDIR": "/private/tmp/custom"], .runtime, "/private/tmp/custom/ExampleApp"),
      // Without the system's temporary directory and TMPDIR: never the shared one itself.
      (.macOS, ["TMPDIR": nil], .runtime, "/var/tmp/runtime-501/ExampleApp"),
      (.macOS, ["TMPDIR": "tmp"], .runtime, "/var/tmp/runtime-501/ExampleApp"),
      (
        .macOS, ["XDG_DATA_HOME": "/Users/ada/.local/share"], .data,
        "/Users/ada/Library/Application Support/ExampleApp"
      ),
      (
        .macOS, ["XDG_CACHE_HOME": "/Users/ada/.cache"], .cache,
        "/Users/ada/Library/Caches/ExampleApp"
      ),
      (
        .iOS, ["HOME": "/var/mobile/Containers/Data/Application/FFFF"], .cache,
        "/var/mobile/Containers/Data/Application/FFFF/Library/Caches/ExampleApp"
      ),
      (.iOS, ["TMPDIR": "/somewhere/else"], .runtime, "/somewhere/else/ExampleApp"),
      (
        .iOS, ["TMPDIR": nil], .runtime,
        "/var/mobile/Containers/Data/Application/0C5A8E2B/tmp/ExampleApp"
      ),
    ]

    @Test(arguments: overrideRows)
    func environmentOverridesApply(row: (OperatingSystem, [String: String?], AppDirectory, String))
      throws
    {
      let environment =
        row.0 == .macOS ? PlatformSamples.macOS(row.1) : PlatformSamples.iOS(row.1)
      #expect(try PlatformSamples.appPath(row.2, in: environment) == row.3)
    }

    @Test func relativeTMPDIRIsIgnoredWithAWarning() throws {
      let resolution = try StandardDirectories(
        environment: PlatformSamples.macOS(["TMPDIR": "tmp"])
      ).resolution(for: .temporary)
      #expect(resolution.path == "/var/tmp")
      #expect(resolution.warnings.map(\.message).contains { $0.contains("TMPDIR") })
    }

    @Test func iOSTemporaryDirectoryWithoutTMPDIRIsTheContainersTmp() throws {
      #expect(
        try PlatformSamples.basePath(.temporary, in: PlatformSamples.iOS(["TMPDIR": nil]))
          == PlatformSamples.container + "/tmp")
    }

    @Test func userDirsFileIsNotReadOnMacOS() throws {
      var environment = PlatformSamples.macOS()
      environment.userDirectoriesFile = .contents("XDG_DOCUMENTS_DIR=\"$HOME/Docs\"\n")
      #expect(try PlatformSamples.basePath(.documents, in: environment) == "/Users/ada/Documents")
    }

    @Test func xdgLayoutOnMacOSFollowsTheXDGRules() throws {
      let environment = PlatformSamples.macOS(["XDG_CONFIG_HOME": "/Users/ada/dotfiles"])
      #expect(
        try PlatformSamples.appPath(.data, layout: .xdg, in: environment)
          == "/Users/ada/.local/share/ExampleApp")
      #expect(
        try PlatformSamples.appPath(.config, layout: .xdg, in: environment)
          == "/Users/ada/dotfiles/ExampleApp")
      #expect(
        try PlatformSamples.appPath(.cache, layout: .xdg, in: environment)
          == "/Users/ada/.cache/ExampleApp")
      #expect(
        try PlatformSamples.basePath(.library, layout: .xdg, in: environment)
          == "/Users/ada/.local/share")
    }

    @Test func xdgLayoutIsIgnoredInAnIOSContainer() throws {
      #expect(
        try PlatformSamples.appPath(.data, layout: .xdg, in: PlatformSamples.iOS())
          == PlatformSamples.container + "/Library/Application Support/ExampleApp")
    }

    @Test func macOSSearchesTheLocalDomainAfterTheUsersOwn() throws {
      let dirs = try AppDirectories(app: "ExampleApp", environment: PlatformSamples.macOS())
      for kind in [AppDirectory.data, .config] {
        #expect(
          try dirs.searchResolutions(for: kind).map(\.path) == [
            "/Users/ada/Library/Application Support/ExampleApp",
            "/Library/Application Support/ExampleApp",
          ])
      }
      #expect(
        try dirs.searchResolutions(for: .cache).map(\.path) == [
          "/Users/ada/Library/Caches/ExampleApp"
        ])
    }

    @Test func iOSSearchesOnlyTheContainer() throws {
      let dirs = try AppDirectories(app: "ExampleApp", environment: PlatformSamples.iOS())
      #expect(
        try dirs.searchResolutions(for: .data).map(\.path) == [
          PlatformSamples.container + "/Library/Application Support/ExampleApp"
        ])
    }

    @Test func macOSGroupContainerFromTheSystemWins() throws {
      var environment = PlatformSamples.macOS()
      environment.groupContainers = .paths(
        ["group.com.example.app": "/Users/ada/Library/Group Containers/group.com.example.app"])
      let resolution = try AppDirectories(app: "ExampleApp", environment: environment)
        .resolution(for: .shared(group: "group.com.example.app"))
      #expect(resolution.source == .system("containerURL"))
    }

    @Test func iOSGroupWithoutAContainerIsUnsupported() {
      #expect {
        try PlatformSamples.appPath(
          .shared(group: "group.com.example.other"), in: PlatformSamples.iOS())
      } throws: { error in
        guard case .unsupported = error as? DirectoryError else { return false }
        return true
      }
    }

    @Test("The layout asked with the system's containers unread gives no container")
    func layoutWithUnreadSystemContainers() {
      // The library reads the system's answer before it asks the layout; asked directly, the
      // layout has no answer to use.
      var environment = PlatformSamples.macOS()
      environment.groupContainers = .system
      #expect(
        throws: DirectoryError.unsupported(reason: .appGroupNotEntitled(group: "group.com.example"))
      ) {
        try environment.layout(.native).app(
          .shared(group: "group.com.example"), name: "ExampleApp", organization: nil)
      }
    }

    @Test("On the Mac, a group the app is not entitled to has no container, and nothing is made")
    func macOSGroupWithoutEntitlementIsUnsupported() throws {
      try TemporaryRoot.with { root in
        var environment = PlatformSamples.macOS(["HOME": root.home])
        environment.passwordDatabaseHome = nil
        // What the capture leaves when the code signature does not list the group.
        environment.groupContainers = .paths([:])
        let dirs = try AppDirectories(app: "ExampleApp", environment: environment)
        #expect(
          throws: DirectoryError.unsupported(
            reason: .appGroupNotEntitled(group: "group.com.example.app"))
        ) {
          try dirs.directory(.shared(group: "group.com.example.app"))
        }
        #expect(TemporaryRoot.fileStatus(root.home + "/Library") == nil)
      }
    }

    /// Foundation's order of the home on Apple platforms, one row per step.
    static let appleHomeRows:
      [(
        variables: [String: String], passwordDatabase: String?, home: String,
        source: DirectorySource
      )] = [
        (
          ["CFFIXED_USER_HOME": "/fixed", "HOME": "/home"], "/passwd", "/fixed",
          .variable("CFFIXED_USER_HOME")
        ),
        (["CFFIXED_USER_HOME": "", "HOME": "/home"], "/passwd", "/passwd", .passwordDatabase),
        (["CFFIXED_USER_HOME": "fixed", "HOME": "/home"], "/passwd", "/passwd", .passwordDatabase),
        (["HOME": "/home/"], nil, "/home", .variable("HOME")),
      ]

    @Test(arguments: appleHomeRows, [OperatingSystem.macOS, .iOS, .macCatalyst])
    func appleHomeFollowsFoundationsOrder(
      row: (
        variables: [String: String], passwordDatabase: String?, home: String,
        source: DirectorySource
      ),
      platform: OperatingSystem
    ) throws {
      let environment = ProcessEnvironment(
        variables: row.variables, passwordDatabaseHome: row.passwordDatabase, platform: platform)
      let resolution = try StandardDirectories(environment: environment).resolution(for: .home)
      #expect(resolution.path == row.home)
      #expect(resolution.source == row.source)
    }

    @Test("A relative CFFIXED_USER_HOME is passed over with a warning that names it")
    func relativeFixedHomeIsWarnedAbout() throws {
      let environment = ProcessEnvironment(
        variables: ["CFFIXED_USER_HOME": "fixed"], passwordDatabaseHome: "/Users/ada",
        platform: .macOS)
      let resolution = try StandardDirectories(environment: environment).resolution(for: .home)
      #expect(resolution.path == "/Users/ada")
      #expect(
        resolution.ignored == [IgnoredValue(.variable("CFFIXED_USER_HOME"), .notAbsolute("fixed"))])
    }

    @Test("In a setuid process CFFIXED_USER_HOME is not trusted")
    func fixedHomeIsDistrustedWhenSecure() throws {
      let environment = ProcessEnvironment(
        variables: ["CFFIXED_USER_HOME": "/attacker"], passwordDatabaseHome: "/Users/ada",
        platform: .macOS, isSecureExecution: true)
      #expect(
        try StandardDirectories(environment: environment).resolution(for: .home).path
          == "/Users/ada")
    }

    @Test("Linux keeps HOME first: CFFIXED_USER_HOME and the password database come after it")
    func linuxHomeIsUnchanged() throws {
      let environment = ProcessEnvironment(
        variables: ["CFFIXED_USER_HOME": "/fixed", "HOME": "/home/ada"],
        passwordDatabaseHome: "/passwd",
        platform: .linux)
      #expect(
        try StandardDirectories(environment: environment).resolution(for: .home).path == "/home/ada"
      )
    }

    @Test(
      "The system's per-user temporary directory comes before TMPDIR",
      arguments: [OperatingSystem.macOS, .iOS, .macCatalyst])
    func systemTemporaryDirectoryComesFirst(platform: OperatingSystem) throws {
      var environment = PlatformSamples.macOS(["TMPDIR": "/somewhere/else/"])
      environment.platform = platform
      environment.systemTemporaryDirectory = "/var/folders/zz/xyz/T/"
      let temporary = try StandardDirectories(environment: environment).resolution(for: .temporary)
      #expect(temporary.path == "/var/folders/zz/xyz/T")
      #expect(temporary.source == .system("confstr(_CS_DARWIN_USER_TEMP_DIR)"))
      #expect(
        try PlatformSamples.appPath(.runtime, in: environment) == "/var/folders/zz/xyz/T/ExampleApp"
      )
    }

    @Test("The Mac's shared fallback for the runtime directory is a private folder, checked")
    func macOSRuntimeFallbackIsPrivate() throws {
      let resolution = try StandardDirectories(environment: PlatformSamples.macOS(["TMPDIR": nil]))
        .resolution(for: .runtime)
      #expect(resolution.path == "/var/tmp/runtime-501")
      #expect(resolution.source == .fallback)
      #expect(
        resolution.requirement
          == .privateDirectory(base: "/var/tmp/runtime-501", createsIfMissing: true, otherwise: nil)
      )
    }

    static let catalystRows: [(StandardDirectory, String)] = [
      (.downloads, "/Downloads"), (.desktop, "/Desktop"), (.videos, "/Movies"),
      (.fonts, "/Library/Fonts"), (.documents, "/Documents"), (.cache, "/Library/Caches"),
    ]

    @Test(
      "Mac Catalyst has the Mac's folders in its container, not an iPhone's",
      arguments: catalystRows)
    func macCatalystUsesTheMacsFolders(row: (StandardDirectory, String)) throws {
      let container = "/Users/ada/Library/Containers/com.example.app/Data"
      let environment = ProcessEnvironment(
        variables: ["CFFIXED_USER_HOME": container, "HOME": container],
        passwordDatabaseHome: "/Users/ada",
        platform: .macCatalyst)
      #expect(try PlatformSamples.basePath(row.0, in: environment) == container + row.1)
    }

    @Test("Mac Catalyst searches only its container, and takes group identifiers as iOS does")
    func macCatalystSearchAndGroups() throws {
      var environment = PlatformSamples.macOS()
      environment.platform = .macCatalyst
      let dirs = try AppDirectories(app: "ExampleApp", environment: environment)
      #expect(
        try dirs.searchResolutions(for: .data).map(\.path) == [
          "/Users/ada/Library/Application Support/ExampleApp"
        ])
      #expect(throws: DirectoryError.self) {
        try AppDirectories.validate(groupIdentifier: "ABCDE12345.com.example.app", on: .macCatalyst)
      }
      #expect(throws: Never.self) {
        try AppDirectories.validate(groupIdentifier: "group.com.example.app", on: .macCatalyst)
      }
      #expect(
        throws: DirectoryError.unsupported(
          reason: .appGroupNotEntitled(group: "group.com.example.app"))
      ) {
        try dirs.resolution(for: .shared(group: "group.com.example.app"))
      }
    }

    @Test func macOSWithoutAnyHomeThrowsHomeUnavailable() {
      var environment = PlatformSamples.macOS(["HOME": nil])
      environment.passwordDatabaseHome = nil
      #expect {
        try PlatformSamples.appPath(.data, in: environment)
      } throws: { error in
        guard case .homeUnavailable = error as? DirectoryError else { return false }
        return true
      }
    }
  }
#endif
