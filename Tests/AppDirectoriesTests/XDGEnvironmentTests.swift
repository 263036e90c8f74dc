// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

import Testing

@testable import AppDirectoriesCore
@testable import AppDirectoriesFiles
@testable import AppDirectoriesMaintenance
@testable import TestSupport

/// The XDG Base Directory rules for `XDG_*_HOME`, `XDG_*_DIRS`, `HOME` and setuid processes
/// (SPEC section 3, "Environment rules"). Pure resolution: nothing here touches the file system.
@Suite("XDG environment variables")
struct XDGEnvironmentTests {
  /// The warnings of a search list's relative entries, word for word, in order.
  static func ignoredEntries(_ variable: String, _ entries: [String]) -> [String] {
    entries.map { "\(variable) entry \"\($0)\" is not an absolute path and is ignored" }
  }

  static let home = "/home/ada"

  /// One of the four `XDG_*_HOME` variables and what it decides.
  struct BaseVariable: Sendable, CustomTestStringConvertible {
    let name: String
    let kind: StandardDirectory
    let appKind: AppDirectory
    let defaultFolder: String

    var testDescription: String { name }
  }

  static let baseVariables: [BaseVariable] = [
    BaseVariable(name: "XDG_DATA_HOME", kind: .data, appKind: .data, defaultFolder: ".local/share"),
    BaseVariable(
      name: "XDG_CONFIG_HOME", kind: .config, appKind: .config, defaultFolder: ".config"),
    BaseVariable(name: "XDG_CACHE_HOME", kind: .cache, appKind: .cache, defaultFolder: ".cache"),
    BaseVariable(
      name: "XDG_STATE_HOME", kind: .state, appKind: .state, defaultFolder: ".local/state"),
  ]

  private func resolve(_ variable: BaseVariable, value: String?) throws -> (
    base: DirectoryResolution, app: DirectoryResolution
  ) {
    var variables = ["HOME": Self.home]
    variables[variable.name] = value
    let environment = pureEnvironment(variables)
    let base = try StandardDirectories(environment: environment).resolution(for: variable.kind)
    let app = try AppDirectories(app: "ExampleApp", environment: environment)
      .resolution(for: variable.appKind)
    return (base, app)
  }

  // MARK: XDG_*_HOME

  @Test(arguments: baseVariables)
  func unsetXDGVariableFallsBackToTheHomeDefault(_ variable: BaseVariable) throws {
    let (base, app) = try resolve(variable, value: nil)
    #expect(base.path == "\(Self.home)/\(variable.defaultFolder)")
    #expect(base.source == .default)
    #expect(base.warnings.isEmpty)
    #expect(app.path == "\(Self.home)/\(variable.defaultFolder)/ExampleApp")
  }

  @Test(arguments: baseVariables)
  func emptyXDGValueIsTreatedAsUnsetSilently(_ variable: BaseVariable) throws {
    let (base, app) = try resolve(variable, value: "")
    #expect(base.path == "\(Self.home)/\(variable.defaultFolder)")
    #expect(base.source == .default)
    #expect(base.warnings.isEmpty)
    #expect(app.warnings.isEmpty)
  }

  @Test(arguments: baseVariables, ["relative/dir", "./dir", "~/dir", "$HOME/dir"])
  func relativeXDGValueIsIgnored(_ variable: BaseVariable, value: String) throws {
    let (base, app) = try resolve(variable, value: value)
    #expect(base.path == "\(Self.home)/\(variable.defaultFolder)")
    #expect(base.source == .default)
    // The typed record of what was passed over and why, and the warning word for word.
    let passedOver = IgnoredValue(.variable(variable.name), .notAbsolute(value))
    #expect(base.ignored == [passedOver])
    #expect(
      base.warnings.map(\.message) == [
        "\(variable.name) is not an absolute path (\"\(value)\") and is ignored"
      ])
    #expect(app.path == "\(Self.home)/\(variable.defaultFolder)/ExampleApp")
    #expect(app.ignored == [passedOver])
    #expect(app.warnings == base.warnings)
  }

  @Test(arguments: baseVariables)
  func absoluteXDGValueIsUsed(_ variable: BaseVariable) throws {
    let (base, app) = try resolve(variable, value: "/srv/ada/\(variable.defaultFolder)")
    #expect(base.path == "/srv/ada/\(variable.defaultFolder)")
    #expect(base.source == .variable(variable.name))
    #expect(base.source.description == variable.name)
    #expect(base.warnings.isEmpty)
    #expect(app.path == "/srv/ada/\(variable.defaultFolder)/ExampleApp")
    #expect(app.source == .variable(variable.name))
  }

  @Test(arguments: baseVariables, ["/srv/ada/", "/srv/ada//", "/srv/ada/./"])
  func trailingSlashOfXDGValueIsDropped(_ variable: BaseVariable, value: String) throws {
    let (base, app) = try resolve(variable, value: value)
    #expect(base.path == "/srv/ada")
    #expect(app.path == "/srv/ada/ExampleApp")
  }

  @Test(arguments: baseVariables, ["//srv/ada", "/srv//ada", "/srv///ada", "//srv//ada//"])
  func doubleSlashInXDGValueIsCollapsed(_ variable: BaseVariable, value: String) throws {
    let (base, app) = try resolve(variable, value: value)
    #expect(base.path == "/srv/ada")
    #expect(app.path == "/srv/ada/ExampleApp")
  }

  @Test(arguments: baseVariables)
  func rootAsXDGValueStaysRoot(_ variable: BaseVariable) throws {
    let (base, app) = try resolve(variable, value: "/")
    #expect(base.path == "/")
    #expect(app.path == "/ExampleApp")
  }

  @Test(arguments: baseVariables)
  func absoluteXDGValueWorksWithoutAHome(_ variable: BaseVariable) throws {
    let environment = pureEnvironment([variable.name: "/srv/ada"])
    #expect(
      try StandardDirectories(environment: environment).resolution(for: variable.kind).path
        == "/srv/ada")
  }

  // MARK: XDG_DATA_DIRS and XDG_CONFIG_DIRS

  /// A value of a `:`-separated search list and the system directories it leaves.
  struct SearchListCase: Sendable, CustomTestStringConvertible {
    let variable: String
    let value: String?
    let expected: [String]
    /// The relative entries that must each be named in a warning.
    let relativeEntries: [String]

    var kind: AppDirectory { variable == "XDG_DATA_DIRS" ? .data : .config }
    var testDescription: String { "\(variable)=\(value.map { "\"\($0)\"" } ?? "(unset)")" }
  }

  static let usableSearchLists: [SearchListCase] = [
    SearchListCase(
      variable: "XDG_DATA_DIRS", value: "/opt/share:/usr/share",
      expected: ["/opt/share", "/usr/share"], relativeEntries: []),
    SearchListCase(
      variable: "XDG_DATA_DIRS", value: "/opt/share::/usr/share:",
      expected: ["/opt/share", "/usr/share"], relativeEntries: []),
    SearchListCase(
      variable: "XDG_DATA_DIRS", value: ":/opt/share:relative/share:/usr/share",
      expected: ["/opt/share", "/usr/share"], relativeEntries: ["relative/share"]),
    SearchListCase(
      variable: "XDG_DATA_DIRS", value: "//opt//share/:/usr/share/",
      expected: ["/opt/share", "/usr/share"], relativeEntries: []),
    SearchListCase(
      variable: "XDG_DATA_DIRS", value: "share:/usr/share:./local",
      expected: ["/usr/share"], relativeEntries: ["share", "./local"]),
    SearchListCase(
      variable: "XDG_CONFIG_DIRS", value: "/etc/ada:/etc/xdg",
      expected: ["/etc/ada", "/etc/xdg"], relativeEntries: []),
    SearchListCase(
      variable: "XDG_CONFIG_DIRS", value: "::/etc/ada::",
      expected: ["/etc/ada"], relativeEntries: []),
    SearchListCase(
      variable: "XDG_CONFIG_DIRS", value: "etc/xdg:/etc/ada/",
      expected: ["/etc/ada"], relativeEntries: ["etc/xdg"]),
  ]

  @Test(arguments: usableSearchLists)
  func searchListDropsEmptyAndRelativeEntries(_ row: SearchListCase) throws {
    let environment = pureEnvironment(["HOME": Self.home, row.variable: row.value!])
    let dirs = try AppDirectories(app: "ExampleApp", environment: environment)
    let own = try dirs.url(for: row.kind).path
    #expect(
      try dirs.searchURLs(for: row.kind).map(\.path) == [own]
        + row.expected.map { $0 + "/ExampleApp" })
    let system = try dirs.searchResolutions(for: row.kind).dropFirst()
    #expect(system.allSatisfy { $0.source == .variable(row.variable) })
    let warnings = system.first?.warnings ?? []
    #expect(warnings.map(\.message) == Self.ignoredEntries(row.variable, row.relativeEntries))
  }

  static let unusableSearchLists: [SearchListCase] = [
    SearchListCase(
      variable: "XDG_DATA_DIRS", value: nil, expected: ["/usr/local/share", "/usr/share"],
      relativeEntries: []),
    SearchListCase(
      variable: "XDG_DATA_DIRS", value: "", expected: ["/usr/local/share", "/usr/share"],
      relativeEntries: []),
    SearchListCase(
      variable: "XDG_DATA_DIRS", value: ":", expected: ["/usr/local/share", "/usr/share"],
      relativeEntries: []),
    SearchListCase(
      variable: "XDG_DATA_DIRS", value: ":::", expected: ["/usr/local/share", "/usr/share"],
      relativeEntries: []),
    SearchListCase(
      variable: "XDG_DATA_DIRS", value: "share:local/share",
      expected: ["/usr/local/share", "/usr/share"], relativeEntries: ["share", "local/share"]),
    SearchListCase(
      variable: "XDG_CONFIG_DIRS", value: nil, expected: ["/etc/xdg"], relativeEntries: []),
    SearchListCase(
      variable: "XDG_CONFIG_DIRS", value: "", expected: ["/etc/xdg"], relativeEntries: []),
    SearchListCase(
      variable: "XDG_CONFIG_DIRS", value: "::", expected: ["/etc/xdg"], relativeEntries: []),
    SearchListCase(
      variable: "XDG_CONFIG_DIRS", value: "etc/xdg", expected: ["/etc/xdg"],
      relativeEntries: ["etc/xdg"]),
  ]

  @Test(arguments: unusableSearchLists)
  func searchListWithoutUsableEntriesUsesTheDefaults(_ row: SearchListCase) throws {
    var variables = ["HOME": Self.home]
    variables[row.variable] = row.value
    let dirs = try AppDirectories(app: "ExampleApp", environment: pureEnvironment(variables))
    let resolutions = try dirs.searchResolutions(for: row.kind)
    #expect(
      resolutions.map(\.path) == [try dirs.url(for: row.kind).path]
        + row.expected.map { $0 + "/ExampleApp" })
    #expect(resolutions.dropFirst().allSatisfy { $0.source == .default })
    // The list's warnings go with its first system entry, once.
    let warnings = resolutions.dropFirst().flatMap(\.warnings)
    #expect(warnings.map(\.message) == Self.ignoredEntries(row.variable, row.relativeEntries))
  }

  @Test(arguments: [AppDirectory.data, .config])
  func searchListStartsWithTheUsersOwnDirectory(_ kind: AppDirectory) throws {
    let environment = pureEnvironment([
      "HOME": Self.home, "XDG_DATA_HOME": "/srv/data", "XDG_CONFIG_HOME": "/srv/config",
      "XDG_DATA_DIRS": "/opt/share", "XDG_CONFIG_DIRS": "/opt/xdg",
    ])
    let dirs = try AppDirectories(app: "ExampleApp", environment: environment)
    let expected =
      kind == .data
      ? ["/srv/data/ExampleApp", "/opt/share/ExampleApp"]
      : ["/srv/config/ExampleApp", "/opt/xdg/ExampleApp"]
    #expect(try dirs.searchURLs(for: kind).map(\.path) == expected)
    #expect(
      try dirs.searchResolutions(for: kind).map(\.source) == [
        .variable(kind == .data ? "XDG_DATA_HOME" : "XDG_CONFIG_HOME"),
        .variable(kind == .data ? "XDG_DATA_DIRS" : "XDG_CONFIG_DIRS"),
      ])
  }

  @Test(arguments: [
    AppDirectory.cache, .state, .logs, .runtime, .shared(group: "group.com.example.app"),
  ])
  func otherKindsSearchOnlyTheirOwnDirectory(_ kind: AppDirectory) throws {
    let environment = pureEnvironment([
      "HOME": Self.home, "TMPDIR": "/nonexistent-tmp", "XDG_DATA_DIRS": "/opt/share",
      "XDG_CONFIG_DIRS": "/opt/xdg",
    ])
    let dirs = try AppDirectories(app: "ExampleApp", environment: environment)
    #expect(try dirs.searchURLs(for: kind) == [try dirs.url(for: kind)])
  }

  // MARK: HOME and the password database

  /// A value of `HOME` and a password-database entry, and the home that results.
  struct HomeCase: Sendable, CustomTestStringConvertible {
    let name: String
    let home: String?
    let passwd: String?
    let expected: String
    let source: DirectorySource
    let warnsAboutHOME: Bool

    var testDescription: String { name }
  }

  static let homeCases: [HomeCase] = [
    HomeCase(
      name: "absolute HOME wins over passwd", home: "/home/ada", passwd: "/var/lib/ada",
      expected: "/home/ada", source: .variable("HOME"), warnsAboutHOME: false),
    HomeCase(
      name: "HOME with trailing slash", home: "/home/ada/", passwd: nil, expected: "/home/ada",
      source: .variable("HOME"), warnsAboutHOME: false),
    HomeCase(
      name: "HOME with //", home: "//home//ada", passwd: nil, expected: "/home/ada",
      source: .variable("HOME"), warnsAboutHOME: false),
    HomeCase(
      name: "HOME unset", home: nil, passwd: "/var/lib/ada", expected: "/var/lib/ada",
      source: .passwordDatabase, warnsAboutHOME: false),
    HomeCase(
      name: "HOME empty", home: "", passwd: "/var/lib/ada", expected: "/var/lib/ada",
      source: .passwordDatabase, warnsAboutHOME: false),
    HomeCase(
      name: "HOME relative", home: "home/ada", passwd: "/var/lib/ada", expected: "/var/lib/ada",
      source: .passwordDatabase, warnsAboutHOME: true),
    HomeCase(
      name: "HOME unset, passwd with trailing slash", home: nil, passwd: "/var/lib/ada/",
      expected: "/var/lib/ada", source: .passwordDatabase, warnsAboutHOME: false),
  ]

  @Test(arguments: homeCases)
  func homeComesFromHOMEOrThePasswordDatabase(_ row: HomeCase) throws {
    var variables: [String: String] = [:]
    variables["HOME"] = row.home
    let environment = pureEnvironment(variables, passwordDatabaseHome: row.passwd)
    let home = try StandardDirectories(environment: environment).resolution(for: .home)
    #expect(home.path == row.expected)
    #expect(home.source == row.source)
    #expect(home.warningText.contains("HOME") == row.warnsAboutHOME)
  }

  static let homeDerivedKinds: [(StandardDirectory, String)] = [
    (.home, ""), (.data, "/.local/share"), (.library, "/.local/share"), (.config, "/.config"),
    (.cache, "/.cache"), (.state, "/.local/state"), (.executables, "/.local/bin"),
    (.fonts, "/.local/share/fonts"), (.documents, "/Documents"), (.downloads, "/Downloads"),
    (.desktop, "/Desktop"), (.music, "/Music"), (.pictures, "/Pictures"), (.videos, "/Videos"),
    (.templates, "/Templates"), (.publicShare, "/Public"),
  ]

  @Test(arguments: homeDerivedKinds, [nil, "", "relative/home"])
  func passwordDatabaseHomeIsUsedForEveryKind(
    _ row: (kind: StandardDirectory, suffix: String), home: String?
  ) throws {
    var variables: [String: String] = [:]
    variables["HOME"] = home
    let environment = pureEnvironment(variables, passwordDatabaseHome: "/var/lib/ada")
    let resolution = try StandardDirectories(environment: environment).resolution(for: row.kind)
    #expect(resolution.path == "/var/lib/ada" + row.suffix)
  }

  /// `HOME` and password-database values that give no usable home.
  static let homelessEnvironments: [(home: String?, passwd: String?)] = [
    (nil, nil), ("", nil), ("relative/home", nil), (nil, ""), ("", ""),
    (nil, "relative/passwd/home"), ("relative/home", "relative/passwd/home"),
  ]

  @Test(arguments: homeDerivedKinds.map(\.0), homelessEnvironments)
  func missingHomeIsATypedError(
    _ kind: StandardDirectory, row: (home: String?, passwd: String?)
  ) throws {
    var variables: [String: String] = [:]
    variables["HOME"] = row.home
    let environment = pureEnvironment(variables, passwordDatabaseHome: row.passwd)
    let error = #expect(throws: DirectoryError.self) {
      try StandardDirectories(environment: environment).resolution(for: kind)
    }
    #expect(error == .homeUnavailable(reason: .noHome(userID: 1000)))
  }

  @Test(arguments: [AppDirectory.data, .config, .cache, .state, .logs, .shared(group: "group.a")])
  func missingHomeFailsAppDirectoriesWithATypedError(_ kind: AppDirectory) throws {
    let dirs = try AppDirectories(app: "ExampleApp", environment: pureEnvironment([:]))
    #expect(
      throws: DirectoryError.homeUnavailable(reason: .noHome(userID: 1000))
    ) {
      try dirs.url(for: kind)
    }
  }

  @Test(arguments: [StandardDirectory.temporary, .runtime])
  func kindsThatDoNotNeedAHomeResolveWithoutOne(_ kind: StandardDirectory) throws {
    let environment = pureEnvironment(["TMPDIR": "/nonexistent-tmp"])
    let resolution = try StandardDirectories(environment: environment).resolution(for: kind)
    #expect(resolution.path.hasPrefix("/nonexistent-tmp"))
  }

  // MARK: setuid and setgid processes

  static let hostileVariables: [String: String] = [
    "HOME": "/attacker/home", "XDG_DATA_HOME": "/attacker/data",
    "XDG_CONFIG_HOME": "/attacker/config", "XDG_CACHE_HOME": "/attacker/cache",
    "XDG_STATE_HOME": "/attacker/state", "XDG_RUNTIME_DIR": "/attacker/runtime",
    "XDG_DATA_DIRS": "/attacker/share", "XDG_CONFIG_DIRS": "/attacker/xdg",
    "TMPDIR": "/attacker/tmp",
  ]

  static let secureExpectations: [(StandardDirectory, String, DirectorySource)] = [
    (.home, "/var/lib/ada", .passwordDatabase),
    (.data, "/var/lib/ada/.local/share", .default),
    (.library, "/var/lib/ada/.local/share", .default),
    (.config, "/var/lib/ada/.config", .default),
    (.cache, "/var/lib/ada/.cache", .default),
    (.state, "/var/lib/ada/.local/state", .default),
    (.executables, "/var/lib/ada/.local/bin", .default),
    (.fonts, "/var/lib/ada/.local/share/fonts", .default),
    (.documents, "/var/lib/ada/Documents", .default),
    (.temporary, "/tmp", .default),
    (.runtime, "/tmp/runtime-1000", .fallback),
  ]

  @Test(arguments: secureExpectations)
  func setuidProcessIgnoresXDGVariablesAndHOME(
    _ row: (kind: StandardDirectory, path: String, source: DirectorySource)
  ) throws {
    let environment = pureEnvironment(
      Self.hostileVariables, passwordDatabaseHome: "/var/lib/ada", isSecureExecution: true)
    let resolution = try StandardDirectories(environment: environment).resolution(for: row.kind)
    #expect(resolution.path == row.path)
    #expect(resolution.source == row.source)
    #expect(!resolution.path.contains("attacker"))
  }

  @Test(arguments: [AppDirectory.data, .config])
  func setuidProcessIgnoresXDGSearchLists(_ kind: AppDirectory) throws {
    let environment = pureEnvironment(
      Self.hostileVariables, passwordDatabaseHome: "/var/lib/ada", isSecureExecution: true)
    let dirs = try AppDirectories(app: "ExampleApp", environment: environment)
    let paths = try dirs.searchURLs(for: kind).map(\.path)
    #expect(paths.allSatisfy { !$0.contains("attacker") })
    #expect(
      paths.dropFirst().map { $0 }
        == (kind == .data
          ? ["/usr/local/share/ExampleApp", "/usr/share/ExampleApp"] : ["/etc/xdg/ExampleApp"]))
  }

  @Test func setuidProcessWithoutPasswordEntryHasNoHome() throws {
    let environment = pureEnvironment(Self.hostileVariables, isSecureExecution: true)
    let error = #expect(throws: DirectoryError.self) {
      try StandardDirectories(environment: environment).resolution(for: .data)
    }
    #expect(error == .homeUnavailable(reason: .untrustedHome(userID: 1000)))
  }

  // MARK: Sources

  @Test(arguments: [
    (DirectorySource.variable("XDG_DATA_HOME"), "XDG_DATA_HOME"),
    (.variable("XDG_RUNTIME_DIR"), "XDG_RUNTIME_DIR"), (.variable("HOME"), "HOME"),
    (.default, "default"),
    (.userDirectoriesFile(path: "/x/user-dirs.dirs", line: 2), "user-dirs.dirs"),
    (.passwordDatabase, "passwd"), (.fallback, "fallback"),
  ])
  func sourceIsNamedAsInTheJSONOutput(_ row: (source: DirectorySource, name: String)) {
    #expect(row.source.description == row.name)
  }
}
