// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

import Foundation
import Testing

@testable import AppDirectoriesCore
@testable import AppDirectoriesFiles
@testable import AppDirectoriesMaintenance

/// `ProcessEnvironment` is a value: equal exactly when every one of its values is, hashed by
/// all of them, and a copy that changes leaves the original as it was (its storage is shared
/// until then).
@Suite("The environment as a value")
struct EnvironmentValueTests {
  static let base = ProcessEnvironment(
    variables: ["HOME": "/home/ada"], passwordDatabaseHome: "/home/ada", effectiveUserID: 1000,
    platform: .linux)

  /// One change to each value, by the name of the value.
  static let changes: [(String, @Sendable (inout ProcessEnvironment) -> Void)] = [
    ("variables", { $0.variables["XDG_CACHE_HOME"] = "/var/cache/ada" }),
    ("undecodableVariables", { $0.undecodableVariables["HOME"] = [0xFF] }),
    ("passwordDatabaseHome", { $0.passwordDatabaseHome = "/home/other" }),
    ("effectiveUserID", { $0.effectiveUserID = 1001 }),
    ("platform", { $0.platform = .freeBSD }),
    ("isSecureExecution", { $0.isSecureExecution = true }),
    ("userDirectoriesFile", { $0.userDirectoriesFile = .contents("XDG_MUSIC_DIR=\"$HOME/M\"\n") }),
    ("groupContainers", { $0.groupContainers = .directory("/groups") }),
    ("androidAppStorage", { $0.androidAppStorage = "/data/user/0/com.example.app" }),
    ("androidSharedStorage", { $0.androidSharedStorage = "/storage/emulated/0" }),
    ("systemTemporaryDirectory", { $0.systemTemporaryDirectory = "/var/folders/x/T" }),
    ("loginSessionRuntimeDirectory", { $0.loginSessionRuntimeDirectory = "/run/user/1000" }),
    ("applicationName", { $0.applicationName = "ExampleApp" }),
    ("executablePath", { $0.executablePath = "/opt/ExampleApp/ExampleApp" }),
    ("searchesSystemDirectories", { $0.searchesSystemDirectories = false }),
    ("knownFolders", { $0.knownFolders[.documents] = #"D:\Documents"# }),
    ("trustedRoot", { $0.trustedRoot = "/isolated" }),
    ("createsRuntimeDirectory", { $0.createsRuntimeDirectory = true }),
    ("isCaptured", { $0.isCaptured = true }),
    ("flatpakInfoPath", { $0.flatpakInfoPath = "/.flatpak-info" }),
    (
      "userDirectoriesRead",
      {
        $0.userDirectoriesRead = UserDirectoriesText(
          path: "/home/ada/.config/user-dirs.dirs", bytes: nil, generation: nil, readError: nil)
      }
    ),
  ]

  @Test("Each value takes part in equality and hashing", arguments: changes)
  func eachValueCounts(name: String, change: @Sendable (inout ProcessEnvironment) -> Void) {
    var changed = Self.base
    change(&changed)
    #expect(changed != Self.base, "\(name) is left out of ==")
    #expect(Set([Self.base, changed]).count == 2, "\(name) is left out of hashing")
    // The same change made to another copy gives an equal value with an equal hash, though
    // the two share no storage.
    var again = Self.base
    change(&again)
    #expect(again == changed)
    #expect(again.hashValue == changed.hashValue)
  }

  @Test("A copy that changes leaves the original as it was", arguments: changes)
  func copiesAreIndependent(name: String, change: @Sendable (inout ProcessEnvironment) -> Void) {
    let original = Self.base
    var copy = original
    #expect(copy == original)
    change(&copy)
    #expect(original == Self.base, "changing \(name) of a copy changed the original")
    #expect(copy != original)
  }

  static let passwordDatabaseRows: [(String, ProcessEnvironment, Bool)] = [
    (
      "a usable HOME", ProcessEnvironment(variables: ["HOME": "/home/ada"], platform: .linux), false
    ),
    ("an empty HOME", ProcessEnvironment(variables: ["HOME": ""], platform: .linux), true),
    ("a relative HOME", ProcessEnvironment(variables: ["HOME": "ada"], platform: .linux), true),
    ("no HOME", ProcessEnvironment(variables: [:], platform: .linux), true),
    (
      "a setuid process",
      ProcessEnvironment(
        variables: ["HOME": "/home/ada"], platform: .linux, isSecureExecution: true), true
    ),
    (
      "CFFIXED_USER_HOME on macOS",
      ProcessEnvironment(variables: ["CFFIXED_USER_HOME": "/Users/ada"], platform: .macOS), false
    ),
    (
      "only HOME on macOS", ProcessEnvironment(variables: ["HOME": "/Users/ada"], platform: .macOS),
      true
    ),
    (
      "a usable HOME on Android",
      ProcessEnvironment(variables: ["HOME": "/data/x"], platform: .android), false
    ),
  ]

  /// The capture reads the password database (or on Apple platforms the system's home) only
  /// when the first variable that would decide the home is unusable.
  @Test(
    "The password database is read only when it may decide the home",
    arguments: passwordDatabaseRows)
  func passwordDatabaseOnlyWhenNeeded(
    _ name: String, _ environment: ProcessEnvironment, needed: Bool
  ) {
    #expect(environment.needsPasswordDatabase == needed, "\(name)")
  }

  @Test("In a setuid process a variable that is set but not UTF-8 is untrusted, not unset")
  func undecodableVariableInASetuidProcess() throws {
    let environment = ProcessEnvironment(
      variables: ["HOME": "/home/ada"], passwordDatabaseHome: "/home/ada", platform: .linux,
      isSecureExecution: true, undecodableVariables: ["XDG_CACHE_HOME": [0x2F, 0xFF]])
    let resolution = try StandardDirectories(environment: environment).resolution(for: .cache)
    #expect(
      resolution.ignored.first
        == IgnoredValue(.variable("XDG_CACHE_HOME"), .untrustedInSecureExecution))
  }

  @Test("On Apple platforms an unset CFFIXED_USER_HOME passes silently; an empty one is noted")
  func unsetFixedHomeIsSilent() throws {
    let unset = ProcessEnvironment(variables: ["HOME": "/Users/ada"], platform: .macOS)
    let home = try StandardDirectories(environment: unset).resolution(for: .cache).home
    #expect(home?.path == "/Users/ada")
    #expect(home?.ignored == [])
    let empty = ProcessEnvironment(
      variables: ["HOME": "/Users/ada", "CFFIXED_USER_HOME": ""], platform: .macOS)
    #expect(
      try StandardDirectories(environment: empty).resolution(for: .cache).home?.ignored
        == [IgnoredValue(.variable("CFFIXED_USER_HOME"), .empty)])
  }

  @Test func everyValueHasARowInTheTable() throws {
    // The stored values, by name, read through reflection: a value added to the environment
    // without a row above fails here.
    func child(_ label: String, of subject: Any) throws -> Any {
      try #require(Mirror(reflecting: subject).children.first { $0.label == label }).value
    }
    let values = try child("values", of: try child("storage", of: Self.base))
    let names = Mirror(reflecting: values).children.compactMap(\.label)
    #expect(names.count == Self.changes.count)
    #expect(Set(names) == Set(Self.changes.map(\.0)))
  }
}

/// Each finding's sentence and warning, including the combinations that the layouts never
/// make but a caller may (the types are public).
@Suite("Findings in words")
struct FindingTests {
  static let file = "/home/ada/.config/user-dirs.dirs"

  static let rows: [(IgnoredValue, String, DirectoryWarning?)] = [
    (
      IgnoredValue(.variable("XDG_CACHE_HOME"), .notAbsolute("cache")),
      #"XDG_CACHE_HOME is not an absolute path ("cache")"#,
      DirectoryWarning(
        #"XDG_CACHE_HOME is not an absolute path ("cache") and is ignored"#,
        suggestion: "Set XDG_CACHE_HOME to an absolute path, or unset it.")
    ),
    (IgnoredValue(.variable("HOME"), .unset), "HOME is not set", nil),
    (IgnoredValue(.variable("HOME"), .empty), "HOME is empty", nil),
    (
      IgnoredValue(.variable("HOME"), .untrustedInSecureExecution),
      "HOME is not trusted in a setuid or setgid process", nil
    ),
    (
      IgnoredValue(.userDirectoriesFile(path: file, key: "MUSIC"), .fileMissing),
      "\(file) does not exist", nil
    ),
    (
      IgnoredValue(.userDirectoriesFile(path: file, key: "MUSIC"), .noLine),
      "\(file) has no XDG_MUSIC_DIR line", nil
    ),
    (
      IgnoredValue(.userDirectoriesFile(path: file, key: "MUSIC"), .notUTF8),
      "the XDG_MUSIC_DIR line of \(file) is not valid UTF-8",
      DirectoryWarning(
        "the XDG_MUSIC_DIR line of \(file) is not valid UTF-8 and is ignored",
        suggestion: UserDirectoriesRules.lineFix(key: "MUSIC"))
    ),
    // Never made by the layouts: a sentence, and a warning that asks to check the value.
    (
      IgnoredValue(.variable("XDG_MUSIC_DIR"), .fileUnreadable(.permissionDenied)),
      "XDG_MUSIC_DIR cannot be used",
      DirectoryWarning("XDG_MUSIC_DIR cannot be used", suggestion: "Check the value.")
    ),
    (
      IgnoredValue(.variable("XDG_MUSIC_DIR"), .invalidLine(number: 3, problem: "no quotes")),
      "XDG_MUSIC_DIR cannot be used",
      DirectoryWarning("XDG_MUSIC_DIR cannot be used", suggestion: "Check the value.")
    ),
    (IgnoredValue(.variable("XDG_MUSIC_DIR"), .noLine), "XDG_MUSIC_DIR cannot be used", nil),
    (
      IgnoredValue(.userDirectoriesFile(path: file, key: "MUSIC"), .notAbsolute("Music")),
      #"the XDG_MUSIC_DIR line of \#(file) is not an absolute path ("Music")"#,
      DirectoryWarning(
        #"the XDG_MUSIC_DIR line of \#(file) is not an absolute path ("Music")"#,
        suggestion: "Check the value.")
    ),
  ]

  @Test(arguments: rows)
  func sentenceAndWarning(finding: IgnoredValue, sentence: String, warning: DirectoryWarning?) {
    #expect(finding.description == sentence)
    #expect(finding.warning == warning)
    #expect(finding.warning.map(\.description) == warning?.message)
  }

  @Test("Resolutions are equal when their paths, sources and findings are, made apart or not")
  func resolutionsAreValues() {
    let finding = IgnoredValue(.variable("XDG_CACHE_HOME"), .notAbsolute("cache"))
    let extra = DirectoryWarning("odd", suggestion: "Fix it.")
    func make(_ ignored: [IgnoredValue], _ extras: [DirectoryWarning]) -> DirectoryResolution {
      DirectoryResolution(
        path: "/home/ada/.cache", source: .default, ignored: ignored, extraWarnings: extras)
    }
    let one = make([finding], [extra])
    #expect(one == make([finding], [extra]))
    #expect(one.hashValue == make([finding], [extra]).hashValue)
    #expect(one != make([finding], []))
    #expect(one != make([], [extra]))
    #expect(one != make([IgnoredValue(.variable("XDG_CACHE_HOME"), .empty)], [extra]))
    #expect(
      Set([one, make([finding], []), make([], [extra]), make([finding], [extra])]).count == 3)
  }
}
