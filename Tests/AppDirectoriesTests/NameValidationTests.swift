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

  /// The name rules of SPEC section 4: application names, organizations and group identifiers
  /// are single path components, and nothing is created for a rejected one.
  @Suite("Names")
  struct NameValidationTests {
    /// A name and why it must be rejected.
    struct BadName: Sendable, CustomTestStringConvertible {
      let name: String
      let why: String

      var testDescription: String { why }
    }

    static let rejectedEverywhere: [BadName] = [
      BadName(name: "", why: "empty"),
      BadName(name: ".", why: "."),
      BadName(name: "..", why: ".."),
      BadName(name: "/", why: "a lone /"),
      BadName(name: "a/b", why: "/ inside"),
      BadName(name: "/abs", why: "leading /"),
      BadName(name: "app/", why: "trailing /"),
      BadName(name: "../escape", why: "../ prefix"),
      BadName(name: "\\", why: "a lone backslash"),
      BadName(name: "a\\b", why: "backslash inside"),
      BadName(name: "a\u{0}b", why: "NUL"),
      BadName(name: "\u{0}", why: "only NUL"),
      BadName(name: "a\u{1}b", why: "U+0001"),
      BadName(name: "a\tb", why: "tab"),
      BadName(name: "a\nb", why: "newline"),
      BadName(name: "a\rb", why: "carriage return"),
      BadName(name: "a\u{1B}[31mb", why: "escape sequence"),
      BadName(name: "a\u{1F}b", why: "U+001F"),
      BadName(name: "a\u{7F}b", why: "DEL"),
      BadName(name: "a\u{85}b", why: "C1 next line"),
      BadName(name: "a\u{9F}b", why: "C1 U+009F"),
      BadName(name: String(repeating: "a", count: 256), why: "256 ASCII bytes"),
      BadName(name: String(repeating: "é", count: 128), why: "256 UTF-8 bytes in 128 characters"),
      BadName(name: String(repeating: "語", count: 86), why: "258 UTF-8 bytes in 86 characters"),
    ]

    static let acceptedEverywhere: [String] = [
      "ExampleApp", "a", "Example App", ".hidden", "app.v2", "app-name_1", "Ünïcødé", "日本語",
      "..."
        + "x", String(repeating: "a", count: 255), String(repeating: "é", count: 127) + "a",
    ]

    static let xdgPlatforms: [OperatingSystem] = [.linux, .freeBSD, .openBSD]

    @Test(arguments: rejectedEverywhere, OperatingSystem.allCases)
    func invalidAppNameIsRejected(_ row: BadName, platform: OperatingSystem) {
      let environment = pureEnvironment(platform: platform)
      let error = #expect(throws: DirectoryError.self) {
        try AppDirectories(app: row.name, environment: environment)
      }
      guard case .invalidName(let name, let reason) = error else {
        Issue.record("expected invalidName, got \(String(describing: error))")
        return
      }
      #expect(name == row.name)
      #expect(NameValidation.problem(with: row.name, as: .application, on: platform) == reason)
      #expect(!reason.description.isEmpty)
      #expect(error?.recoverySuggestion.isEmpty == false)
    }

    @Test(arguments: rejectedEverywhere)
    func invalidOrganizationIsRejected(_ row: BadName) {
      let error = #expect(throws: DirectoryError.self) {
        try AppDirectories(
          app: "ExampleApp", organization: row.name, environment: pureEnvironment())
      }
      #expect(error?.rejectedName == row.name)
    }

    @Test(arguments: rejectedEverywhere)
    func invalidGroupIdentifierIsRejected(_ row: BadName) throws {
      let dirs = try AppDirectories(app: "ExampleApp", environment: pureEnvironment())
      let error = #expect(throws: DirectoryError.self) {
        try dirs.url(for: .shared(group: row.name))
      }
      #expect(error?.rejectedName == row.name)
    }

    @Test(arguments: acceptedEverywhere, OperatingSystem.allCases)
    func singleComponentNameIsAccepted(_ name: String, platform: OperatingSystem) throws {
      let dirs = try AppDirectories(
        app: name, organization: name, environment: pureEnvironment(platform: platform))
      #expect(dirs.app == name)
      #expect(NameValidation.problem(with: name, as: .organization, on: platform) == nil)
    }

    /// The pattern the documentation shows: a rule is matched by its case, not its wording.
    @Test func aReasonIsMatchedByItsCase() {
      var matched = false
      do {
        _ = try AppDirectories(app: "a/b", environment: pureEnvironment())
      } catch DirectoryError.invalidName(_, reason: .separator("/")) {
        matched = true
      } catch {}
      #expect(matched)
    }

    static let reasons: [(String, NameProblem, String)] = [
      ("", .empty(.application), "the application name is empty"),
      ("..", .dotName(".."), ".. is not a folder name"),
      ("a/b", .separator("/"), "it contains /, which separates folders"),
      ("a\\b", .separator("\\"), "it contains \\, which separates folders on Windows"),
      ("a\u{0}b", .controlCharacter("\u{0}"), "it contains the control character U+0000"),
      ("a\u{7F}", .controlCharacter("\u{7F}"), "it contains the control character U+007F"),
      (
        String(repeating: "a", count: 256), .tooLong(.application, bytes: 256),
        "the application name is 256 bytes long; the limit is 255"
      ),
    ]

    @Test(arguments: reasons)
    func reasonSaysWhyTheNameIsRejected(_ name: String, _ reason: NameProblem, _ text: String) {
      #expect(NameValidation.problem(with: name, as: .application, on: .linux) == reason)
      #expect(reason.description == text)
    }

    // MARK: Windows

    static let rejectedOnWindows: [String] = [
      "a<b", "a>b", "a:b", "a\"b", "a|b", "a?b", "a*b", "CON", "con", "Con", "PRN", "AUX", "NUL",
      "nul.txt", "CON.tar.gz", "COM1", "com5", "COM9", "LPT1", "lpt5", "LPT9", "LPT9.log",
      "name.", "name ", "name. ", "...", "CON ", "NUL .txt",
    ]

    @Test(arguments: rejectedOnWindows)
    func windowsOnlyNameIsRejectedOnWindows(_ name: String) throws {
      let error = #expect(throws: DirectoryError.self) {
        try AppDirectories(app: name, environment: pureEnvironment(platform: .windows))
      }
      #expect(error?.rejectedName == name)
      #expect(
        error?.description.contains("Windows") == true
          || error?.description.contains("reserved") == true)
    }

    @Test(
      arguments: rejectedOnWindows.filter { $0 != "..." }, xdgPlatforms + [.macOS, .iOS, .android])
    func windowsOnlyNameIsAcceptedElsewhere(_ name: String, platform: OperatingSystem) throws {
      let dirs = try AppDirectories(app: name, environment: pureEnvironment(platform: platform))
      #expect(dirs.app == name)
    }

    @Test(arguments: [
      "COM10", "LPT10", "CONSOLE", "nulls", "AUXILIARY", "CON-app", "my.con", "a.b",
    ])
    func nameThatOnlyResemblesADeviceIsAcceptedOnWindows(_ name: String) throws {
      let dirs = try AppDirectories(app: name, environment: pureEnvironment(platform: .windows))
      #expect(dirs.app == name)
    }

    // MARK: Group identifiers

    @Test(arguments: [
      ("group.com.example.app", OperatingSystem.linux, true),
      ("com.example.app", .linux, true),
      ("ABCDE12345.com.example", .linux, true),
      ("group.com.example-app_2", .linux, true),
      ("group.com example", .linux, false),
      ("group.com.exämple", .linux, false),
      ("group.com+example", .linux, false),
      ("group.com:example", .linux, false),
      ("group.com~example", .linux, false),
      ("group.com.example.app", .iOS, true),
      ("com.example.app", .iOS, false),
      ("group.", .iOS, false),
      ("ABCDE12345.com.example", .iOS, false),
      ("group.com.example.app", .macOS, true),
      ("ABCDE12345.com.example", .macOS, true),
      ("com.example.app", .macOS, false),
      ("group.", .macOS, false),
      ("ABCDE1234.com.example", .macOS, false),
      ("ABCDE123456.com.example", .macOS, false),
      ("abcde12345.com.example", .macOS, false),
      ("ABCDE12345.", .macOS, false),
      ("group.com example", .macOS, false),
      ("group.com.example", .windows, true),
      ("group.com:example", .windows, false),
    ])
    func groupIdentifierFollowsThePlatformsRules(
      _ row: (identifier: String, platform: OperatingSystem, accepted: Bool)
    ) {
      let problem = NameValidation.problem(
        with: row.identifier, as: .groupIdentifier, on: row.platform)
      #expect((problem == nil) == row.accepted, "\(String(describing: problem))")
    }

    @Test(arguments: ["group.com.example.app", "com.example.app", "ABCDE12345.com.example"])
    func validGroupIdentifierNamesTheSharedContainer(_ identifier: String) throws {
      let dirs = try AppDirectories(app: "ExampleApp", environment: pureEnvironment())
      #expect(
        try dirs.url(for: .shared(group: identifier)).path
          == "/home/ada/.local/share/group-containers/\(identifier)")
    }

    @Test func eachPlatformsGroupPrefixIsNamed() {
      #expect(
        NameValidation.problem(with: "com.example.app", as: .groupIdentifier, on: .macOS)
          == .groupIdentifierPrefix(.macOS))
      #expect(
        NameProblem.groupIdentifierPrefix(.macOS).description
          == "on macOS a group identifier starts with \"group.\" or a 10-character team ID and a dot (ABCDE12345.com.example.app)"
      )
      #expect(
        NameValidation.problem(with: "com.example.app", as: .groupIdentifier, on: .iOS)
          == .groupIdentifierPrefix(.iOS))
      #expect(
        NameProblem.groupIdentifierPrefix(.iOS).description
          == "on iOS a group identifier starts with \"group.\" (group.com.example.app)")
    }

    @Test(arguments: ["ExampleApp", "group.com.example.app"])
    func groupRulesDoNotApplyToAppNames(_ name: String) {
      #expect(NameValidation.problem(with: name, as: .application, on: .iOS) == nil)
      #expect(NameValidation.problem(with: "com.example", as: .application, on: .macOS) == nil)
    }

    // MARK: Nothing is created

    @Test(arguments: rejectedEverywhere.map(\.name) + ["group com", "group.ü"])
    func nothingIsCreatedForARejectedGroup(_ identifier: String) throws {
      try TemporaryRoot.with { root in
        let recorder = RecordingSystemCalls()
        let dirs = try AppDirectories(
          app: "ExampleApp", organization: nil, layout: .native, environment: root.environment(),
          syscalls: recorder.syscalls)
        let error = #expect(throws: DirectoryError.self) {
          try dirs.directory(.shared(group: identifier))
        }
        #expect(error?.rejectedName == identifier)
        #expect(recorder.calls.isEmpty)
        #expect(root.allPaths().isEmpty)
      }
    }

    @Test(arguments: rejectedEverywhere.map(\.name))
    func nothingIsCreatedForARejectedFolderName(_ name: String) throws {
      try TemporaryRoot.with { root in
        let recorder = RecordingSystemCalls()
        let error = #expect(throws: DirectoryError.self) {
          try FileManager.default.findOrCreateDirectory(
            .cachesDirectory, in: .userDomainMask, appendingPathComponent: name,
            environment: root.environment(), syscalls: recorder.syscalls)
        }
        #expect(error?.rejectedName == name)
        #expect(recorder.calls.isEmpty)
        #expect(root.allPaths().isEmpty)
      }
    }

    @Test(arguments: rejectedEverywhere.map(\.name))
    func nothingIsCreatedForARejectedAppName(_ name: String) throws {
      try TemporaryRoot.with { root in
        let recorder = RecordingSystemCalls()
        #expect(throws: DirectoryError.self) {
          try AppDirectories(
            app: name, organization: nil, layout: .native, environment: root.environment(),
            syscalls: recorder.syscalls)
        }
        #expect(recorder.calls.isEmpty)
        #expect(root.allPaths().isEmpty)
      }
    }
  }
#endif
